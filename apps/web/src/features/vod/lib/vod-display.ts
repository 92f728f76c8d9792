import type { VodMediaAssetType, VodMediaItem } from '@rudy/contracts';

/** The spec's watch page for library items: /watch_library/{id}?type=vod (clips have type=clip). */
export const vodWatchPath = (id: number) => `/watch_library/${id}?type=vod`;

export function assetUrl(item: Pick<VodMediaItem, 'assets'>, type: VodMediaAssetType) {
  return item.assets.find((a) => a.type === type)?.url ?? null;
}

/** A publication date in the viewer's language ("12 Mar 2026"). */
export function formatVodDate(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(new Date(iso));
}

/** Whether the viewer needs a pass (vod_media_access) to watch it. */
export const isLocked = (item: Pick<VodMediaItem, 'requires_access' | 'has_access'>) =>
  item.requires_access && !item.has_access;
