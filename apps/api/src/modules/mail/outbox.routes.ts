import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { IdParamsSchema } from '@rudy/contracts';
import type { DB } from '../../db/database.js';
import { notFound } from '../../lib/http-error.js';
import { typed } from '../../lib/route-types.js';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The dev outbox: registered only when no SMTP server is configured. Lists the last mails (newest
 * first, optionally filtered by recipient) and shows each one as it would arrive.
 */
export function outboxRoutes(app: FastifyInstance, db: DB) {
  const r = typed(app);
  const tags = ['dev'];

  r.get(
    '/dev/outbox',
    {
      schema: { tags, querystring: z.object({ to: z.string().max(254).optional() }) },
    },
    async (req, reply) => {
      let q = db.selectFrom('mail_outbox').select(['id', 'to_address', 'subject', 'created_at']);
      if (req.query.to)
        q = q.where((eb) =>
          eb(eb.fn('lower', ['to_address']), '=', req.query.to?.toLowerCase() ?? ''),
        );
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
          `<!doctype html><meta charset="utf-8"><title>Dev outbox</title><body style="font-family:system-ui;max-width:760px;margin:32px auto;padding:0 16px"><h1>Dev outbox</h1><p>Mail is kept here because SMTP_URL is not set.</p><ul>${items || '<li>No mail yet.</li>'}</ul></body>`,
        );
    },
  );

  r.get('/dev/outbox/:id', { schema: { tags, params: IdParamsSchema } }, async (req, reply) => {
    const mail = await db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('id', '=', req.params.id)
      .executeTakeFirst();
    if (!mail) throw notFound('Mail not found');
    return reply.type('text/html; charset=utf-8').send(mail.html);
  });

  r.get('/dev/outbox/:id/json', { schema: { tags, params: IdParamsSchema } }, async (req) => {
    const mail = await db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('id', '=', req.params.id)
      .executeTakeFirst();
    if (!mail) throw notFound('Mail not found');
    return { id: mail.id, to: mail.to_address, subject: mail.subject, text: mail.text_body };
  });
}
