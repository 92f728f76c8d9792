import { z } from 'zod';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { IdParamsSchema } from '@rudy/contracts';
import type { DB } from '../../db/database.js';
import { notFound } from '../../lib/http-error.js';
import { typed } from '../../lib/route-types.js';
import type { KeysService } from '../keys/keys.service.js';
import type { OutboxGate } from './outbox-gate.js';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const page = (body: string) =>
  `<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Dev outbox</title><body style="font-family:system-ui;max-width:760px;margin:32px auto;padding:0 16px;line-height:1.5"><h1>Dev outbox</h1>${body}</body>`;

const LOCKED_PAGE = page(
  '<p>This outbox holds the sign-in links of every account, so it opens only with the key printed in the terminal where the server was started (the line <code>Dev outbox: …?token=…</code>). Open that address once in this browser; the outbox then stays open here.</p>',
);

const OutboxQuerySchema = z.object({
  to: z.string().max(254).optional(),
  token: z.string().max(200).optional(),
});

/**
 * The dev outbox: registered only when no SMTP server is configured (never in production). Shows
 * the mails of the channel served on this host, newest first, to the person running the server
 * (see outbox-gate.ts); to anyone else it does not exist.
 */
export function outboxRoutes(
  app: FastifyInstance,
  deps: { db: DB; gate: OutboxGate; keys: KeysService; defaultChannelKey: string },
) {
  const { db, gate } = deps;
  const r = typed(app);
  const tags = ['dev'];
  const schema = { tags, hide: true };
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

  // For the web app's verify notice: whether to point the local user at the outbox.
  r.get('/dev/outbox/status', { schema }, async (req, reply) => {
    const access = gate.access(req, undefined);
    if (access === 'hidden') return reply.callNotFound();
    return { unlocked: access === 'open' };
  });

  r.get(
    '/dev/outbox',
    { schema: { ...schema, querystring: OutboxQuerySchema } },
    async (req, reply) => {
      const refused = refuse(req, reply, req.query.token);
      if (refused) return refused;
      if (req.query.token !== undefined) {
        // Keep the key in a cookie and out of the address bar, history and referrers.
        const rest = req.query.to ? `?${new URLSearchParams({ to: req.query.to }).toString()}` : '';
        return reply.header('set-cookie', gate.cookie()).redirect(`/dev/outbox${rest}`, 303);
      }
      let q = db
        .selectFrom('mail_outbox')
        .select(['id', 'to_address', 'subject', 'created_at'])
        .where('channel_id', '=', await channelId(req));
      if (req.query.to) {
        const to = req.query.to.toLowerCase();
        q = q.where((eb) => eb(eb.fn('lower', ['to_address']), '=', to));
      }
      const rows = await q.orderBy('id', 'desc').limit(50).execute();
      const items = rows
        .map(
          (m) =>
            `<li><a href="/dev/outbox/${m.id}">${escapeHtml(m.subject)}</a> — ${escapeHtml(m.to_address)} <small>${new Date(m.created_at).toISOString()}</small></li>`,
        )
        .join('');
      return reply
        .type('text/html; charset=utf-8')
        .send(
          page(
            `<p>Mail is kept here because SMTP_URL is not set.</p><ul>${items || '<li>No mail yet.</li>'}</ul>`,
          ),
        );
    },
  );

  async function findMail(req: FastifyRequest, id: number) {
    const mail = await db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('id', '=', id)
      .where('channel_id', '=', await channelId(req))
      .executeTakeFirst();
    if (!mail) throw notFound('Mail not found');
    return mail;
  }

  r.get(
    '/dev/outbox/:id',
    { schema: { ...schema, params: IdParamsSchema } },
    async (req, reply) => {
      const refused = refuse(req, reply);
      if (refused) return refused;
      const mail = await findMail(req, req.params.id);
      return reply.type('text/html; charset=utf-8').send(mail.html);
    },
  );

  r.get(
    '/dev/outbox/:id/json',
    { schema: { ...schema, params: IdParamsSchema } },
    async (req, reply) => {
      const refused = refuse(req, reply);
      if (refused) return refused;
      const mail = await findMail(req, req.params.id);
      return { id: mail.id, to: mail.to_address, subject: mail.subject, text: mail.text_body };
    },
  );
}
