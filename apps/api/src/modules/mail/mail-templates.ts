import type { Locale } from '@rudy/contracts';

export interface Branding {
  channelName: string;
  primaryColor: string;
  primaryText: string;
  siteUrl: string;
}

type Kind = 'verify_email' | 'password_reset' | 'admin_invitation';

const TEXTS: Record<
  Kind,
  Record<Locale, { subject: string; intro: string; action: string; outro: string }>
> = {
  verify_email: {
    en: {
      subject: 'Confirm your email address',
      intro: 'Welcome! Please confirm your email address to finish setting up your account.',
      action: 'Confirm my email',
      outro: 'This link expires in 48 hours. If you did not create an account, ignore this email.',
    },
    fr: {
      subject: 'Confirmez votre adresse courriel',
      intro:
        'Bienvenue ! Confirmez votre adresse courriel pour terminer la création de votre compte.',
      action: 'Confirmer mon courriel',
      outro:
        "Ce lien expire dans 48 heures. Si vous n'avez pas créé de compte, ignorez ce message.",
    },
  },
  password_reset: {
    en: {
      subject: 'Reset your password',
      intro: 'We received a request to reset the password of your account.',
      action: 'Choose a new password',
      outro:
        'This link expires in 60 minutes and works once. If you did not ask for it, ignore this email.',
    },
    fr: {
      subject: 'Réinitialisez votre mot de passe',
      intro: 'Nous avons reçu une demande de réinitialisation du mot de passe de votre compte.',
      action: 'Choisir un nouveau mot de passe',
      outro:
        "Ce lien expire dans 60 minutes et ne sert qu'une fois. Si vous ne l'avez pas demandé, ignorez ce message.",
    },
  },
  admin_invitation: {
    en: {
      subject: 'You are invited to run the channel',
      intro:
        'You are invited to become an admin of the channel: its console lets you change its games, videos, prices and look. Sign in (or create an account) with this email address, then open the link.',
      action: 'Accept the invitation',
      outro:
        'This link expires in 72 hours and works once. If you did not expect it, ignore this email.',
    },
    fr: {
      subject: 'Vous êtes invité à gérer la chaîne',
      intro:
        "Vous êtes invité à devenir administrateur de la chaîne : sa console permet d'en changer les matchs, les vidéos, les prix et l'apparence. Connectez-vous (ou créez un compte) avec cette adresse courriel, puis ouvrez le lien.",
      action: "Accepter l'invitation",
      outro:
        "Ce lien expire dans 72 heures et ne sert qu'une fois. Si vous ne l'attendiez pas, ignorez ce message.",
    },
  },
};

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface BrandedMail {
  hello: string;
  paragraphs: readonly string[];
  /** A two-column table after the paragraphs (a receipt's lines); the last row is bold. */
  rows?: readonly (readonly [string, string])[];
  action: { label: string; link: string };
  /** Small print under the button (plain text). */
  notes: readonly string[];
  /** A footer line with a link, e.g. the unsubscribe link. */
  footer?: { text: string; label: string; link: string };
}

/** The channel-branded layout every mail shares, as HTML and plain text. */
export function renderBranded(locale: Locale, brand: Branding, m: BrandedMail) {
  const para = (p: string) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(p)}</p>`;
  const note = (n: string) =>
    `<p style="margin:0 0 8px;font-size:13px;color:#5b6575;line-height:1.5">${escapeHtml(n)}</p>`;
  const footer = m.footer
    ? `<tr><td style="padding:0 28px 24px;font-size:12px;color:#8a93a3">${escapeHtml(m.footer.text)} <a href="${escapeHtml(m.footer.link)}" style="color:#5b6575">${escapeHtml(m.footer.label)}</a></td></tr>`
    : '';
  const rows = m.rows?.length
    ? `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 20px;border-collapse:collapse">${m.rows
        .map(
          ([label, value], i, all) =>
            `<tr style="${i === all.length - 1 ? 'font-weight:700;' : ''}border-top:1px solid #e3e7ee"><td style="padding:8px 0">${escapeHtml(label)}</td><td align="right" style="padding:8px 0;white-space:nowrap">${escapeHtml(value)}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  const html = `<!doctype html><html lang="${locale}"><body style="margin:0;background:#f4f6f9;font-family:system-ui,sans-serif;color:#1b2330">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 12px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#fff;border-radius:12px;overflow:hidden">
<tr><td style="background:${brand.primaryColor};color:${brand.primaryText};padding:20px 28px;font-size:20px;font-weight:700">${escapeHtml(brand.channelName)}</td></tr>
<tr><td style="padding:28px">
<p style="margin:0 0 12px">${escapeHtml(m.hello)}</p>
${m.paragraphs.map(para).join('\n')}
${rows}<p style="margin:8px 0 24px"><a href="${escapeHtml(m.action.link)}" style="display:inline-block;background:${brand.primaryColor};color:${brand.primaryText};padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(m.action.label)}</a></p>
${m.notes.map(note).join('\n')}
<p style="margin:0;font-size:12px;color:#8a93a3;word-break:break-all">${escapeHtml(m.action.link)}</p>
</td></tr>${footer}</table></td></tr></table></body></html>`;
  const text = [
    m.hello,
    ...m.paragraphs,
    ...(m.rows?.length ? [m.rows.map(([label, value]) => `${label}: ${value}`).join('\n')] : []),
    `${m.action.label}: ${m.action.link}`,
    ...m.notes,
    ...(m.footer ? [`${m.footer.text} ${m.footer.label}: ${m.footer.link}`] : []),
    `${brand.channelName} · ${brand.siteUrl}`,
  ].join('\n\n');
  return { html, text };
}

export const greeting = (locale: Locale, firstName: string) =>
  `${locale === 'fr' ? 'Bonjour' : 'Hi'}${firstName ? ` ${firstName}` : ''},`;

/** A channel-branded mail with one call to action, as HTML and plain text. */
export function renderActionMail(
  kind: Kind,
  locale: Locale,
  brand: Branding,
  firstName: string,
  link: string,
) {
  const t = TEXTS[kind][locale];
  const subject = `${t.subject} · ${brand.channelName}`;
  const { html, text } = renderBranded(locale, brand, {
    hello: greeting(locale, firstName),
    paragraphs: [t.intro],
    action: { label: t.action, link },
    notes: [t.outro],
  });
  return { subject, html, text };
}
