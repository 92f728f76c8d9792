import { ACCESS_FLAGS } from '@rudy/contracts';
import type { Bilingual, TeamKey } from './demo-content.js';

/*
 * What the demo channel sells, in cents of Canadian dollars. Each offer grants a different set of
 * accesses so that the purchase and capability screens have something to compare.
 */

export type Access = (typeof ACCESS_FLAGS)[number];

export const ALL_ACCESSES: readonly Access[] = ACCESS_FLAGS;

/** Prices in cents (CAD). A single game costs more when it is a pay-per-view final. */
export const SINGLE_EVENT_PRICES = {
  paid: { base: 799, fee: 100 },
  ppv: { base: 1499, fee: 150 },
} as const;

export const SINGLE_EVENT_ACCESSES: readonly Access[] = ['watch', 'vod_media_access'];

export const SEASON_PASS = {
  description: {
    en: 'Every U18, U16 and women’s game of the regular season, live and on demand, with downloads.',
    fr: 'Tous les matchs M18, M16 et féminins de la saison régulière, en direct et sur demande, avec téléchargements.',
  },
  base: 14_999,
  fee: 500,
  accesses: ['watch', 'download', 'vod_media_access'] as readonly Access[],
};

export const TEAM_PASS = {
  name: { en: 'Lakeshore Collegiate Team Pass', fr: 'Passe d’équipe Lakeshore Collegiate' },
  description: {
    en: 'Follow the Lakeshore Wolves and Lakeshore Lynx all season, home and away.',
    fr: 'Suivez les Wolves et les Lynx de Lakeshore toute la saison, à domicile et à l’étranger.',
  },
  base: 5_999,
  fee: 300,
  teams: ['wolves', 'lynx'] as readonly TeamKey[],
  accesses: ['watch', 'vod_media_access'] as readonly Access[],
};

export const BASIC_PASS = {
  name: { en: 'Basic Pass', fr: 'Passe de base' },
  description: {
    en: 'Free access to games open to registered viewers. Upgrade at any time.',
    fr: 'Accès gratuit aux matchs ouverts aux membres inscrits. Passez à une offre supérieure en tout temps.',
  },
  accesses: ['watch'] as readonly Access[],
};

export interface SubscriptionSeed {
  name: Bilingual;
  description: Bilingual;
  period: 'month' | 'annual';
  base: number;
  fee: number;
  trialDays: number;
  accesses: readonly Access[];
  /** Limits on what the plan grants (spec: feature counts); 0 or absent: no limit. */
  featureCounts?: { clip?: number; download?: number };
}

export const SUBSCRIPTIONS: readonly SubscriptionSeed[] = [
  {
    name: { en: 'Monthly All-Access', fr: 'Accès intégral mensuel' },
    description: {
      en: 'Every game live and on demand, ad-free, with clips. Renews every 30 days; 7-day free trial.',
      fr: 'Tous les matchs en direct et sur demande, sans publicité, avec extraits. Renouvelé tous les 30 jours; essai gratuit de 7 jours.',
    },
    period: 'month',
    base: 1_299,
    fee: 0,
    trialDays: 7,
    accesses: ['watch', 'clipping', 'download_clip', 'no_ads', 'vod_media_access'],
    featureCounts: { clip: 50 },
  },
  {
    name: { en: 'Annual All-Access', fr: 'Accès intégral annuel' },
    description: {
      en: 'Twelve months of everything: live, on demand, clips and full-game downloads, ad-free.',
      fr: 'Douze mois de tout : direct, sur demande, extraits et téléchargement des matchs complets, sans publicité.',
    },
    period: 'annual',
    base: 9_999,
    fee: 0,
    trialDays: 0,
    accesses: ALL_ACCESSES,
  },
];

export const PREROLLS = [
  { url: '/media/prerolls/preroll-1.mp4', weight: 3 },
  { url: '/media/prerolls/preroll-2.mp4', weight: 1 },
] as const;

export interface PromoSeed {
  code: string;
  kind: 'percent' | 'amount';
  percentOff?: number;
  amountOffCents?: number;
  /** Days from the seed date; negative: already expired. */
  expiresInDays?: number;
  maxRedemptions?: number;
  /** Only the season pass. */
  seasonPassOnly?: boolean;
}

/** Promo codes to try at checkout: each shows one rule (percentage, amount, expiry, single use, one product). */
export const PROMO_CODES: readonly PromoSeed[] = [
  { code: 'WELCOME10', kind: 'percent', percentOff: 10 },
  { code: 'FIVEOFF', kind: 'amount', amountOffCents: 500 },
  { code: 'SPRING20', kind: 'percent', percentOff: 20, expiresInDays: -30 },
  { code: 'ONETIME50', kind: 'percent', percentOff: 50, maxRedemptions: 1 },
  { code: 'SEASON25', kind: 'percent', percentOff: 25, seasonPassOnly: true },
];
