/*
 * Time zone arithmetic with Intl only: the API speaks UTC, the viewer reads the venue's local time,
 * and date filters must cover whole local days.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Intl formatters are costly to build and cards ask for the same few thousands of times. */
function cachedFormatter(locale: string, options: Intl.DateTimeFormatOptions) {
  const key = `${locale}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat(locale, options);
    } catch {
      // An unknown zone name from the data must not break the screen: use the viewer's zone.
      formatter = new Intl.DateTimeFormat(locale, { ...options, timeZone: undefined });
    }
    formatters.set(key, formatter);
  }
  return formatter;
}

export function zonedFormatter(
  locale: string,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
) {
  return cachedFormatter(locale, { ...options, timeZone });
}

/** '+hh:mm' or '-hh:mm': the zone's offset from UTC at that instant. */
export function zoneOffset(date: Date, timeZone: string): string {
  const name =
    cachedFormatter('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(date)
      .find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-]\d{2}):?(\d{2})?/.exec(name);
  return match ? `${match[1]}:${match[2] ?? '00'}` : '+00:00';
}

/** The calendar day (YYYY-MM-DD) of an instant in a zone. */
export function dayKeyInZone(date: Date, timeZone: string): string {
  const parts = cachedFormatter('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/**
 * A local wall-clock time as an ISO date-time with the zone's offset, as the API's date filters
 * take it. The offset is read at the guessed instant and once more, which settles DST changes.
 */
export function zonedDateTime(day: string, time: string, timeZone: string): string {
  const wall = Date.parse(`${day}T${time}Z`);
  let offset = zoneOffset(new Date(wall), timeZone);
  offset = zoneOffset(new Date(wall - offsetMinutes(offset) * 60_000), timeZone);
  return `${day}T${time}${offset}`;
}

function offsetMinutes(offset: string) {
  const sign = offset.startsWith('-') ? -1 : 1;
  const [h = '0', m = '0'] = offset.slice(1).split(':');
  return sign * (Number(h) * 60 + Number(m));
}

/*
 * North American zone abbreviations. English Intl already gives EST, PDT...; French Intl only
 * gives 'UTC−5', so French uses the Canadian French names (HNE = heure normale de l'Est).
 */
const FRENCH_ABBREVIATIONS: Readonly<Record<string, string>> = {
  EST: 'HNE',
  EDT: 'HAE',
  CST: 'HNC',
  CDT: 'HAC',
  MST: 'HNR',
  MDT: 'HAR',
  PST: 'HNP',
  PDT: 'HAP',
  AST: 'HNA',
  ADT: 'HAA',
  NST: 'HNT',
  NDT: 'HAT',
  AKST: 'HNAK',
  AKDT: 'HAAK',
  HST: 'HNH',
};

/** Newfoundland has no English abbreviation in Intl; it is named by its offset. */
const NEWFOUNDLAND: Readonly<Record<string, string>> = { '-03:30': 'NST', '-02:30': 'NDT' };

export function zoneAbbreviation(date: Date, timeZone: string, locale: string): string {
  const english =
    timeZone === 'America/St_Johns'
      ? NEWFOUNDLAND[zoneOffset(date, timeZone)]
      : cachedFormatter('en-US', { timeZone, timeZoneName: 'short' })
          .formatToParts(date)
          .find((p) => p.type === 'timeZoneName')?.value;
  const isAbbreviation = english !== undefined && /^[A-Z]{2,5}$/.test(english);
  if (isAbbreviation && !locale.startsWith('fr')) return english;
  if (isAbbreviation && FRENCH_ABBREVIATIONS[english]) return FRENCH_ABBREVIATIONS[english];
  return (
    cachedFormatter(locale, { timeZone, timeZoneName: 'short' })
      .formatToParts(date)
      .find((p) => p.type === 'timeZoneName')?.value ?? ''
  );
}
