import { TeamsScreen } from '../../../features/admin-console/teams/components/teams-screen';
import { useT } from '../../../lib/i18n';
import { useAdmin } from './admin-layout';

/** /admin/teams: the console's teams screen (lazy: never in the viewers' bundle). */
export function Component() {
  const { t } = useT();
  const { channel } = useAdmin();
  return (
    <>
      <title>{`${t('admin:teams.title')} · ${channel.name}`}</title>
      <TeamsScreen />
    </>
  );
}
