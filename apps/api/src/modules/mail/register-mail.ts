import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { DB } from '../../db/database.js';
import type { KeysService } from '../keys/keys.service.js';
import { outboxMailer, smtpMailer, type Mailer } from './mailer.js';
import { createOutboxGate } from './outbox-gate.js';
import { createOutboxRepository } from './outbox.repository.js';
import { outboxRoutes } from './outbox.routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The dev outbox's key (printed at start-up); absent when mail goes to SMTP. */
    devOutboxToken?: string;
  }
}

/** The mailer: SMTP when configured, else the dev outbox, whose pages are registered here. */
export function registerMail(
  app: FastifyInstance,
  deps: { config: Config; db: DB; keys: KeysService },
): Mailer {
  const { config, keys } = deps;
  const outbox = createOutboxRepository(deps.db);
  const mailer = config.SMTP_URL
    ? smtpMailer(config.SMTP_URL, config.MAIL_FROM)
    : outboxMailer(outbox);
  if (mailer.kind === 'outbox') {
    const gate = createOutboxGate({
      token: config.DEV_OUTBOX_TOKEN,
      allowRemote: config.DEV_OUTBOX_ALLOW_REMOTE,
    });
    outboxRoutes(app, { outbox, gate, keys, defaultChannelKey: config.DEFAULT_CHANNEL_KEY });
    app.decorate('devOutboxToken', gate.token);
  }
  return mailer;
}
