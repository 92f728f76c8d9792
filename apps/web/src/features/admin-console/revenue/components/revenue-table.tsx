import type { ReactNode } from 'react';
import { useT } from '../../../../lib/i18n';
import styles from './revenue.module.css';

export interface RevenueSums {
  currency: 'USD' | 'CAD';
  orders: number;
  gross_cents: number;
  fee_cents: number;
  refund_cents: number;
  net_cents: number;
}

/** Cents as the console shows money: in the admin's language, with the currency's code. */
export function useMoney() {
  const { i18n } = useT();
  return (cents: number, currency: string) =>
    new Intl.NumberFormat(i18n.language, { style: 'currency', currency }).format(cents / 100);
}

/** One breakdown (periods, products or games): a row per item, the sums in columns. */
export function RevenueTable<T extends RevenueSums>({
  caption,
  label,
  rows,
  name,
}: {
  caption: string;
  label: string;
  rows: readonly T[];
  name: (row: T) => ReactNode;
}) {
  const { t } = useT();
  const money = useMoney();
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{label}</th>
            <th scope="col">{t('admin-revenue:columns.orders')}</th>
            <th scope="col">{t('admin-revenue:columns.gross')}</th>
            <th scope="col">{t('admin-revenue:columns.fees')}</th>
            <th scope="col">{t('admin-revenue:columns.refunds')}</th>
            <th scope="col">{t('admin-revenue:columns.net')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={6} className={styles.none}>
                {t('admin-revenue:none')}
              </td>
            </tr>
          ) : (
            rows.map((row, i) => (
              <tr key={i}>
                <th scope="row">{name(row)}</th>
                <td data-label={t('admin-revenue:columns.orders')}>{row.orders}</td>
                <td data-label={t('admin-revenue:columns.gross')}>
                  {money(row.gross_cents, row.currency)}
                </td>
                <td data-label={t('admin-revenue:columns.fees')}>
                  {money(row.fee_cents, row.currency)}
                </td>
                <td data-label={t('admin-revenue:columns.refunds')}>
                  {money(row.refund_cents, row.currency)}
                </td>
                <td data-label={t('admin-revenue:columns.net')}>
                  {money(row.net_cents, row.currency)}
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
