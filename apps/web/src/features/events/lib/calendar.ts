import type { Event } from '@rudy/contracts';
import type { CalendarPeriod } from './listing-params';
import { dayKeyInZone } from './zoned-time';

/*
 * Calendar arithmetic on day keys (YYYY-MM-DD). Days are counted in UTC so that adding one never
 * trips over a daylight saving change; what a day means locally is decided by the time zone that
 * produced the key.
 */

const DAY_MS = 86_400_000;

function toTime(day: string) {
  return Date.parse(`${day}T00:00:00Z`);
}

function toKey(time: number) {
  return new Date(time).toISOString().slice(0, 10);
}

export function addDays(day: string, count: number): string {
  return toKey(toTime(day) + count * DAY_MS);
}

/** The same day of another month, or that month's last day when it is shorter. */
export function addMonths(day: string, count: number): string {
  const date = new Date(toTime(day));
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + count, 1));
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return toKey(target.getTime());
}

function weekday(day: string): number {
  return new Date(toTime(day)).getUTCDay();
}

/** Sunday-first in English (North America), Monday-first in French. */
export function firstDayOfWeek(locale: string): 0 | 1 {
  return locale.startsWith('en') ? 0 : 1;
}

function startOfWeek(day: string, firstDay: 0 | 1) {
  return addDays(day, -((weekday(day) - firstDay + 7) % 7));
}

/** Every day a month or week page shows, whole weeks from its first to its last row. */
export function calendarDays(anchor: string, period: CalendarPeriod, firstDay: 0 | 1): string[] {
  const first =
    period === 'week'
      ? startOfWeek(anchor, firstDay)
      : startOfWeek(`${anchor.slice(0, 8)}01`, firstDay);
  const monthEnd = addDays(addMonths(`${anchor.slice(0, 8)}01`, 1), -1);
  const last = period === 'week' ? addDays(first, 6) : addDays(startOfWeek(monthEnd, firstDay), 6);
  const days: string[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The anchor of the previous or next page: a month or a week away. */
export function shiftAnchor(anchor: string, period: CalendarPeriod, direction: 1 | -1): string {
  return period === 'week' ? addDays(anchor, 7 * direction) : addMonths(anchor, direction);
}

/** Games per day, each under the day it is played on in its venue's time zone. */
export function gamesByDay(events: Event[]): Map<string, Event[]> {
  const days = new Map<string, Event[]>();
  for (const event of events) {
    const key = dayKeyInZone(new Date(event.event_utc_ts), event.time_zone);
    const list = days.get(key);
    if (list) list.push(event);
    else days.set(key, [event]);
  }
  return days;
}
