import type { Package, Subscription } from '@rudy/contracts';
import { describe, expect, it } from 'vitest';
import { demoOffers } from '../../../test/offer-fixtures';
import { accessesOnSale, bestValueKey, monthlyCost, type Offer } from './offer-value';

const asOffers = ({ passes, plans }: ReturnType<typeof demoOffers>): Offer[] => [
  ...passes.map((item) => ({ kind: 'package' as const, item })),
  ...plans.map((item) => ({ kind: 'subscription' as const, item })),
];

describe('offer value', () => {
  it('labels only the cheapest plan per month that grants every feature on sale', () => {
    const offers = asOffers(demoOffers());
    expect(accessesOnSale(offers)).toEqual([
      'watch',
      'download',
      'clipping',
      'download_clip',
      'no_ads',
      'vod_media_access',
    ]);
    // The season pass costs most (the premium look) but has no clips: it is not "best value".
    expect(bestValueKey(offers)).toBe('subscription-2');
    expect(monthlyCost(offers[4]!)).toBeCloseTo(8.3325);
    expect(monthlyCost(offers[0]!)).toBeNull();
  });

  it('labels nothing when no plan grants everything, or two plans tie', () => {
    const demo = demoOffers();
    const partial = demo.plans.map((p) => ({
      ...p,
      accesses: p.accesses.filter((a) => a !== 'download'),
    }));
    // The season pass alone has downloads now: no plan is complete.
    expect(bestValueKey(asOffers({ ...demo, plans: partial }))).toBeNull();
    const noDownloadsAnywhere = { passes: [], plans: [partial[0]!, { ...partial[0]!, id: 9 }] };
    expect(bestValueKey(asOffers(noDownloadsAnywhere))).toBeNull();
    const [monthly] = demo.plans;
    expect(
      bestValueKey(
        asOffers({ passes: demo.passes, plans: [{ ...monthly!, accesses: ['watch'] }] }),
      ),
    ).toBeNull();
  });

  it('leaves the disabled basic pass out of the comparison', () => {
    const demo = demoOffers();
    const basicWithAll = demo.passes.map((p) =>
      p.is_basic ? { ...p, accesses: ['watch', 'no_ads'] as Package['accesses'] } : p,
    );
    const plans = demo.plans
      .filter((p) => p.period === 'month')
      .map((p) => ({
        ...p,
        accesses: ['watch', 'download', 'vod_media_access'] as Subscription['accesses'],
      }));
    expect(accessesOnSale(asOffers({ passes: basicWithAll, plans }))).not.toContain('no_ads');
    expect(bestValueKey(asOffers({ passes: basicWithAll, plans }))).toBe('subscription-1');
  });
});
