import '../../../locales/admin-revenue';
import { RevenueScreen } from '../../../features/admin-console/revenue/components/revenue-screen';
import { useT } from '../../../lib/i18n';
import { useAdmin } from './admin-layout';

/** /admin/revenue: takings by period, product and game, the CSV export, payouts (lazy, admin only). */
export function Component() {
  const { t } = useT();
  const { channel } = useAdmin();
  return (
    <>
      <title>{`${t('admin-revenue:title')} · ${channel.name}`}</title>
      <RevenueScreen />
    </>
  );
}
