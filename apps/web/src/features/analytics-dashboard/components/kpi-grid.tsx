import type { AnalyticsDashboard, ViewersNow } from '@rudy/contracts';
import type { ReactNode } from 'react';
import { useT } from '../../../lib/i18n';
import type { Figures } from '../hooks/use-figures';
import styles from './dashboard.module.css';

function Kpi({ label, value, note }: { label: string; value: ReactNode; note?: ReactNode }) {
  return (
    <div className={styles.kpi}>
      <dt className={styles.kpiLabel}>{label}</dt>
      <dd className={styles.kpiValue}>{value}</dd>
      {note ? <dd className={styles.kpiNote}>{note}</dd> : null}
    </div>
  );
}

/** Viewers now (polled) and the period's totals. */
export function KpiGrid({
  data,
  now,
  figures,
}: {
  data: AnalyticsDashboard;
  now: ViewersNow | undefined;
  figures: Figures;
}) {
  const { t } = useT();
  const k = data.totals;
  const p50 = k.first_frame_p50_ms;
  const p95 = k.first_frame_p95_ms;
  const revenue = data.revenue.find((r) => r.currency === data.currency) ?? data.revenue[0];
  const orders = data.revenue.reduce((s, r) => s + r.orders, 0);
  return (
    <dl className={styles.kpis} aria-label={t('admin:analytics.kpi.label')}>
      <div className={`${styles.kpi} ${styles.now}`}>
        <dt className={styles.kpiLabel}>
          <span className={styles.liveDot} aria-hidden="true" />
          {t('admin:analytics.now.title')}
        </dt>
        <dd className={styles.kpiValue} aria-live="polite">
          {now ? figures.count(now.total) : '–'}
        </dd>
        <dd className={styles.kpiNote}>
          {now
            ? t('admin:analytics.now.split', {
                live: figures.count(now.live),
                vod: figures.count(now.vod),
              })
            : t('admin:analytics.now.hint')}
        </dd>
      </div>
      <Kpi label={t('admin:analytics.kpi.views')} value={figures.count(k.views)} />
      <Kpi label={t('admin:analytics.kpi.uniqueViewers')} value={figures.count(k.unique_viewers)} />
      <Kpi label={t('admin:analytics.kpi.watchTime')} value={figures.duration(k.watch_seconds)} />
      <Kpi
        label={t('admin:analytics.kpi.firstFrame')}
        value={p50 !== null ? figures.firstFrame(p50) : t('admin:analytics.kpi.noFrames')}
        note={
          p95 !== null
            ? t('admin:analytics.kpi.firstFrameNote', {
                p95: figures.firstFrame(p95),
                count: k.first_frame_samples,
              })
            : undefined
        }
      />
      <Kpi label={t('admin:analytics.kpi.visits')} value={figures.count(k.visits)} />
      <Kpi label={t('admin:analytics.kpi.signups')} value={figures.count(k.signups)} />
      <Kpi label={t('admin:analytics.kpi.logins')} value={figures.count(k.logins)} />
      <Kpi
        label={t('admin:analytics.kpi.revenue')}
        value={figures.money(revenue?.amount_cents ?? 0, revenue?.currency ?? data.currency)}
        note={t('admin:analytics.kpi.orders', { count: orders })}
      />
    </dl>
  );
}
