import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CalendarFeedParamsSchema, ErrorBodySchema, LocaleSchema } from '@rudy/contracts';
import { notFound } from '../../lib/http-error.js';
import { nonJsonResponse, typed } from '../../lib/route-types.js';
import type { ChannelService } from '../channel/channel.service.js';
import type { SiteOrigins } from '../channel/site-origin.js';
import type { KeysService } from '../keys/keys.service.js';
import { calendarFeed } from './calendar-feed.js';
import type { CalendarRepository } from './calendar.repository.js';

const refusals = { 400: ErrorBodySchema, 404: ErrorBodySchema, 429: ErrorBodySchema } as const;

/**
 * Subscribable calendars (webcal:): the channel's whole schedule, and a team's, a school's or a
 * sport's. Keyless, since a calendar app fetches them on its own; they show only what the public
 * schedule shows (published games).
 */
export function calendarRoutes(
  app: FastifyInstance,
  deps: {
    repo: CalendarRepository;
    keys: KeysService;
    channel: ChannelService;
    origins: SiteOrigins;
    defaultChannelKey: string;
    now: () => Date;
  },
) {
  typed(app).get(
    '/api/calendar/:feed',
    {
      config: { keyless: true },
      schema: {
        tags: ['calendar'],
        description:
          'An iCalendar feed: channel.ics, team-<id>.ics, school-<id>.ics or sport-<id>.ics.',
        params: CalendarFeedParamsSchema,
        querystring: z.object({ lang: LocaleSchema.optional() }),
        response: { 200: nonJsonResponse('The feed', ['text/calendar']), ...refusals },
      },
    },
    async (req, reply) => {
      const { scope, id } = req.params.feed;
      const locale = req.query.lang ?? 'en';
      const channel = await deps.keys.channelForHost(req.hostname, deps.defaultChannelKey);
      const { channel_name } = await deps.channel.settings(channel.id);
      let title = channel_name;
      if (scope !== 'channel') {
        const subject = await deps.repo.subjectName(channel.id, scope, id, locale);
        if (subject === undefined) throw notFound();
        title = `${subject} · ${channel_name}`;
      }
      const now = deps.now();
      const body = calendarFeed({
        title,
        channelId: channel.id,
        origin: await deps.origins.forChannel(channel.id),
        locale,
        games: await deps.repo.games(channel.id, scope, id, now),
        now,
      });
      return reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .header('content-disposition', `inline; filename="${req.params.feed.file}"`)
        .send(body);
    },
  );
}
