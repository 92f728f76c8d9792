import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  IdParamsSchema,
  KeyedQuerySchema,
  OrderIdParamsSchema,
  OrderSchema,
  OrdersPageSchema,
  OrdersQuerySchema,
  PackageSchema,
  SubscriptionSchema,
} from '@rudy/contracts';
import { requireLogin } from '../../../lib/require-login.js';
import { keyedErrors, keyedErrorsWith404, typed } from '../../../lib/route-types.js';
import type { ProductsService } from './products.service.js';
import type { OrdersService } from '../orders/orders.service.js';

const tags = ['commerce'];

/** Passes, subscriptions (purchased flags for the caller) and the caller's orders. */
export function productsRoutes(
  app: FastifyInstance,
  s: { products: ProductsService; orders: OrdersService },
) {
  const r = typed(app);

  r.get(
    '/api/packages',
    {
      schema: {
        tags,
        description: 'Passes on sale (the basic pass is listed disabled), with `purchased`.',
        querystring: KeyedQuerySchema,
        response: { 200: z.array(PackageSchema), ...keyedErrors },
      },
    },
    (req) => s.products.packages(req.auth.channelId, req.auth.userId, req.locale),
  );

  r.get(
    '/api/packages/:id',
    {
      schema: {
        tags,
        description: "One pass (single-event packages too). Unknown: 404 'Pass not found'.",
        params: IdParamsSchema,
        querystring: KeyedQuerySchema,
        response: { 200: PackageSchema, ...keyedErrorsWith404 },
      },
    },
    (req) => s.products.package(req.auth.channelId, req.auth.userId, req.params.id, req.locale),
  );

  r.get(
    '/api/subscriptions',
    {
      schema: {
        tags,
        querystring: KeyedQuerySchema,
        response: { 200: z.array(SubscriptionSchema), ...keyedErrors },
      },
    },
    (req) => s.products.subscriptions(req.auth.channelId, req.auth.userId, req.locale),
  );

  r.get(
    '/api/subscriptions/:id',
    {
      schema: {
        tags,
        description: "Unknown: 404 'Pass not found'.",
        params: IdParamsSchema,
        querystring: KeyedQuerySchema,
        response: { 200: SubscriptionSchema, ...keyedErrorsWith404 },
      },
    },
    (req) =>
      s.products.subscription(req.auth.channelId, req.auth.userId, req.params.id, req.locale),
  );

  r.get(
    '/api/orders',
    {
      preValidation: requireLogin,
      schema: {
        tags,
        description:
          "The caller's orders, newest first. Every order in one page unless `limit` is given " +
          '(no_limit=1 is the default); `active=1`: only orders in force.',
        querystring: OrdersQuerySchema,
        response: { 200: OrdersPageSchema, ...keyedErrors },
      },
    },
    (req) =>
      s.orders.list(
        { channelId: req.auth.channelId, userId: req.auth.userId ?? 0 },
        req.locale,
        req.query,
      ),
  );

  r.get(
    '/api/orders/:id',
    {
      preValidation: requireLogin,
      schema: {
        tags,
        description:
          "One order of the caller (poll it while paying). Not a positive id: 400 'id not " +
          "selected'; unknown or another user's: 404.",
        params: OrderIdParamsSchema,
        querystring: KeyedQuerySchema,
        response: { 200: OrderSchema, ...keyedErrorsWith404 },
      },
    },
    (req) =>
      s.orders.get(
        { channelId: req.auth.channelId, userId: req.auth.userId ?? 0 },
        req.locale,
        req.params.id,
      ),
  );
}
