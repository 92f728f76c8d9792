import { MediaScreen } from '../../../features/admin-console/media/components/media-screen';
import { useT } from '../../../lib/i18n';
import { useAdmin } from './admin-layout';

/** /admin/media: uploads, jobs, posters and media files (lazy: never in the viewers' bundle). */
export function Component() {
  const { t } = useT();
  const { channel } = useAdmin();
  return (
    <>
      <title>{`${t('admin-media:title')} · ${channel.name}`}</title>
      <MediaScreen />
    </>
  );
}
