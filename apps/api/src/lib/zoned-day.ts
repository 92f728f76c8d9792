/**
 * Calendar days of a time zone as UTC instants, with Intl only (no time zone data of our own): a
 * channel's dashboard counts its own days, not UTC's.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

function wallClock(at: Date, timeZone: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(at)) {
    if (part.type !== 'literal') out[part.type] = Number(part.value);
  }
  return out;
}

/** How far the zone's wall clock is ahead of UTC at that instant, in ms. */
function offsetMs(at: Date, timeZone: string): number {
  const c = wallClock(at, timeZone);
  const wall = Date.UTC(
    c.year ?? 0,
    (c.month ?? 1) - 1,
    c.day ?? 1,
    c.hour ?? 0,
    c.minute ?? 0,
    c.second ?? 0,
  );
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}

/** The first instant of a day (YYYY-MM-DD) in the zone. */
export function zonedDayStart(day: string, timeZone: string): Date {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  let at = midnightUtc - offsetMs(new Date(midnightUtc), timeZone);
  // Across a change of offset the first guess is off by the change; the second is right.
  const corrected = midnightUtc - offsetMs(new Date(at), timeZone);
  if (corrected !== at) at = corrected;
  return new Date(at);
}

/** The zone's calendar day (YYYY-MM-DD) of an instant. */
export function zonedDay(at: Date, timeZone: string): string {
  const c = wallClock(at, timeZone);
  const pad = (n: number | undefined) => String(n ?? 0).padStart(2, '0');
  return `${c.year ?? 0}-${pad(c.month)}-${pad(c.day)}`;
}

/** The day after (calendar arithmetic, no zone involved). */
export function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** Whether Intl knows the zone (a channel's setting is text and may be anything). */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/**
 * The instant at which the zone's wall clock reads `local` (YYYY-MM-DDTHH:mm). In a spring-forward
 * gap (a time that never happens) this is the instant an hour later on the clock, the usual
 * reading; in the repeated hour of a fall-back, the first of the two.
 */
export function zonedWallTimeToUtc(local: string, timeZone: string): Date {
  const wall = Date.parse(`${local}:00Z`);
  const first = wall - offsetMs(new Date(wall), timeZone);
  const second = wall - offsetMs(new Date(first), timeZone);
  const real = [first, second].filter((at) => zonedWallTime(new Date(at), timeZone) === local);
  return new Date(real.length > 0 ? Math.min(...real) : Math.max(first, second));
}

/** The zone's wall clock (YYYY-MM-DDTHH:mm) at an instant. */
export function zonedWallTime(at: Date, timeZone: string): string {
  const c = wallClock(at, timeZone);
  const pad = (n: number | undefined) => String(n ?? 0).padStart(2, '0');
  return `${c.year ?? 0}-${pad(c.month)}-${pad(c.day)}T${pad(c.hour)}:${pad(c.minute)}`;
}
