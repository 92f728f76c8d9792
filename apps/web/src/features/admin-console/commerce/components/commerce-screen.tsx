import { useSearchParams } from 'react-router';
import { Skeleton } from '../../../../components/ui/skeleton';
import { LoadError } from '../../../../components/ui/status-message';
import { useT } from '../../../../lib/i18n';
import { useCommerceOptions } from '../api/commerce-options';
import { usePasses } from '../api/passes';
import { usePlans } from '../api/plans';
import { usePrerolls } from '../api/prerolls';
import { usePromoCodes } from '../api/promo-codes';
import styles from '../../shared/components/console.module.css';
import { OrdersScreen } from './commerce-orders-screen';
import { PrerollsScreen } from './commerce-prerolls-screen';
import { PassesScreen, PlansScreen } from './commerce-products-screen';
import { PromoScreen } from './commerce-promo-screen';

const TABS = ['passes', 'plans', 'promo', 'prerolls', 'orders'] as const;
type Tab = (typeof TABS)[number];

/** The list a tab shows, once it and the forms' choices are loaded. */
function TabContent({ tab }: { tab: Exclude<Tab, 'orders'> }) {
  const { t } = useT();
  const options = useCommerceOptions();
  const lists = {
    passes: usePasses(),
    plans: usePlans(),
    promo: usePromoCodes(),
    prerolls: usePrerolls(),
  };
  const list = lists[tab];
  if (list.isError || options.isError)
    return (
      <LoadError
        what={t(`admin-commerce:${tab}.loadError`)}
        onRetry={() => void Promise.all([list.refetch(), options.refetch()])}
      />
    );
  if (!options.data || !lists[tab].data) return <Skeleton height={320} radius="var(--radius-m)" />;
  const o = options.data;
  switch (tab) {
    case 'passes':
      return <PassesScreen passes={lists.passes.data ?? []} options={o} />;
    case 'plans':
      return <PlansScreen plans={lists.plans.data ?? []} options={o} />;
    case 'promo':
      return <PromoScreen codes={lists.promo.data ?? []} options={o} />;
    case 'prerolls':
      return <PrerollsScreen prerolls={lists.prerolls.data ?? []} options={o} />;
  }
}

/** The console's commerce: one tab per kind of thing sold or shown, the tab kept in the address. */
export function CommerceScreen() {
  const { t } = useT();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: Tab = TABS.find((x) => x === asked) ?? 'passes';
  return (
    <div className={styles.screen}>
      <nav className={styles.tabs} aria-label={t('admin-commerce:sections')}>
        {TABS.map((x) => (
          <button
            key={x}
            type="button"
            className={styles.tab}
            aria-pressed={tab === x}
            onClick={() => setParams(x === 'passes' ? {} : { tab: x })}
          >
            {t(`admin-commerce:tabs.${x}`)}
          </button>
        ))}
      </nav>
      {tab === 'orders' ? <OrdersScreen /> : <TabContent key={tab} tab={tab} />}
    </div>
  );
}
