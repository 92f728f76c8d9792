import { ANALYTICS_STREAM_FILTERS, type AnalyticsStreamFilter } from '@rudy/contracts';
import { useId } from 'react';
import { useT } from '../../../lib/i18n';
import type { DashboardFilters } from '../api/get-dashboard';
import { PRESETS, presetOf, presetRange } from '../lib/period';
import styles from './dashboard.module.css';

/** Period (presets or two dates) and live/on-demand filter; the route keeps them in the URL. */
export function DashboardFiltersBar({
  filters,
  today,
  onChange,
}: {
  filters: DashboardFilters;
  today: string;
  onChange: (next: DashboardFilters) => void;
}) {
  const { t } = useT();
  const id = useId();
  const active = presetOf(filters, today);
  const setDay = (edge: 'from' | 'to', value: string) => {
    if (!value) return;
    const next = { ...filters, [edge]: value };
    // Keep the range the right way round whichever end moved.
    if (next.from > next.to) next[edge === 'from' ? 'to' : 'from'] = value;
    onChange(next);
  };
  return (
    <section className={styles.filters} aria-label={t('admin:analytics.filters.label')}>
      <div
        className={styles.filterGroup}
        role="group"
        aria-label={t('admin:analytics.filters.period')}
      >
        {PRESETS.map((p) => (
          <button
            key={p.key}
            type="button"
            className={styles.chip}
            aria-pressed={active === p.key}
            onClick={() => onChange({ ...filters, ...presetRange(p.days, today) })}
          >
            {t(`admin:analytics.filters.${p.key}`)}
          </button>
        ))}
      </div>
      <div className={styles.dates}>
        <label htmlFor={`${id}-from`}>{t('admin:analytics.filters.from')}</label>
        <input
          id={`${id}-from`}
          type="date"
          value={filters.from}
          max={today}
          onChange={(e) => setDay('from', e.target.value)}
        />
        <label htmlFor={`${id}-to`}>{t('admin:analytics.filters.to')}</label>
        <input
          id={`${id}-to`}
          type="date"
          value={filters.to}
          max={today}
          onChange={(e) => setDay('to', e.target.value)}
        />
      </div>
      <div
        className={styles.filterGroup}
        role="group"
        aria-label={t('admin:analytics.filters.stream')}
      >
        {ANALYTICS_STREAM_FILTERS.map((stream: AnalyticsStreamFilter) => (
          <button
            key={stream}
            type="button"
            className={styles.chip}
            aria-pressed={filters.stream === stream}
            onClick={() => onChange({ ...filters, stream })}
          >
            {t(`admin:analytics.filters.${stream}`)}
          </button>
        ))}
      </div>
    </section>
  );
}
