import { z } from 'zod';
import { IdSchema, IsoDateTimeSchema } from './common.js';

/*
 * Key moments (issue 35): one list per game of times worth jumping to, found in the crowd's
 * loudness ('detected') or marked by the operator in the console ('marked'). Times are seconds of
 * the game's recording, the clock clips use (start_time).
 */

export const MOMENT_KINDS = ['detected', 'marked'] as const;
export const MomentKindSchema = z.enum(MOMENT_KINDS);
export type MomentKind = z.infer<typeof MomentKindSchema>;

/** The labels the console offers; the operator may type another. */
export const MOMENT_LABELS = ['Goal', 'Save', 'Hit'] as const;

export const MOMENT_LIMITS = {
  labelMax: 40,
  /** A game is never longer than this (a day); a later time is a typing error. */
  maxSeconds: 24 * 3600,
  /** The clip a viewer makes of a moment starts this long before it and lasts `clipSeconds`. */
  clipLeadSeconds: 8,
  clipSeconds: 20,
  /** A second "Mark moment" this close to the last one (a double click) is the same moment. */
  markMergeSeconds: 3,
  /** How often a live game's watch page asks for its moments (a moment shows within 10 s). */
  livePollMs: 5_000,
} as const;

export const MomentSchema = z.object({
  id: z.number().int(),
  at_seconds: z.number().describe('Seconds of the game’s recording'),
  kind: MomentKindSchema,
  label: z.string().nullable(),
  confidence: z.number().describe('0..1; an operator’s mark is 1'),
});
export type Moment = z.infer<typeof MomentSchema>;

export const MomentListSchema = z.object({ moments: z.array(MomentSchema) });
export type MomentList = z.infer<typeof MomentListSchema>;

/** The console's view: who made or changed it, and when. */
export const AdminMomentSchema = MomentSchema.extend({
  created_by: z.number().int().nullable().describe('null: the detector'),
  is_edited: z.boolean(),
  created_at: IsoDateTimeSchema,
});
export type AdminMoment = z.infer<typeof AdminMomentSchema>;
export const AdminMomentListSchema = z.object({ moments: z.array(AdminMomentSchema) });
export type AdminMomentList = z.infer<typeof AdminMomentListSchema>;

const LabelSchema = z
  .string()
  .trim()
  .min(1, 'label must not be empty')
  .max(MOMENT_LIMITS.labelMax, `label must be at most ${MOMENT_LIMITS.labelMax} characters`)
  .nullable();
const AtSecondsSchema = z
  .number({ error: 'at_seconds must be a number' })
  .min(0, 'at_seconds must not be negative')
  .max(MOMENT_LIMITS.maxSeconds, 'at_seconds is past the end of any game');

/** POST /api/admin/games/{id}/moments: without at_seconds, "now" on a live game's recording. */
export const AdminMarkMomentBodySchema = z.object({
  api_key: z.string().optional(),
  at_seconds: AtSecondsSchema.optional(),
  label: LabelSchema.optional(),
});
export type AdminMarkMomentBody = z.infer<typeof AdminMarkMomentBodySchema>;

/** PATCH /api/admin/moments/{id}: what is sent changes, the rest stays. */
export const AdminMomentPatchSchema = z.object({
  api_key: z.string().optional(),
  at_seconds: AtSecondsSchema.optional(),
  label: LabelSchema.optional(),
});
export type AdminMomentPatch = z.infer<typeof AdminMomentPatchSchema>;

/*
 * Highlights reels: after the game, its top moments cut into one library video listed in the
 * channel's "Highlights" rail, at once or once the console approves it (the channel's setting).
 */
export const REEL_STATUSES = ['cutting', 'pending', 'published', 'discarded', 'empty'] as const;
export const ReelStatusSchema = z.enum(REEL_STATUSES);
export type ReelStatus = z.infer<typeof ReelStatusSchema>;

export const AdminReelSchema = z.object({
  event_id: z.number().int(),
  event_name: z.string(),
  status: ReelStatusSchema,
  vod_item_id: z.number().int().nullable().describe('The library video (null once discarded)'),
  moments: z.number().int().describe('Pieces the reel was cut from'),
  duration_seconds: z.number().nullable(),
  created_at: IsoDateTimeSchema,
});
export type AdminReel = z.infer<typeof AdminReelSchema>;
export const AdminReelListSchema = z.object({ reels: z.array(AdminReelSchema) });
export type AdminReelList = z.infer<typeof AdminReelListSchema>;

export const ReelDecisions = ['approve', 'discard'] as const;
export const AdminReelDecisionParamsSchema = z.object({
  id: IdSchema,
  decision: z.enum(ReelDecisions, { error: 'decision must be approve or discard' }),
});

export const ReelSettingsSchema = z.object({
  reels_need_approval: z
    .boolean({ error: 'reels_need_approval must be true or false' })
    .describe('true: a reel waits for the console’s approval; false: it is listed at once'),
});
export type ReelSettings = z.infer<typeof ReelSettingsSchema>;
export const ReelSettingsBodySchema = ReelSettingsSchema.extend({ api_key: z.string().optional() });
