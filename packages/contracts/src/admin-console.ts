import { z } from 'zod';
import { CurrencySchema, GenderSchema, THEME_COLOR_NAMES } from './channel.js';
import { fieldsValid, IdSchema, isImageAddress, IsoDateTimeSchema } from './common.js';
import { AccessTypeSchema, type AccessType } from './events.js';
import { ADMIN_MESSAGES } from './admin-messages.js';
import { FIELD as M, lengthCode } from './messages.js';

/*
 * The operator console's calls (/api/admin/...): teams, games and branding. The same schemas
 * validate the console's forms and the server's bodies, so a form never sends what the server
 * refuses. Messages are codes: the spec's field messages where it has one, ADMIN_MESSAGES
 * otherwise (admin-messages.ts); the console translates both.
 */

export { ADMIN_MESSAGES, ADMIN_TEXTS, parseAdminCode } from './admin-messages.js';
export type { AdminMessageKey } from './admin-messages.js';

const maxLength = (n: number) => lengthCode('maxLength', n);

const requiredText = (max: number) => z.string().trim().min(1, M.required).max(max, maxLength(max));
const optionalText = (max: number) => z.string().trim().max(max, maxLength(max));

export const HexColourSchema = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, ADMIN_MESSAGES.hexColour)
  .transform((v) => v.toUpperCase());

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return value.length > 0;
  } catch {
    return false;
  }
}

export const TimeZoneSchema = z
  .string()
  .trim()
  .max(64, maxLength(64))
  .refine(isTimeZone, ADMIN_MESSAGES.timeZone);

/** A wall-clock time in the game's own zone, as an <input type="datetime-local"> gives it. */
export const LocalDateTimeSchema = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d$/, {
    message: ADMIN_MESSAGES.localDateTime,
  });

/** Prices travel in cents; a single game sells for 0.50 to 1000.00 in the channel's currency. */
export const ADMIN_PRICE_CENTS = { min: 50, max: 100_000 } as const;
export const ADMIN_GAME_MINUTES = { min: 15, max: 1440 } as const;

const optionalId = IdSchema.nullable();
const apiKey = { api_key: z.string().optional() };

// ---------------------------------------------------------------- teams

export const AdminTeamInputSchema = z.object({
  name: requiredText(120),
  short_name: requiredText(40),
  color: HexColourSchema,
  participant_group_id: optionalId,
  gender: GenderSchema.nullable(),
  sport: optionalText(60),
  division: optionalText(60),
  league: optionalText(60),
});
export type AdminTeamInput = z.input<typeof AdminTeamInputSchema>;
export const AdminTeamBodySchema = AdminTeamInputSchema.extend(apiKey);

export const AdminTeamSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  short_name: z.string(),
  alias: z.string(),
  color: z.string(),
  logo_url: z.string().nullable(),
  participant_group_id: z.number().int().nullable(),
  gender: GenderSchema.nullable(),
  sport: z.string(),
  division: z.string(),
  league: z.string(),
  games: z.number().int().describe('How many games this team plays in'),
});
export type AdminTeam = z.infer<typeof AdminTeamSchema>;
export const AdminTeamListSchema = z.object({ data: z.array(AdminTeamSchema) });

// ---------------------------------------------------------------- games

/** A game's own fields (a series repeats them on each of its games). */
export const AdminGameFieldsSchema = z.object({
  name_en: requiredText(160),
  name_fr: optionalText(160),
  starts_at: LocalDateTimeSchema,
  time_zone: TimeZoneSchema,
  duration_minutes: z
    .number({ error: ADMIN_MESSAGES.durationRange })
    .int(ADMIN_MESSAGES.durationRange)
    .min(ADMIN_GAME_MINUTES.min, ADMIN_MESSAGES.durationRange)
    .max(ADMIN_GAME_MINUTES.max, ADMIN_MESSAGES.durationRange),
  home_team_id: z.number({ error: M.required }).int().positive(M.required),
  away_team_id: z.number({ error: M.required }).int().positive(M.required),
  event_category_id: optionalId,
  location_id: optionalId,
  access_type: AccessTypeSchema,
  /** The single-game price in cents; required for paid and pay-per-view games. */
  price_cents: z
    .number({ error: ADMIN_MESSAGES.priceRange })
    .int(ADMIN_MESSAGES.priceRange)
    .min(ADMIN_PRICE_CENTS.min, ADMIN_MESSAGES.priceRange)
    .max(ADMIN_PRICE_CENTS.max, ADMIN_MESSAGES.priceRange)
    .nullable(),
});

