import { LRUCache } from 'lru-cache';

/** A view lasts a game or a replay at most; entries expire well after. */
const VIEW_TTL_MS = 12 * 3_600_000;
/** Views held at once (about 150 bytes each); the least used go first. */
const VIEWS_MAX = 100_000;

/**
 * The channel of each video view, as its first call filed it. The spec's viewing heartbeat names
 * no channel: it is filed under its view's, and no later call of the view (whatever profile or
 * origin it names) can move the view to another channel. Held in memory, so the busiest call
 * costs no query; a view this process has not seen (it restarted, or another ingest process had
 * the view's first calls) is looked up once in the database (`lookup`).
 */
export function createViewChannels(
  lookup: (view: string) => Promise<number | null>,
  opts: { ttlMs?: number; max?: number } = {},
) {
  const known = new LRUCache<string, number>({
    max: opts.max ?? VIEWS_MAX,
    ttl: opts.ttlMs ?? VIEW_TTL_MS,
  });
  return {
    /** The view's channel if this process knows it (no query). */
    known: (view: string): number | undefined => known.get(view),
    /** The view's channel, from memory else the database; null when no call filed it yet. */
    find(view: string): number | Promise<number | null> {
      const channelId = known.get(view);
      if (channelId !== undefined) return channelId;
      return lookup(view).then((found) => {
        if (found !== null && known.get(view) === undefined) known.set(view, found);
        return known.get(view) ?? null;
      });
    },
    /** Files the view under the channel; false when it is already another channel's. */
    claim(view: string, channelId: number): boolean {
      const filed = known.get(view);
      if (filed === undefined) known.set(view, channelId);
      return filed === undefined || filed === channelId;
    },
  };
}
