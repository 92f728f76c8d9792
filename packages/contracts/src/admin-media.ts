import { z } from 'zod';
import { IdSchema, IsoDateTimeSchema, KeyedQuerySchema } from './common.js';
import { FIELD as M, lengthCode } from './messages.js';

/*
 * The console's media calls (/api/admin/media/...): a resumable chunked upload of a game's or a
 * library video's source file, the transcode job it starts, the poster, and deleting a game's
 * media files. The upload protocol is tus-like: create (size, type, target) → PATCH chunks at the
 * offset the server holds (Upload-Offset header) → ask the offset to resume → complete.
 */

export const ADMIN_MEDIA_MESSAGES = {
  videoType: 'Upload an MP4, MOV, WebM or MKV video',
  videoSize: 'The video must be under 8 GB',
  notVideo: 'This file is not a video',
  poster: 'The poster must be a JPEG, PNG or WebP image under 2 MB',
  offset: 'The upload is at another offset',
  incomplete: 'The upload is not complete',
  completed: 'The upload is already complete',
  busy: 'A chunk of this upload is already being received',
  notRetryable: 'Only a failed job can be retried',
  expired: 'The upload expired; start it again',
  noMedia: 'This game has no media files',
} as const;

/** What the browser may send: the containers ffmpeg reads and the browser names reliably. */
export const UPLOAD_VIDEO_TYPES = [
  'video/mp4',
  'video/quicktime',
  'video/webm',
  'video/x-matroska',
] as const;
export const UploadVideoTypeSchema = z.enum(UPLOAD_VIDEO_TYPES, {
  error: ADMIN_MEDIA_MESSAGES.videoType,
});

export const UPLOAD_LIMITS = {
  /** A full game at broadcast bitrates stays well under this. */
  maxBytes: 8 * 1024 ** 3,
  /** One PATCH: the client sends this much at a time (less for the last chunk). */
  chunkBytes: 4 * 1024 ** 2,
  /** The server refuses a chunk above this (the client's size plus room). */
  maxChunkBytes: 16 * 1024 ** 2,
  posterBytes: 2 * 1024 ** 2,
} as const;

/** The body type of a chunk (as tus names it). */
export const UPLOAD_CHUNK_TYPE = 'application/offset+octet-stream';

const name = (max: number) =>
  z.string().trim().min(1, M.required).max(max, lengthCode('maxLength', max));

export const AdminUploadTargetSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('game'), event_id: IdSchema }),
  z.object({
    kind: z.literal('library'),
    /** A library video that is not there yet: created with the upload, shown once ready. */
    title_en: name(160),
    title_fr: z.string().trim().max(160, lengthCode('maxLength', 160)).default(''),
  }),
  /** A new video for a library video that exists. */
  z.object({ kind: z.literal('library_item'), vod_item_id: IdSchema }),
]);
export type AdminUploadTarget = z.input<typeof AdminUploadTargetSchema>;

export const AdminUploadInputSchema = z.object({
  /** Shown in the console only; never part of a storage path. */
  file_name: name(200),
  size_bytes: z
    .number({ error: ADMIN_MEDIA_MESSAGES.videoSize })
    .int(ADMIN_MEDIA_MESSAGES.videoSize)
    .min(1, ADMIN_MEDIA_MESSAGES.videoSize)
    .max(UPLOAD_LIMITS.maxBytes, ADMIN_MEDIA_MESSAGES.videoSize),
  content_type: UploadVideoTypeSchema,
  target: AdminUploadTargetSchema,
});
export type AdminUploadInput = z.input<typeof AdminUploadInputSchema>;
export const AdminUploadBodySchema = AdminUploadInputSchema.extend({
  api_key: z.string().optional(),
});

export const UPLOAD_STATUSES = [
  'uploading',
  'queued',
  'processing',
  'ready',
  'error',
  'expired',
] as const;
export const UploadStatusSchema = z.enum(UPLOAD_STATUSES);

export const AdminUploadSchema = z.object({
  id: z.string().describe('The upload’s id (a UUID)'),
  target: z.enum(['game', 'library']),
  event_id: z.number().int().nullable(),
  vod_item_id: z.number().int().nullable(),
  file_name: z.string(),
  content_type: z.string(),
  size_bytes: z.number().int(),
  offset_bytes: z.number().int().describe('Bytes received: where the next chunk starts'),
  status: UploadStatusSchema,
  progress: z.number().describe('Transcode progress, 0 to 1'),
  error: z.string().nullable().describe('Why the transcode failed'),
  created_at: IsoDateTimeSchema,
  updated_at: IsoDateTimeSchema,
});
export type AdminUpload = z.infer<typeof AdminUploadSchema>;

export const AdminUploadParamsSchema = z.object({ id: z.uuid({ error: 'Unknown upload' }) });

export const AdminUploadsQuerySchema = KeyedQuerySchema.extend({
  event_id: IdSchema.optional(),
  vod_item_id: IdSchema.optional(),
});
export const AdminUploadListSchema = z.object({ data: z.array(AdminUploadSchema) });
export type AdminUploadList = z.infer<typeof AdminUploadListSchema>;

/** What a chunk answers: the new offset (also in the Upload-Offset header). */
export const AdminChunkSchema = z.object({ offset_bytes: z.number().int() });

const POSTER_DATA = /^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/]+=*$/;
export const AdminPosterInputSchema = z.object({
  image: z
    .string()
    .max(Math.ceil((UPLOAD_LIMITS.posterBytes * 4) / 3) + 40, ADMIN_MEDIA_MESSAGES.poster)
    .regex(POSTER_DATA, ADMIN_MEDIA_MESSAGES.poster),
});
export const AdminPosterBodySchema = AdminPosterInputSchema.extend({
  api_key: z.string().optional(),
});

/** What the media screen lists: each game's or library video's media as viewers get it. */
export const MediaSubjectStateSchema = z.enum(['none', 'preparing', 'ready', 'error']);
export const AdminMediaSubjectSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  starts_at: IsoDateTimeSchema.nullable(),
  time_zone: z.string().nullable().describe('The game’s own zone, its times are shown in'),
  state: MediaSubjectStateSchema,
  has_poster: z.boolean(),
});
export type AdminMediaSubject = z.infer<typeof AdminMediaSubjectSchema>;
export const AdminMediaSubjectsSchema = z.object({
  games: z.array(AdminMediaSubjectSchema),
  library: z.array(AdminMediaSubjectSchema),
});
export type AdminMediaSubjects = z.infer<typeof AdminMediaSubjectsSchema>;

export const AdminMediaSubjectParamsSchema = z.object({
  kind: z.enum(['games', 'library']),
  id: IdSchema,
});

export const AdminMediaDeletedSchema = z.object({
  event_id: z.number().int(),
  deleted_files: z.number().int(),
});
