import { z } from 'zod';
import { IdSchema, IsoDateTimeSchema } from './common.js';
import { EventTypeSchema, StreamStateSchema } from './events.js';

/** Texts the playback screen shows for register events; the client picks by login state. */
export const PLAYBACK_TEXTS = {
  registerToWatch: 'Register to watch',
  loginToWatch: 'Login to watch',
} as const;

/** A pre-roll may be skipped after this many seconds; the main video starts right after it. */
export const PREROLL_SKIPPABLE_AFTER_S = 5;
/**
 * How long past its known length an ad may run before the player ends it anyway (a browser that
 * never fires `ended`, or stalls): buffering at the start or on the way is within it.
 */
export const PREROLL_END_MARGIN_S = 5;
/** An ad whose length the server does not know is ended after this long at most. */
export const PREROLL_UNKNOWN_LENGTH_S = 30;

/**
 * granted: the caller may watch (stream says what there is to play);
 * register: a register-type event and the caller is anonymous;
 * purchase: paid or ppv and the caller holds no purchase — show the buy prompt, never a stream;
 * geo_blocked: the caller's country may not watch — no media URL at all.
 */
export const PlaybackAccessSchema = z.enum(['granted', 'register', 'purchase', 'geo_blocked']);
export type PlaybackAccess = z.infer<typeof PlaybackAccessSchema>;

/** Where a live game's DVR window starts on its recording (see dvr.window_start). */
export const DvrWindowStartSchema = z.object({
  media_sequence: z.number().int().min(0),
  recording_seconds: z.number().min(0),
});
export type DvrWindowStart = z.infer<typeof DvrWindowStartSchema>;

export const PlaybackStreamSchema = z.object({
  kind: z.enum(['live', 'vod']),
  format: z.literal('hls'),
  url: z
    .string()
    .describe(
      "The master playlist at the game's address, the same for every viewer (relative to the site origin); child playlists and segments resolve relative to it. Opened by the game's media cookie the playback answer sets, until expires_at.",
    ),
  device_url: z
    .string()
    .nullable()
    .optional()
    .describe(
      "The same stream under a token of this viewer's in its path, for a device the browser hands the stream to (AirPlay, Remote Playback), which does not carry the browser's cookies. Lives as long as the game (or the replay) plus a margin: a device cannot renew it.",
    ),
  /** An external live source: the URL redirects there after the token check. */
  is_external: z.boolean(),
  duration_seconds: z.number().nullable().describe('VOD length; null while live'),
  dvr: z.object({
    enabled: z.boolean().describe('Live only: seeking back within the DVR window works'),
    window_seconds: z
      .number()
      .nullable()
      .describe(
        "Live: how far back a viewer may seek now, the recording's length up to the server's DVR window (the playlist lists that much)",
      ),
    start_utc_ts: IsoDateTimeSchema.nullable().describe('Live: when the recording started'),
    window_start: DvrWindowStartSchema.nullable()
      .optional()
      .describe(
        "Live, our own recording: the first segment the live playlist lists now and where it starts in seconds of the recording, the clock of the game's moments and clips. A player finds that segment in its playlist and places any second of the recording on its own clock (key moments' ticks on the DVR seek bar); null when the recording has no segment yet.",
      ),
  }),
  expires_at: IsoDateTimeSchema.describe(
    "When the game's media cookie expires (url answers 403 after it): fetch /playback again before, which renews it",
  ),
});
export type PlaybackStream = z.infer<typeof PlaybackStreamSchema>;

/** Poster (kind 1), thumbnails WebVTT with sprite regions (kind 5), previews (kinds 6 and 7). */
export const PlaybackAssetsSchema = z.object({
  poster_url: z.string().nullable(),
  thumbnails_vtt_url: z.string().nullable(),
  preview_url: z.string().nullable(),
  preview_alt_url: z.string().nullable(),
});
export type PlaybackAssets = z.infer<typeof PlaybackAssetsSchema>;

export const PrerollSchema = z.object({
  id: z.number().int(),
  url: z.string().describe('An MP4 played before the event; public, no token'),
  skippable_after_seconds: z.number().int(),
  duration_seconds: z
    .number()
    .positive()
    .nullable()
    .describe(
      "The clip's length as the server knows it; null when unknown. The player counts down and ends the ad from it (plus PREROLL_END_MARGIN_S), not from the element's duration.",
    ),
  suppression_ms: z.number().int().describe('How long it stays suppressed once reported shown'),
});
export type Preroll = z.infer<typeof PrerollSchema>;

export const PlaybackSchema = z.object({
  event_id: z.number().int(),
  event_type: EventTypeSchema,
  access: PlaybackAccessSchema,
  /** 'Register to watch' for register, the spec's geo text for geo_blocked, otherwise null. */
  message: z.string().nullable(),
  stream_state: StreamStateSchema,
  stream: PlaybackStreamSchema.nullable(),
  assets: PlaybackAssetsSchema,
  preroll: PrerollSchema.nullable(),
  can_download: z.boolean(),
  single_event_package_id: z.number().int().nullable(),
});
export type Playback = z.infer<typeof PlaybackSchema>;

/** POST /api/prerolls/{id}/shown: the client reports that the pre-roll played (or was skipped). */
export const PrerollShownBodySchema = z.object({
  api_key: z.string().optional(),
  event_id: IdSchema,
});

export const PrerollShownSchema = z.object({ suppressed_until: IsoDateTimeSchema });
export type PrerollShown = z.infer<typeof PrerollShownSchema>;

/** GET /api/download-event/{id}: a signed MP4 link, or "still remuxing, ask again". */
export const DownloadEventSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('ready'),
    url: z.string().describe('Signed, short-lived link to the MP4 (served as an attachment)'),
    filename: z.string(),
    size_bytes: z.number().int(),
    expires_at: IsoDateTimeSchema,
    downloads_used: z.number().int(),
    downloads_limit: z.number().int().nullable().describe('null: no limit'),
  }),
  z.object({
    status: z.literal('processing'),
    retry_after_ms: z.number().int(),
  }),
]);
export type DownloadEvent = z.infer<typeof DownloadEventSchema>;
