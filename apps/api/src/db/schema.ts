import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { FavoritableType, LiveStreamMeasure } from '@rudy/contracts';

/** Row types of the tables, as Kysely sees them. Mirrors migrations/. */

export type I18nText = Partial<Record<'en' | 'fr', string>>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type I18n = JSONColumnType<I18nText, I18nText | string, I18nText | string>;

export interface ChannelsTable {
  id: Generated<number>;
  key: string;
  name: string;
  hosts: ColumnType<string[], string[] | undefined, string[]>;
  /** e.g. https://watch.league.example; null: PUBLIC_URL. */
  public_origin: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
}

export interface UsersTable {
  id: Generated<number>;
  channel_id: number;
  email: string;
  first_name: string;
  last_name: string;
  password_hash: string | null;
  newsletter: Generated<boolean>;
  email_verified_at: Date | null;
  trial_period_used: Generated<boolean>;
  temporary_password: Generated<boolean>;
  language: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** 0010-analytics: 'admin' opens /admin for this user's channel. */
  role: Generated<'viewer' | 'admin'>;
  /** 0020-people: set while the console blocks the user; none of their keys resolves. */
  blocked_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface ApiKeysTable {
  id: Generated<string>;
  channel_id: number;
  key_hash: Buffer;
  user_id: number | null;
  expires_at: Timestamp;
  revoked_at: Date | null;
  created_at: Timestamp;
}

export interface SettingsTable {
  channel_id: number;
  data: JSONColumnType<Record<string, unknown>>;
}

export interface MenusTable {
  id: Generated<number>;
  channel_id: number;
  title: I18n;
  url: string;
  location: 'header' | 'footer';
  position: Generated<number>;
  is_external: Generated<boolean>;
}

export interface PagesTable {
  id: Generated<number>;
  channel_id: number;
  url: string;
  kind: Generated<string>;
  name: I18n;
  content: I18n;
  position: Generated<number>;
  show_in_footer: Generated<boolean>;
  updated_at: Timestamp;
}

export interface SlidesTable {
  id: Generated<number>;
  channel_id: number;
  client_interface: Generated<string>;
  slidable_type: 'category' | 'participant' | 'group' | 'main';
  slidable_id: number | null;
  title: I18n;
  subtitle: JSONColumnType<I18nText | null, string | null, string | null>;
  image_url: string;
  link_url: string | null;
  position: Generated<number>;
}

export interface ColorSettingsTable {
  id: Generated<number>;
  channel_id: number;
  client_interface: Generated<string>;
  name: string;
  value: string;
}

export interface FaqTable {
  id: Generated<number>;
  channel_id: number;
  question: I18n;
  answer: I18n;
  position: Generated<number>;
}

export interface StaticBlocksTable {
  id: Generated<number>;
  channel_id: number;
  alias: string;
  title: I18n;
  content: I18n;
}

export interface EventCategoriesTable {
  id: Generated<number>;
  channel_id: number;
  name: I18n;
  alias: string;
  image_url: string | null;
  position: Generated<number>;
}

export interface LocationsTable {
  id: Generated<number>;
  channel_id: number;
  name: string;
  address: string | null;
  city: string | null;
  time_zone: string;
}

export interface ParticipantGroupsTable {
  id: Generated<number>;
  channel_id: number;
  name: string;
  alias: string;
  image_url: string | null;
}

export interface ParticipantGroupPropertiesTable {
  id: Generated<number>;
  channel_id: number;
  name: 'gender' | 'sport' | 'division' | 'league';
  label: I18n;
  values: string[];
}

export interface ParticipantsTable {
  id: Generated<number>;
  channel_id: number;
  name: string;
  short_name: string;
  alias: string;
  logo_url: string | null;
  color: Generated<string>;
  parent_id: number | null;
  participant_group_id: number | null;
  gender: 'men' | 'women' | 'not identified' | null;
  sport: string | null;
  division: string | null;
  league: string | null;
}

export interface EventsTable {
  id: Generated<number>;
  channel_id: number;
  name: I18n;
  description: JSONColumnType<I18nText | null, string | null, string | null>;
  event_category_id: number | null;
  location_id: number | null;
  event_utc_ts: Timestamp;
  duration_minutes: Generated<number>;
  time_zone: string;
  access_type: Generated<'free' | 'paid' | 'register' | 'ppv'>;
  home_participant_id: number | null;
  image_url: string | null;
  single_event_package_id: number | null;
  geo_allowed_countries: string[] | null;
  geo_blocked_countries: string[] | null;
  created_at: Timestamp;
  /** 0016: false hides the game from viewers (listings, event page, playback); the console sees it. */
  published: Generated<boolean>;
  /** 0022: the channel's weighted pre-roll choice ('auto'), none, or `preroll_id` ('chosen'). */
  preroll_mode: Generated<'auto' | 'none' | 'chosen'>;
  preroll_id: number | null;
  /** 0037: grows (by trigger) each time the game moves; calendar feeds carry it as SEQUENCE. */
  schedule_sequence: Generated<number>;
  schedule_updated_at: Generated<Date>;
  /** 0050: the series that made the game; detached once the game was edited on its own. */
  series_id: number | null;
  /** 0050: the series' day (YYYY-MM-DD in its zone) this game was made for. */
  series_day: string | null;
  series_detached: Generated<boolean>;
}

/** 0050: a season's recurring games (weekdays at a wall-clock time between two dates). */
export interface GameSeriesTable {
  id: Generated<number>;
  channel_id: number;
  name: I18n;
  /** 0 Sunday … 6 Saturday, in the series' time zone. */
  weekdays: number[];
  /** HH:mm, wall clock in `time_zone`. */
  start_time: string;
  /** 'YYYY-MM-DD', calendar days in `time_zone` (text: no driver shifts it into a zone). */
  first_date: string;
  last_date: string;
  time_zone: string;
  duration_minutes: number;
  home_team_id: number;
  away_team_id: number;
  event_category_id: number | null;
  location_id: number | null;
  access_type: 'free' | 'paid' | 'register' | 'ppv';
  price_cents: number | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** 0022: a season CSV imported once under the console's import id, and the games it made. */
export interface GameImportsTable {
  channel_id: number;
  import_id: string;
  csv_sha256: Buffer;
  event_ids: number[];
  created_by: number | null;
  created_at: Generated<Date>;
}

export interface EventParticipantsTable {
  channel_id: number;
  event_id: number;
  participant_id: number;
  is_home: Generated<boolean>;
}

export interface EventMediaTable {
  id: Generated<number>;
  channel_id: number;
  event_id: number;
  kind: number;
  url: string | null;
  storage_key: string | null;
  status: Generated<'pending' | 'processing' | 'ready' | 'live' | 'ended' | 'error'>;
  started_at: Date | null;
  ended_at: Date | null;
  meta: Generated<unknown>;
  created_at: Timestamp;
  /** Live encoder lease (0004-media): which worker encodes this game, and until when. */
  lease_owner: string | null;
  lease_until: Date | null;
  updated_at: Timestamp;
}

export interface PackagesTable {
  id: Generated<number>;
  channel_id: number;
  name: I18n;
  description: JSONColumnType<I18nText | null, string | null, string | null>;
  base_price_cents: number;
  service_fee_cents: Generated<number>;
  currency: 'USD' | 'CAD';
  image_url: string | null;
  scope: Generated<'single' | 'category'>;
  is_team_pass: Generated<boolean>;
  pass_type: Generated<'regular' | 'addon'>;
  accesses: ColumnType<string[], string[] | undefined, string[]>;
  feature_counts: Generated<unknown>;
  event_id: number | null;
  is_basic: Generated<boolean>;
  disabled: Generated<boolean>;
  position: Generated<number>;
}

export interface PackageEventCategoriesTable {
  channel_id: number;
  package_id: number;
  event_category_id: number;
}

export interface PackageParticipantsTable {
  channel_id: number;
  package_id: number;
  participant_id: number;
}

export interface SubscriptionsTable {
  id: Generated<number>;
  channel_id: number;
  name: I18n;
  description: JSONColumnType<I18nText | null, string | null, string | null>;
  base_price_cents: number;
  service_fee_cents: Generated<number>;
  currency: 'USD' | 'CAD';
  image_url: string | null;
  period: 'annual' | 'month';
  trial_period_days: Generated<number>;
  accesses: ColumnType<string[], string[] | undefined, string[]>;
  feature_counts: Generated<unknown>;
  disabled: Generated<boolean>;
  position: Generated<number>;
}

export interface PrerollsTable {
  id: Generated<number>;
  channel_id: number;
  url: string;
  location_id: number | null;
  event_categories: ColumnType<number[], number[] | undefined, number[]>;
  for_vod: Generated<boolean>;
  for_live: Generated<boolean>;
  weight: Generated<number>;
  suppression_ms: number | null;
  /** 0021: switched off by the operator (kept, never chosen). */
  disabled: Generated<boolean>;
  /** 0025: the clip's length when known (probed when we render it); null: unknown. */
  duration_seconds: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface CustomFormsTable {
  id: Generated<number>;
  channel_id: number;
  alias: string;
  definition: JSONColumnType<Record<string, unknown>>;
  enabled: Generated<boolean>;
}

export interface AppSecretsTable {
  name: string;
  value: string;
  created_at: Timestamp;
}

export interface MailOutboxTable {
  id: Generated<number>;
  channel_id: number | null;
  to_address: string;
  subject: string;
  html: string;
  text_body: string;
  created_at: Timestamp;
  /** 0036: extra headers (List-Unsubscribe...), as SMTP would carry them. */
  headers: ColumnType<Record<string, string> | null, string | null | undefined, string | null>;
}

export interface AuthCodesTable {
  id: Generated<number>;
  channel_id: number;
  user_id: number;
  api_key_id: string;
  code_hash: Buffer;
  expires_at: Timestamp;
  used_at: Date | null;
}

export interface OauthStatesTable {
  id: Generated<number>;
  channel_id: number;
  api_key_id: string;
  provider: string;
  state: string;
  browser_binding_hash: Buffer;
  code_verifier: string;
  nonce: string;
  return_to: string | null;
  expires_at: Timestamp;
  used_at: Date | null;
}

export interface UserIdentitiesTable {
  id: Generated<number>;
  channel_id: number;
  user_id: number;
  provider: string;
  subject: string;
  created_at: Timestamp;
}

export interface OrdersTable {
  id: Generated<number>;
  channel_id: number;
  user_id: number | null;
  type: 'event' | 'package' | 'subscription';
  product_id: number;
  status: Generated<'created' | 'failed' | 'paid' | 'refunded'>;
  activity_status: Generated<'active' | 'inactive' | 'expired' | 'canceled'>;
  renewal: 'active' | 'cancelled' | null;
  amount_cents: number;
  currency: 'USD' | 'CAD';
  provider: string;
  provider_ref: string | null;
  idempotency_key: string;
  period_end: Date | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** 0005-commerce */
  kind: Generated<'purchase' | 'new_subscription' | 'subscription_renewal'>;
  user_subscription_id: number | null;
  promo_code_id: number | null;
  discount_cents: Generated<number>;
  payment_method_ref: string | null;
  card_brand: string | null;
  card_last4: string | null;
  failure_code: string | null;
  period_start: Date | null;
  fulfilled_at: Date | null;
  /** 0006-commerce-safety: what a checkout order buys (`package:3+7`); one open order per key. */
  product_key: ColumnType<string | null, string | null | undefined, string | null>;
}

export type ProductType = 'package' | 'subscription';

export interface OrderItemsTable {
  id: Generated<number>;
  channel_id: number;
  order_id: number;
  item_type: 'event' | 'package' | 'subscription' | 'additional';
  product_type: ProductType;
  product_id: number;
  amount_cents: number;
  /** 0048: the service fee inside amount_cents. */
  fee_cents: Generated<number>;
}

export interface PromoCodesTable {
  id: Generated<number>;
  channel_id: number;
  code: string;
  kind: 'percent' | 'amount';
  percent_off: number | null;
  amount_off_cents: number | null;
  product_type: ProductType | null;
  product_ids: ColumnType<number[], number[] | undefined, number[]>;
  expires_at: Date | null;
  max_redemptions: number | null;
  redemptions: Generated<number>;
  disabled: Generated<boolean>;
  created_at: Timestamp;
}

export interface PromoRedemptionsTable {
  id: Generated<number>;
  channel_id: number;
  promo_code_id: number;
  user_id: number;
  order_id: number;
  created_at: Timestamp;
}

export interface PaymentCustomersTable {
  channel_id: number;
  user_id: number;
  provider: string;
  customer_ref: string;
  created_at: Timestamp;
}

export interface UserSubscriptionsTable {
  id: Generated<number>;
  channel_id: number;
  user_id: number;
  subscription_id: number;
  provider: string;
  provider_ref: string | null;
  payment_method_ref: string | null;
  status: Generated<'incomplete' | 'trialing' | 'active' | 'past_due' | 'canceled' | 'expired'>;
  renewal: Generated<'active' | 'cancelled'>;
  current_period_end: Date | null;
  trial_end: Date | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PaymentEventsTable {
  provider: string;
  event_id: string;
  type: string;
  received_at: Timestamp;
}

export interface SandboxCardsTable {
  id: string;
  channel_id: number;
  user_id: number;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  behavior: string;
  created_at: Timestamp;
  /** 0006: derived from the number, as Stripe's card.fingerprint (one trial per card). */
  fingerprint: ColumnType<string | null, string | null | undefined, string | null>;
}

/** 0006: who got a free trial, by email hash and card fingerprint, per channel. */
export interface TrialClaimsTable {
  channel_id: number;
  kind: 'email' | 'card';
  value: string;
  user_id: number | null;
  created_at: Generated<Date>;
}

export interface SandboxPaymentsTable {
  id: string;
  channel_id: number;
  idempotency_key: string;
  amount_cents: number;
  currency: string;
  card_id: string | null;
  brand: string | null;
  last4: string | null;
  status: 'requires_action' | 'processing' | 'succeeded' | 'failed' | 'refunded';
  outcome: 'succeeded' | 'failed';
  failure_code: string | null;
  settle_at: Date | null;
  metadata: JSONColumnType<Record<string, string>>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SandboxSubscriptionsTable {
  id: string;
  channel_id: number;
  card_id: string;
  amount_cents: number;
  currency: string;
  period: 'month' | 'annual';
  status: 'trialing' | 'active' | 'past_due' | 'canceled';
  cancel_at_period_end: Generated<boolean>;
  current_period_end: Timestamp;
  metadata: JSONColumnType<Record<string, string>>;
  created_at: Timestamp;
}

export interface SandboxEventsTable {
  id: Generated<string>;
  channel_id: number;
  type: string;
  payload: JSONColumnType<Record<string, unknown>>;
  created_at: Timestamp;
  delivered_at: Date | null;
}

export interface CustomFormEntriesTable {
  id: Generated<number>;
  channel_id: number;
  custom_form_id: number;
  user_id: number;
  name: string;
  value: string;
  created_at: Timestamp;
}

export interface FavoritesTable {
  id: Generated<number>;
  channel_id: number;
  user_id: number;
  /** 0023 adds a game ('favorite_event') and a rink ('event_location'). */
  favoritable_type: FavoritableType;
  favoritable_id: number;
  created_at: Timestamp;
}

export interface ClipsTable {
  id: Generated<number>;
  channel_id: number;
  user_id: number | null;
  event_id: number;
  event_media_id: number | null;
  share_uuid: string;
  name: string;
  /** numeric(10, 3): the driver returns it as a string. */
  start_time: ColumnType<string, string | number, string | number>;
  duration: ColumnType<string, string | number, string | number>;
  tags: ColumnType<string[], string[] | undefined, string[]>;
  status: Generated<'processing' | 'success' | 'error'>;
  storage_key: string | null;
  created_at: Timestamp;
  /** 0008: the rendition playlist the clip is cut from, and whether it has sound. */
  source_key: ColumnType<string | null, string | null | undefined, string | null>;
  has_audio: Generated<boolean>;
  error: ColumnType<string | null, string | null | undefined, string | null>;
  ready_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  size_bytes: ColumnType<string | null, number | null | undefined, number | null>;
}

export interface PrerollViewsTable {
  channel_id: number;
  /** 'u:<user id>' for a signed-in viewer, 'k:<api key id>' for an anonymous one. */
  viewer: string;
  event_id: number;
  preroll_id: number;
  suppressed_until: Timestamp;
}

export interface MediaDownloadsTable {
  id: Generated<number>;
  channel_id: number;
  user_id: number;
  event_id: number;
  created_at: Timestamp;
}

/** 0010-analytics: every accepted datalake call (partitioned by day of arrival). */
export interface AnalyticsRawTable {
  received_at: Date;
  channel_id: number;
  /** 1 session, 2 event, 3 video event, 4 viewing (see analytics/datalake-rows.ts). */
  kind: number;
  name: string | null;
  session_uuid: string | null;
  video_view_uuid: string | null;
  user_id: number | null;
  stream_id: number | null;
  stream_type: string | null;
  value: number | null;
  data: JSONColumnType<Record<string, unknown>>;
}

export interface AnalyticsViewsHourlyTable {
  channel_id: number;
  hour: Date;
  stream_type: string;
  stream_id: number;
  views: number;
}

export interface AnalyticsWatchHourlyTable {
  channel_id: number;
  hour: Date;
  stream_type: string;
  stream_id: number;
  category: string;
  sport: string;
  school: string;
  seconds: number;
}

export interface AnalyticsFirstFrameHourlyTable {
  channel_id: number;
  hour: Date;
  stream_type: string;
  bucket: number;
  samples: number;
}

export interface AnalyticsViewersHourlyTable {
  channel_id: number;
  hour: Date;
  stream_type: string;
  sketch: Buffer;
}

export interface AnalyticsEventsHourlyTable {
  channel_id: number;
  hour: Date;
  name: string;
  count: number;
}

export interface AnalyticsPagesHourlyTable {
  channel_id: number;
  hour: Date;
  path: string;
  visits: number;
}

/** Days (YYYY-MM-DD) of the channel's time zone. */
type Day = ColumnType<string, string, string>;

export interface AnalyticsDailyStreamsTable {
  channel_id: number;
  day: Day;
  stream_type: string;
  stream_id: number;
  views: number;
  seconds: number;
}

export interface AnalyticsDailyDimsTable {
  channel_id: number;
  day: Day;
  stream_type: string;
  dim: 'category' | 'sport' | 'school';
  value: string;
  seconds: number;
}

export interface AnalyticsDailyFirstFramesTable {
  channel_id: number;
  day: Day;
  stream_type: string;
  bucket: number;
  samples: number;
}

export interface AnalyticsDailyViewersTable {
  channel_id: number;
  day: Day;
  stream_type: string;
  sketch: Buffer;
}

export interface AnalyticsDailyEventsTable {
  channel_id: number;
  day: Day;
  name: string;
  count: number;
}

export interface AnalyticsDailyPagesTable {
  channel_id: number;
  day: Day;
  path: string;
  visits: number;
}

export interface AnalyticsPresenceTable {
  channel_id: number;
  video_view_uuid: string;
  stream_type: string;
  stream_id: number;
  last_seen: Date;
}

/** 0009: the VOD library. */
export interface VodMediaCategoriesTable {
  id: Generated<number>;
  channel_id: number;
  alias: string;
  name: I18n;
  position: Generated<number>;
}

export type VodMediaStatus = 'pending' | 'processing' | 'ready' | 'error';

export interface VodMediaItemsTable {
  id: Generated<number>;
  channel_id: number;
  category_id: number | null;
  public_id: Generated<string>;
  title: I18n;
  description: JSONColumnType<I18nText | null, string | null | undefined, string | null>;
  published_at: Timestamp;
  /** numeric(10, 3): the driver returns it as a string. */
  duration_seconds: ColumnType<string | null, number | null | undefined, number | null>;
  requires_access: Generated<boolean>;
  status: Generated<VodMediaStatus>;
  /** The master playlist, once packaged. */
  storage_key: string | null;
  meta: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Generated from title and description (search); never written. */
  search_text: ColumnType<string, never, never>;
  search_doc: ColumnType<string, never, never>;
}

export interface VodMediaAssetsTable {
  id: Generated<number>;
  channel_id: number;
  item_id: number;
  kind: number;
  storage_key: string | null;
  url: string | null;
  meta: ColumnType<Record<string, unknown>, string | undefined, string>;
}

export interface VodMediaRailsTable {
  id: Generated<number>;
  channel_id: number;
  title: I18n;
  position: Generated<number>;
}

/** 0012: the operator console's changes, written with each change (append-only). */
export interface AdminAuditLogTable {
  id: Generated<string>;
  channel_id: number;
  actor_user_id: number | null;
  actor_email: string;
  action: 'create' | 'update' | 'delete';
  entity: string;
  entity_id: number | null;
  before: JSONColumnType<Record<string, unknown> | null, string | null, string | null>;
  after: JSONColumnType<Record<string, unknown> | null, string | null, string | null>;
  created_at: Timestamp;
}

/** 0011: the words of a channel's library, for typo corrections (kept by a trigger). */
export interface VodSearchWordsTable {
  channel_id: number;
  word: string;
}

export interface VodMediaRailItemsTable {
  rail_id: number;
  item_id: number;
  channel_id: number;
  position: Generated<number>;
}

export interface WorkerHeartbeatsTable {
  worker_id: string;
  host: string;
  pid: number;
  started_at: Generated<Date>;
  beat_at: Generated<Date>;
}

/** A game's RTMP stream key (its SHA-256) and the stream's last seen state (0018-live-ingest). */
export interface LiveIngestTable {
  event_id: number;
  channel_id: number;
  key_hash: Buffer;
  key_created_at: Generated<Date>;
  online_since: Date | null;
  bitrate_kbps: number | null;
  seen_at: Date | null;
  /** 0024: the last drop or refusal of its publisher (a LiveDropReason) and when. */
  last_drop_reason: string | null;
  last_drop_at: Date | null;
  /** 0042: the stream's measured health while live (a LiveStreamMeasure), null off air. */
  stream_health: JSONColumnType<LiveStreamMeasure | null, string | null | undefined, string | null>;
}

/** 0019: the console's resumable uploads, then the transcode job of each (issue 17). */
export interface MediaUploadsTable {
  id: Generated<string>;
  channel_id: number;
  event_id: number | null;
  vod_item_id: number | null;
  file_name: string;
  content_type: string;
  /** bigint: the driver returns it as a string. */
  size_bytes: ColumnType<string, number, number>;
  offset_bytes: ColumnType<string, number | undefined, number>;
  status: Generated<'uploading' | 'queued' | 'processing' | 'ready' | 'error' | 'expired'>;
  progress: Generated<number>;
  error: string | null;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MediaJobLeasesTable {
  job_id: string;
  queue: string;
  owner: string;
  started_at: Generated<Date>;
  beat_at: Generated<Date>;
  lease_until: Date;
}

/** 0020-people: an invitation to become the channel's admin (single use, expiring). */
export interface AdminInvitationsTable {
  id: Generated<number>;
  channel_id: number;
  email: string;
  token_hash: Buffer;
  invited_by_email: string;
  created_at: Timestamp;
  expires_at: Date;
  accepted_at: Date | null;
  accepted_by: number | null;
  withdrawn_at: Date | null;
}

/** 0030: a subject's WebVTT captions, one per language (issue 31). */
export interface CaptionsTable {
  id: Generated<number>;
  channel_id: number;
  subject: 'event' | 'vod' | 'clip';
  subject_id: number;
  lang: 'en' | 'fr';
  storage_key: string;
  size_bytes: number;
  cue_count: number;
  duration_seconds: number;
  updated_by: number | null;
  updated_at: Timestamp;
}

/** 0036, 0046 (issue 33): a viewer's alert choices, per kind and channel; no row: the defaults. */
export interface NotificationSettingsTable {
  user_id: number;
  channel_id: number;
  live_email: Generated<boolean>;
  tomorrow_email: Generated<boolean>;
  live_push: Generated<boolean>;
  tomorrow_push: Generated<boolean>;
  updated_at: Generated<Date>;
}

/** 0046: a browser's Web Push subscription, bound to a signed-in viewer. */
export interface PushSubscriptionsTable {
  id: Generated<string>;
  channel_id: number;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: Generated<Date>;
}

/** 0046: one alert's delivery to one push subscription. */
export interface FanAlertPushesTable {
  alert_id: string;
  subscription_id: string;
  status: Generated<'pending' | 'sent' | 'failed' | 'skipped'>;
  attempts: Generated<number>;
  next_attempt_at: Generated<Date>;
  last_status: number | null;
  sent_at: Date | null;
}

export type FanAlertKind = 'live' | 'tomorrow';

export interface FanAlertGamesTable {
  event_id: number;
  kind: FanAlertKind;
  channel_id: number;
  planned_at: Generated<Date>;
}

export interface FanAlertsTable {
  id: Generated<string>;
  channel_id: number;
  user_id: number;
  event_id: number;
  kind: FanAlertKind;
  follows: string[];
  status: Generated<'pending' | 'sent' | 'skipped'>;
  created_at: Generated<Date>;
  sent_at: Date | null;
}

export type PurchaseMailKind =
  'receipt' | 'trial_reminder' | 'payment_failed' | 'cancellation' | 'refund';

/** 0048: a mail owed to a paying viewer, sent once by the purchase-mail job. */
export interface PurchaseMailsTable {
  id: Generated<string>;
  channel_id: number;
  user_id: number;
  kind: PurchaseMailKind;
  dedupe_key: string;
  order_id: number | null;
  user_subscription_id: number | null;
  status: Generated<'pending' | 'sent' | 'skipped'>;
  created_at: Generated<Date>;
  sent_at: Date | null;
}

/** 0052 (issue 35): a game's key moments, detected from the crowd or marked by the operator. */
export interface MomentsTable {
  id: Generated<number>;
  channel_id: number;
  event_id: number;
  at_seconds: number;
  kind: 'detected' | 'marked';
  label: string | null;
  confidence: number;
  created_by: number | null;
  created_at: Generated<Date>;
  updated_by: number | null;
  updated_at: Generated<Date>;
  removed_at: Date | null;
}

/** 0052: the video of a game the moment detector last ran on. */
export interface MomentDetectionsTable {
  event_id: number;
  channel_id: number;
  video_updated_at: Date;
  audio_seconds: number;
  found: number;
  detected_at: Generated<Date>;
}

export interface Database {
  purchase_mails: PurchaseMailsTable;
  moments: MomentsTable;
  moment_detections: MomentDetectionsTable;
  captions: CaptionsTable;
  notification_settings: NotificationSettingsTable;
  fan_alert_games: FanAlertGamesTable;
  fan_alerts: FanAlertsTable;
  push_subscriptions: PushSubscriptionsTable;
  fan_alert_pushes: FanAlertPushesTable;
  game_imports: GameImportsTable;
  admin_invitations: AdminInvitationsTable;
  live_ingest: LiveIngestTable;
  worker_heartbeats: WorkerHeartbeatsTable;
  media_job_leases: MediaJobLeasesTable;
  media_uploads: MediaUploadsTable;
  vod_media_categories: VodMediaCategoriesTable;
  vod_media_items: VodMediaItemsTable;
  vod_media_assets: VodMediaAssetsTable;
  vod_media_rails: VodMediaRailsTable;
  vod_media_rail_items: VodMediaRailItemsTable;
  vod_search_words: VodSearchWordsTable;
  admin_audit_log: AdminAuditLogTable;
  analytics_raw: AnalyticsRawTable;
  analytics_views_hourly: AnalyticsViewsHourlyTable;
  analytics_watch_hourly: AnalyticsWatchHourlyTable;
  analytics_first_frame_hourly: AnalyticsFirstFrameHourlyTable;
  analytics_viewers_hourly: AnalyticsViewersHourlyTable;
  analytics_events_hourly: AnalyticsEventsHourlyTable;
  analytics_pages_hourly: AnalyticsPagesHourlyTable;
  analytics_presence: AnalyticsPresenceTable;
  analytics_daily_streams: AnalyticsDailyStreamsTable;
  analytics_daily_dims: AnalyticsDailyDimsTable;
  analytics_daily_first_frames: AnalyticsDailyFirstFramesTable;
  analytics_daily_viewers: AnalyticsDailyViewersTable;
  analytics_daily_events: AnalyticsDailyEventsTable;
  analytics_daily_pages: AnalyticsDailyPagesTable;
  preroll_views: PrerollViewsTable;
  media_downloads: MediaDownloadsTable;
  favorites: FavoritesTable;
  clips: ClipsTable;
  orders: OrdersTable;
  app_secrets: AppSecretsTable;
  mail_outbox: MailOutboxTable;
  auth_codes: AuthCodesTable;
  oauth_states: OauthStatesTable;
  user_identities: UserIdentitiesTable;
  channels: ChannelsTable;
  users: UsersTable;
  api_keys: ApiKeysTable;
  settings: SettingsTable;
  menus: MenusTable;
  pages: PagesTable;
  slides: SlidesTable;
  color_settings: ColorSettingsTable;
  faq: FaqTable;
  static_blocks: StaticBlocksTable;
  event_categories: EventCategoriesTable;
  locations: LocationsTable;
  participant_groups: ParticipantGroupsTable;
  participant_group_properties: ParticipantGroupPropertiesTable;
  participants: ParticipantsTable;
  events: EventsTable;
  game_series: GameSeriesTable;
  event_participants: EventParticipantsTable;
  event_media: EventMediaTable;
  packages: PackagesTable;
  package_event_categories: PackageEventCategoriesTable;
  package_participants: PackageParticipantsTable;
  subscriptions: SubscriptionsTable;
  prerolls: PrerollsTable;
  custom_forms: CustomFormsTable;
  custom_form_entries: CustomFormEntriesTable;
  order_items: OrderItemsTable;
  promo_codes: PromoCodesTable;
  promo_redemptions: PromoRedemptionsTable;
  payment_customers: PaymentCustomersTable;
  user_subscriptions: UserSubscriptionsTable;
  payment_events: PaymentEventsTable;
  sandbox_cards: SandboxCardsTable;
  sandbox_payments: SandboxPaymentsTable;
  sandbox_subscriptions: SandboxSubscriptionsTable;
  sandbox_events: SandboxEventsTable;
  trial_claims: TrialClaimsTable;
}
