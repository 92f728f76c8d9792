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
