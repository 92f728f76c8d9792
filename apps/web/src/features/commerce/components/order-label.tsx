import type { Order } from '@rudy/contracts';
import { useT } from '../../../lib/i18n';
import styles from './account-orders.module.css';

/** The spec's order labels (Paid, Inactive, Refunded, Active), coloured by what they mean. */
export function OrderLabel({ order }: { order: Order }) {
  const { t } = useT();
  // An order still being paid (or failed) has no label of its own yet: its status says more.
  const text =
    order.status === 'created' || order.status === 'failed'
      ? t(`commerce:orders.status.${order.status}`)
      : t(`commerce:orders.labels.${order.label}`);
  const tone = order.status === 'paid' ? order.label.toLowerCase() : order.status;
  return (
    <span className={styles.label} data-tone={tone}>
      {text}
    </span>
  );
}
