import { useMemo } from 'react';
import '../../../locales/admin';
import { LoadError } from '../../../components/ui/status-message';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { useT } from '../../../lib/i18n';
import { useDashboard, type DashboardFilters } from '../api/get-dashboard';
import { useViewersNow } from '../api/get-viewers-now';
import { useFigures } from '../hooks/use-figures';
import { WatchBreakdown } from './breakdown';
import { DashboardFiltersBar } from './dashboard-filters';
import { KpiGrid } from './kpi-grid';
import { TopPages } from './top-pages';
import { TrendChart, type TrendSeries } from './trend-chart';
import styles from './dashboard.module.css';

/**
 * The channel's analytics: viewers now, the period's totals, daily charts, watch time by game,
 * team, sport and school, and the top pages. Filters come from (and go to) the route's URL.
 */
export function AnalyticsDashboard({
  timeZone,
  today,
  filters,
  onFiltersChange,
}: {
  timeZone: string;
  today: string;
  filters: DashboardFilters;
  onFiltersChange: (next: DashboardFilters) => void;
}) {
  const { t } = useT();
  const figures = useFigures();
  const dashboard = useDashboard(filters);
  const now = useViewersNow().data;
  const data = dashboard.data;

  const charts = useMemo(() => {
    if (!data) return null;
    const days = data.daily.map((d) => d.date);
    const audience: TrendSeries[] = [
      {
        label: t('admin:analytics.charts.views'),
        values: data.daily.map((d) => d.views),
        color: '--color-primary',
        kind: 'line',
      },
      {
        label: t('admin:analytics.charts.viewers'),
        values: data.daily.map((d) => d.unique_viewers),
        color: '--color-accent',
        kind: 'line',
      },
    ];
    const watch: TrendSeries[] = [
      {
        label: t('admin:analytics.charts.hours'),
        values: data.daily.map((d) => Math.round((d.watch_seconds / 3600) * 100) / 100),
        color: '--color-primary',
        kind: 'bars',
      },
    ];
    return { days, audience, watch };
  }, [data, t]);

  return (
    <div className={styles.dashboard}>
      <PageHeader
        title={t('admin:analytics.title')}
        subtitle={t('admin:analytics.subtitle', { zone: timeZone })}
      />
      <DashboardFiltersBar filters={filters} today={today} onChange={onFiltersChange} />
      {data && charts ? (
        <div className={styles.body} aria-busy={dashboard.isFetching}>
          <KpiGrid data={data} now={now} figures={figures} />
          <div className={styles.charts}>
            <TrendChart
              label={t('admin:analytics.charts.audience')}
              days={charts.days}
              series={charts.audience}
              format={figures.count}
            />
            <TrendChart
              label={t('admin:analytics.charts.watch')}
              days={charts.days}
              series={charts.watch}
              format={figures.hours}
            />
          </div>
          <div className={styles.panels}>
            <WatchBreakdown watch={data.watch_time} figures={figures} />
            <TopPages pages={data.top_pages} figures={figures} />
          </div>
        </div>
      ) : dashboard.isError ? (
        <LoadError what={t('admin:analytics.loadError')} onRetry={() => void dashboard.refetch()} />
      ) : (
        <div className={styles.body} aria-hidden="true">
          <div className={styles.kpis}>
            {Array.from({ length: 9 }, (_, i) => (
              <Skeleton key={i} height={96} radius="var(--radius-m)" />
            ))}
          </div>
          <Skeleton height={240} radius="var(--radius-m)" />
        </div>
      )}
    </div>
  );
}
