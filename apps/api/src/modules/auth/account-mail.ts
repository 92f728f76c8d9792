import { HOUR_MS, MINUTE_MS, type Locale } from '@rudy/contracts';
import type { ChannelService } from '../channel/channel.service.js';
import type { SiteOrigins } from '../channel/site-origin.js';
import { channelBranding } from '../mail/branding.js';
import { renderActionMail } from '../mail/mail-templates.js';
import type { Mailer } from '../mail/mailer.js';
import type { UserRow } from './auth.repository.js';
import { createHash } from 'node:crypto';
import { expiresIn, signLink, type LinkSubject } from './signed-link.js';

export const VERIFY_LINK_TTL_MS = 48 * HOUR_MS;
export const RESET_LINK_TTL_MS = 60 * MINUTE_MS;

/** What a link is bound to; see signed-link.ts for why this makes links single-use. */
export function linkSubject(user: UserRow, purpose: LinkSubject['purpose']): LinkSubject {
  const state =
    purpose === 'verify_email'
      ? `unverified:${user.email.toLowerCase()}`
      : createHash('sha256')
          .update(user.password_hash ?? 'no-password')
          .digest('base64url');
  return { purpose, channelId: user.channel_id, userId: user.id, email: user.email, state };
}

export const asLocale = (value: string): Locale => (value === 'fr' ? 'fr' : 'en');

/** Verification and reset mails: signed link, in the user's language, in the channel's colours. */
export function createAccountMail(deps: {
  mailer: Mailer;
  channel: ChannelService;
  origins: SiteOrigins;
  secret: string;
  now: () => Date;
}) {
  async function send(user: UserRow, purpose: LinkSubject['purpose']) {
    const origin = await deps.origins.forChannel(user.channel_id);
    const ttl = purpose === 'verify_email' ? VERIFY_LINK_TTL_MS : RESET_LINK_TTL_MS;
    const expires = expiresIn(ttl, deps.now());
    const signature = signLink(deps.secret, linkSubject(user, purpose), expires);
    const path = purpose === 'verify_email' ? '/verify-email' : '/password-reset';
    const query = new URLSearchParams({ email: user.email, expires: String(expires), signature });
    const link = `${origin}${path}?${query.toString()}`;

    const mail = renderActionMail(
      purpose,
      asLocale(user.language),
      await channelBranding(deps.channel, deps.origins, user.channel_id),
      user.first_name,
      link,
    );
    await deps.mailer.send({ channelId: user.channel_id, to: user.email, ...mail });
  }

  return {
    sendVerification: (user: UserRow) => send(user, 'verify_email'),
    sendPasswordReset: (user: UserRow) => send(user, 'password_reset'),
  };
}
export type AccountMail = ReturnType<typeof createAccountMail>;
