import { PeopleScreen } from '../../../features/admin-console/people/components/people-screen';
import { useT } from '../../../lib/i18n';
import { useAdmin } from './admin-layout';

/** /admin/people: the console's people screen (lazy: never in the viewers' bundle). */
export function Component() {
  const { t } = useT();
  const { channel } = useAdmin();
  return (
    <>
      <title>{`${t('admin-people:title')} · ${channel.name}`}</title>
      <PeopleScreen />
    </>
  );
}
