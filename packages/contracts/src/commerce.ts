import { z } from 'zod';
import { CurrencySchema } from './channel.js';

export const ACCESS_FLAGS = [
  'watch',
  'download',
  'clipping',
  'download_clip',
  'no_ads',
  'vod_media_access',
] as const;
export const AccessFlagSchema = z.enum(ACCESS_FLAGS);

export const PackageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  price: z.number().describe('base_price + service_fee, in currency units'),
  base_price: z.number(),
  service_fee: z.number(),
  currency: CurrencySchema,
  image: z.string().nullable(),
  scope: z.enum(['single', 'category']),
  is_team_pass: z.boolean(),
  pass_type: z.enum(['regular', 'addon']),
  event_categories: z.array(z.number().int()),
  participants: z.array(z.number().int()),
  accesses: z.array(AccessFlagSchema),
  is_basic: z.boolean(),
  disabled: z.boolean(),
  purchased: z.boolean(),
  is_premium: z
    .boolean()
    .optional()
    .describe('The enabled pass with the highest base_price (shown with the premium look)'),
});
export type Package = z.infer<typeof PackageSchema>;

export const SubscriptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  price: z.number(),
  base_price: z.number(),
  service_fee: z.number(),
  currency: CurrencySchema,
  image: z.string().nullable(),
  offer: z.enum(['annual', 'monthly']),
  period: z.enum(['annual', 'month']),
  trial_period: z.number().int().describe('free trial length in days, 0 for none'),
  accesses: z.array(AccessFlagSchema),
  purchased: z.boolean(),
  is_premium: z
    .boolean()
    .optional()
    .describe('The subscription with the highest base_price (shown with the premium look)'),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

export * from './commerce-checkout.js';
