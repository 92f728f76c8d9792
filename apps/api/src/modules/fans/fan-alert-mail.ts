import type { Locale } from '@rudy/contracts';
import type { FanAlertKind } from '../../db/schema.js';
import { zonedDay } from '../../lib/zoned-day.js';
import { greeting, renderBranded, type Branding } from '../mail/mail-templates.js';

export interface AlertMailInput {
  kind: FanAlertKind;
  locale: Locale;
  brand: Branding;
  firstName: string;
  /** What the viewer follows that leads to this game, the most specific first (a team). */
  follows: readonly string[];
  gameName: string;
  start: Date;
  timeZone: string;
  watchLink: string;
  unsubscribeLink: string;
  now: Date;
}

/** Intl locales: Canadian French names zones the way Quebec readers expect (HNE). */
const INTL: Record<Locale, string> = { en: 'en-US', fr: 'fr-CA' };

/** "19:00 (EST)" in the game's own time zone, and whether that day is today or tomorrow there. */
export function gameTime(locale: Locale, start: Date, timeZone: string, now: Date) {
  const parts = new Intl.DateTimeFormat(INTL[locale], {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  }).formatToParts(start);
  const zone = parts.find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
  const clock = parts
    .filter((p) => p.type !== 'timeZoneName')
    .map((p) => p.value)
    .join('')
    .trim();
  return {
    time: `${clock} (${zone})`,
    isToday: zonedDay(start, timeZone) === zonedDay(now, timeZone),
  };
}

const list = (locale: Locale, names: readonly string[]) =>
  new Intl.ListFormat(INTL[locale], { type: 'conjunction' }).format(names);

type Texts = (a: {
  team: string;
  game: string;
  time: string;
  isToday: boolean;
  follows: string;
  channel: string;
}) => { subject: string; body: string; action: string; footer: string; unsubscribe: string };

const TEXTS: Record<FanAlertKind, Record<Locale, Texts>> = {
  live: {
    en: (a) => ({
      subject: `${a.team} is live now`,
      body: `${a.game} has started and is streaming now.`,
      action: 'Watch now',
      footer: `You get this mail because you follow ${a.follows} on ${a.channel}.`,
      unsubscribe: 'Stop these alerts',
    }),
    fr: (a) => ({
      subject: `${a.team} est en direct`,
      body: `${a.game} a commencé et est diffusé en ce moment.`,
      action: 'Regarder',
      footer: `Vous recevez ce courriel parce que vous suivez ${a.follows} sur ${a.channel}.`,
      unsubscribe: 'Ne plus recevoir ces alertes',
    }),
  },
  tomorrow: {
    en: (a) => ({
      subject: `${a.team} plays ${a.isToday ? 'today' : 'tomorrow'} at ${a.time}`,
      body: `${a.game} starts ${a.isToday ? 'today' : 'tomorrow'} at ${a.time}.`,
      action: 'Open the game',
      footer: `You get this mail because you follow ${a.follows} on ${a.channel}.`,
      unsubscribe: 'Stop these alerts',
    }),
    fr: (a) => ({
      subject: `${a.team} joue ${a.isToday ? "aujourd'hui" : 'demain'} à ${a.time}`,
      body: `${a.game} commence ${a.isToday ? "aujourd'hui" : 'demain'} à ${a.time}.`,
      action: 'Voir le match',
      footer: `Vous recevez ce courriel parce que vous suivez ${a.follows} sur ${a.channel}.`,
      unsubscribe: 'Ne plus recevoir ces alertes',
    }),
  },
};

/** What an alert says, in the viewer's language (its mail and its push message say the same). */
export function alertTexts(
  m: Pick<
    AlertMailInput,
    'kind' | 'locale' | 'follows' | 'gameName' | 'start' | 'timeZone' | 'now'
  > & {
    channelName: string;
  },
) {
  const { time, isToday } = gameTime(m.locale, m.start, m.timeZone, m.now);
  return TEXTS[m.kind][m.locale]({
    team: m.follows[0] ?? m.gameName,
    game: m.gameName,
    time,
    isToday,
    follows: list(m.locale, m.follows),
    channel: m.channelName,
  });
}

/** An alert mail, with the RFC 8058 headers that let a mail client unsubscribe in one click. */
export function renderAlertMail(m: AlertMailInput) {
  const t = alertTexts({ ...m, channelName: m.brand.channelName });
  const { html, text } = renderBranded(m.locale, m.brand, {
    hello: greeting(m.locale, m.firstName),
    paragraphs: [t.body],
    action: { label: t.action, link: m.watchLink },
    notes: [],
    footer: { text: t.footer, label: t.unsubscribe, link: m.unsubscribeLink },
  });
  return {
    subject: `${t.subject} · ${m.brand.channelName}`,
    html,
    text,
    headers: {
      'List-Unsubscribe': `<${m.unsubscribeLink}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
