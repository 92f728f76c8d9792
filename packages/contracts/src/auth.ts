import { z } from 'zod';

/** GET /profile. Accounts issue extends this; the foundation only needs who is signed in. */
export const ProfileSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  newsletter: z.boolean(),
  trial_period_used: z.boolean(),
  temporary_password: z.boolean(),
  email_verified: z.boolean(),
  capabilities: z.array(z.string()),
  featureCount: z.record(z.string(), z.number()),
  is_geo_blocked: z.boolean(),
});
export type Profile = z.infer<typeof ProfileSchema>;
