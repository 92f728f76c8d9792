import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import {
  ChannelKeyResponseSchema,
  ErrorBodySchema,
  GetApiKeyBodySchema,
  GetApiKeyResponseSchema,
  RuntimeConfigSchema,
} from '@rudy/contracts';
import { typed } from '../../lib/route-types.js';
import type { KeysService } from './keys.service.js';
import type { RuntimeConfigFor } from './runtime-config.js';

const tags = ['keys'];

export function keysRoutes(
  app: FastifyInstance,
  keys: KeysService,
  defaultChannelKey: string,
  runtimeConfig: RuntimeConfigFor,
) {
  const r = typed(app);

  r.get(
    '/api/channel-key',
    {
      config: { keyless: true },
      schema: {
        tags,
        description: 'The channel served on this host name (the keys endpoint of spec section 7).',
        response: { 200: ChannelKeyResponseSchema, 404: ErrorBodySchema },
      },
    },
    async (req) => ({ channel_key: await keys.channelKeyForHost(req.hostname, defaultChannelKey) }),
  );

  r.post(
    '/api/get_api_key',
    {
      config: { keyless: true },
      schema: {
        tags,
        description: 'An anonymous API key for the channel. Login later binds a user to it.',
        body: GetApiKeyBodySchema,
        response: { 200: GetApiKeyResponseSchema, 400: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    (req) => keys.issueAnonymousKey(req.body.channel_key),
  );

  // The runtime config of the web app (spec section 4: "load config"). Lives outside /api so a
  // deployment can replace it with a static file.
  r.get(
    '/config.json',
    {
      config: { keyless: true },
      schema: { tags, response: { 200: RuntimeConfigSchema } },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-cache');
      return runtimeConfig(req.hostname);
    },
  );

  r.get(
    '/api/health',
    {
      config: { keyless: true },
      schema: { tags: ['ops'], response: { 200: z.object({ status: z.literal('ok') }) } },
    },
    () => ({ status: 'ok' as const }),
  );
}
