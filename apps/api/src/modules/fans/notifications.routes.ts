import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ErrorBodySchema,
  KeyedQuerySchema,
  NotificationSettingsBodySchema,
  NotificationSettingsSchema,
  UnsubscribeQuerySchema,
} from '@rudy/contracts';
import { signedInCallerOf } from '../../lib/caller.js';
import { notFound } from '../../lib/http-error.js';
import { requireLogin } from '../../lib/require-login.js';
import { keyedErrors, nonJsonResponse, typed } from '../../lib/route-types.js';
import { asLocale } from '../auth/account-mail.js';
import type { ChannelService } from '../channel/channel.service.js';
import type { KeysService } from '../keys/keys.service.js';
import type { NotificationSettingsRepository } from './notification-settings.repository.js';
import { unsubscribePage } from './unsubscribe-page.js';
import { isUnsubscribeToken } from './unsubscribe-token.js';

const tags = ['notifications'];
const pageRefusals = { 400: ErrorBodySchema, 404: ErrorBodySchema, 429: ErrorBodySchema } as const;
/** What a mail client posts for RFC 8058 (the page's button posts the same). */
const OneClickBodySchema = z
  .object({ 'List-Unsubscribe': z.literal('One-Click').optional() })
  .optional();

export function notificationsRoutes(
  app: FastifyInstance,
  deps: {
    settings: NotificationSettingsRepository;
    keys: KeysService;
    channel: ChannelService;
    secret: string;
    defaultChannelKey: string;
  },
) {
  const r = typed(app);

  r.get(
    '/api/notifications/settings',
    {
      preValidation: requireLogin,
      schema: {
        tags,
        description: 'What the signed-in viewer hears about what they follow, and how.',
        querystring: KeyedQuerySchema,
        response: { 200: NotificationSettingsSchema, ...keyedErrors },
      },
    },
    (req) => {
      const c = signedInCallerOf(req);
      return deps.settings.get(c.channelId, c.userId);
    },
  );

  r.post(
    '/api/notifications/settings',
    {
      preValidation: requireLogin,
      schema: {
        tags,
        description: 'Replaces the alert choices; answers them as stored.',
        body: NotificationSettingsBodySchema,
        response: { 200: NotificationSettingsSchema, ...keyedErrors },
      },
    },
    async (req) => {
      const c = signedInCallerOf(req);
      const { live, tomorrow } = req.body;
      await deps.settings.set(c.channelId, c.userId, { live, tomorrow });
      return deps.settings.get(c.channelId, c.userId);
    },
  );

  /** The link's user, once its token is checked against the host's channel. */
  async function linkUser(hostname: string, query: z.infer<typeof UnsubscribeQuerySchema>) {
    const channel = await deps.keys.channelForHost(hostname, deps.defaultChannelKey);
    const language = isUnsubscribeToken(deps.secret, channel.id, query.user, query.token)
      ? await deps.settings.userLanguage(channel.id, query.user)
      : undefined;
    if (language === undefined) throw notFound('This unsubscribe link is not valid');
    const { channel_name } = await deps.channel.settings(channel.id);
    return { channelId: channel.id, locale: asLocale(language), channelName: channel_name };
  }

  void app.register((scope, _options, done) => {
    // Mail clients post the RFC 8058 body as a form; only these routes read forms.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const s = typed(scope);
    s.get(
      '/api/notifications/unsubscribe',
      {
        config: { keyless: true },
        schema: {
          tags,
          description: 'The unsubscribe link of alert mails: a page whose button unsubscribes.',
          querystring: UnsubscribeQuerySchema,
          response: { 200: nonJsonResponse('The page', ['text/html']), ...pageRefusals },
        },
      },
      async (req, reply) => {
        const u = await linkUser(req.hostname, req.query);
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(unsubscribePage(u.locale, u.channelName, 'ask'));
      },
    );
    s.post(
      '/api/notifications/unsubscribe',
      {
        config: { keyless: true },
        schema: {
          tags,
          description:
            'RFC 8058 one-click unsubscribe (List-Unsubscribe-Post): stops alert mail, no login.',
          querystring: UnsubscribeQuerySchema,
          body: OneClickBodySchema,
          response: { 200: nonJsonResponse('Done', ['text/html']), ...pageRefusals },
        },
      },
      async (req, reply) => {
        const u = await linkUser(req.hostname, req.query);
        await deps.settings.stopMail(u.channelId, req.query.user);
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(unsubscribePage(u.locale, u.channelName, 'done'));
      },
    );
    done();
  });
}
