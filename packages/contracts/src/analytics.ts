import { z } from 'zod';
import { IsoDateTimeSchema, KeyedQuerySchema } from './common.js';
import { CurrencySchema } from './channel.js';
import { isStorableText, UNSTORABLE_TEXT_MESSAGE } from './storable-text.js';

/*
 * The analytics service of spec section 7 (`/datalake/...`) and the channel's dashboard
 * (`/api/admin/analytics/...`). The datalake's paths and field names are the spec's; what the spec
 * leaves open (the time a first frame took, which channel a viewing heartbeat belongs to) is
 * optional here, so a client that sends only the spec's fields is still accepted.
 */

/** Spec section 7: the kinds of `POST /datalake/event/`. */
export const DATALAKE_EVENT_KINDS = ['api_request', 'login', 'visit_page'] as const;
export type DatalakeEventKind = (typeof DATALAKE_EVENT_KINDS)[number];

/** `POST /datalake/video/event/` kinds; the spec's default is first_frame. */
export const VIDEO_EVENT_KINDS = [
  'first_frame',
  'play',
  'pause',
  'seek',
  'ended',
  'error',
] as const;
export type VideoEventKind = (typeof VIDEO_EVENT_KINDS)[number];

/** What was watched: a game live or on demand, or a clip. The dashboard's VOD filter is not-live. */
export const STREAM_TYPES = ['live', 'vod', 'clip'] as const;
export type StreamType = (typeof STREAM_TYPES)[number];

export const ANALYTICS_LIMITS = {
  /** Longest stretch one viewing heartbeat may report (a throttled background tab included). */
  viewingMaxSeconds: 3_600,
  /** A first frame slower than this is not a measurement but a tab left loading. */
  firstFrameMaxMs: 600_000,
  extrasMaxKeys: 20,
  textMax: 512,
  urlMax: 2_048,
  /** Longest date range the dashboard answers for. */
  rangeMaxDays: 366,
  /** Bytes one datalake call may carry. */
  bodyMaxBytes: 16_384,
} as const;

/* ANALYTICS_HEARTBEAT_MS (the client's pace) is in constants.ts: the player reads it, zod-free. */
/** A video view counts among "viewers now" this long after its last heartbeat. */
export const VIEWERS_NOW_WINDOW_MS = 75_000;

const text = (max: number = ANALYTICS_LIMITS.textMax) =>
  z.string().max(max).refine(isStorableText, UNSTORABLE_TEXT_MESSAGE);
const optionalText = (max?: number) => text(max).nullish();

/** The channel the client belongs to: its channel key. */
const ProfileSchema = text(128).min(1, 'profile is required');
/** The session hash handed out by GET /datalake/hash/. */
const SessionHashSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be the session hash from /datalake/hash/');
/**
 * The viewer the client says it is. Only a claim: the datalake counts the user its API key is
 * bound to (api_key below), and keeps a claim it cannot verify apart from identities.
 */
const UserIdSchema = z.number().int().positive().max(2_147_483_647).nullish();
/**
 * The caller's API key (not in the spec's list): the one proof of who is reporting. Without it
 * the call is accepted as an anonymous visitor's.
 */
const ReporterKeySchema = text(128).nullish();
const StreamIdSchema = z.number().int().positive().max(2_147_483_647);

/** Spec section 7: every payload gets origin_url and, when present, the outer tracking value. */
const Tracked = {
  origin_url: optionalText(ANALYTICS_LIMITS.urlMax),
  trk: optionalText(256),
};

export const DatalakeHashResponseSchema = z.object({ data: z.string() });

export const DatalakeSessionBodySchema = z.object({
  profile: ProfileSchema,
  session: SessionHashSchema,
  device_type: optionalText(32),
  user_agent: optionalText(),
  resolution: optionalText(32),
  platform: optionalText(64),
  ...Tracked,
});
export type DatalakeSessionBody = z.infer<typeof DatalakeSessionBodySchema>;

export const DatalakeExtrasSchema = z
  .record(text(64), z.union([text(), z.number(), z.boolean(), z.null()]))
  .refine((o) => Object.keys(o).length <= ANALYTICS_LIMITS.extrasMaxKeys, 'too many extras');

export const DatalakeEventBodySchema = z.object({
  profile: ProfileSchema,
  session_uuid: SessionHashSchema,
  user_id: UserIdSchema,
  user_email: optionalText(254),
  api_key: ReporterKeySchema,
  event: z.enum(DATALAKE_EVENT_KINDS),
  extras: DatalakeExtrasSchema.nullish(),
  ...Tracked,
});
export type DatalakeEventBody = z.infer<typeof DatalakeEventBodySchema>;