/** Where a game may be watched: everywhere, only in some countries, or everywhere but some. */
export const GEO_RULES = ['everywhere', 'only', 'except'] as const;
export const GeoRuleSchema = z.enum(GEO_RULES);
export type GeoRule = z.infer<typeof GeoRuleSchema>;
/** Which pre-roll runs before a game: the channel's weighted choice, none, or one chosen. */
export const PREROLL_MODES = ['auto', 'none', 'chosen'] as const;
export const PrerollModeSchema = z.enum(PREROLL_MODES);
export type PrerollMode = z.infer<typeof PrerollModeSchema>;

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
/** An ISO 3166 alpha-2 code the platform knows ('ZZ', 'XX' are not countries). */
export function isCountryCode(code: string): boolean {
  if (!/^[A-Z]{2}$/.test(code)) return false;
  try {
    const name = regionNames.of(code);
    return name !== undefined && name !== code && name !== 'Unknown Region';
  } catch {
    return false;
  }
}
export const CountryCodeSchema = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .refine(isCountryCode, ADMIN_MESSAGES.countryCode);
export const ADMIN_MAX_GEO_COUNTRIES = 50;

/**
 * Geo rules and pre-roll choice: optional, so a caller that sends neither leaves them as they are
 * (a new game: everywhere, the channel's pre-roll choice).
 */
const gameExtras = z.object({
  geo_rule: GeoRuleSchema.optional(),
  geo_countries: z
    .array(CountryCodeSchema)
    .max(ADMIN_MAX_GEO_COUNTRIES, ADMIN_MESSAGES.countriesMax)
    .transform((codes) => [...new Set(codes)].sort())
    .optional(),
  preroll_mode: PrerollModeSchema.optional(),
  preroll_id: optionalId.optional(),
});

/** A game is for sale when its access type says so: then it needs a price. */
export const isForSale = (access: AccessType) => access === 'paid' || access === 'ppv';

type GameShape = z.infer<typeof AdminGameFieldsSchema> & z.infer<typeof gameExtras>;

function withGameRules<T extends z.ZodType<GameShape>>(schema: T) {
  return schema
    .refine((g) => g.home_team_id !== g.away_team_id, {
      path: ['away_team_id'],
      message: ADMIN_MESSAGES.sameTeams,
      when: fieldsValid('home_team_id', 'away_team_id'),
    })
    .refine((g) => !isForSale(g.access_type) || g.price_cents !== null, {
      path: ['price_cents'],
      message: ADMIN_MESSAGES.priceRequired,
      when: fieldsValid('access_type', 'price_cents'),
    })
    .refine((g) => (g.geo_rule ?? 'everywhere') === 'everywhere' || !!g.geo_countries?.length, {
      path: ['geo_countries'],
      message: ADMIN_MESSAGES.countriesRequired,
      when: fieldsValid('geo_rule', 'geo_countries'),
    })
    .refine((g) => g.preroll_mode !== 'chosen' || typeof g.preroll_id === 'number', {
      path: ['preroll_id'],
      message: ADMIN_MESSAGES.prerollRequired,
      when: fieldsValid('preroll_mode', 'preroll_id'),
    });
}

const gameInput = AdminGameFieldsSchema.extend(gameExtras.shape);
export const AdminGameInputSchema = withGameRules(gameInput);
export type AdminGameInput = z.input<typeof AdminGameInputSchema>;
export const AdminGameBodySchema = withGameRules(gameInput.extend(apiKey));

/** Where a game's video stands, as the games list shows it (with the link that fixes it). */
export const ADMIN_GAME_VIDEO_STATES = ['none', 'live', 'processing', 'ready', 'failed'] as const;
export const AdminGameVideoStateSchema = z.enum(ADMIN_GAME_VIDEO_STATES);
export type AdminGameVideoState = z.infer<typeof AdminGameVideoStateSchema>;

