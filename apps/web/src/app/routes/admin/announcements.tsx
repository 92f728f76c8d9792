import '../../../locales/admin-announcements';
import { AnnouncementsScreen } from '../../../features/admin-console/announcements/components/announcements-screen';
import { useT } from '../../../lib/i18n';
import { useAdmin } from './admin-layout';

/** /admin/announcements: mail to a segment of the channel's viewers (lazy, admin only). */
export function Component() {
  const { t } = useT();
  const { channel } = useAdmin();
  return (
    <>
      <title>{`${t('admin-announcements:title')} · ${channel.name}`}</title>
      <AnnouncementsScreen />
    </>
  );
}
