import { z } from 'zod';
import { GenderSchema, ParticipantSchema } from './channel.js';
import { KeyedQuerySchema, paginated } from './common.js';
import { EventSchema, EventTypeSchema, StreamStatusSchema } from './events.js';
import { parseIsoInstant, rangeEndExclusive } from './iso-date.js';

/*
 * Query and response shapes of the catalogue calls (events listings, participants). Query names are
 * the spec's (section 3) where it has one; aliases it lists (category_id / event_category_id, team /
 * participant_id, location_id / rink) are accepted side by side.
 */

export const PAGE_LIMIT_MAX = 100;
export const EVENTS_DEFAULT_LIMIT = 20;
export const PARTICIPANTS_DEFAULT_LIMIT = 50;
/** Deep offsets cost a scan of every skipped row; nobody pages this far through one listing. */
export const OFFSET_MAX = 100_000;

export const SortFieldSchema = z.enum(['date', 'name']);
export type SortField = z.infer<typeof SortFieldSchema>;
export const SortDirectionSchema = z.enum(['asc', 'desc']);
export type SortDirection = z.infer<typeof SortDirectionSchema>;

/** An optional id in a query string, with messages that name the parameter. */
export const idParam = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be an integer`)
    .positive(`${name} must be positive`)
    .max(2_147_483_647, `${name} is too large`)
    .optional();

/** An optional trimmed text (1 to 100 characters) in a query string. */
export const textParam = (name: string) =>
  z
    .string({ error: `${name} must be a single text value` })
    .trim()
    .min(1, `${name} must not be empty`)
    .max(100, `${name} must be at most 100 characters`)
    .optional();

const dateParam = (name: string) =>
  z
    .string({ error: `${name} must be a single date` })
    .refine(
      (v) => parseIsoInstant(v) !== null,
      `${name} must be an ISO 8601 date (YYYY-MM-DD) or date-time (YYYY-MM-DDTHH:mm[:ss][Z|±hh:mm])`,
    )
    .optional();

/** offset and limit of a paginated listing (limit ≤ PAGE_LIMIT_MAX, offset ≤ OFFSET_MAX). */
export const pageShape = (defaultLimit: number) => ({
  offset: z.coerce
    .number({ error: 'offset must be a number' })
    .int('offset must be an integer')
    .min(0, 'offset must not be negative')
    .max(OFFSET_MAX, `offset must be at most ${OFFSET_MAX}`)
    .default(0),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be an integer')
    .min(1, 'limit must be at least 1')
    .max(PAGE_LIMIT_MAX, `limit must be at most ${PAGE_LIMIT_MAX}`)
    .default(defaultLimit),
});

const eventPageShape = {
  ...pageShape(EVENTS_DEFAULT_LIMIT),
  sort_field: SortFieldSchema.default('date').describe('date: start time; name: event name'),
  sort_direction: SortDirectionSchema.default('asc'),
};

const timeShape = {
  stream_status: StreamStatusSchema.optional().describe('live: on now; vod: finished'),
  type: EventTypeSchema.optional(),
  start_date: dateParam('start_date').describe(
    'Events starting at or after (a date: from 00:00 UTC)',
  ),
  end_date: dateParam('end_date').describe(
    'Events starting at or before (a date: the whole UTC day)',
  ),
};

const eventFilterShape = {
  category_id: idParam('category_id').describe('Event category (sport) id'),
  event_category_id: idParam('event_category_id').describe('Same as category_id'),
  team: idParam('team').describe('Participant (team) id'),
  participant_id: idParam('participant_id').describe('Same as team'),
  group: idParam('group').describe('Participant group (school) id'),
  sport: textParam('sport').describe(
    "A team's sport property, as listed by /participant-group-properties",
  ),
  league: textParam('league'),
  division: textParam('division'),
  gender: GenderSchema.optional(),
  location_id: idParam('location_id'),
  rink: idParam('rink').describe('Same as location_id'),
  search: textParam('search').describe("Words (or word starts) of the event's or a team's name"),
};

type Refinable = Partial<
  Record<'start_date' | 'end_date' | keyof typeof eventFilterShape, string | number>
>;

const ALIASES = [
  ['category_id', 'event_category_id'],
  ['team', 'participant_id'],
  ['location_id', 'rink'],
] as const;

/** Cross-field rules: a range must not end before it starts; an alias must agree with its name. */
function checkEventQuery(q: Refinable, ctx: z.RefinementCtx) {
  const start = typeof q.start_date === 'string' ? parseIsoInstant(q.start_date) : null;
  const end = typeof q.end_date === 'string' ? parseIsoInstant(q.end_date) : null;
  if (start && end && rangeEndExclusive(end) <= start.at) {
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'end_date is before start_date' });
  }
  for (const [name, alias] of ALIASES) {
    if (q[name] !== undefined && q[alias] !== undefined && q[name] !== q[alias]) {
      ctx.addIssue({ code: 'custom', path: [alias], message: `${alias} contradicts ${name}` });
    }
  }
}

/** GET /events and GET /events/with_clip. */
export const EventsQuerySchema = KeyedQuerySchema.extend({
  ...eventFilterShape,
  ...timeShape,
  ...eventPageShape,
}).superRefine(checkEventQuery);
export type EventsQuery = z.infer<typeof EventsQuerySchema>;

/** GET /events/favorite: the spec's parameters, over the events of the user's favourites. */
export const FavoriteEventsQuerySchema = KeyedQuerySchema.extend({
  ...timeShape,
  ...eventPageShape,
}).superRefine(checkEventQuery);
export type FavoriteEventsQuery = z.infer<typeof FavoriteEventsQuerySchema>;

export const EventsPageSchema = paginated(EventSchema);
export type EventsPage = z.infer<typeof EventsPageSchema>;

// In a module without schemas: the web app's listings import them, and a constant of this module
// would keep every schema here (and zod) in their chunks.
export { EVENTS_PAGE_SIZE, LISTING_QUERY, type ListingKind } from './listing.js';

/** GET /participants. */
export const ParticipantsQuerySchema = KeyedQuerySchema.extend({
  no_limit: z
    .stringbool({ error: 'no_limit must be 1 or 0' })
    .optional()
    .describe('1: every matching participant in one page (offset and limit are ignored)'),
  group: idParam('group').describe('Participant group (school) id'),
  sport: textParam('sport'),
  league: textParam('league'),
  division: textParam('division'),
  gender: GenderSchema.optional(),
  search: textParam('search').describe('Words (or word starts) of the name or short name'),
  ...pageShape(PARTICIPANTS_DEFAULT_LIMIT),
});
export type ParticipantsQuery = z.infer<typeof ParticipantsQuerySchema>;

export const ParticipantsPageSchema = paginated(ParticipantSchema);
export type ParticipantsPage = z.infer<typeof ParticipantsPageSchema>;
