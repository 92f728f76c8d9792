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
    // One day is charted hour by hour (in the channel's hours); a range day by day.
    const isDay = data.hourly.length > 0;
    const points = isDay
      ? data.hourly.map((h) => ({ ...h, x: Date.parse(h.hour) / 1000 }))
      : data.daily.map((d) => ({ ...d, x: Date.parse(`${d.date}T00:00:00Z`) / 1000 }));
    const audience: TrendSeries[] = [
      {
        label: t('admin:analytics.charts.views'),
        values: points.map((d) => d.views),
        color: '--color-primary',
        kind: 'line',
      },
      {
        label: t('admin:analytics.charts.viewers'),
        values: points.map((d) => d.unique_viewers),
        color: '--color-accent',
        kind: 'line',
      },
    ];
    const watch: TrendSeries[] = [
      {
        label: t('admin:analytics.charts.hours'),
        values: points.map((d) => Math.round((d.watch_seconds / 3600) * 100) / 100),
        color: '--color-primary',
        kind: 'bars',
      },
    ];
    return {
      x: points.map((p) => p.x),
      // Days are dates already (UTC midnights stand for them); hours are shown in the zone.
      zone: isDay ? timeZone : 'UTC',
      audienceTitle: isDay
        ? t('admin:analytics.charts.audienceHourly')
        : t('admin:analytics.charts.audience'),
      watchTitle: isDay
        ? t('admin:analytics.charts.watchHourly')
        : t('admin:analytics.charts.watch'),
      audience,
      watch,
    };
  }, [data, t, timeZone]);

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
              label={charts.audienceTitle}
              x={charts.x}
              timeZone={charts.zone}
              series={charts.audience}
              format={figures.count}
            />
            <TrendChart
              label={charts.watchTitle}
              x={charts.x}
              timeZone={charts.zone}
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
