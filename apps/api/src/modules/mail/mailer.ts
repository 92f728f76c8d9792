import nodemailer from 'nodemailer';
import type { DB } from '../../db/database.js';

export interface MailMessage {
  channelId: number;
  to: string;
  subject: string;
  html: string;
  text: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}

/** Real delivery over SMTP_URL (e.g. smtp://user:pass@smtp.example.com:587). */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(m) {
      await transport.sendMail({ from, to: m.to, subject: m.subject, html: m.html, text: m.text });
    },
  };
}

/**
 * The embedded default: mail is stored in the database and readable at /dev/outbox, so a newcomer
 * without an SMTP server can still click the verification link.
 */
export function outboxMailer(db: DB): Mailer {
  return {
    kind: 'outbox',
    async send(m) {
      await db
        .insertInto('mail_outbox')
        .values({
          channel_id: m.channelId,
          to_address: m.to,
          subject: m.subject,
          html: m.html,
          text_body: m.text,
        })
        .execute();
    },
  };
}
