import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { LoadError, StatusMessage } from '../../../components/ui/status-message';
import { useT } from '../../../lib/i18n';
import { useEventsInRange } from '../api/get-events-in-range';
import { calendarDays, firstDayOfWeek, gamesByDay, shiftAnchor } from '../lib/calendar';
import { formatDayHeading } from '../lib/event-display';
import { rangeRequest, type ListingKind } from '../lib/events-query';
import { readCalendar, type CalendarPeriod, type ListingFilters } from '../lib/listing-params';
import { dayKeyInZone } from '../lib/zoned-time';
import { CalendarGrid } from './calendar-grid';
import { EventCardSkeleton } from './event-card-skeleton';
import { EventGrid } from './event-grid';
import styles from './event-calendar.module.css';
import '../../../locales/listings';

/** A month or a week with the days that have games marked; picking a day lists its games. */
export function EventCalendar({
  kind,
  filters,
  timeZone,
  locations,
}: {
  kind: ListingKind;
  filters: ListingFilters;
  timeZone: string;
  locations: ReadonlyMap<number, string>;
}) {
  const { t, i18n } = useT();
  const [params, setParams] = useSearchParams();
  const { period, date } = readCalendar(params);
  const today = dayKeyInZone(new Date(), timeZone);
  const selected = date ?? today;
  const days = calendarDays(selected, period, firstDayOfWeek(i18n.language));
  const first = days[0] ?? selected;
  const last = days.at(-1) ?? selected;
  const query = useEventsInRange(rangeRequest(kind, filters, { first, last }));
  const byDay = useMemo(() => gamesByDay(query.data?.events ?? []), [query.data]);
  const dayGames = byDay.get(selected) ?? [];

  const go = (next: { period?: CalendarPeriod; date?: string }) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next.period) updated.set('period', next.period);
        if (next.date) updated.set('date', next.date);
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );

  return (
    <section className={styles.calendar} aria-labelledby="calendar-title">
      <div className={styles.head}>
        <h2 id="calendar-title" className={styles.title} aria-live="polite">
          {periodTitle(period, first, last, selected, i18n.language)}
        </h2>
        <div className={styles.nav}>
          <button
            type="button"
            className={styles.arrow}
            aria-label={t(`listings:calendar.previous.${period}`)}
            onClick={() => go({ date: shiftAnchor(selected, period, -1) })}
          >
            ‹
          </button>
          <button type="button" className={styles.today} onClick={() => go({ date: today })}>
            {t('listings:calendar.today')}
          </button>
          <button
            type="button"
            className={styles.arrow}
            aria-label={t(`listings:calendar.next.${period}`)}
            onClick={() => go({ date: shiftAnchor(selected, period, 1) })}
          >
            ›
          </button>
        </div>
        <div className={styles.periods} role="group" aria-label={t('listings:calendar.period')}>
          {(['month', 'week'] as const).map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={period === option}
              onClick={() => go({ period: option })}
            >
              {t(`listings:calendar.${option}`)}
            </button>
          ))}
        </div>
      </div>
      {query.isError && !query.data ? (
        <LoadError what={t('listings:calendar.title')} onRetry={() => void query.refetch()} />
      ) : (
        <div aria-busy={query.isFetching}>
          <CalendarGrid
            days={days}
            month={selected.slice(0, 7)}
            period={period}
            today={today}
            selected={selected}
            games={byDay}
            onSelect={(day) => go({ date: day })}
          />
        </div>
      )}
      {query.data && !query.data.isComplete ? (
        <p className={styles.note}>{t('listings:calendar.incomplete')}</p>
      ) : null}
      <section className={styles.dayGames} aria-labelledby="calendar-day">
        <h3 id="calendar-day" className={styles.dayTitle}>
          {formatDayHeading(selected, i18n.language)}
        </h3>
        {query.isPending ? (
          <EventCardSkeleton />
        ) : dayGames.length > 0 ? (
          <EventGrid events={dayGames} layout="list" locations={locations} headingLevel={4} />
        ) : query.data ? (
          <StatusMessage compact title={t('listings:calendar.emptyDay')} />
        ) : null}
      </section>
    </section>
  );
}

function periodTitle(
  period: CalendarPeriod,
  first: string,
  last: string,
  selected: string,
  locale: string,
) {
  const at = (day: string) => new Date(`${day}T12:00:00Z`);
  if (period === 'month') {
    return new Intl.DateTimeFormat(locale, {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(at(selected));
  }
  return new Intl.DateTimeFormat(locale, {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).formatRange(at(first), at(last));
}
