import { Button } from '../../../components/ui/button';
import { showToast } from '../../../components/ui/toast-store';
import { useT } from '../../../lib/i18n';
import { shareUrl } from '../lib/clip-stream';
import { copyText } from '../lib/copy-text';
import '../../../locales/clips';

/**
 * "Copy link" for the clip's public page, and "Share" through the system's share sheet where the
 * device has one (phones). The link is absolute: it is pasted into other apps.
 */
export function ClipShareActions({ sharePath, name }: { sharePath: string; name: string }) {
  const { t } = useT();
  const url = shareUrl(sharePath);
  const copy = async () => {
    const copied = await copyText(url);
    showToast(
      copied
        ? { type: 'success', message: t('clips:share.copied') }
        : { type: 'error', message: t('clips:share.copyFailed', { url }) },
    );
  };
  const canShare = typeof navigator.share === 'function';
  const share = () => {
    // Dismissing the share sheet rejects: nothing to say then.
    navigator.share({ title: name, url }).catch(() => undefined);
  };
  return (
    <>
      <Button variant="secondary" size="s" onClick={() => void copy()}>
        {t('clips:share.copy')}
      </Button>
      {canShare ? (
        <Button variant="secondary" size="s" onClick={share}>
          {t('clips:share.share')}
        </Button>
      ) : null}
    </>
  );
}
