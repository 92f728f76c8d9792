import type { InvoicePreview } from '@rudy/contracts';
import { useT } from '../../../lib/i18n';
import { useDateText, useMoney } from '../hooks/use-money';
import styles from './checkout.module.css';
import '../../../locales/commerce';

/** What the buyer pays: each product (and the game, for a single event), fee, discount, total, renewal. */
export function OrderSummary({
  preview,
  eventName,
}: {
  preview: InvoicePreview;
  eventName?: string | null | undefined;
}) {
  const { t } = useT();
  const money = useMoney();
  const dateText = useDateText();
  const m = (amount: number) => money(amount, preview.currency);
  const every = preview.period ? t(`commerce:price.every.${preview.period}`) : null;

  return (
    <section className={styles.summary} aria-labelledby="summary-title">
      <h2 id="summary-title" className={styles.summaryTitle}>
        {t('commerce:buy.summary')}
      </h2>
      <ul className={styles.lines}>
        {preview.lines.map((line) => (
          <li key={`${line.type}-${line.product_id}`} className={styles.line}>
            <span>{line.name}</span>
            {/* One product's price is the breakdown below; a bundle shows each product's. */}
            {preview.lines.length > 1 ? <span>{m(line.amount)}</span> : null}
          </li>
        ))}
      </ul>
      {eventName ? (
        <p className={styles.event}>
          {t('commerce:buy.game')}: <strong>{eventName}</strong>
        </p>
      ) : null}
      <dl className={styles.totals}>
        <div>
          <dt>{t('commerce:buy.subtotal')}</dt>
          <dd>{m(preview.subtotal)}</dd>
        </div>
        {preview.service_fee > 0 ? (
          <div>
            <dt>{t('commerce:buy.serviceFee')}</dt>
            <dd>{m(preview.service_fee)}</dd>
          </div>
        ) : null}
        {preview.discount > 0 ? (
          <div>
            <dt>{t('commerce:buy.discount', { code: preview.promo_code ?? '' })}</dt>
            <dd>−{m(preview.discount)}</dd>
          </div>
        ) : null}
        <div className={styles.total}>
          <dt>{t('commerce:buy.total')}</dt>
          <dd>{m(preview.total)}</dd>
        </div>
      </dl>
      {preview.trial_days > 0 && preview.next_payment_amount !== null && every ? (
        <p className={styles.renewal}>
          {t('commerce:buy.trialThen', {
            days: preview.trial_days,
            amount: m(preview.next_payment_amount),
            every,
          })}
        </p>
      ) : every ? (
        <p className={styles.renewal}>{t('commerce:buy.renews', { every })}</p>
      ) : null}
      {preview.next_payment_at && preview.next_payment_amount !== null ? (
        <p className={styles.renewal}>
          {t('commerce:buy.nextPayment', {
            amount: m(preview.next_payment_amount),
            date: dateText(preview.next_payment_at),
          })}
        </p>
      ) : null}
    </section>
  );
}
