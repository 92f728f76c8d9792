import { createECDH } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  KeyedQuerySchema,
  PushConfigSchema,
  PushSubscriptionBodySchema,
  PushSubscriptionStateSchema,
  PushUnsubscribeQuerySchema,
} from '@rudy/contracts';
import { signedInCallerOf } from '../../lib/caller.js';
import { HttpError } from '../../lib/http-error.js';
import { requireLogin } from '../../lib/require-login.js';
import { keyedErrors, keyedErrorsWith404, typed } from '../../lib/route-types.js';
import { endpointProblem } from './push-endpoint-guard.js';
import type { PushSubscriptionsRepository } from './push-subscriptions.repository.js';
import type { VapidKeys } from './vapid-keys.js';

const tags = ['notifications'];

const refused = (field: string, message: string) =>
  new HttpError(400, 'validation_failed', message, { [field]: message });

/** Whether the key is a point of P-256 (a browser's key always is; anything else cannot encrypt). */
function isP256Point(base64url: string) {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(Buffer.from(base64url, 'base64url'));
    return true;
  } catch {
    return false;
  }
}

/** Web Push: the VAPID public key, and the signed-in viewer's devices subscribing and leaving. */
export function pushRoutes(
  app: FastifyInstance,
  deps: {
    subscriptions: PushSubscriptionsRepository;
    vapid: VapidKeys | null;
    production: boolean;
  },
) {
  const r = typed(app);

  r.get(
    '/api/notifications/push',
    {
      schema: {
        tags,
        description:
          'The VAPID public key a browser subscribes with (applicationServerKey); null when Web Push is off.',
        querystring: KeyedQuerySchema,
        response: { 200: PushConfigSchema, ...keyedErrors },
      },
    },
    () => ({ public_key: deps.vapid?.publicKey ?? null }),
  );

  r.post(
    '/api/notifications/push/subscriptions',
    {
      preValidation: requireLogin,
      schema: {
        tags,
        description:
          "Keeps this browser's PushSubscription (subscription.toJSON()) for the signed-in viewer. Posting it again changes nothing; production takes https endpoints on public addresses only.",
        body: PushSubscriptionBodySchema,
        response: { 200: PushSubscriptionStateSchema, ...keyedErrorsWith404 },
      },
    },
    async (req) => {
      if (!deps.vapid) throw new HttpError(404, 'not_found', 'Web Push is off');
      const c = signedInCallerOf(req);
      const { endpoint, keys } = req.body;
      const problem = await endpointProblem(endpoint, deps.production);
      if (problem === 'not_https') throw refused('endpoint', 'endpoint must be an https address');
      if (problem) throw refused('endpoint', 'endpoint must be a public push service');
      if (!isP256Point(keys.p256dh)) {
        throw refused('keys.p256dh', 'keys.p256dh must be a base64url P-256 public key');
      }
      await deps.subscriptions.save(c.channelId, c.userId, { endpoint, ...keys });
      return { subscribed: true };
    },
  );

  r.delete(
    '/api/notifications/push/subscriptions',
    {
      preValidation: requireLogin,
      schema: {
        tags,
        description:
          "Forgets this browser's subscription (the endpoint) for the signed-in viewer; one already gone is no error.",
        querystring: PushUnsubscribeQuerySchema,
        response: { 200: PushSubscriptionStateSchema, ...keyedErrors },
      },
    },
    async (req) => {
      const c = signedInCallerOf(req);
      await deps.subscriptions.remove(c.channelId, c.userId, req.query.endpoint);
      return { subscribed: false };
    },
  );
}