export const AdminGameSchema = z.object({
  id: z.number().int(),
  name_en: z.string(),
  name_fr: z.string(),
  starts_at: z.string().describe('Wall-clock start in the game’s time zone (YYYY-MM-DDTHH:mm)'),
  time_zone: z.string(),
  event_utc_ts: IsoDateTimeSchema,
  duration_minutes: z.number().int(),
  home_team_id: z.number().int().nullable(),
  away_team_id: z.number().int().nullable(),
  event_category_id: z.number().int().nullable(),
  location_id: z.number().int().nullable(),
  access_type: AccessTypeSchema,
  price_cents: z.number().int().nullable(),
  currency: CurrencySchema,
  has_orders: z.boolean().describe('Sold at least once: the game can be edited, not deleted'),
  published: z.boolean().describe('False: hidden from viewers (listings, event page, playback)'),
  geo_rule: GeoRuleSchema,
  geo_countries: z.array(z.string()).describe('ISO 3166 alpha-2 codes the rule names'),
  preroll_mode: PrerollModeSchema,
  preroll_id: z.number().int().nullable(),
  video_state: AdminGameVideoStateSchema,
  series_id: z.number().int().nullable().describe('The series the game was made by, if any'),
  series_detached: z
    .boolean()
    .describe('Edited on its own: a change to its series leaves it alone unless asked'),
});
export type AdminGame = z.infer<typeof AdminGameSchema>;

export const AdminGamesQuerySchema = z.object({
  api_key: z.string().optional(),
  lang: z.string().optional(),
  when: z.enum(['upcoming', 'past']).default('upcoming'),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export const AdminGamesPageSchema = z.object({
  data: z.array(AdminGameSchema),
  meta: z.object({ total: z.number().int(), offset: z.number().int(), limit: z.number().int() }),
});
export type AdminGamesPage = z.infer<typeof AdminGamesPageSchema>;

/** Shows a game to viewers again or hides it from them (without deleting it). */
export const AdminGamePublishBodySchema = z.object({
  published: z.boolean(),
  api_key: z.string().optional(),
});

/** What the game form chooses from. */
export const AdminGameOptionsSchema = z.object({
  teams: z.array(z.object({ id: z.number().int(), name: z.string(), short_name: z.string() })),
  categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
  locations: z.array(z.object({ id: z.number().int(), name: z.string(), time_zone: z.string() })),
  prerolls: z
    .array(z.object({ id: z.number().int(), url: z.string(), weight: z.number().int() }))
    .describe('The channel’s pre-rolls a game can be given'),
  time_zone: z.string().describe('The channel’s time zone, the default for a new game'),
  currency: CurrencySchema,
});
export type AdminGameOptions = z.infer<typeof AdminGameOptionsSchema>;

// ---------------------------------------------------------------- branding

const LOGO_MAX_BYTES = 256 * 1024;
export const LogoSchema = z
  .string()
  .max(Math.ceil((LOGO_MAX_BYTES * 4) / 3) + 40, ADMIN_MESSAGES.logo)
  .refine(isImageAddress, ADMIN_MESSAGES.logo);

export const BrandColoursSchema = z.object(
  Object.fromEntries(THEME_COLOR_NAMES.map((name) => [name, HexColourSchema])) as Record<
    (typeof THEME_COLOR_NAMES)[number],
    typeof HexColourSchema
  >,
);

export const AdminBrandingInputSchema = z.object({
  channel_name: requiredText(80),
  logo_url: LogoSchema.nullable(),
  colors: BrandColoursSchema,
  /** The channel's zone (new games, the console's times); left as it is when not sent. */
  time_zone: TimeZoneSchema.optional(),
});
export type AdminBrandingInput = z.input<typeof AdminBrandingInputSchema>;
export const AdminBrandingBodySchema = AdminBrandingInputSchema.extend(apiKey);

export const AdminBrandingSchema = z.object({
  channel_name: z.string(),
  logo_url: z.string().nullable(),
  time_zone: z.string(),
  colors: z.record(z.string(), z.string()),
});
export type AdminBranding = z.infer<typeof AdminBrandingSchema>;

// ---------------------------------------------------------- reference data: sports, rinks, schools

/** How many things point at a reference-data item: while any do, it cannot be deleted. */
const uses = z.number().int().describe('Games, teams, packages or pre-rolls that use it');

export const AdminSportInputSchema = z.object({
  name_en: requiredText(80),
  name_fr: optionalText(80),
  position: z
    .number(ADMIN_MESSAGES.positionRange)
    .int(ADMIN_MESSAGES.positionRange)
    .min(0, ADMIN_MESSAGES.positionRange)
    .max(1000, ADMIN_MESSAGES.positionRange),
});
export type AdminSportInput = z.input<typeof AdminSportInputSchema>;
export const AdminSportBodySchema = AdminSportInputSchema.extend(apiKey);
export const AdminSportSchema = z.object({
  id: z.number().int(),
  alias: z.string(),
  name_en: z.string(),
  name_fr: z.string(),
  position: z.number().int(),
  uses,
});
export type AdminSport = z.infer<typeof AdminSportSchema>;

export const AdminRinkInputSchema = z.object({
  name: requiredText(120),
  address: optionalText(200),
  city: optionalText(80),
  time_zone: TimeZoneSchema,
});
export type AdminRinkInput = z.input<typeof AdminRinkInputSchema>;
export const AdminRinkBodySchema = AdminRinkInputSchema.extend(apiKey);
export const AdminRinkSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  time_zone: z.string(),
  uses,
});
export type AdminRink = z.infer<typeof AdminRinkSchema>;