export const DatalakeVideoEventBodySchema = z.object({
  profile: ProfileSchema,
  session_uuid: SessionHashSchema,
  video_view_uuid: z.uuid(),
  stream_id: StreamIdSchema,
  stream_type: z.enum(STREAM_TYPES),
  event: z.enum(VIDEO_EVENT_KINDS).default('first_frame'),
  user_id: UserIdSchema,
  user_email: optionalText(254),
  api_key: ReporterKeySchema,
  /** first_frame: milliseconds from asking to play to the first frame shown. */
  first_frame_ms: z.number().min(0).max(ANALYTICS_LIMITS.firstFrameMaxMs).nullish(),
  ...Tracked,
});

export const DatalakeViewingBodySchema = z.object({
  /** Seconds played since the view's previous heartbeat. */
  viewing_time: z.number().positive().max(ANALYTICS_LIMITS.viewingMaxSeconds),
  category: optionalText(128),
  sport: optionalText(128),
  gender: optionalText(32),
  school: optionalText(128),
  league: optionalText(128),
  video_view_uuid: z.uuid(),
  stream_id: StreamIdSchema,
  stream_type: z.enum(STREAM_TYPES),
  /**
   * Not in the spec's list: without it the channel is the view's (its earlier video event's),
   * else the one the site serves on origin_url's host.
   */
  profile: ProfileSchema.nullish(),
  session_uuid: SessionHashSchema.nullish(),
  ...Tracked,
});
export type DatalakeViewingBody = z.infer<typeof DatalakeViewingBodySchema>;

export const DatalakeAcceptedSchema = z.object({ status: z.literal('ok') });

/* ---- the channel's dashboard ---- */

const DayString = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)')
  .refine(
    (s) =>
      !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) &&
      s === new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10),
    'must be a real date',
  );

export const ANALYTICS_STREAM_FILTERS = ['all', 'live', 'vod'] as const;
export type AnalyticsStreamFilter = (typeof ANALYTICS_STREAM_FILTERS)[number];

/** Days are the channel's own (its time zone), both ends included. */
export const AnalyticsQuerySchema = KeyedQuerySchema.extend({
  from: DayString,
  to: DayString,
  stream: z.enum(ANALYTICS_STREAM_FILTERS).default('all'),
});

const Named = z.object({ name: z.string(), seconds: z.number() });

export const AnalyticsDashboardSchema = z.object({
  time_zone: z.string(),
  currency: CurrencySchema,
  from: z.string(),
  to: z.string(),
  stream: z.enum(ANALYTICS_STREAM_FILTERS),
  totals: z.object({
    views: z.number().int(),
    unique_viewers: z.number().int(),
    watch_seconds: z.number(),
    visits: z.number().int(),
    logins: z.number().int(),
    signups: z.number().int(),
    /** Time to first frame; null without a measured first frame in the range. */
    first_frame_p50_ms: z.number().nullable(),
    first_frame_p95_ms: z.number().nullable(),
    first_frame_samples: z.number().int(),
  }),
  /** Paid orders placed in the range, per currency (amounts in cents, refunds not counted). */
  revenue: z.array(
    z.object({
      currency: CurrencySchema,
      amount_cents: z.number().int(),
      orders: z.number().int(),
    }),
  ),
  daily: z.array(
    z.object({
      date: z.string(),
      views: z.number().int(),
      unique_viewers: z.number().int(),
      watch_seconds: z.number(),
      visits: z.number().int(),
    }),
  ),
  /** A single day asked for: its hours (the dashboard charts them); empty for a longer range. */
  hourly: z.array(
    z.object({
      hour: IsoDateTimeSchema,
      views: z.number().int(),
      unique_viewers: z.number().int(),
      watch_seconds: z.number(),
      visits: z.number().int(),
    }),
  ),
  watch_time: z.object({
    games: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        seconds: z.number(),
        views: z.number().int(),
      }),
    ),
    teams: z.array(Named.extend({ id: z.number().int() })),
    sports: z.array(Named),
    schools: z.array(Named),
  }),
  top_pages: z.array(z.object({ path: z.string(), visits: z.number().int() })),
});
export type AnalyticsDashboard = z.infer<typeof AnalyticsDashboardSchema>;

export const ViewersNowSchema = z.object({
  live: z.number().int(),
  vod: z.number().int(),
  total: z.number().int(),
  at: IsoDateTimeSchema,
});
export type ViewersNow = z.infer<typeof ViewersNowSchema>;

/** GET /api/admin/me: who is signed in to the console, and their channel. */
export const AdminMeSchema = z.object({
  user: z.object({
    id: z.number().int(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
  }),
  channel: z.object({
    key: z.string(),
    name: z.string(),
    time_zone: z.string(),
    currency: CurrencySchema,
  }),
});
export type AdminMe = z.infer<typeof AdminMeSchema>;
