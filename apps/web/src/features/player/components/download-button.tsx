import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { showToast } from '../../../components/ui/toast-store';
import { useT } from '../../../lib/i18n';
import { getEventDownload } from '../api/get-event-download';

/**
 * Asks for the event's MP4 (remuxed on first request, so it may take a few seconds) and then
 * follows the signed link, which the server sends as an attachment: the page stays where it is.
 */
export function DownloadButton({ eventId }: { eventId: number }) {
  const { t } = useT();
  const [isBusy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const file = await getEventDownload(eventId);
      window.location.assign(file.url);
    } catch {
      showToast({ type: 'error', message: t('watch:player.downloadFailed') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" size="s" onClick={() => void download()} disabled={isBusy}>
      {isBusy ? t('watch:player.downloading') : t('watch:player.download')}
    </Button>
  );
}
