import type { Package, Subscription } from '@rudy/contracts';

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
