import type { InvoicePreview, Package, Subscription } from '@rudy/contracts';

/** Offers shaped like the demo channel's: a season pass, a team pass and two plans. */
export function demoOffers(): { passes: Package[]; plans: Subscription[] } {
  const pass = (
    id: number,
    name: string,
    base: number,
    fee: number,
    accesses: Package['accesses'],
  ) =>
    ({
      id,
      name,
      description: null,
      price: Math.round((base + fee) * 100) / 100,
      base_price: base,
      service_fee: fee,
      currency: 'CAD',
      image: null,
      scope: 'category',
      is_team_pass: false,
      pass_type: 'regular',
      event_categories: [],
      participants: [],
      accesses,
      is_basic: false,
      disabled: false,
      purchased: false,
    }) satisfies Package;
  const plan = (
    id: number,
    name: string,
    price: number,
    period: Subscription['period'],
    accesses: Subscription['accesses'],
  ) =>
    ({
      id,
      name,
      description: null,
      price,
      base_price: price,
      service_fee: 0,
      currency: 'CAD',
      image: null,
      offer: period === 'annual' ? 'annual' : 'monthly',
      period,
      trial_period: period === 'month' ? 7 : 0,
      accesses,
      purchased: false,
    }) satisfies Subscription;
  return {
    passes: [
      {
        ...pass(1, '2026–27 Season Pass', 149.99, 5, ['watch', 'download', 'vod_media_access']),
        is_premium: true,
      },
      pass(2, 'Team Pass', 59.99, 3, ['watch', 'vod_media_access']),
      { ...pass(3, 'Basic Pass', 0, 0, ['watch']), is_basic: true, disabled: true },
    ],
    plans: [
      plan(1, 'Monthly All-Access', 12.99, 'month', [
        'watch',
        'clipping',
        'download_clip',
        'no_ads',
        'vod_media_access',
      ]),
      {
        ...plan(2, 'Annual All-Access', 99.99, 'annual', [
          'watch',
          'download',
          'clipping',
          'download_clip',
          'no_ads',
          'vod_media_access',
        ]),
        is_premium: true,
      },
    ],
  };
}

/** The checkout's invoice for the season pass (CAD 154.99), or a trial's ($0 now, 19.99 later). */
export const seasonPassPreview = (trialDays = 0): InvoicePreview => ({
  currency: 'CAD',
  lines: [{ type: 'package', product_id: 1, name: 'Season Pass', amount: 149.99 }],
  subtotal: 149.99,
  service_fee: 5,
  discount: 0,
  total: trialDays > 0 ? 0 : 154.99,
  total_cents: trialDays > 0 ? 0 : 15499,
  promo_code: null,
  trial_days: trialDays,
  period: trialDays > 0 ? 'month' : null,
  next_payment_at: trialDays > 0 ? '2026-03-08T10:00:00.000Z' : null,
  next_payment_amount: trialDays > 0 ? 19.99 : null,
});

/** A monthly plan with a 7-day trial. */
export const monthlyPlan: Subscription = {
  id: 3,
  name: 'Monthly All-Access',
  description: null,
  price: 19.99,
  base_price: 18.99,
  service_fee: 1,
  currency: 'CAD',
  image: null,
  offer: 'monthly',
  period: 'month',
  trial_period: 7,
  accesses: ['watch'],
  purchased: false,
};
