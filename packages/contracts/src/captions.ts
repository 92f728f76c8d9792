import { z } from 'zod';
import { IdSchema, IsoDateTimeSchema } from './common.js';

/*
 * Captions (issue 31): an operator uploads one WebVTT file per language for a replay (a game), a
 * library video or a clip; the player gets them as HLS subtitle renditions of the master playlist.
 */

/** The languages captions are offered in (the site's languages). */
export const CAPTION_LANGUAGES = ['en', 'fr'] as const;
export const CaptionLanguageSchema = z.enum(CAPTION_LANGUAGES);
export type CaptionLanguage = z.infer<typeof CaptionLanguageSchema>;

/** A whole game's captions are far below this; anything larger is not a caption file. */
export const CAPTION_MAX_BYTES = 512 * 1024;

export const CAPTION_MESSAGES = {
  size: 'The captions must be a WebVTT file under 512 KB',
  invalid: 'This is not a valid WebVTT file',
  empty: 'The captions file has no cues',
  missing: 'No captions in this language',
} as const;

/** What captions belong to, as the console names it in its paths. */
export const CAPTION_TARGETS = ['games', 'library', 'clips'] as const;
export const AdminCaptionTargetParamsSchema = z.object({
  kind: z.enum(CAPTION_TARGETS),
  id: IdSchema,
});
export const AdminCaptionParamsSchema = AdminCaptionTargetParamsSchema.extend({
  lang: CaptionLanguageSchema,
});

export const AdminCaptionBodySchema = z.object({
  api_key: z.string().optional(),
  vtt: z
    .string()
    .min(1, CAPTION_MESSAGES.invalid)
    .describe(`The WebVTT file's text (UTF-8, at most ${CAPTION_MAX_BYTES} bytes)`),
});

export const AdminCaptionSchema = z.object({
  lang: CaptionLanguageSchema,
  size_bytes: z.number().int(),
  cue_count: z.number().int(),
  duration_seconds: z.number().describe('When the last cue ends'),
  updated_at: IsoDateTimeSchema,
});
export type AdminCaption = z.infer<typeof AdminCaptionSchema>;

export const AdminCaptionListSchema = z.object({ captions: z.array(AdminCaptionSchema) });
export type AdminCaptionList = z.infer<typeof AdminCaptionListSchema>;
