import { z } from 'zod';
import { IdSchema, KeyedQuerySchema } from './common.js';

/** How a viewer hears of one kind of alert: by mail, by Web Push on their devices, both or neither. */
export const AlertChannelsSchema = z.object({
  email: z.boolean(),
  push: z.boolean(),
});

/** What a viewer hears about the teams, schools and sports they follow, and how (issue 33). */
export const NotificationSettingsSchema = z.object({
  /** "<team> is live now". */
  live: AlertChannelsSchema,
  /** "<team> plays tomorrow at 19:00 (EST)". */
  tomorrow: AlertChannelsSchema,
});
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;

export const NotificationSettingsBodySchema = NotificationSettingsSchema.extend({
  api_key: z.string().optional(),
});

/** Web Push as the server offers it: the VAPID public key a browser subscribes with; null: off. */
export const PushConfigSchema = z.object({
  public_key: z.string().nullable(),
});
export type PushConfig = z.infer<typeof PushConfigSchema>;

/** Push services' endpoints are a few hundred characters; this leaves room and stops abuse. */
export const PUSH_ENDPOINT_MAX = 2048;

/**
 * A browser's PushSubscription as `subscription.toJSON()` gives it: the push service's endpoint
 * and the keys the message is encrypted for (RFC 8291): a P-256 public key (65 bytes) and a
 * 16-byte auth secret, both base64url.
 */
export const PushSubscriptionBodySchema = z.object({
  api_key: z.string().optional(),
  endpoint: z
    .url({ protocol: /^https?$/, message: 'endpoint must be an http(s) address' })
    .max(PUSH_ENDPOINT_MAX, `endpoint must be at most ${PUSH_ENDPOINT_MAX} characters`),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}=?$/, 'keys.p256dh must be a base64url P-256 public key'),
    auth: z
      .string()
      .regex(/^[A-Za-z0-9_-]{22}(==)?$/, 'keys.auth must be a 16-byte base64url secret'),
  }),
});

/** Unsubscribing names the endpoint (DELETE: in the query, like the API key). */
export const PushUnsubscribeQuerySchema = KeyedQuerySchema.extend({
  endpoint: z.string().min(1).max(PUSH_ENDPOINT_MAX),
});

/** Whether the server now keeps the browser's subscription for the viewer. */
export const PushSubscriptionStateSchema = z.object({ subscribed: z.boolean() });
export type PushSubscriptionState = z.infer<typeof PushSubscriptionStateSchema>;

/**
 * What the service worker receives (the message, decrypted): in the viewer's language, with the
 * channel's name; a click opens `url`, the game's watch page.
 */
export const PushMessageSchema = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string(),
  lang: z.string(),
});
export type PushMessage = z.infer<typeof PushMessageSchema>;

/** The RFC 8058 one-click link: the user and an HMAC of them; no login. */
export const UnsubscribeQuerySchema = z.object({
  user: IdSchema,
  token: z.string().min(1).max(200),
});

/**
 * A calendar feed's file name: the channel's whole schedule, or one team's, school's or sport's
 * (`team-5.ics`). Parsed into its scope and id.
 */
export const CalendarFeedParamsSchema = z.object({
  feed: z
    .string()
    .regex(/^(channel|(team|school|sport)-[1-9]\d{0,8})\.ics$/, 'Unknown calendar')
    .transform((file) => {
      const [name = '', id] = file.slice(0, -'.ics'.length).split('-');
      return {
        file,
        scope: name as 'channel' | 'team' | 'school' | 'sport',
        // Nine digits at most: always a valid id.
        id: Number(id ?? 0),
      };
    }),
});

/** The path of a feed, for `webcal:` links (the web app adds its host). */
export const calendarFeedPath = (scope: 'team' | 'school' | 'sport' | 'channel', id?: number) =>
  `/api/calendar/${scope === 'channel' ? 'channel' : `${scope}-${id}`}.ics`;
