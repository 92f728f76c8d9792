import type { Locale, Package, Subscription } from '@rudy/contracts';
import { pickNullableText, pickText } from '../../../lib/i18n-text.js';
import type { PackageRow, SubscriptionRow } from './products.repository.js';

/*
 * Passes and plans as buyers see them: the channel's bootstrap lists them, the products routes
 * add what the caller owns.
 */

/** Cents to currency units without float drift (12345 → 123.45). */
export const centsToUnits = (cents: number) => Math.round(cents) / 100;

const ACCESS_FLAGS = new Set([
  'watch',
  'download',
  'clipping',
  'download_clip',
  'no_ads',
  'vod_media_access',
]);
const accessFlags = (accesses: string[]) =>
  accesses.map((a) => a.toLowerCase()).filter((a) => ACCESS_FLAGS.has(a)) as Package['accesses'];

/** Price, fee and total as shown to buyers; packages and subscriptions store them alike. */
const priceFields = (row: PackageRow | SubscriptionRow) => ({
  price: centsToUnits(row.base_price_cents + row.service_fee_cents),
  base_price: centsToUnits(row.base_price_cents),
  service_fee: centsToUnits(row.service_fee_cents),
  currency: row.currency,
  image: row.image_url,
});

/** `purchased` needs the user's orders; the commerce issue fills it. Anonymous callers own nothing. */
export const toPackage = (row: PackageRow, l: Locale, purchased = false): Package => ({
  id: row.id,
  name: pickText(row.name, l),
  description: pickNullableText(row.description, l),
  ...priceFields(row),
  scope: row.scope,
  is_team_pass: row.is_team_pass,
  pass_type: row.pass_type,
  event_categories: row.event_category_ids ?? [],
  participants: row.participant_ids ?? [],
  accesses: accessFlags(row.accesses),
  is_basic: row.is_basic,
  disabled: row.disabled,
  purchased,
});

export const toSubscription = (
  row: SubscriptionRow,
  l: Locale,
  purchased = false,
): Subscription => ({
  id: row.id,
  name: pickText(row.name, l),
  description: pickNullableText(row.description, l),
  ...priceFields(row),
  offer: row.period === 'annual' ? 'annual' : 'monthly',
  period: row.period,
  trial_period: row.trial_period_days,
  accesses: accessFlags(row.accesses),
  purchased,
});

/** The enabled item with the highest base_price gets the premium look (spec section 3). */
export function withPremium<T extends { base_price: number; disabled?: boolean }>(items: T[]) {
  const enabled = items.filter((i) => !i.disabled);
  const top = Math.max(0, ...enabled.map((i) => i.base_price));
  return items.map((i) => ({ ...i, is_premium: top > 0 && !i.disabled && i.base_price === top }));
}
