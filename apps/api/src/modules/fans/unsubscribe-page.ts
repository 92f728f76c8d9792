import type { Locale } from '@rudy/contracts';
import { escapeHtml } from '../mail/mail-templates.js';

const TEXTS: Record<Locale, { ask: string; button: string; done: string; back: string }> = {
  en: {
    ask: 'Stop the alert emails about the teams, schools and sports you follow, and the channel’s announcements?',
    button: 'Unsubscribe',
    done: 'Done: you will no longer get alert or announcement emails. You can turn alerts on again in your profile.',
    back: 'Back to the site',
  },
  fr: {
    ask: 'Ne plus recevoir les alertes par courriel sur les équipes, écoles et sports que vous suivez, ni les annonces de la chaîne ?',
    button: 'Me désabonner',
    done: 'C’est fait : vous ne recevrez plus d’alertes ni d’annonces par courriel. Vous pouvez réactiver les alertes dans votre profil.',
    back: 'Retour au site',
  },
};

/**
 * The unsubscribe link's page. Opening the link (GET) changes nothing, since mail scanners open
 * links; its button posts, as a mail client's one-click does (RFC 8058).
 */
export function unsubscribePage(locale: Locale, channelName: string, state: 'ask' | 'done') {
  const t = TEXTS[locale];
  const body =
    state === 'ask'
      ? `<p>${escapeHtml(t.ask)}</p><form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escapeHtml(t.button)}</button></form>`
      : `<p>${escapeHtml(t.done)}</p><p><a href="/">${escapeHtml(t.back)}</a></p>`;
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(channelName)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.5;color:#1b2330}button{font:inherit;padding:.6rem 1.2rem;border-radius:8px;border:0;background:#1d4ed8;color:#fff;cursor:pointer}</style></head>
<body><h1>${escapeHtml(channelName)}</h1>${body}</body></html>`;
}
