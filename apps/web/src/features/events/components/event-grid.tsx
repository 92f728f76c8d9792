import type { Event } from '@rudy/contracts';
import { useT } from '../../../lib/i18n';
import { eventDayKey, formatDayHeading } from '../lib/event-display';
import { EventCard } from './event-card';
import styles from './event-grid.module.css';

/** Cards a phone shows at the top of a listing at first paint. */
const CARDS_IN_VIEW = 2;

/**
 * Cards in a grid or a list; the schedule groups them under a heading per calendar day. The first
 * cards' images load at once, the very first with high priority (a listing's LCP); the others lazily.
 */
export function EventGrid({
  events,
  layout,
  groupByDay = false,
  locations,
  headingLevel = 2,
}: {
  events: Event[];
  layout: 'grid' | 'list';
  groupByDay?: boolean;
  locations?: ReadonlyMap<number, string>;
  /** The level of the headings this grid starts (day headings, else the cards' titles). */
  headingLevel?: 2 | 3 | 4;
}) {
  const { i18n } = useT();
  const lead = new Map(events.slice(0, CARDS_IN_VIEW).map((e, i) => [e.id, i === 0]));
  const cardHeading = groupByDay ? headingLevel + 1 : headingLevel;
  const cards = (items: Event[]) => (
    <ul className={`${styles.grid} ${layout === 'list' ? styles.list : ''}`}>
      {items.map((event) => (
        <li key={event.id}>
          <EventCard
            event={event}
            layout={layout}
            locationName={locations?.get(event.location_id ?? -1)}
            headingLevel={cardHeading as 2 | 3 | 4 | 5}
            imagePriority={lead.has(event.id) ? (lead.get(event.id) ? 'high' : 'eager') : 'lazy'}
          />
        </li>
      ))}
    </ul>
  );
  if (!groupByDay) return cards(events);
  const DayHeading = `h${headingLevel}` as const;

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
          <DayHeading id={`day-${day}`} className={styles.day} tabIndex={-1}>
            {formatDayHeading(day, i18n.language)}
          </DayHeading>
          {cards(items)}
        </section>
      ))}
    </div>
  );
}
