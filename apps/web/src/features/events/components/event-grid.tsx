import type { Event } from '@rudy/contracts';
import { useT } from '../../../lib/i18n';
import { eventDayKey, formatDayHeading } from '../lib/event-display';
import { EventCard } from './event-card';
import styles from './event-grid.module.css';

/** Cards in a grid or a list; the schedule groups them under a heading per calendar day. */
export function EventGrid({
  events,
  layout,
  groupByDay = false,
  locations,
}: {
  events: Event[];
  layout: 'grid' | 'list';
  groupByDay?: boolean;
  locations?: ReadonlyMap<number, string>;
}) {
  const { i18n } = useT();
  const cards = (items: Event[]) => (
    <ul className={`${styles.grid} ${layout === 'list' ? styles.list : ''}`}>
      {items.map((event) => (
        <li key={event.id}>
          <EventCard
            event={event}
            layout={layout}
            locationName={locations?.get(event.location_id ?? -1)}
          />
        </li>
      ))}
    </ul>
  );
  if (!groupByDay) return cards(events);

  const days = new Map<string, Event[]>();
  for (const event of events) {
    const key = eventDayKey(event.event_utc_ts, event.time_zone);
    days.set(key, [...(days.get(key) ?? []), event]);
  }
  return (
    <div className={styles.days}>
      {[...days].map(([day, items]) => (
        <section key={day} aria-labelledby={`day-${day}`} data-day={day}>
          {/* Focusable from script only: the schedule's "Today" jump lands here. */}
          <h2 id={`day-${day}`} className={styles.day} tabIndex={-1}>
            {formatDayHeading(day, i18n.language)}
          </h2>
          {cards(items)}
        </section>
      ))}
    </div>
  );
}
