import { isTimeZone } from '../../lib/zoned-day.js';
import type { ChannelDirectoryRepository } from './channel-directory.repository.js';

/**
 * Channel keys and host names to ids, and each channel's time zone (its rollup days), held in
 * memory: every datalake call names its channel, and resolving it must cost no query. Refreshed
 * every `refreshMs`, and at most every few seconds on a miss (a channel created since), so junk
 * names never become a query per request. Answers are synchronous unless a reload is due.
 */
export function createChannelDirectory(
  repo: ChannelDirectoryRepository,
  refreshMs = 60_000,
  missRefreshMs = 5_000,
) {
  let byKey = new Map<string, number>();
  let byHost = new Map<string, number>();
  let zones = new Map<number, string>();
  let loadedAt = 0;
  let loaded = false;
  let loading: Promise<void> | null = null;

  function load(): Promise<void> {
    loading ??= repo
      .entries()
      .then((rows) => {
        byKey = new Map(rows.map((r) => [r.key, r.id]));
        // A zone Intl does not know would break every rollup of the channel: UTC days instead.
        zones = new Map(rows.map((r) => [r.id, r.zone && isTimeZone(r.zone) ? r.zone : 'UTC']));
        byHost = new Map();
        // The lowest id wins a host named twice, as GET /api/channel-key decides.
        for (const r of rows) for (const h of r.hosts) if (!byHost.has(h)) byHost.set(h, r.id);
        loadedAt = Date.now();
        loaded = true;
      })
      .finally(() => {
        loading = null;
      });
    return loading;
  }

  /**
   * The id at once (no promise) once loaded: the datalake's hot path stays synchronous. A stale
   * directory keeps answering while it reloads in the background (a failed reload is tried again
   * by the next call; the names loaded last go on serving meanwhile); a miss waits for a reload
   * at most every `missRefreshMs` (a channel created since).
   */
  function lookup(find: () => number | undefined): number | null | Promise<number | null> {
    if (!loaded) return load().then(() => find() ?? null);
    const age = Date.now() - loadedAt;
    if (age > refreshMs) load().catch(() => undefined);
    const found = find();
    if (found !== undefined) return found;
    if (age > missRefreshMs) return load().then(() => find() ?? null);
    return null;
  }

  return {
    byKey: (key: string) => lookup(() => byKey.get(key)),
    /** The channel's time zone as last loaded (its ids come from byKey/byUrl, so it is known). */
    zoneOf: (channelId: number) => zones.get(channelId) ?? 'UTC',
    /**
     * The channel of a page address (its host name), as a browser's origin_url tells it. With
     * `fallbackKey`, a host no channel names is that channel's: the one the site serves there
     * (DEFAULT_CHANNEL_KEY, as GET /api/channel-key decides).
     */
    byUrl(
      url: string | null | undefined,
      fallbackKey?: string,
    ): number | null | Promise<number | null> {
      if (!url) return null;
      let host: string;
      try {
        host = new URL(url).hostname.toLowerCase();
      } catch {
        return null;
      }
      const found = lookup(() => byHost.get(host));
      if (fallbackKey === undefined) return found;
      const orServed = (id: number | null) => id ?? byKey.get(fallbackKey) ?? null;
      return found instanceof Promise ? found.then(orServed) : orServed(found);
    },
  };
}
export type ChannelDirectory = ReturnType<typeof createChannelDirectory>;
