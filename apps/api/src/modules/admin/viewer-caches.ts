import type { ChannelChangeBus } from '../../lib/channel-change-bus.js';

/**
 * The one place the console tells viewers' caches that a channel changed. Every admin change
 * calls `changed` after its transaction commits, so the next bootstrap document and listing page
 * are read from the database: this process's caches at once, the other API processes' through
 * the change bus (Redis pub/sub), which also brings their changes here.
 */
export interface ChannelCaches {
  invalidate(channelId: number): void;
}

export function createViewerCaches(caches: readonly ChannelCaches[], bus?: ChannelChangeBus) {
  const invalidate = (channelId: number) => {
    for (const cache of caches) cache.invalidate(channelId);
  };
  bus?.onChange(invalidate);
  return {
    changed(channelId: number): void {
      invalidate(channelId);
      bus?.publish(channelId);
    },
  };
}
export type ViewerCaches = ReturnType<typeof createViewerCaches>;
