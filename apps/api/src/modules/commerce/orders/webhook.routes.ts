import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ErrorBodySchema } from '@rudy/contracts';
import { HttpError } from '../../../lib/http-error.js';
import type { Fulfilment } from './fulfilment.service.js';
import type { PaymentProvider } from '../providers/provider.js';

/**
 * The provider's webhook: keyless, read as raw bytes (the signature covers them exactly), verified
 * with the SDK (signature and age) before anything is written. Redelivered events are no-ops.
 */
export async function webhookRoutes(
  app: FastifyInstance,
  deps: { provider: PaymentProvider; fulfilment: Fulfilment },
) {
  await app.register((scope, _opts, done) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, next) => {
      next(null, body);
    });
    scope.post(
      '/api/stripe/webhook',
      {
        config: { keyless: true },
        schema: {
          tags: ['commerce'],
          description:
            'Stripe webhook (raw JSON body, Stripe-Signature header). 400 webhook_invalid on a ' +
            'bad, tampered or stale signature.',
          response: { 200: z.object({ received: z.literal(true) }), 400: ErrorBodySchema },
        },
      },
      async (req) => {
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.from('');
        const signature = req.headers['stripe-signature'];
        let events;
        try {
          events = await deps.provider.parseWebhook(
            raw,
            typeof signature === 'string' ? signature : undefined,
          );
        } catch {
          throw new HttpError(400, 'webhook_invalid', 'Webhook signature verification failed');
        }
        for (const event of events) await deps.fulfilment.handle(event);
        return { received: true as const };
      },
    );
    done();
  });
}
