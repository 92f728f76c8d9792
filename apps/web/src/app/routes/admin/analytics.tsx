import { useSearchParams } from 'react-router';
import type { DashboardFilters } from '../../../features/analytics-dashboard/api/get-dashboard';
import { AnalyticsDashboard } from '../../../features/analytics-dashboard/components/analytics-dashboard';
import { filtersFromSearch, todayIn } from '../../../features/analytics-dashboard/lib/period';
import { useT } from '../../../lib/i18n';
import { useAdmin } from './admin-layout';

/** The console's first screen: the channel's analytics, filters in the URL. */
export function Component() {
  const { t } = useT();
  const { channel } = useAdmin();
  const [search, setSearch] = useSearchParams();
  const today = todayIn(channel.time_zone);
  const filters = filtersFromSearch(search, today);
  const onChange = (next: DashboardFilters) =>
    setSearch({ from: next.from, to: next.to, stream: next.stream }, { replace: true });
  return (
    <>
      <title>{`${t('admin:analytics.title')} · ${channel.name}`}</title>
      <AnalyticsDashboard
        timeZone={channel.time_zone}
        today={today}
        filters={filters}
        onFiltersChange={onChange}
      />
    </>
  );
}
