import '../../../locales/admin-commerce';
import { CommerceScreen } from '../../../features/admin-console/commerce/components/commerce-screen';
import { useT } from '../../../lib/i18n';
import { useAdmin } from './admin-layout';

/** /admin/commerce: passes, subscriptions, promo codes, pre-rolls and orders (lazy, admin only). */
export function Component() {
  const { t } = useT();
  const { channel } = useAdmin();
  return (
    <>
      <title>{`${t('admin-commerce:title')} · ${channel.name}`}</title>
      <CommerceScreen />
    </>
  );
}
