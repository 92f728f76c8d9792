import type { Transporter } from 'nodemailer';
import type { OutboxRepository } from './outbox.repository.js';

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
      ).sendMail({ from, to: m.to, subject: m.subject, html: m.html, text: m.text });
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
