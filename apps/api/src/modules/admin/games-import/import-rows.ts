import {
  ADMIN_IMPORT_LIMITS,
  ADMIN_MESSAGES,
  AdminGameInputSchema,
  FIELD,
  IMPORT_COLUMNS,
  REQUIRED_IMPORT_COLUMNS,
  isTimeZone,
  type AccessType,
  type AdminGameInput,
  type AdminImportPreview,
  type ImportColumn,
  type ImportRow,
} from '@rudy/contracts';
import type { z } from 'zod';
import { zonedWallTimeToUtc } from '../../../lib/zoned-day.js';
import { parseCsv, type CsvRecord } from './csv.js';

type GameInput = z.output<typeof AdminGameInputSchema>;

/** The channel's names an import line may use, lower-cased, and its defaults. */
export interface ImportLookups {
  teams: Map<string, { id: number; name: string }>;
  sports: Map<string, { id: number; name: string }>;
  rinks: Map<string, { id: number; name: string; time_zone: string }>;
  timeZone: string;
}

export const nameKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/** A previewed line and, when it has no errors, the game input it makes. */
export interface CheckedRow extends ImportRow {
  input: GameInput | null;
}
export interface CheckedImport extends Omit<AdminImportPreview, 'rows'> {
  rows: CheckedRow[];
}

const ACCESS: readonly AccessType[] = ['free', 'register', 'paid', 'ppv'];
const DEFAULT_MINUTES = 150;

/** The contract's fields as the file's columns: a refusal shows under the column it came from. */
const COLUMN_OF: Record<string, ImportColumn> = {
  name_en: 'name_en',
  name_fr: 'name_fr',
  starts_at: 'date',
  time_zone: 'time_zone',
  duration_minutes: 'duration',
  home_team_id: 'home_team',
  away_team_id: 'away_team',
  event_category_id: 'sport',
  location_id: 'location',
  access_type: 'access',
  price_cents: 'price',
};

const fileError = (code: string, line: number | null = null, detail: string | null = null) => ({
  code,
  line,
  detail,
});
const failed = (columns: string[], errors: CheckedImport['file_errors']): CheckedImport => ({
  columns,
  file_errors: errors,
  rows: [],
  valid: 0,
  invalid: 0,
});

/** A header cell as a column name: 'Home Team' and 'home_team' are the same column. */
const columnName = (cell: string) =>
  cell
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/**
 * Reads a season file against the channel's teams, sports and rinks: every line with its values,
 * the message code of each refused column, and the game it makes. Nothing here writes; the same
 * check runs for the preview and inside the import's transaction.
 */
export function checkImport(csv: string, lookups: ImportLookups): CheckedImport {
  const parsed = parseCsv(csv, ADMIN_IMPORT_LIMITS.maxRows + 1);
  if (!parsed.ok) return failed([], [fileError(ADMIN_MESSAGES.csvQuote, parsed.line)]);
  const [header, ...records] = parsed.records;
  if (!header) return failed([], [fileError(ADMIN_MESSAGES.csvEmpty)]);
  const columns = header.cells.map(columnName);
  const errors = headerErrors(columns);
  if (errors.length > 0) return failed(columns, errors);
  if (records.length === 0) return failed(columns, [fileError(ADMIN_MESSAGES.csvEmpty)]);
  if (records.length > ADMIN_IMPORT_LIMITS.maxRows)
    return failed(columns, [fileError(ADMIN_MESSAGES.csvTooManyRows)]);

  const seen = new Map<string, number>();
  const rows = records.map((record) => {
    const row = checkRow(record, columns, lookups);
    if (row.game) {
      // The same teams at the same time twice in one file is a copy-paste slip, not two games.
      const key = `${row.input?.home_team_id}|${row.input?.away_team_id}|${row.game.event_utc_ts}`;
      if (seen.has(key)) {
        row.errors.date = ADMIN_MESSAGES.csvDuplicateGame;
        row.game = null;
        row.input = null;
      } else seen.set(key, row.line);
    }
    return row;
  });
  const valid = rows.filter((r) => r.input !== null).length;
  return { columns, file_errors: [], rows, valid, invalid: rows.length - valid };
}

function headerErrors(columns: string[]): CheckedImport['file_errors'] {
  const out: CheckedImport['file_errors'] = [];
  const known = new Set<string>(IMPORT_COLUMNS);
  columns.forEach((c, i) => {
    if (!known.has(c)) out.push(fileError(ADMIN_MESSAGES.csvUnknownColumn, 1, c || `#${i + 1}`));
    else if (columns.indexOf(c) !== i) out.push(fileError(ADMIN_MESSAGES.csvDuplicateColumn, 1, c));
  });
  if (REQUIRED_IMPORT_COLUMNS.some((c) => !columns.includes(c)))
    out.push(fileError(ADMIN_MESSAGES.csvColumns, 1));
  return out;
}

