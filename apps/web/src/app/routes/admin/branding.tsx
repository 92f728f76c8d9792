import { BrandingScreen } from '../../../features/admin-console/branding/components/branding-screen';
import { useT } from '../../../lib/i18n';
import { useAdmin } from './admin-layout';

/** /admin/branding: the console's branding screen (lazy: never in the viewers' bundle). */
export function Component() {
  const { t } = useT();
  const { channel } = useAdmin();
  return (
    <>
      <title>{`${t('admin:branding.title')} · ${channel.name}`}</title>
      <BrandingScreen />
    </>
  );
}
