import { z } from 'zod';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorBodySchema, IdParamsSchema } from '@rudy/contracts';
import { HttpError, notFound } from '../../lib/http-error.js';
import { emptyResponse, nonJsonResponse, typed } from '../../lib/route-types.js';
import type { KeysService } from '../keys/keys.service.js';
import type { OutboxGate } from './outbox-gate.js';
import { LOCKED_MESSAGE, mailListPage } from './outbox-pages.js';
import type { OutboxRepository } from './outbox.repository.js';

const OutboxQuerySchema = z.object({
  to: z.string().max(254).optional(),
  token: z.string().max(200).optional(),
});
/** Locked: a JSON refusal like every other, whose message says where the key is. */
const refusals = { 403: ErrorBodySchema, 404: ErrorBodySchema, 429: ErrorBodySchema } as const;
const htmlResponses = { 200: nonJsonResponse('The page', ['text/html']), ...refusals } as const;
const MailJsonSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
});

/**
 * The dev outbox: registered only when no SMTP server is configured (never in production). Shows
 * the mails of the channel served on this host, newest first, to the person running the server
 * (see outbox-gate.ts); to anyone else it does not exist.
 */
export function outboxRoutes(
  app: FastifyInstance,
  deps: {
    outbox: OutboxRepository;
    gate: OutboxGate;
    keys: KeysService;
    defaultChannelKey: string;
  },
) {
  const { outbox, gate } = deps;
  const r = typed(app);
  const tags = ['dev'];
  const channelId = async (req: FastifyRequest) =>
    (await deps.keys.channelForHost(req.hostname, deps.defaultChannelKey)).id;

  /** Whether the caller may read mail: a 403 when locked; false (answered 404) when hidden. */
  function mayRead(req: FastifyRequest, reply: FastifyReply, queryToken?: string): boolean {
    const access = gate.access(req, queryToken);
    if (access === 'locked') throw new HttpError(403, 'forbidden', LOCKED_MESSAGE);
    if (access === 'hidden') {
      reply.callNotFound();
      return false;
    }
    return true;
  }

  async function findMail(req: FastifyRequest, id: number) {
    const mail = await outbox.find(await channelId(req), id);
    if (!mail) throw notFound('Mail not found');
    return mail;
  }

  // For the web app's verify notice: whether to point the local user at the outbox.
  r.get(
    '/dev/outbox/status',
    {
      schema: {
        tags,
        response: {
          200: z.object({ unlocked: z.boolean() }),
          404: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (req, reply) => {
      const access = gate.access(req, undefined);
      if (access === 'hidden') return reply.callNotFound();
      return { unlocked: access === 'open' };
    },
  );

  r.get(
    '/dev/outbox',
    {
      schema: {
        tags,
        querystring: OutboxQuerySchema,
        response: {
          ...htmlResponses,
          303: emptyResponse('With the key: to the outbox, the key kept in a cookie'),
          400: ErrorBodySchema,
        },
      },
    },
    async (req, reply) => {
      if (!mayRead(req, reply, req.query.token)) return reply;
      if (req.query.token !== undefined) {
        // Keep the key in a cookie and out of the address bar, history and referrers.
        const to = req.query.to ? `?${new URLSearchParams({ to: req.query.to }).toString()}` : '';
        return reply.header('set-cookie', gate.cookie()).redirect(`/dev/outbox${to}`, 303);
      }
      const mails = await outbox.list(await channelId(req), req.query.to, 50);
      return reply.type('text/html; charset=utf-8').send(mailListPage(mails));
    },
  );

  r.get(
    '/dev/outbox/:id',
    {
      schema: {
        tags,
        params: IdParamsSchema,
        response: { ...htmlResponses, 400: ErrorBodySchema },
      },
    },
    async (req, reply) => {
      if (!mayRead(req, reply)) return reply;
      const mail = await findMail(req, req.params.id);
      return reply.type('text/html; charset=utf-8').send(mail.html);
    },
  );

  r.get(
    '/dev/outbox/:id/json',
    {
      schema: {
        tags,
        params: IdParamsSchema,
        response: { 200: MailJsonSchema, ...refusals, 400: ErrorBodySchema },
      },
    },
    async (req, reply) => {
      if (!mayRead(req, reply)) return reply;
      const mail = await findMail(req, req.params.id);
      return { id: mail.id, to: mail.to_address, subject: mail.subject, text: mail.text_body };
    },
  );
}
