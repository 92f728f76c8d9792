import { AuditScreen } from '../../../features/admin-console/audit/components/audit-screen';
import { useT } from '../../../lib/i18n';
import { useAdmin } from './admin-layout';

/** /admin/audit: the console's change log (lazy: never in the viewers' bundle). */
export function Component() {
  const { t } = useT();
  const { channel } = useAdmin();
  return (
    <>
      <title>{`${t('admin:audit.title')} · ${channel.name}`}</title>
      <AuditScreen />
    </>
  );
}
