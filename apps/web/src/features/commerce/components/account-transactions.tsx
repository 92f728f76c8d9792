import type { ReactNode } from 'react';
import { LoadError } from '../../../components/ui/status-message';
import { useT } from '../../../lib/i18n';
import { useOrders } from '../api/get-orders';
import { useDateText, useMoney } from '../hooks/use-money';
import { OrderLabel } from './order-label';
import styles from './account-orders.module.css';
import '../../../locales/commerce';

/** Profile transactions: every payment attempt and refund, newest first, as a table. */
export function AccountTransactions({ empty }: { empty: ReactNode }) {
  const { t } = useT();
  const orders = useOrders();
  const money = useMoney();
  const dateText = useDateText();
  if (orders.isPending) return <p className={styles.loading}>{t('common:states.loading')}</p>;
  if (orders.isError) {
    return (
      <LoadError what={t('commerce:transactions.what')} onRetry={() => void orders.refetch()} />
    );
  }
  if (orders.data.length === 0) return empty;
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption className={styles.caption}>{t('commerce:transactions.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('commerce:transactions.date')}</th>
            <th scope="col">{t('commerce:transactions.description')}</th>
            <th scope="col" className={styles.numeric}>
              {t('commerce:transactions.amount')}
            </th>
            <th scope="col">{t('commerce:transactions.status')}</th>
          </tr>
        </thead>
        <tbody>
          {orders.data.map((order) => (
            <tr key={order.id}>
              <td>{dateText(order.updated_at)}</td>
              <td>
                <span className={styles.name}>{order.product.name}</span>
                <span className={styles.meta}>
                  {order.kind_label
                    ? t(`commerce:orders.kinds.${order.kind_label}`)
                    : order.status === 'refunded'
                      ? t('commerce:transactions.refund')
                      : t('commerce:transactions.payment')}
                  {order.card
                    ? ` · ${t('commerce:orders.card', { brand: order.card.brand.toUpperCase(), last4: order.card.last4 })}`
                    : ''}
                </span>
              </td>
              <td className={styles.numeric}>
                {order.status === 'refunded' ? '−' : ''}
                {money(order.amount, order.currency)}
              </td>
              <td>
                <OrderLabel order={order} as="payment" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
