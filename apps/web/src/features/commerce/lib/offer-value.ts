import { ACCESS_FLAGS, type Package, type Subscription } from '@rudy/contracts';

/*
 * How the offers of /packages compare. "Best value" is worked out from what the offers grant and
 * cost, never from their price rank alone: two "best value" cards with different features (a pass
 * without clips, a plan with them) told viewers nothing true.
 */

export type Offer =
  { kind: 'package'; item: Package } | { kind: 'subscription'; item: Subscription };

export type Access = Package['accesses'][number];

const MONTHS_PER_PERIOD = { month: 1, annual: 12 } as const;

/** A stable key for an offer (passes and plans have separate ids). */
export const offerKey = (offer: Offer) => `${offer.kind}-${offer.item.id}`;

const onSale = (offer: Offer) => !(offer.kind === 'package' && offer.item.disabled);

/** Every access some offer on sale grants, in the contracts' order: what the cards compare. */
export function accessesOnSale(offers: readonly Offer[]): Access[] {
  const granted = new Set(offers.filter(onSale).flatMap((o) => o.item.accesses));
  return ACCESS_FLAGS.filter((access) => granted.has(access));
}

/** What a month of access costs (fees included); null for a pass, bought once for its season. */
export function monthlyCost(offer: Offer): number | null {
  if (offer.kind === 'package') return null;
  return offer.item.price / MONTHS_PER_PERIOD[offer.item.period];
}

/**
 * The one offer labelled "Best value": among the plans that grant every access on sale, the one
 * whose month costs least. None when no plan grants everything, or when two tie.
 */
export function bestValueKey(offers: readonly Offer[]): string | null {
  const all = accessesOnSale(offers);
  const complete = offers
    .filter(onSale)
    .filter((o) => all.every((access) => o.item.accesses.includes(access)))
    .flatMap((o) => {
      const cost = monthlyCost(o);
      return cost === null ? [] : [{ key: offerKey(o), cost }];
    })
    .sort((a, b) => a.cost - b.cost);
  const [best, next] = complete;
  if (!best || (next && next.cost === best.cost)) return null;
  return best.key;
}
