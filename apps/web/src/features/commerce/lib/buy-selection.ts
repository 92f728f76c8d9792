/**
 * What /buy is asked to sell, read from its query: the spec's `package_id` (several make a bundle:
 * one regular pass plus add-ons), `single_event_package_id` and `event_id` for a single game, and
 * `subscription_id` for a plan. Anything unreadable is no selection ('id not selected').
 */
export type BuySelection =
  | { kind: 'package'; packageIds: number[] }
  | { kind: 'event'; eventId: number | null; singleEventPackageId: number | null }
  | { kind: 'subscription'; subscriptionId: number };

/** The product fields shared by stripe/buy, invoice-preview and apply_coupon. */
export interface ProductFields {
  package_id?: number;
  package_ids?: number[];
  single_event_package_id?: number;
  event_id?: number;
  subscription_id?: number;
}

const idOf = (value: string | null): number | null =>
  value !== null && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;

export function readBuySelection(params: URLSearchParams): BuySelection | null {
  const subscriptionId = idOf(params.get('subscription_id'));
  if (subscriptionId !== null) return { kind: 'subscription', subscriptionId };
  const eventId = idOf(params.get('event_id'));
  const singleEventPackageId = idOf(params.get('single_event_package_id'));
  if (eventId !== null || singleEventPackageId !== null) {
    return { kind: 'event', eventId, singleEventPackageId };
  }
  const raw = params.getAll('package_id');
  const packageIds = raw.map(idOf);
  if (raw.length === 0 || packageIds.some((id) => id === null)) return null;
  return { kind: 'package', packageIds: [...new Set(packageIds as number[])] };
}

export function productFields(selection: BuySelection): ProductFields {
  switch (selection.kind) {
    case 'subscription':
      return { subscription_id: selection.subscriptionId };
    // The calls take exactly one product: the game's own package when the link names it.
    case 'event':
      return selection.singleEventPackageId !== null
        ? { single_event_package_id: selection.singleEventPackageId }
        : { event_id: selection.eventId ?? undefined };
    case 'package': {
      const [first, ...rest] = selection.packageIds;
      return rest.length > 0 ? { package_ids: selection.packageIds } : { package_id: first };
    }
  }
}

/** The /buy link for a product, as cards and the watch page build it. */
export function buyPath(selection: BuySelection): string {
  const params = new URLSearchParams();
  const fields = {
    ...productFields(selection),
    ...(selection.kind === 'event' &&
      selection.eventId !== null && { event_id: selection.eventId }),
  };
  for (const id of fields.package_ids ?? []) params.append('package_id', String(id));
  for (const name of [
    'package_id',
    'single_event_package_id',
    'event_id',
    'subscription_id',
  ] as const) {
    const value = fields[name];
    if (value !== undefined) params.set(name, String(value));
  }
  return `/buy?${params.toString()}`;
}
