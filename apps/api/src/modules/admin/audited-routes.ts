import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  AdminDeletedSchema,
  ErrorBodySchema,
  IdParamsSchema,
  KeyedQuerySchema,
} from '@rudy/contracts';
import type { AdminCaller } from './admin-access.js';
import { adminErrors, withMissing } from './admin-access.js';

const tags = ['admin'];

/**
 * POST `path`, PATCH `path/:id` and DELETE `path/:id` of one console entity, each an audited
 * change (admin scope only): the body checked by the entity's contract, 404 for an id that is not
 * the channel's, 409 `in_use` when a delete would break what points at the item.
 */
export function auditedRoutes<Body extends z.ZodType, Item extends z.ZodType>(
  scope: FastifyInstance,
  r: {
    path: `/api/admin/${string}`;
    body: Body;
    item: Item;
    /** What each call does, for the OpenAPI document. */
    describe: { create: string; update: string; remove: string };
    service: {
      create(caller: AdminCaller, input: z.output<Body>): Promise<z.input<Item>>;
      update(caller: AdminCaller, id: number, input: z.output<Body>): Promise<z.input<Item>>;
      remove(caller: AdminCaller, id: number): Promise<unknown>;
    };
  },
) {
  // Not the typed provider: it cannot resolve a reply type from a generic schema. The schemas
  // still validate the params and body and serialise the reply; the service's signature is where
  // the types are checked.
  const app = scope;
  const idOf = (params: unknown) => (params as z.output<typeof IdParamsSchema>).id;
  app.post(
    r.path,
    {
      schema: {
        tags,
        description: r.describe.create,
        body: r.body,
        response: { 200: r.item, ...adminErrors },
      },
    },
    (req) => r.service.create(req.admin, req.body as z.output<Body>),
  );
  app.patch(
    `${r.path}/:id`,
    {
      schema: {
        tags,
        description: r.describe.update,
        params: IdParamsSchema,
        body: r.body,
        response: { 200: r.item, ...withMissing },
      },
    },
    (req) => r.service.update(req.admin, idOf(req.params), req.body as z.output<Body>),
  );
  app.delete(
    `${r.path}/:id`,
    {
      schema: {
        tags,
        description: r.describe.remove,
        params: IdParamsSchema,
        querystring: KeyedQuerySchema,
        response: { 200: AdminDeletedSchema, ...withMissing, 409: ErrorBodySchema },
      },
    },
    async (req) => {
      const id = idOf(req.params);
      await r.service.remove(req.admin, id);
      return { id, deleted: true as const };
    },
  );
}
