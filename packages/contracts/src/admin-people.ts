import { z } from 'zod';
import { EmailSchema } from './auth.js';
import { IsoDateTimeSchema } from './common.js';

/*
 * The console's people (/api/admin/viewers, /api/admin/admins): the channel's viewers (search,
 * what they hold, block) and its admins (invited by e-mail, removed, never the last one).
 */

const id = z.number().int();
const apiKey = { api_key: z.string().optional() };

export const AdminViewersQuerySchema = z.object({
  api_key: z.string().optional(),
  lang: z.string().optional(),
  /** Part of an e-mail or a name; empty lists everyone, newest first. */
  q: z.string().trim().max(100).default(''),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

export const AdminViewerSummarySchema = z.object({
  id,
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.enum(['viewer', 'admin']),
  blocked: z.boolean(),
  created_at: IsoDateTimeSchema,
});
export type AdminViewerSummary = z.infer<typeof AdminViewerSummarySchema>;

export const AdminViewerListSchema = z.object({
  data: z.array(AdminViewerSummarySchema),
  meta: z.object({ total: z.number().int(), offset: z.number().int(), limit: z.number().int() }),
});
export type AdminViewerList = z.infer<typeof AdminViewerListSchema>;

/** A pass or a single game bought (a paid order), as the console lists it. */
export const AdminViewerPassSchema = z.object({
  order_id: id,
  type: z.enum(['event', 'package', 'subscription']),
  name: z.string(),
  status: z.string().describe('The order’s payment status: paid, refunded…'),
  active: z.boolean().describe('Whether it grants access now'),
  amount_cents: z.number().int(),
  currency: z.string(),
  bought_at: IsoDateTimeSchema,
  ends_at: IsoDateTimeSchema.nullable(),
});

export const AdminViewerSubscriptionSchema = z.object({
  id,
  name: z.string(),
  status: z.string(),
  renewal: z.enum(['active', 'cancelled']),
  current_period_end: IsoDateTimeSchema.nullable(),
});

export const AdminViewerSchema = AdminViewerSummarySchema.extend({
  email_verified: z.boolean(),
  language: z.string(),
  /** What the viewer's active purchases grant now (spec: watch, download, no_ads…). */
  capabilities: z.array(z.string()),
  passes: z.array(AdminViewerPassSchema),
  subscriptions: z.array(AdminViewerSubscriptionSchema),
});
export type AdminViewer = z.infer<typeof AdminViewerSchema>;

export const AdminBlockBodySchema = z.object({ ...apiKey, blocked: z.boolean() });

// ---------------------------------------------------------------- admins

export const AdminMemberSchema = z.object({
  id,
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  is_you: z.boolean(),
});

export const AdminInvitationSchema = z.object({
  id,
  email: z.string(),
  invited_by: z.string(),
  created_at: IsoDateTimeSchema,
  expires_at: IsoDateTimeSchema,
});
export type AdminInvitation = z.infer<typeof AdminInvitationSchema>;

export const AdminTeamMembersSchema = z.object({
  admins: z.array(AdminMemberSchema),
  /** Invitations neither accepted nor expired nor withdrawn. */
  invitations: z.array(AdminInvitationSchema),
});
export type AdminTeamMembers = z.infer<typeof AdminTeamMembersSchema>;

export const AdminInviteInputSchema = z.object({ email: EmailSchema });
export const AdminInviteBodySchema = AdminInviteInputSchema.extend(apiKey);

/** How long an invitation link works. */
export const ADMIN_INVITATION_TTL_HOURS = 72;

/** POST /api/admin-invitations/accept: the token from the mail's link, by a signed-in user. */
export const AcceptInvitationBodySchema = z.object({
  ...apiKey,
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Invalid invitation'),
});
export const AcceptInvitationSchema = z.object({ channel_name: z.string() });
