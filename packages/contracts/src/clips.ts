import { z } from 'zod';
import { IdSchema, IsoDateTimeSchema, LocaleSchema } from './common.js';
import { FIELD as M } from './messages.js';

/** Spec section 4: a clip is queued (processing), then success or error. */
export const CLIP_STATUSES = ['processing', 'success', 'error'] as const;
export const ClipStatusSchema = z.enum(CLIP_STATUSES);

/** Limits of a clip request; the channel's settings may lower the longest clip. */
export const CLIP_LIMITS = {
  nameMax: 100,
  tagMax: 40,
  tagsMax: 10,
  /** Shortest clip worth cutting (a frame or two is not a moment). */
  minSeconds: 1,
  /** Longest clip when the channel sets nothing. */
  defaultMaxSeconds: 60,
  /** Spec sections 4 and 9: a clip may take up to 5 minutes; the client stops waiting then. */
  creationTimeoutMs: 5 * 60_000,
  /** How often the client asks while a clip is processing. */
  pollMs: 1_000,
} as const;

/** Spec section 5: the cut tag is configured as one sport tag. */
export const DEFAULT_CLIP_TAGS = ['Hockey'] as const;

/**
 * Where a player's clock sits on the recording: the segment numbered `media_sequence` (as its
 * playlist's EXT-X-MEDIA-SEQUENCE counts, the same in every rendition and in the VOD the
 * recording becomes) starts at `start` seconds of it. A live player's clock starts at the DVR
 * window it first loaded, not at the recording's start; the segment numbers do not slide.
 */
export const ClipTimelineSchema = z.object({
  media_sequence: z.number().int().min(0),
  start: z.number(),
});
export type ClipTimeline = z.infer<typeof ClipTimelineSchema>;

/**
 * POST /api/clip. Spec section 7's fields; start_time and duration in seconds of the game's
 * recording, or, with `timeline`, start_time on the clock it describes (the player's), which the
 * server turns into seconds of the recording (what the clip keeps). Messages are the spec's field
 * codes (FIELD: the server sends their texts, the client translates them).
 */
export const CreateClipBodySchema = z.object({
  api_key: z.string().optional(),
  lang: LocaleSchema.optional(),
  event_id: IdSchema,
  name: z.string({ error: M.fillInput }).trim().min(1, M.fillInput).max(CLIP_LIMITS.nameMax),
  start_time: z.number({ error: M.fillInput }).min(0, M.fillInput),
  duration: z.number({ error: M.fillInput }).positive(M.fillInput),
  tags: z
    .array(z.string().trim().min(1).max(CLIP_LIMITS.tagMax), { error: M.selectTag })
    .min(1, M.selectTag)
    .max(CLIP_LIMITS.tagsMax),
  event_media_id: IdSchema.nullable().optional(),
  timeline: ClipTimelineSchema.optional(),
});
export type CreateClipBody = z.infer<typeof CreateClipBodySchema>;

export const ClipEventSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  event_utc_ts: IsoDateTimeSchema,
});

/** A clip as its owner sees it. URLs are signed for the caller's key and short-lived. */
export const ClipSchema = z.object({
  id: z.number().int(),
  event_id: z.number().int(),
  event_media_id: z.number().int().nullable(),
  name: z.string(),
  start_time: z.number(),
  duration: z.number(),
  tags: z.array(z.string()),
  status: ClipStatusSchema,
  share_uuid: z.string(),
  share_path: z.string().describe('/share/{id}/{uuid}: the public page of the clip'),
  created_at: IsoDateTimeSchema,
  event: ClipEventSchema,
  stream_url: z.string().nullable().describe('Signed HLS playlist; null until status is success'),
  poster_url: z.string().nullable(),
  can_download: z.boolean().describe('The caller holds download_clip and the clip is ready'),
});
export type Clip = z.infer<typeof ClipSchema>;

/** GET /api/clips/user and /api/clips/event/{id}: the caller's clips, newest first. */
export const ClipListSchema = z.object({
  data: z.array(ClipSchema),
  clips_used: z.number().int(),
  clips_limit: z.number().int().nullable().describe('null: no limit'),
  can_clip: z.boolean().describe('The caller holds the clipping capability'),
  tags: z.array(z.string()).describe("The channel's clip tags"),
  max_seconds: z.number().int().describe('Longest clip the channel allows'),
});
export type ClipList = z.infer<typeof ClipListSchema>;

/** GET /api/shared-clip/{uuid}: what anyone with the link may see of a finished clip. */
export const SharedClipSchema = ClipSchema.pick({
  id: true,
  event_id: true,
  name: true,
  duration: true,
  tags: true,
  created_at: true,
  event: true,
  stream_url: true,
  poster_url: true,
}).extend({ share_path: z.string() });
export type SharedClip = z.infer<typeof SharedClipSchema>;

/** GET /api/clip/download/{id}: a signed link to the clip's MP4, served as an attachment. */
export const ClipDownloadSchema = z.object({
  url: z.string(),
  filename: z.string(),
  size_bytes: z.number().int(),
  expires_at: IsoDateTimeSchema,
});
export type ClipDownload = z.infer<typeof ClipDownloadSchema>;

export const ShareUuidParamsSchema = z.object({ uuid: z.uuid() });
