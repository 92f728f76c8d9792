import { z } from 'zod';
import { IdSchema } from './common.js';

/** What a viewer hears about the teams, schools and sports they follow, and how (issue 33). */
export const NotificationSettingsSchema = z.object({
  /** "<team> is live now". */
  live: z.boolean(),
  /** "<team> plays tomorrow at 19:00 (EST)". */
  tomorrow: z.boolean(),
  /** Alerts by email (the one channel today; Web Push is not built yet). */
  email: z.boolean(),
});
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;

export const NotificationSettingsBodySchema = NotificationSettingsSchema.extend({
  api_key: z.string().optional(),
});

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
