import type { AdminRevenue } from '@rudy/contracts';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { Skeleton } from '../../../../components/ui/skeleton';
import { LoadError } from '../../../../components/ui/status-message';
import { useT } from '../../../../lib/i18n';
import { revenueCsvUrl, useRevenue, type RevenueFilter } from '../api/get-revenue';
import { RevenueTable, useMoney } from './revenue-table';
import consoleStyles from '../../shared/components/console.module.css';
import styles from './revenue.module.css';

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** This year so far: a season's takings at a glance. */
function defaultFilter(now = new Date()): RevenueFilter {
  return { from: `${now.getUTCFullYear()}-01-01`, to: isoDay(now), group: 'month' };
}

function Payouts({ payouts }: { payouts: AdminRevenue['payouts'] }) {
  const { t, i18n } = useT();
  const money = useMoney();
  if (!payouts.available) {
    return (
      <p className={consoleStyles.muted}>
        {t(`admin-revenue:payouts.${payouts.reason ?? 'sandbox'}`)}
      </p>
    );
  }
  const day = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const currency = payouts.payouts[0]?.currency ?? 'USD';
  return (
    <>
      <dl className={styles.cards}>
        <div className={styles.card}>
          <dt>{t('admin-revenue:payouts.charges')}</dt>
          <dd>{money(payouts.charges_cents, currency)}</dd>
        </div>
        <div className={styles.card}>
          <dt>{t('admin-revenue:payouts.stripeFees')}</dt>
          <dd>{money(payouts.stripe_fee_cents, currency)}</dd>
        </div>
        <div className={styles.card}>
          <dt>{t('admin-revenue:payouts.refunds')}</dt>
          <dd>{money(payouts.refunds_cents, currency)}</dd>
        </div>
      </dl>
      {payouts.payouts.length === 0 ? (
        <p className={consoleStyles.muted}>{t('admin-revenue:payouts.none')}</p>
      ) : (
        <ul className={consoleStyles.list}>
          {payouts.payouts.map((p) => (
            <li key={p.id} className={consoleStyles.row}>
              <span className={consoleStyles.rowMain}>
                <strong>{money(p.amount_cents, p.currency)}</strong>
                <span className={consoleStyles.muted}>
                  {t('admin-revenue:payouts.arrives', {
                    date: day.format(new Date(p.arrival_date)),
                    status: p.status,
                  })}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** Revenue: a range of days by period, product and game, the CSV export, and Stripe's payouts. */
export function RevenueScreen() {
  const { t, i18n } = useT();
  const money = useMoney();
  const [filter, setFilter] = useState<RevenueFilter>(() => defaultFilter());
  const revenue = useRevenue(filter);
  const [downloading, setDownloading] = useState(false);
  const set = (patch: Partial<RevenueFilter>) => setFilter((f) => ({ ...f, ...patch }));

  async function download() {
    setDownloading(true);
    try {
      window.location.assign(await revenueCsvUrl(filter, i18n.language));
    } finally {
      setDownloading(false);
    }
  }

  const data = revenue.data;
  const day = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' });
  // A month's row names the month ("December 2026"), not its first day; a day or week its date.
  const period =
    data?.group === 'month'
      ? new Intl.DateTimeFormat(i18n.language, { month: 'long', year: 'numeric', timeZone: 'UTC' })
      : day;
  return (
    <section className={consoleStyles.screen} aria-labelledby="revenue-title">
      <div className={consoleStyles.head}>
        <h1 id="revenue-title">{t('admin-revenue:title')}</h1>
        <Button size="s" variant="secondary" disabled={downloading} onClick={() => void download()}>
          {t('admin-revenue:csv')}
        </Button>
      </div>
      <form className={styles.filters} onSubmit={(e) => e.preventDefault()}>
        <label>
          {t('admin-revenue:from')}
          <input
            type="date"
            value={filter.from}
            max={filter.to}
            required
            onChange={(e) => e.target.value && set({ from: e.target.value })}
          />
        </label>
        <label>
          {t('admin-revenue:to')}
          <input
            type="date"
            value={filter.to}
            min={filter.from}
            required
            onChange={(e) => e.target.value && set({ to: e.target.value })}
          />
        </label>
        <label>
          {t('admin-revenue:group')}
          <select
            value={filter.group}
            onChange={(e) => set({ group: e.target.value as RevenueFilter['group'] })}
          >
            {(['day', 'week', 'month'] as const).map((g) => (
              <option key={g} value={g}>
                {t(`admin-revenue:groups.${g}`)}
              </option>
            ))}
          </select>
        </label>
      </form>
      {revenue.isError ? (
        <LoadError what={t('admin-revenue:loadError')} onRetry={() => void revenue.refetch()} />
      ) : !data ? (
        <Skeleton height={320} radius="var(--radius-m)" />
      ) : (
        <div aria-busy={revenue.isPlaceholderData} className={consoleStyles.screen}>
          <p className={consoleStyles.muted}>{t('admin-revenue:zone', { zone: data.time_zone })}</p>
          {data.totals.length === 0 ? (
            <p className={consoleStyles.empty}>{t('admin-revenue:empty')}</p>
          ) : (
            data.totals.map((total) => (
              <dl key={total.currency} className={styles.cards}>
                {(
                  [
                    ['gross', total.gross_cents],
                    ['fees', total.fee_cents],
                    ['discounts', total.discount_cents],
                    ['refunds', total.refund_cents],
                    ['net', total.net_cents],
                  ] as const
                ).map(([key, cents]) => (
                  <div key={key} className={styles.card}>
                    <dt>{t(`admin-revenue:columns.${key}`)}</dt>
                    <dd>{money(cents, total.currency)}</dd>
                  </div>
                ))}
                <div className={styles.card}>
                  <dt>{t('admin-revenue:columns.orders')}</dt>
                  <dd>{total.orders}</dd>
                </div>
              </dl>
            ))
          )}
          <RevenueTable
            caption={t('admin-revenue:byPeriod')}
            label={t('admin-revenue:columns.period')}
            rows={data.by_period}
            name={(p) => period.format(new Date(`${p.period}T00:00:00Z`))}
          />
          <RevenueTable
            caption={t('admin-revenue:byProduct')}
            label={t('admin-revenue:columns.product')}
            rows={data.by_product}
            name={(p) => p.name}
          />
          <RevenueTable
            caption={t('admin-revenue:byGame')}
            label={t('admin-revenue:columns.game')}
            rows={data.by_game}
            name={(g) => g.name}
          />
          <h2>{t('admin-revenue:payouts.title')}</h2>
          <Payouts payouts={data.payouts} />
        </div>
      )}
    </section>
  );
}
