import { useState } from 'react';
import { showToast } from '../../../components/ui/toast-store';
import { useT } from '../../../lib/i18n';
import { getClipDownload } from '../api/get-clip-download';
import { clipActionErrorText } from '../lib/clip-errors';

/**
 * Asks for the clip's signed MP4 link and follows it; the server sends it as an attachment, so the
 * page stays where it is.
 */
export function useClipDownload() {
  const { t } = useT();
  const [busyId, setBusyId] = useState<number | null>(null);
  const download = async (id: number) => {
    setBusyId(id);
    try {
      const file = await getClipDownload(id);
      window.location.assign(file.url);
    } catch (error) {
      showToast({ type: 'error', message: clipActionErrorText(t, error) });
    } finally {
      setBusyId(null);
    }
  };
  return { download: (id: number) => void download(id), busyId };
}
