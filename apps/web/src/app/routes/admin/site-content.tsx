import { SiteContentScreen } from '../../../features/admin-console/site-content/components/site-content-screen';
import { useT } from '../../../lib/i18n';
import { useAdmin } from './admin-layout';

/** /admin/site-content: the console's site-content screen (lazy: never in the viewers' bundle). */
export function Component() {
  const { t } = useT();
  const { channel } = useAdmin();
  return (
    <>
      <title>{`${t('admin-site:title')} · ${channel.name}`}</title>
      <SiteContentScreen />
    </>
  );
}
