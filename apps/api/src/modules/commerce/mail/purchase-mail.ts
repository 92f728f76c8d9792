import { CURRENCY_SYMBOL, type Locale } from '@rudy/contracts';
import type { PurchaseMailKind } from '../../../db/schema.js';
import { pickText } from '../../../lib/i18n-text.js';
import { greeting, renderBranded, type Branding } from '../../mail/mail-templates.js';
import type { ChainFacts, OrderFacts } from './purchase-mail-facts.repository.js';

/** Intl locales: Canadian French, as the channel's French readers write dates and amounts. */
const INTL: Record<Locale, string> = { en: 'en-US', fr: 'fr-CA' };

/** "$154.99 USD" / "154,99 $ US": the spec's $ for both currencies, with the code to tell them apart. */
export function money(locale: Locale, cents: number, currency: 'USD' | 'CAD'): string {
  const n = new Intl.NumberFormat(INTL[locale], {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(cents / 100);
  const sign = cents < 0 ? '-' : '';
  const abs = n.replace('-', '').replace('\u2212', '');
  return locale === 'fr'
    ? `${sign}${abs} ${CURRENCY_SYMBOL[currency]} ${currency === 'USD' ? 'US' : 'CA'}`
    : `${sign}${CURRENCY_SYMBOL[currency]}${abs} ${currency}`;
}

const day = (locale: Locale, d: Date, timeZone: string) =>
  new Intl.DateTimeFormat(INTL[locale], { dateStyle: 'long', timeZone }).format(d);

const cardText = (brand: string | null, last4: string | null) =>
  last4
    ? `${brand ? `${brand.charAt(0).toUpperCase()}${brand.slice(1)}` : ''} •••• ${last4}`.trim()
    : null;

export interface PurchaseMailInput {
  kind: PurchaseMailKind;
  locale: Locale;
  brand: Branding;
  timeZone: string;
  firstName: string;
  order: OrderFacts | undefined;
  chain: ChainFacts | undefined;
}

const PERIOD: Record<Locale, Record<ChainFacts['period'], string>> = {
  en: { month: 'every 30 days', annual: 'every year' },
  fr: { month: 'tous les 30 jours', annual: 'chaque année' },
};

const T = {
  en: {
    receiptSubject: (id: number) => `Your receipt for order #${id}`,
    renewalSubject: (name: string) => `Receipt: ${name} renewed`,
    thanks: (channel: string) => `Thank you for your purchase on ${channel}. Here is your receipt.`,
    renewed: (name: string, channel: string) =>
      `Your subscription ${name} has renewed. Thank you for staying with ${channel}.`,
    trialStarted: (end: string, price: string, every: string) =>
      `Your free trial runs until ${end}. Then ${price} is charged ${every} unless you cancel before.`,
    fees: 'Service fees',
    discount: 'Promo discount (included)',
    total: 'Total charged',
    facts: (id: number, date: string, card: string | null) =>
      `Order #${id} · ${date}${card ? ` · paid with ${card}` : ''}`,
    orders: 'See my orders',
    reminderSubject: (date: string) => `Your free trial ends on ${date}`,
    reminder: (name: string, date: string, price: string, every: string) =>
      `Your free trial of ${name} ends on ${date}. Your card will then be charged ${price}, and ${every} after that.`,
    howToCancel:
      'Not staying? Open your passes in your profile and turn auto-renewal off before that date: nothing will be charged, and you keep watching until the trial ends.',
    manage: 'Manage my subscription',
    failedSubject: (name: string) => `Your payment for ${name} failed`,
    failed: (name: string, price: string) =>
      `We could not charge your card for the renewal of ${name} (${price}). Update your card so that your access continues.`,
    fix: 'Update my card',
    cancelSubject: (name: string) => `${name} will not renew`,
    cancelled: (name: string, until: string | null) =>
      `Auto-renewal of ${name} is off: nothing more will be charged.${until ? ` You keep access until ${until}.` : ''}`,
    resume: 'Changed your mind? Turn auto-renewal back on in your profile before then.',
    refundSubject: (id: number) => `Refund of order #${id}`,
    refunded: (price: string, id: number, card: string | null) =>
      `We have refunded ${price} for order #${id}${card ? ` to your card ${card}` : ''}. It can take 5 to 10 business days to show on your statement.`,
    refundAccess: 'What this order gave access to has ended.',
    footer: (channel: string) =>
      `You get this mail because you bought from ${channel}. It is about your account, so it cannot be turned off.`,
  },
  fr: {
    receiptSubject: (id: number) => `Votre reçu pour la commande no ${id}`,
    renewalSubject: (name: string) => `Reçu : ${name} renouvelé`,
    thanks: (channel: string) => `Merci pour votre achat sur ${channel}. Voici votre reçu.`,
    renewed: (name: string, channel: string) =>
      `Votre abonnement ${name} a été renouvelé. Merci de rester avec ${channel}.`,
    trialStarted: (end: string, price: string, every: string) =>
      `Votre essai gratuit dure jusqu’au ${end}. Ensuite, ${price} sera prélevé ${every}, sauf si vous annulez avant.`,
    fees: 'Frais de service',
    discount: 'Rabais promotionnel (inclus)',
    total: 'Total payé',
    facts: (id: number, date: string, card: string | null) =>
      `Commande no ${id} · ${date}${card ? ` · payée avec ${card}` : ''}`,
    orders: 'Voir mes commandes',
    reminderSubject: (date: string) => `Votre essai gratuit se termine le ${date}`,
    reminder: (name: string, date: string, price: string, every: string) =>
      `Votre essai gratuit de ${name} se termine le ${date}. Votre carte sera alors débitée de ${price}, puis ${every}.`,
    howToCancel:
      'Vous ne restez pas ? Ouvrez vos passes dans votre profil et désactivez le renouvellement automatique avant cette date : rien ne sera prélevé et vous regardez jusqu’à la fin de l’essai.',
    manage: 'Gérer mon abonnement',
    failedSubject: (name: string) => `Le paiement de ${name} a échoué`,
    failed: (name: string, price: string) =>
      `Nous n’avons pas pu débiter votre carte pour le renouvellement de ${name} (${price}). Mettez votre carte à jour pour garder votre accès.`,
    fix: 'Mettre ma carte à jour',
    cancelSubject: (name: string) => `${name} ne sera pas renouvelé`,
    cancelled: (name: string, until: string | null) =>
      `Le renouvellement automatique de ${name} est désactivé : plus rien ne sera prélevé.${until ? ` Vous gardez l’accès jusqu’au ${until}.` : ''}`,
    resume:
      'Vous avez changé d’avis ? Réactivez le renouvellement automatique dans votre profil d’ici là.',
    refundSubject: (id: number) => `Remboursement de la commande no ${id}`,
    refunded: (price: string, id: number, card: string | null) =>
      `Nous avons remboursé ${price} pour la commande no ${id}${card ? ` sur votre carte ${card}` : ''}. Le montant peut prendre de 5 à 10 jours ouvrables pour paraître sur votre relevé.`,
    refundAccess: 'L’accès donné par cette commande a pris fin.',
    footer: (channel: string) =>
      `Vous recevez ce courriel parce que vous avez acheté sur ${channel}. Il concerne votre compte et ne peut pas être désactivé.`,
  },
} as const;

type Rendered = { subject: string; paragraphs: string[]; rows?: [string, string][] } & {
  action: { label: string; link: string };
  notes: string[];
};

function receipt(m: PurchaseMailInput, o: OrderFacts): Rendered {
  const t = T[m.locale];
  const $ = (c: number) => money(m.locale, c, o.currency);
  const fees = o.items.reduce((n, i) => n + i.fee_cents, 0);
  const rows: [string, string][] = o.items.map((i) => [
    pickText(i.name, m.locale),
    $(i.amount_cents - i.fee_cents),
  ]);
  if (fees > 0) rows.push([t.fees, $(fees)]);
  if (o.discount_cents > 0) rows.push([t.discount, $(-o.discount_cents)]);
  rows.push([t.total, $(o.amount_cents)]);
  const renewal = o.kind === 'subscription_renewal';
  const name = pickText(o.items[0]?.name, m.locale);
  const paragraphs = [
    renewal ? t.renewed(name, m.brand.channelName) : t.thanks(m.brand.channelName),
  ];
  const c = m.chain;
  if (o.kind === 'new_subscription' && c?.trial_end && o.amount_cents === 0) {
    paragraphs.push(
      t.trialStarted(
        day(m.locale, new Date(c.trial_end), m.timeZone),
        money(m.locale, c.price_cents, c.currency),
        PERIOD[m.locale][c.period],
      ),
    );
  }
  return {
    subject: renewal ? t.renewalSubject(name) : t.receiptSubject(o.id),
    paragraphs,
    rows,
    action: { label: t.orders, link: `${m.brand.siteUrl}/profile/transactions` },
    notes: [
      t.facts(
        o.id,
        day(m.locale, new Date(o.created_at), m.timeZone),
        cardText(o.card_brand, o.card_last4),
      ),
    ],
  };
}

/** The subject and body of a purchase mail; undefined when what it is about is gone. */
export function renderPurchaseMail(m: PurchaseMailInput) {
  const t = T[m.locale];
  const passes = `${m.brand.siteUrl}/profile/passes`;
  const c = m.chain;
  const o = m.order;
  let r: Rendered | undefined;
  switch (m.kind) {
    case 'receipt':
      r = o && receipt(m, o);
      break;
    case 'trial_reminder': {
      if (!c?.trial_end) break;
      const date = day(m.locale, new Date(c.trial_end), m.timeZone);
      r = {
        subject: t.reminderSubject(date),
        paragraphs: [
          t.reminder(
            pickText(c.name, m.locale),
            date,
            money(m.locale, c.price_cents, c.currency),
            PERIOD[m.locale][c.period],
          ),
          t.howToCancel,
        ],
        action: { label: t.manage, link: passes },
        notes: [],
      };
      break;
    }
    case 'payment_failed': {
      if (!o) break;
      const name = pickText(o.items[0]?.name, m.locale);
      r = {
        subject: t.failedSubject(name),
        paragraphs: [t.failed(name, money(m.locale, o.amount_cents, o.currency))],
        action: { label: t.fix, link: passes },
        notes: [],
      };
      break;
    }
    case 'cancellation': {
      if (!c) break;
      const name = pickText(c.name, m.locale);
      const end = c.current_period_end ?? c.trial_end;
      r = {
        subject: t.cancelSubject(name),
        paragraphs: [
          t.cancelled(name, end ? day(m.locale, new Date(end), m.timeZone) : null),
          t.resume,
        ],
        action: { label: t.manage, link: passes },
        notes: [],
      };
      break;
    }
    case 'refund': {
      if (!o) break;
      r = {
        subject: t.refundSubject(o.id),
        paragraphs: [
          t.refunded(
            money(m.locale, o.amount_cents, o.currency),
            o.id,
            cardText(o.card_brand, o.card_last4),
          ),
          t.refundAccess,
        ],
        action: { label: t.orders, link: `${m.brand.siteUrl}/profile/transactions` },
        notes: [],
      };
      break;
    }
  }
  if (!r) return undefined;
  const { html, text } = renderBranded(m.locale, m.brand, {
    hello: greeting(m.locale, m.firstName),
    paragraphs: r.paragraphs,
    ...(r.rows ? { rows: r.rows } : {}),
    action: r.action,
    notes: [...r.notes, t.footer(m.brand.channelName)],
  });
  return { subject: `${r.subject} · ${m.brand.channelName}`, html, text };
}
