/**
 * The operator console's field messages. Like the spec's (`FIELD` in messages.ts), the shared
 * schemas and the server's own checks carry a code ('admin.hexColour'), never a text: the server
 * sends each refused field's English text (`errors`) and its code (`field_codes`); the console
 * translates the code. This module imports nothing (messages.ts reads it).
 */
export const ADMIN_TEXTS = {
  hexColour: 'Use a colour like #1A2B3C',
  timeZone: 'Unknown time zone',
  localDateTime: 'Use a date and time like 2026-01-31T19:30',
  sameTeams: 'Choose two different teams',
  priceRequired: 'A paid game needs a price',
  priceRange: 'Price must be between 0.50 and 1000.00',
  durationRange: 'Duration must be between 15 and 1440 minutes',
  positionRange: 'Position must be a whole number from 0 to 1000',
  logo: 'The logo must be an https address or a PNG, JPEG, WebP or SVG image under 256 KB',
  // the server's reference checks (another channel's team, a deleted rink)
  unknownTeam: 'Unknown team',
  unknownSport: 'Unknown sport',
  unknownRink: 'Unknown rink',
  unknownSchool: 'Unknown school',
  unknownPreroll: 'Unknown pre-roll',
  // geo rules and pre-roll choice of a game
  countryCode: 'Use two-letter country codes like CA, US',
  countriesRequired: 'Name at least one country',
  countriesMax: 'At most 50 countries',
  prerollRequired: 'Choose a pre-roll',
  // a season's CSV import
  csvDate: 'Use a date like 2026-01-31',
  csvTime: 'Use a time like 19:30',
  csvPrice: 'Use a price like 12.99',
  csvAccess: 'Use free, register, paid or ppv',
  csvDuration: 'Use a whole number of minutes',
  csvColumns: 'The header must name the date, time, home_team and away_team columns',
  csvUnknownColumn: 'Unknown column',
  csvDuplicateColumn: 'A column is named twice',
  csvQuote: 'A quoted value is not closed',
  csvEmpty: 'The file has no games',
  csvTooManyRows: 'At most 1000 games per import',
  csvTooLarge: 'The file is larger than 512 KB',
  csvRowColumns: 'This line has more values than the header has columns',
  csvDuplicateGame: 'The same game is on an earlier line',
  // a series of recurring games
  seriesDate: 'Use a date like 2027-01-31',
  seriesTime: 'Use a time like 19:00',
  seriesWeekdays: 'Choose at least one day of the week',
  seriesEndBeforeStart: 'The last day is before the first',
  seriesNoGames: 'No game falls between these dates on these days',
  seriesTooManyGames: 'At most 100 games in a series',
  // an announcement's segment
  announcementTarget: 'Choose a team or a pass',
} as const;

export type AdminMessageKey = keyof typeof ADMIN_TEXTS;
const PREFIX = 'admin.';

/** The codes, by name: `ADMIN_MESSAGES.hexColour` is 'admin.hexColour'. */
export const ADMIN_MESSAGES = Object.fromEntries(
  Object.keys(ADMIN_TEXTS).map((key) => [key, `${PREFIX}${key}`]),
) as { readonly [K in AdminMessageKey]: `admin.${K}` };

/** The key of an admin message code, or null when the string is not one. */
export function parseAdminCode(code: string): AdminMessageKey | null {
  if (!code.startsWith(PREFIX)) return null;
  const key = code.slice(PREFIX.length);
  return Object.hasOwn(ADMIN_TEXTS, key) ? (key as AdminMessageKey) : null;
}
