import type { Event } from '@rudy/contracts';
import { useT } from '../../../lib/i18n';
import type { CalendarPeriod } from '../lib/listing-params';
import { eventTitle } from '../lib/event-display';
import { zonedFormatter } from '../lib/zoned-time';
import styles from './event-calendar.module.css';
import '../../../locales/listings';

const SHOWN_PER_DAY = 3;

function dayDate(day: string) {
  // Noon UTC names the same calendar day in every zone.
  return new Date(`${day}T12:00:00Z`);
}

/** The days of a month or week; a day with games is marked and can be picked. */
export function CalendarGrid({
  days,
  month,
  period,
  today,
  selected,
  games,
  onSelect,
}: {
  days: string[];
  /** YYYY-MM of the month shown; days of other months are dimmed */
  month: string;
  period: CalendarPeriod;
  today: string;
  selected: string;
  games: ReadonlyMap<string, Event[]>;
  onSelect: (day: string) => void;
}) {
  const { t, i18n } = useT();
  const locale = i18n.language;
  const weekdayName = (day: string, width: 'short' | 'long') =>
    new Intl.DateTimeFormat(locale, { weekday: width, timeZone: 'UTC' }).format(dayDate(day));
  const fullDate = (day: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' }).format(dayDate(day));

  return (
    <div className={`${styles.grid} ${period === 'week' ? styles.week : ''}`}>
      {days.slice(0, 7).map((day) => (
        <span key={`head-${day}`} className={styles.weekday} aria-hidden="true">
          {weekdayName(day, 'short')}
        </span>
      ))}
      {days.map((day) => {
        const list = games.get(day) ?? [];
        const label = `${fullDate(day)}: ${
          list.length
            ? t('listings:calendar.games', { count: list.length })
            : t('listings:calendar.noGames')
        }`;
        return (
          <button
            key={day}
            type="button"
            className={styles.day}
            data-outside={period === 'month' && !day.startsWith(month) ? 'true' : undefined}
            data-has-games={list.length > 0 ? 'true' : undefined}
            aria-pressed={day === selected}
            aria-current={day === today ? 'date' : undefined}
            aria-label={label}
            onClick={() => onSelect(day)}
          >
            <span className={styles.number} aria-hidden="true">
              {Number(day.slice(8))}
            </span>
            {list.length > 0 ? (
              <span className={styles.mark} aria-hidden="true">
                {list.length}
              </span>
            ) : null}
            {period === 'week' && list.length > 0 ? (
              <ul className={styles.preview} aria-hidden="true">
                {list.slice(0, SHOWN_PER_DAY).map((event) => (
                  <li key={event.id}>
                    <time>
                      {zonedFormatter(locale, event.time_zone, {
                        hour: 'numeric',
                        minute: '2-digit',
                      }).format(new Date(event.event_utc_ts))}
                    </time>{' '}
                    {eventTitle(event)}
                  </li>
                ))}
                {list.length > SHOWN_PER_DAY ? (
                  <li>{t('listings:calendar.more', { count: list.length - SHOWN_PER_DAY })}</li>
                ) : null}
              </ul>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}
