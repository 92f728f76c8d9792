import { CatalogueScreen } from '../../../features/admin-console/components/catalogue-screen';
import { useT } from '../../../lib/i18n';
import { useAdmin } from './admin-layout';

/** /admin/catalogue: sports, rinks and schools (lazy: never in the viewers' bundle). */
export function Component() {
  const { t } = useT();
  const { channel } = useAdmin();
  return (
    <>
      <title>{`${t('admin:catalogue.title')} · ${channel.name}`}</title>
      <CatalogueScreen timeZone={channel.time_zone} />
    </>
  );
}
