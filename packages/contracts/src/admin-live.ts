import { z } from 'zod';
import { IsoDateTimeSchema } from './common.js';

/*
 * A game's live ingest as the console shows it (/api/admin/games/:id/live): where the operator
 * points OBS or any RTMP encoder, and what the server sees of the stream. The stream key is kept
 * hashed, so it travels only in the answer of the call that makes it (create or rotate).
 */

/** ev<game id>.<43 base64url characters>: the game it opens and 256 random bits. */
export const STREAM_KEY_PATTERN = /^ev([1-9]\d{0,9})\.([A-Za-z0-9_-]{43})$/;

/**
 * Why the ingest dropped or refused a publisher of the game (the console says it in words):
 * connection_lost: the connection broke; idle: the encoder sent nothing for a while; protocol: it
 * sent what RTMP does not allow, or no publish in time; encoder_failed: our encoder could not
 * start or died; key_rotated: the key was replaced; published_elsewhere: another worker has the
 * game's stream; replaced: the same key connected again and took over (OBS reconnecting);
 * server_stopping: the worker was stopping.
 */
export const LIVE_DROP_REASONS = [
  'connection_lost',
  'idle',
  'protocol',
  'encoder_failed',
  'key_rotated',
  'published_elsewhere',
  'replaced',
  'server_stopping',
] as const;
export const LiveDropReasonSchema = z.enum(LIVE_DROP_REASONS);
export type LiveDropReason = z.infer<typeof LiveDropReasonSchema>;

export const AdminLiveIngestSchema = z.object({
  event_id: z.number().int(),
  /** False when this deployment runs no RTMP ingest (LIVE_INGEST_PORT unset in production). */
  enabled: z.boolean(),
  /** rtmp://host:port/live: OBS's "Server" field. */
  ingest_url: z.string().nullable(),
  has_key: z.boolean(),
  key_created_at: IsoDateTimeSchema.nullable(),
  /** Only in the answer to a key rotation: OBS's "Stream Key" field. */
  stream_key: z.string().nullable(),
  online: z.boolean(),
  /** When the current stream started (online) or null. */
  since: IsoDateTimeSchema.nullable(),
  /** What the encoder sends, audio and video, over the last seconds. */
  bitrate_kbps: z.number().int().nullable(),
  /** The last time the ingest dropped or refused this game's publisher, and why. */
  last_drop: z.object({ reason: LiveDropReasonSchema, at: IsoDateTimeSchema }).nullable(),
});
export type AdminLiveIngest = z.infer<typeof AdminLiveIngestSchema>;

export const AdminLiveKeyBodySchema = z.object({
  api_key: z.string().optional(),
});

/*
 * A live stream's health (/api/admin/games/:id/live/health), measured by the ingest from the RTMP
 * stream itself: the packets' timestamps and keyframe flags and the codecs' own headers are the
 * truth; what the encoder claims in onMetaData is kept beside it (OBS's settings as typed).
 */

/** Measured over the last seconds of the stream (by its own timestamps). */
export const LiveVideoHealthSchema = z.object({
  /** h264, hevc, av1, … (from the video tags), null before the first video frame. */
  codec: z.string().nullable(),
  /** From the H.264 sequence parameter set; the encoder's claim when the codec is another. */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  frame_rate: z.number().nullable(),
  /** Seconds between keyframes: the longest in the window (null before the second keyframe). */
  keyframe_interval_s: z.number().nullable(),
  bitrate_kbps: z.number().int().nullable(),
});

export const LiveAudioHealthSchema = z.object({
  /** aac, mp3, opus, … */
  codec: z.string(),
  sample_rate: z.number().int().nullable(),
  channels: z.number().int().nullable(),
  bitrate_kbps: z.number().int().nullable(),
});

/** What the encoder says it sends (onMetaData), unverified. */
export const LiveClaimedSettingsSchema = z.object({
  encoder: z.string().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  frame_rate: z.number().nullable(),
  video_kbps: z.number().nullable(),
  audio_kbps: z.number().nullable(),
});

export const LIVE_HEALTH_WARNINGS = [
  'keyframes_far_apart',
  'bitrate_low',
  'resolution_low',
  'frame_rate_low',
  'video_codec',
  'no_audio',
  'audio_codec',
  'frames_dropped',
  'frames_late',
] as const;
export const LiveHealthWarningSchema = z.enum(LIVE_HEALTH_WARNINGS);

/** One misfit between the input and the ladder, and the OBS setting that fixes it. */
export const LiveHealthAdviceSchema = z.object({
  code: LiveHealthWarningSchema,
  /** What was measured (seconds, kb/s, pixels of height, frames per second, frames). */
  measured: z.number().nullable(),
  /** The codec received, for the codec warnings (h264, hevc, aac, opus, …). */
  codec: z.string().nullable(),
  /** OBS's setting: where it is (a key the console words) and the value to use. */
  obs: z.object({
    setting: z.enum([
      'keyframe_interval',
      'bitrate',
      'output_resolution',
      'fps',
      'video_encoder',
      'audio_track',
      'audio_encoder',
      'rate_control',
    ]),
    value: z.string(),
  }),
});
export type LiveHealthAdvice = z.infer<typeof LiveHealthAdviceSchema>;

export const AdminLiveHealthSchema = z.object({
  event_id: z.number().int(),
  online: z.boolean(),
  /** When the ingest last measured this stream (it reports every 2 s while live). */
  measured_at: IsoDateTimeSchema.nullable(),
  /** Seconds of stream the figures cover. */
  window_s: z.number().nullable(),
  video: LiveVideoHealthSchema.nullable(),
  /** Null: no audio arrived. */
  audio: LiveAudioHealthSchema.nullable(),
  claimed: LiveClaimedSettingsSchema.nullable(),
  /**
   * Since the stream started: frames missing from the timeline (a jump in the timestamps) and
   * frames that arrived more than a second behind the pace the stream set (a slow uplink).
   */
  dropped_frames: z.number().int().nullable(),
  late_frames: z.number().int().nullable(),
  /** The last time the ingest dropped or refused this game's publisher, and why. */
  last_drop: z.object({ reason: LiveDropReasonSchema, at: IsoDateTimeSchema }).nullable(),
  /** Empty when the input fits the live ladder. */
  warnings: z.array(LiveHealthAdviceSchema),
});
export type AdminLiveHealth = z.infer<typeof AdminLiveHealthSchema>;

/** What the ingest stores of a stream each tick (the endpoint adds the warnings). */
export const LiveStreamMeasureSchema = AdminLiveHealthSchema.pick({
  window_s: true,
  video: true,
  audio: true,
  claimed: true,
  dropped_frames: true,
  late_frames: true,
});
export type LiveStreamMeasure = z.infer<typeof LiveStreamMeasureSchema>;
