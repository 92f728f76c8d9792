import type { Locale, Package, Subscription } from '@rudy/contracts';
import { HttpError } from '../../../lib/http-error.js';
import { toPackage, toSubscription, withPremium } from './product-views.js';
import type { OrdersRepository } from '../orders/orders.repository.js';
import type { ProductsRepository } from './products.repository.js';

export interface Owned {
  packages: Set<number>;
  subscriptions: Set<number>;
}

/**
 * A pass counts as purchased when the user holds it, or when everything it covers is covered by
 * passes they hold (spec section 4: purchased when all its categories, or for a team pass all its
 * teams, are taken), so the client does not offer it again.
 */
export function markPurchased(
  owned: Owned,
  packages: Package[],
  subscriptions: Subscription[],
): { packages: Package[]; subscriptions: Subscription[] } {
  const held = packages.filter((p) => owned.packages.has(p.id));
  const categories = new Set(
    held.filter((p) => !p.is_team_pass).flatMap((p) => p.event_categories),
  );
  const teams = new Set(held.filter((p) => p.is_team_pass).flatMap((p) => p.participants));
  const covered = (p: Package) =>
    p.is_team_pass
      ? p.participants.length > 0 && p.participants.every((t) => teams.has(t))
      : p.scope === 'category' &&
        p.event_categories.length > 0 &&
        p.event_categories.every((c) => categories.has(c));
  return {
    packages: packages.map((p) => ({ ...p, purchased: owned.packages.has(p.id) || covered(p) })),
    subscriptions: subscriptions.map((s) => ({ ...s, purchased: owned.subscriptions.has(s.id) })),
  };
}

/** GET packages / subscriptions, with the caller's purchases marked. */
export function createProductsService(deps: {
  products: ProductsRepository;
  orders: OrdersRepository;
  now: () => Date;
}) {
  const { products, orders } = deps;

  async function owned(channelId: number, userId: number | null): Promise<Owned> {
    const result: Owned = { packages: new Set(), subscriptions: new Set() };
    if (userId === null) return result;
    for (const row of await orders.owned(channelId, userId, deps.now())) {
      (row.product_type === 'package' ? result.packages : result.subscriptions).add(row.product_id);
    }
    return result;
  }

  async function lists(channelId: number, userId: number | null, l: Locale) {
    const [pkgRows, subRows, mine] = await Promise.all([
      products.passes(channelId),
      products.subscriptions(channelId),
      owned(channelId, userId),
    ]);
    return markPurchased(
      mine,
      withPremium(pkgRows.map((r) => toPackage(r, l))),
      withPremium(subRows.map((r) => toSubscription(r, l))),
    );
  }

  return {
    owned,
    async packages(channelId: number, userId: number | null, l: Locale) {
      return (await lists(channelId, userId, l)).packages;
    },
    async package(channelId: number, userId: number | null, id: number, l: Locale) {
      const listed = (await lists(channelId, userId, l)).packages.find((p) => p.id === id);
      if (listed) return listed;
      // Single-event packages are not listed among passes but can be looked at by id.
      const row = await products.package(channelId, id);
      if (!row) throw new HttpError(404, 'pass_not_found');
      const mine = await owned(channelId, userId);
      return { ...toPackage(row, l, mine.packages.has(id)), is_premium: false };
    },
    async subscriptions(channelId: number, userId: number | null, l: Locale) {
      return (await lists(channelId, userId, l)).subscriptions;
    },
    async subscription(channelId: number, userId: number | null, id: number, l: Locale) {
      const found = (await lists(channelId, userId, l)).subscriptions.find((s) => s.id === id);
      if (!found) throw new HttpError(404, 'pass_not_found');
      return found;
    },
    /** Overlays the signed-in user's purchases on lists built for everyone (bootstrap). */
    overlay: async (channelId: number, userId: number, packages: Package[], subs: Subscription[]) =>
      markPurchased(await owned(channelId, userId), packages, subs),
  };
}
export type ProductsService = ReturnType<typeof createProductsService>;
