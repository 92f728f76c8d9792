import { z } from 'zod';
import { ADMIN_MESSAGES, AdminGameFieldsSchema, isForSale } from './admin-console.js';
import { fieldsValid } from './common.js';

/*
 * A series of recurring games (/api/admin/series): "every Friday at 19:00 from January to March,
 * home against this opponent". The dates are calendar days in the series' time zone; each game
 * starts at the wall-clock time on its day, so a game after a DST change still starts at 19:00.
 */

/** More than a season's worth of weekly games, fewer than an accident worth undoing by hand. */
export const ADMIN_SERIES_MAX_GAMES = 100;

/** 0 Sunday … 6 Saturday, as Date.getUTCDay counts them. */
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

const DAY = /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** A real calendar day written YYYY-MM-DD (not 2027-02-30). */
export function isCalendarDay(value: string): boolean {
  const m = DAY.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

export const CalendarDaySchema = z
  .string()
  .refine(isCalendarDay, { message: ADMIN_MESSAGES.seriesDate });

/**
 * The days a series has games on, first to last, at most `max + 1` of them (enough to say there
 * are too many without walking a range that runs for centuries).
 */
export function seriesDays(
  first: string,
  last: string,
  weekdays: readonly number[],
  max = ADMIN_SERIES_MAX_GAMES,
): string[] {
  if (!isCalendarDay(first) || !isCalendarDay(last) || last < first) return [];
  const days = new Set(weekdays);
  const out: string[] = [];
  const end = Date.parse(`${last}T00:00:00Z`);
  for (let t = Date.parse(`${first}T00:00:00Z`); t <= end; t += 86_400_000) {
    if (!days.has(new Date(t).getUTCDay())) continue;
    out.push(new Date(t).toISOString().slice(0, 10));
    if (out.length > max) break;
  }
  return out;
}

const seriesFields = AdminGameFieldsSchema.omit({ starts_at: true }).extend({
  weekdays: z
    .array(z.number().int().min(0).max(6), { error: ADMIN_MESSAGES.seriesWeekdays })
    .min(1, ADMIN_MESSAGES.seriesWeekdays)
    .max(7, ADMIN_MESSAGES.seriesWeekdays)
    .transform((days) => [...new Set(days)].sort()),
  start_time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: ADMIN_MESSAGES.seriesTime }),
  first_date: CalendarDaySchema,
  last_date: CalendarDaySchema,
});

type SeriesShape = z.infer<typeof seriesFields>;

function withSeriesRules<T extends z.ZodType<SeriesShape>>(schema: T) {
  const dates = fieldsValid('first_date', 'last_date', 'weekdays');
  return schema
    .refine((s) => s.home_team_id !== s.away_team_id, {
      path: ['away_team_id'],
      message: ADMIN_MESSAGES.sameTeams,
      when: fieldsValid('home_team_id', 'away_team_id'),
    })
    .refine((s) => !isForSale(s.access_type) || s.price_cents !== null, {
      path: ['price_cents'],
      message: ADMIN_MESSAGES.priceRequired,
      when: fieldsValid('access_type', 'price_cents'),
    })
    .refine((s) => s.last_date >= s.first_date, {
      path: ['last_date'],
      message: ADMIN_MESSAGES.seriesEndBeforeStart,
      when: dates,
    })
    .refine(
      (s) =>
        s.last_date < s.first_date || seriesDays(s.first_date, s.last_date, s.weekdays).length > 0,
      { path: ['weekdays'], message: ADMIN_MESSAGES.seriesNoGames, when: dates },
    )
    .refine(
      (s) => seriesDays(s.first_date, s.last_date, s.weekdays).length <= ADMIN_SERIES_MAX_GAMES,
      { path: ['last_date'], message: ADMIN_MESSAGES.seriesTooManyGames, when: dates },
    );
}

export const AdminSeriesInputSchema = withSeriesRules(seriesFields);
export type AdminSeriesInput = z.input<typeof AdminSeriesInputSchema>;
export const AdminSeriesBodySchema = withSeriesRules(
  seriesFields.extend({ api_key: z.string().optional() }),
);

/**
 * A change to a series: the same fields; its games not yet over are moved and changed with it.
 * Games edited on their own are left as they are unless `include_detached` asks otherwise.
 */
export const AdminSeriesUpdateBodySchema = withSeriesRules(
  seriesFields.extend({
    api_key: z.string().optional(),
    include_detached: z.boolean().default(false),
  }),
);

export const AdminSeriesSchema = z.object({
  id: z.number().int(),
  name_en: z.string(),
  name_fr: z.string(),
  weekdays: z.array(z.number().int()),
  start_time: z.string(),
  first_date: z.string(),
  last_date: z.string(),
  time_zone: z.string(),
  duration_minutes: z.number().int(),
  home_team_id: z.number().int(),
  away_team_id: z.number().int(),
  event_category_id: z.number().int().nullable(),
  location_id: z.number().int().nullable(),
  access_type: z.enum(['free', 'register', 'paid', 'ppv']),
  price_cents: z.number().int().nullable(),
  games: z.number().int().describe('Games still linked to the series'),
  detached: z.number().int().describe('Of them, games edited on their own'),
});
export type AdminSeries = z.infer<typeof AdminSeriesSchema>;
export const AdminSeriesListSchema = z.object({ data: z.array(AdminSeriesSchema) });
export type AdminSeriesList = z.infer<typeof AdminSeriesListSchema>;

/** What a change did to the series' games (the console says it after saving or cancelling). */
export const AdminSeriesResultSchema = z.object({
  series: AdminSeriesSchema.nullable(),
  created: z.number().int(),
  updated: z.number().int(),
  deleted: z.number().int(),
  kept: z.number().int().describe('Games left as they are: over, sold, clipped or detached'),
});
export type AdminSeriesResult = z.infer<typeof AdminSeriesResultSchema>;
