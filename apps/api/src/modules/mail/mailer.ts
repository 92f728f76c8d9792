import type { Transporter } from 'nodemailer';
import type { DB } from '../../db/database.js';
import { createOutboxRepository, type OutboxRepository } from './outbox.repository.js';

export interface MailMessage {
  channelId: number;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Extra headers, e.g. List-Unsubscribe (RFC 8058); the dev outbox keeps them too. */
  headers?: Record<string, string>;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}

/** Real delivery over SMTP_URL (e.g. smtp://user:pass@smtp.example.com:587). */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  // nodemailer (about 3 MB of heap) is loaded with the first mail, not at start-up.
  let transport: Promise<Transporter> | undefined;
  return {
    kind: 'smtp',
    async send(m) {
      transport ??= import('nodemailer').then(({ default: nodemailer }) =>
        nodemailer.createTransport(smtpUrl),
      );
      await (
        await transport
      ).sendMail({
        from,
        to: m.to,
        subject: m.subject,
        html: m.html,
        text: m.text,
        ...(m.headers ? { headers: m.headers } : {}),
      });
    },
  };
}

/**
 * The embedded default: mail is stored in the database and readable at /dev/outbox, so a newcomer
 * without an SMTP server can still click the verification link.
 */
export function outboxMailer(outbox: OutboxRepository): Mailer {
  return {
    kind: 'outbox',
    send: (m) => outbox.insert(m),
  };
}

/**
 * The mailer for a database handle: SMTP when SMTP_URL is set (one transport for all), else the
 * outbox in that handle, so a transaction commits its mail together with what it records as sent.
 */
export function mailerFactory(config: {
  SMTP_URL?: string | undefined;
  MAIL_FROM: string;
}): (db: DB) => Mailer {
  if (config.SMTP_URL) {
    const smtp = smtpMailer(config.SMTP_URL, config.MAIL_FROM);
    return () => smtp;
  }
  return (db) => outboxMailer(createOutboxRepository(db));
}
