import { z } from 'zod';
import { IsoDateTimeSchema } from './common.js';

/*
 * A game's live ingest as the console shows it (/api/admin/games/:id/live): where the operator
 * points OBS or any RTMP encoder, and what the server sees of the stream. The stream key is kept
 * hashed, so it travels only in the answer of the call that makes it (create or rotate).
 */

/** ev<game id>.<43 base64url characters>: the game it opens and 256 random bits. */
export const STREAM_KEY_PATTERN = /^ev([1-9]\d{0,9})\.([A-Za-z0-9_-]{43})$/;

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
});
export type AdminLiveIngest = z.infer<typeof AdminLiveIngestSchema>;

export const AdminLiveKeyBodySchema = z.object({
  api_key: z.string().optional(),
});