export const AdminSchoolInputSchema = z.object({ name: requiredText(120) });
export type AdminSchoolInput = z.input<typeof AdminSchoolInputSchema>;
export const AdminSchoolBodySchema = AdminSchoolInputSchema.extend(apiKey);
export const AdminSchoolSchema = z.object({
  id: z.number().int(),
  alias: z.string(),
  name: z.string(),
  uses,
});
export type AdminSchool = z.infer<typeof AdminSchoolSchema>;

export const AdminReferenceDataSchema = z.object({
  sports: z.array(AdminSportSchema),
  rinks: z.array(AdminRinkSchema),
  schools: z.array(AdminSchoolSchema),
});
export type AdminReferenceData = z.infer<typeof AdminReferenceDataSchema>;

// ---------------------------------------------------------------- audit

/** What the console changes, as its audit rows name it. */
export const AUDIT_ENTITIES = [
  'team',
  'game',
  // a series of recurring games (admin-series.ts)
  'series',
  'sport',
  'rink',
  'school',
  'branding',
  // site content (admin-branding-pages.ts)
  'menu_item',
  'page',
  'slide',
  'faq',
  'static_block',
  'site_settings',
  // people (admin-people.ts)
  'viewer',
  'admin',
  'admin_invitation',
  // media (admin-media.ts): uploads, posters, a game's files
  'media',
  // captions (captions.ts): a replay's, a library video's or a clip's WebVTT files
  'caption',
  // key moments (moments.ts): a game's detected or marked moments
  'moment',
  // highlights reels (moments.ts): a reel approved or discarded, the channel's reel setting
  'highlights_reel',
  // commerce (admin-commerce.ts): passes, subscription plans, promo codes, pre-rolls, refunds
  'pass',
  'plan',
  'promo_code',
  'preroll',
  'order',
  // announcements (admin-announcements.ts): an operator's mail to a segment of viewers
  'announcement',
] as const;
export const AuditEntitySchema = z.enum(AUDIT_ENTITIES);
export type AuditEntity = z.infer<typeof AuditEntitySchema>;

const auditValues = z
  .record(z.string(), z.unknown())
  .nullable()
  .describe('The changed fields (all of them for a create or a delete); null on the missing side');

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  at: IsoDateTimeSchema,
  actor: z.string().describe('The admin’s e-mail'),
  action: z.enum(['create', 'update', 'delete']),
  entity: AuditEntitySchema,
  entity_id: z.number().int().nullable(),
  summary: z.string().describe('Which fields changed, from → to'),
  before: auditValues,
  after: auditValues,
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditQuerySchema = z.object({
  api_key: z.string().optional(),
  lang: z.string().optional(),
  entity: AuditEntitySchema.optional().describe('Only the changes of this kind of thing'),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export const AuditListSchema = z.object({
  data: z.array(AuditEntrySchema),
  meta: z.object({ total: z.number().int(), offset: z.number().int(), limit: z.number().int() }),
});
export type AuditList = z.infer<typeof AuditListSchema>;

export const AdminDeletedSchema = z.object({ id: z.number().int(), deleted: z.literal(true) });
