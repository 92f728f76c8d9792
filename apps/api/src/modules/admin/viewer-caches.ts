/**
 * The one place the console tells viewers' caches that a channel changed. Every admin change
 * calls `changed` after its transaction commits, so the next bootstrap document and listing page
 * are read from the database. The caches are this process's (channel bootstrap, event listings);
 * telling other processes is the job of the cross-process invalidation (issue 15), which hooks in
 * here and nowhere else.
 */
export interface ChannelCaches {
  invalidate(channelId: number): void;
}

export function createViewerCaches(caches: readonly ChannelCaches[]) {
  return {
    changed(channelId: number): void {
      for (const cache of caches) cache.invalidate(channelId);
    },
  };
}
export type ViewerCaches = ReturnType<typeof createViewerCaches>;
