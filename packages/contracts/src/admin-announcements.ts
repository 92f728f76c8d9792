import { z } from 'zod';
import { IdSchema, IsoDateTimeSchema } from './common.js';
import { FIELD as M, lengthCode } from './messages.js';

/*
 * Announcements (/api/admin/announcements): an operator's mail to a segment of the channel's
 * viewers (a team's followers, a pass's holders, or everyone who opted in to the newsletter),
 * written in English and French, previewed in both, then sent once to each viewer by the worker.
 */

export const ANNOUNCEMENT_SEGMENTS = ['team', 'pass', 'opted_in'] as const;
export const AnnouncementSegmentSchema = z.enum(ANNOUNCEMENT_SEGMENTS);
export type AnnouncementSegment = z.infer<typeof AnnouncementSegmentSchema>;

const text = (max: number) =>
  z.string().trim().min(1, M.required).max(max, lengthCode('maxLength', max));

/** The segment and the mail, as the console's form holds them (the preview takes the same). */
export const AdminAnnouncementDraftSchema = z.object({
  segment: AnnouncementSegmentSchema,
  target_id: IdSchema.nullable()
    .default(null)
    .describe('The team (segment team) or the pass (segment pass); null for opted_in'),
  subject_en: text(150),
  subject_fr: text(150),
  body_en: text(5000),
  body_fr: text(5000),
});
export type AdminAnnouncementDraft = z.infer<typeof AdminAnnouncementDraftSchema>;

export const AdminAnnouncementBodySchema = AdminAnnouncementDraftSchema.extend({
  request_id: z
    .string()
    .trim()
    .min(8, lengthCode('minLength', 8))
    .max(64, lengthCode('maxLength', 64))
    .describe(
      'Chosen by the console once per form: a second submit answers the first announcement',
    ),
});
export type AdminAnnouncementBody = z.infer<typeof AdminAnnouncementBodySchema>;

const RenderedMailSchema = z.object({ subject: z.string(), html: z.string(), text: z.string() });

export const AdminAnnouncementPreviewSchema = z.object({
  recipients: z.number().int().describe('Viewers it would go to now (verified, not unsubscribed)'),
  en: RenderedMailSchema,
  fr: RenderedMailSchema,
});
export type AdminAnnouncementPreview = z.infer<typeof AdminAnnouncementPreviewSchema>;

export const AdminAnnouncementSchema = z.object({
  id: z.number().int(),
  segment: AnnouncementSegmentSchema,
  target_id: z.number().int().nullable(),
  subject_en: z.string(),
  subject_fr: z.string(),
  created_at: IsoDateTimeSchema,
  recipients: z.number().int(),
  sent: z.number().int(),
  pending: z.number().int(),
});
export type AdminAnnouncement = z.infer<typeof AdminAnnouncementSchema>;
export const AdminAnnouncementListSchema = z.object({ data: z.array(AdminAnnouncementSchema) });
export type AdminAnnouncementList = z.infer<typeof AdminAnnouncementListSchema>;
