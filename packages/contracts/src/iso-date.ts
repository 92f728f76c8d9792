/**
 * Query dates of the catalogue calls: an ISO 8601 calendar date (`2026-03-01`, a whole UTC day) or a
 * date-time (`2026-03-01T19:00:00Z`, `2026-03-01T19:00-05:00`; without an offset it is UTC).
 * Hand-written because `Date.parse` accepts impossible days (`2026-02-30` becomes 2 March).
 */
export interface IsoInstant {
  at: Date;
  /** A date without a time: as a range start it is the day's first instant, as an end its last. */
  dateOnly: boolean;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:\d{2})?$/i;

const DAY_MS = 86_400_000;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function validDate(year: number, month: number, day: number): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** Minutes east of UTC for 'Z' or '±hh:mm'; null when out of range. */
function offsetMinutes(zone: string | undefined): number | null {
  if (!zone || zone.toUpperCase() === 'Z') return 0;
  const sign = zone.startsWith('-') ? -1 : 1;
  const hours = Number(zone.slice(1, 3));
  const minutes = Number(zone.slice(4, 6));
  if (hours > 14 || minutes > 59) return null;
  return sign * (hours * 60 + minutes);
}

export function parseIsoInstant(value: string): IsoInstant | null {
  const date = DATE.exec(value);
  if (date) {
    const [year, month, day] = date.slice(1, 4).map(Number) as [number, number, number];
    if (!validDate(year, month, day)) return null;
    return { at: new Date(Date.UTC(year, month - 1, day)), dateOnly: true };
  }
  const dt = DATE_TIME.exec(value);
  if (!dt) return null;
  const [year, month, day, hour, minute] = dt.slice(1, 6).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const second = Number(dt[6] ?? 0);
  const millis = Number((dt[7] ?? '').padEnd(3, '0').slice(0, 3));
  const offset = offsetMinutes(dt[8]);
  if (!validDate(year, month, day) || hour > 23 || minute > 59 || second > 59 || offset === null) {
    return null;
  }
  const utc = Date.UTC(year, month - 1, day, hour, minute, second, millis) - offset * 60_000;
  return { at: new Date(utc), dateOnly: false };
}

/**
 * The first instant a range ending at `instant` no longer holds: the next midnight for a date (the
 * whole day is in), the next millisecond for a date-time (the end is inclusive).
 */
export function rangeEndExclusive(instant: IsoInstant): Date {
  return new Date(instant.at.getTime() + (instant.dateOnly ? DAY_MS : 1));
}
