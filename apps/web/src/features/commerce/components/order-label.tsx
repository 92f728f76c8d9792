import type { Order } from '@rudy/contracts';
import { useT } from '../../../lib/i18n';
import styles from './account-orders.module.css';
import '../../../locales/commerce';

/**
 * What an order is, in one of two senses. `payment` (history, transactions): how the payment went
 * — Paid, Refunded, Processing, Failed. `standing` (passes and orders in force): the spec's labels
 * (Paid, Inactive, Refunded, Active), so a pass in force reads Active there, and a payment never
 * reads Active in a payment column.
 */
export function OrderLabel({
  order,
  as = 'standing',
}: {
  order: Order;
  as?: 'payment' | 'standing';
}) {
  const { t } = useT();
  // An order still being paid (or failed) has no label of its own yet: its status says more.
  const byStatus = as === 'payment' || order.status === 'created' || order.status === 'failed';
  const text = byStatus
    ? t(`commerce:orders.status.${order.status}`)
    : t(`commerce:orders.labels.${order.label}`);
  const tone = byStatus ? order.status : order.label.toLowerCase();
  return (
    <span className={styles.label} data-tone={tone}>
      {text}
    </span>
  );
}
