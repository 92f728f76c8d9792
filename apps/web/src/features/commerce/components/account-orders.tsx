import type { Order } from '@rudy/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadError } from '../../../components/ui/status-message';
import { useT } from '../../../lib/i18n';
import { useOrders } from '../api/get-orders';
import { useDateText, useMoney } from '../hooks/use-money';
import { OrderLabel } from './order-label';
import styles from './account-orders.module.css';
import '../../../locales/commerce';

/** Profile index tab: the orders in force first, then every order with its status. */
export function AccountOrders({ empty }: { empty: ReactNode }) {
  const { t } = useT();
  const all = useOrders();
  const active = useOrders({ active: true });
  if (all.isPending || active.isPending)
    return <p className={styles.loading}>{t('common:states.loading')}</p>;
  if (all.isError || active.isError) {
    return (
      <LoadError
        what={t('commerce:orders.what')}
        onRetry={() => {
          void all.refetch();
          void active.refetch();
        }}
      />
    );
  }
  if (all.data.length === 0) return empty;
  return (
    <div className={styles.sections}>
      {active.data.length > 0 ? (
        <OrderSection
          id="active-orders"
          title={t('commerce:orders.active')}
          orders={active.data}
          labelAs="standing"
        />
      ) : null}
      <OrderSection
        id="all-orders"
        title={t('commerce:orders.all')}
        orders={all.data}
        labelAs="payment"
      />
    </div>
  );
}

type LabelAs = 'payment' | 'standing';

function OrderSection({
  id,
  title,
  orders,
  labelAs,
}: {
  id: string;
  title: string;
  orders: Order[];
  /** in force: Active; the history: how the payment went (Paid) */
  labelAs: LabelAs;
}) {
  return (
    <section aria-labelledby={id} className={styles.section}>
      <h2 id={id} className={styles.heading}>
        {title}
      </h2>
      <ul className={styles.list}>
        {orders.map((order) => (
          <OrderRow key={order.id} order={order} labelAs={labelAs} />
        ))}
      </ul>
    </section>
  );
}

function OrderRow({ order, labelAs }: { order: Order; labelAs: LabelAs }) {
  const { t } = useT();
  const money = useMoney();
  const dateText = useDateText();
  return (
    <li className={styles.row}>
      <div className={styles.rowMain}>
        <p className={styles.name}>{order.product.name}</p>
        <p className={styles.meta}>
          {t('commerce:orders.order', { id: order.id })} ·{' '}
          {t('commerce:orders.date', { date: dateText(order.created_at) })}
          {order.kind_label ? ` · ${t(`commerce:orders.kinds.${order.kind_label}`)}` : ''}
        </p>
        {order.period_end && order.activity_status === 'active' ? (
          <p className={styles.meta}>
            {t('commerce:orders.until', { date: dateText(order.period_end) })}
          </p>
        ) : null}
        {order.product.event_id !== null && order.activity_status === 'active' ? (
          <Link className={styles.link} to={`/watch/${order.product.event_id}`}>
            {t('commerce:orders.watch')}
          </Link>
        ) : null}
      </div>
      <div className={styles.rowSide}>
        <span className={styles.amount}>{money(order.amount, order.currency)}</span>
        <OrderLabel order={order} as={labelAs} />
      </div>
    </li>
  );
}
