import { z } from 'zod';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorBodySchema, IdParamsSchema } from '@rudy/contracts';
import { notFound } from '../../lib/http-error.js';
import { typed } from '../../lib/route-types.js';
import type { KeysService } from '../keys/keys.service.js';
import type { OutboxGate } from './outbox-gate.js';
import { LOCKED_PAGE, mailListPage } from './outbox-pages.js';
import type { OutboxRepository } from './outbox.repository.js';

const OutboxQuerySchema = z.object({
  to: z.string().max(254).optional(),
  token: z.string().max(200).optional(),
});
const Html = z.string().describe('text/html');
const htmlResponses = { 200: Html, 403: Html, 404: ErrorBodySchema } as const;
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

  /** Sends the answer for a caller who may not read mail; undefined when they may. */
  function refuse(req: FastifyRequest, reply: FastifyReply, queryToken?: string) {
    const access = gate.access(req, queryToken);
    if (access === 'hidden') return reply.callNotFound();
    if (access === 'locked') {
      return reply.status(403).type('text/html; charset=utf-8').send(LOCKED_PAGE);
    }
    return undefined;
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
        response: { 200: z.object({ unlocked: z.boolean() }), 404: ErrorBodySchema },
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
    { schema: { tags, querystring: OutboxQuerySchema, response: htmlResponses } },
    async (req, reply) => {
      const refused = refuse(req, reply, req.query.token);
      if (refused) return refused;
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
    { schema: { tags, params: IdParamsSchema, response: htmlResponses } },
    async (req, reply) => {
      const refused = refuse(req, reply);
      if (refused) return refused;
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
        response: { 200: MailJsonSchema, 403: Html, 404: ErrorBodySchema },
      },
    },
    async (req, reply) => {
      const refused = refuse(req, reply);
      if (refused) return refused;
      const mail = await findMail(req, req.params.id);
      return { id: mail.id, to: mail.to_address, subject: mail.subject, text: mail.text_body };
    },
  );
}
