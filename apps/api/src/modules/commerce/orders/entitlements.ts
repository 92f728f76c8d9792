import type { EntitlementsRepository } from './entitlements.repository.js';

/**
 * What a user's purchases entitle them to. Which paid events they may watch: an event is covered
 * by its single-event package, a category pass of its category, a team pass of one of its teams, or
 * a subscription granting `watch`, each held through a paid order in force. For the events and
 * media services: `hasAccess(type, isLoggedIn, covered.has(event.id))`. And what their purchases
 * grant now (accesses, feature counts: the users module turns them into capabilities).
 */
export function createEntitlements(
  repo: EntitlementsRepository,
  /** Settles what the buyer paid for before their access is read (commerce-core's settleOnRead). */
  settle?: (channelId: number, userId: number) => Promise<void>,
) {
  return {
    async purchasedEventIds(
      channelId: number,
      userId: number | null,
      eventIds: readonly number[],
      now: Date = new Date(),
    ): Promise<Set<number>> {
      if (userId === null || eventIds.length === 0) return new Set();
      await settle?.(channelId, userId);
      const held = await repo.watchProducts(channelId, userId, now);
      if (held.some((h) => h.product_type === 'subscription')) return new Set(eventIds);
      const packageIds = [...new Set(held.map((h) => h.product_id))];
      if (packageIds.length === 0) return new Set();
      return new Set(await repo.eventsCoveredBy(channelId, eventIds, packageIds));
    },
    async activeGrants(channelId: number, userId: number, now: Date) {
      await settle?.(channelId, userId);
      return repo.activeGrants(channelId, userId, now);
    },
  };
}
export type Entitlements = ReturnType<typeof createEntitlements>;
