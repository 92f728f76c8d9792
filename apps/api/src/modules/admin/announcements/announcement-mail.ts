import type { Locale } from '@rudy/contracts';
import { greeting, renderBranded, type Branding } from '../../mail/mail-templates.js';

const TEXTS: Record<Locale, { action: string; footer: (channel: string) => string; stop: string }> =
  {
    en: {
      action: 'Open the site',
      footer: (channel) => `You get this mail as a viewer of ${channel}.`,
      stop: 'Unsubscribe',
    },
    fr: {
      action: 'Ouvrir le site',
      footer: (channel) => `Vous recevez ce courriel en tant que spectateur de ${channel}.`,
      stop: 'Me désabonner',
    },
  };

/**
 * An announcement in one language: the operator's subject and text (paragraphs split on blank
 * lines, escaped like every mail's text) in the channel's branded layout, with the RFC 8058
 * one-click unsubscribe the alert mails carry.
 */
export function renderAnnouncementMail(m: {
  locale: Locale;
  brand: Branding;
  firstName: string;
  subject: string;
  body: string;
  unsubscribeLink: string;
}) {
  const t = TEXTS[m.locale];
  const { html, text } = renderBranded(m.locale, m.brand, {
    hello: greeting(m.locale, m.firstName),
    paragraphs: m.body
      .split(/\r?\n\s*\r?\n/)
      .map((p) => p.trim())
      .filter((p) => p.length > 0),
    action: { label: t.action, link: m.brand.siteUrl },
    notes: [],
    footer: { text: t.footer(m.brand.channelName), label: t.stop, link: m.unsubscribeLink },
  });
  return {
    subject: `${m.subject} · ${m.brand.channelName}`,
    html,
    text,
    headers: {
      'List-Unsubscribe': `<${m.unsubscribeLink}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
