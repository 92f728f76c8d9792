import {
  PREROLL_CACHE_MS,
  PREROLL_SKIPPABLE_AFTER_S,
  PREROLL_SUPPRESSION_DEFAULT_MS,
  type Preroll,
} from '@rudy/contracts';
import { notFound } from '../../lib/http-error.js';
import { LRUCache } from 'lru-cache';
import { eligiblePrerolls, pickWeighted, type PrerollTarget } from './preroll-choice.js';
import type { PrerollRow, PrerollsRepository } from './prerolls.repository.js';

/** Who a suppression belongs to: the user when signed in, else the anonymous API key. */
export const viewerOf = (auth: { userId: number | null; keyId: string }) =>
  auth.userId !== null ? `u:${auth.userId}` : `k:${auth.keyId}`;

/**
 * Whose suppressions count for a caller: the user's and the key's own, so an ad seen before
 * signing in on the same key (to buy the game, say) is not shown again after.
 */
export const viewersOf = (auth: { userId: number | null; keyId: string }) =>
  auth.userId !== null ? [`u:${auth.userId}`, `k:${auth.keyId}`] : [`k:${auth.keyId}`];

/**
 * Pre-roll choice and suppression. The channel's list is cached for PREROLL_CACHE_MS (spec: one
 * hour), so editing pre-rolls shows within the hour unless invalidate() is called. A pre-roll the
 * client reported shown is suppressed for that viewer and event for its own suppression time, or
 * PREROLL_SUPPRESSION_DEFAULT_MS. Suppression is per viewer, event and pre-roll (spec section 4):
 * the event's other eligible pre-rolls are still chosen, by their weights.
 */
export function createPrerollsService(deps: {
  repo: PrerollsRepository;
  now: () => Date;
  random?: () => number;
}) {
  const cache = new LRUCache<number, PrerollRow[]>({
    max: 1_000,
    ttl: PREROLL_CACHE_MS,
    // The service's clock (tests move it): read on every check, not once a millisecond.
    perf: { now: () => deps.now().getTime() },
    ttlResolution: 0,
  });
  const list = async (channelId: number) => {
    const cached = cache.get(channelId);
    if (cached) return cached;
    const rows = await deps.repo.list(channelId);
    cache.set(channelId, rows);
    return rows;
  };
  const toPreroll = (p: PrerollRow): Preroll => ({
    id: p.id,
    url: p.url,
    skippable_after_seconds: PREROLL_SKIPPABLE_AFTER_S,
    duration_seconds: p.duration_seconds,
    suppression_ms: p.suppression_ms ?? PREROLL_SUPPRESSION_DEFAULT_MS,
  });

  return {
    async choose(
      channelId: number,
      viewers: string[],
      eventId: number,
      target: PrerollTarget,
      /** The viewers' suppressions for the event, when the caller read them already (playback). */
      known?: ReadonlySet<number>,
    ): Promise<Preroll | null> {
      const eligible = eligiblePrerolls(await list(channelId), target);
      if (eligible.length === 0) return null;
      const suppressed =
        known ?? (await deps.repo.suppressedIds(channelId, viewers, eventId, deps.now()));
      const open = eligible.filter((p) => !suppressed.has(p.id));
      const chosen = pickWeighted(open, deps.random);
      return chosen ? toPreroll(chosen) : null;
    },

    async markShown(channelId: number, viewer: string, eventId: number, prerollId: number) {
      const preroll = (await list(channelId)).find((p) => p.id === prerollId);
      if (!preroll) throw notFound('Pre-roll not found');
      const until = new Date(
        deps.now().getTime() + (preroll.suppression_ms ?? PREROLL_SUPPRESSION_DEFAULT_MS),
      );
      await deps.repo.suppress(channelId, viewer, eventId, prerollId, until);
      return { suppressed_until: until.toISOString() };
    },

    invalidate(channelId: number) {
      cache.delete(channelId);
    },
  };
}
export type PrerollsService = ReturnType<typeof createPrerollsService>;