function checkRow(record: CsvRecord, columns: string[], lookups: ImportLookups): CheckedRow {
  const values: Record<string, string> = {};
  columns.forEach((c, i) => (values[c] = (record.cells[i] ?? '').trim()));
  const errors: Record<string, string> = {};
  if (record.cells.length > columns.length) errors.line = ADMIN_MESSAGES.csvRowColumns;
  const v = (c: ImportColumn) => values[c] ?? '';

  const date = checkDate(v('date'));
  if (!date) errors.date = v('date') ? ADMIN_MESSAGES.csvDate : FIELD.required;
  const time = checkTime(v('time'));
  if (!time) errors.time = v('time') ? ADMIN_MESSAGES.csvTime : FIELD.required;

  const team = (c: 'home_team' | 'away_team') => {
    if (!v(c)) errors[c] = FIELD.required;
    const found = v(c) ? lookups.teams.get(nameKey(v(c))) : undefined;
    if (v(c) && !found) errors[c] = ADMIN_MESSAGES.unknownTeam;
    return found;
  };
  const home = team('home_team');
  const away = team('away_team');
  const sport = v('sport') ? lookups.sports.get(nameKey(v('sport'))) : undefined;
  if (v('sport') && !sport) errors.sport = ADMIN_MESSAGES.unknownSport;
  const rink = v('location') ? lookups.rinks.get(nameKey(v('location'))) : undefined;
  if (v('location') && !rink) errors.location = ADMIN_MESSAGES.unknownRink;

  const timeZone = v('time_zone') || rink?.time_zone || lookups.timeZone;
  if (!isTimeZone(timeZone)) errors.time_zone = ADMIN_MESSAGES.timeZone;
  const access = (v('access') || 'free').toLowerCase() as AccessType;
  if (!ACCESS.includes(access)) errors.access = ADMIN_MESSAGES.csvAccess;
  const price = priceCents(v('price'));
  if (price === undefined) errors.price = ADMIN_MESSAGES.csvPrice;
  const duration = v('duration') ? /^\d{1,5}$/.test(v('duration')) : true;
  if (!duration) errors.duration = ADMIN_MESSAGES.csvDuration;

  const input: AdminGameInput = {
    name_en: v('name_en') || `${away?.name ?? v('away_team')} at ${home?.name ?? v('home_team')}`,
    name_fr:
      v('name_fr') || `${away?.name ?? v('away_team')} contre ${home?.name ?? v('home_team')}`,
    starts_at: date && time ? `${date}T${time}` : '',
    time_zone: timeZone,
    duration_minutes: v('duration') ? Number(v('duration')) : DEFAULT_MINUTES,
    home_team_id: home?.id ?? 0,
    away_team_id: away?.id ?? 0,
    event_category_id: sport?.id ?? null,
    location_id: rink?.id ?? null,
    access_type: access,
    // A price only means something while the game is for sale (as the game form does).
    price_cents: access === 'paid' || access === 'ppv' ? (price ?? null) : null,
  };
  const checked = AdminGameInputSchema.safeParse(input);
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      const column = COLUMN_OF[String(issue.path[0])] ?? 'line';
      // The file's own reading said it first (an unknown team is not also "required").
      if (column === 'date' && (errors.date || errors.time)) continue;
      errors[column] ??= issue.message;
    }
  }
  const ok = checked.success && Object.keys(errors).length === 0;
  return {
    line: record.line,
    values,
    errors,
    input: ok ? checked.data : null,
    game: ok
      ? {
          name_en: checked.data.name_en,
          starts_at: checked.data.starts_at,
          time_zone: checked.data.time_zone,
          event_utc_ts: zonedWallTimeToUtc(checked.data.starts_at, timeZone).toISOString(),
          duration_minutes: checked.data.duration_minutes,
          home_team: home?.name ?? '',
          away_team: away?.name ?? '',
          sport: sport?.name ?? null,
          location: rink?.name ?? null,
          access_type: access,
          price_cents: checked.data.price_cents,
        }
      : null,
  };
}

/** YYYY-MM-DD that is a real day of the calendar. */
function checkDate(value: string): string | null {
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const at = new Date(Date.UTC(y, mo - 1, d));
  if (at.getUTCFullYear() !== y || at.getUTCMonth() !== mo - 1 || at.getUTCDate() !== d)
    return null;
  return `${m[1]}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** H:mm or HH:mm on a 24-hour clock. */
function checkTime(value: string): string | null {
  const m = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(value);
  return m ? `${(m[1] ?? '').padStart(2, '0')}:${m[2]}` : null;
}

/** '12.99', '12,99', '$12' as cents; '' as null (no price); anything else undefined (refused). */
function priceCents(value: string): number | null | undefined {
  if (value === '') return null;
  const m = /^\$?\s*(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(value);
  if (!m) return undefined;
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}
