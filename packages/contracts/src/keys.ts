import { z } from 'zod';
import { IsoDateTimeSchema } from './common.js';

export const ChannelKeySchema = z
  .string({ error: 'channel_key is required' })
  .trim()
  .min(1, 'channel_key is required')
  .max(128, 'channel_key is too long');

export const ChannelKeyResponseSchema = z.object({ channel_key: z.string() });
export type ChannelKeyResponse = z.infer<typeof ChannelKeyResponseSchema>;

export const GetApiKeyBodySchema = z.object({ channel_key: ChannelKeySchema });

export const GetApiKeyResponseSchema = z.object({
  api_key: z.string(),
  expires_at: IsoDateTimeSchema,
});
export type GetApiKeyResponse = z.infer<typeof GetApiKeyResponseSchema>;

/** Runtime config served to the web app at /config.json (spec section 4: "load config"). */
export const RuntimeConfigSchema = z.object({
  api_base: z.string(),
  channel_key: z.string().nullable(),
  keys_url: z.string(),
  /** Base of the datalake calls ('' is this site); null: no analytics. */
  analytics_url: z.string().nullable(),
  /** Whether analytics are sent from localhost (spec section 7 says not; the demo allows it). */
  analytics_localhost: z.boolean().optional(),
});
export type RuntimeConfig = z.infer<typeof RuntimeConfigSchema>;
