import type { Clip } from '@rudy/contracts';
import { Button } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n';
import { useClipDownload } from '../hooks/use-clip-download';
import { ClipShareActions } from './clip-share-actions';
import { DeleteClipButton } from './delete-clip-button';
import '../../../locales/clips';

/** What the owner can do beside their clip's player: share, download, delete. */
export function ClipWatchActions({ clip, onDeleted }: { clip: Clip; onDeleted: () => void }) {
  const { t } = useT();
  const { download, busyId } = useClipDownload();
  return (
    <>
      <ClipShareActions sharePath={clip.share_path} name={clip.name} />
      {clip.can_download ? (
        <Button
          variant="secondary"
          size="s"
          onClick={() => download(clip.id)}
          disabled={busyId === clip.id}
        >
          {busyId === clip.id ? t('clips:actions.downloading') : t('clips:actions.download')}
        </Button>
      ) : null}
      <DeleteClipButton clip={clip} onDeleted={onDeleted} />
    </>
  );
}
