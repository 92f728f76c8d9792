import type { MediaCaller } from '../../lib/caller.js';
import path from 'node:path';
import {
  MEDIA_KIND,
  USER_TEXTS,
  VOD_RAIL_ITEMS_MAX,
  type Locale,
  type PlaybackAccess,
  type PlaybackStream,
  type VodMediaAsset,
  type VodMediaAssetType,
  type VodMediaCategory,
  type VodMediaItem,
  type VodMediaItemDetail,
  type VodMediaItemsQuery,
  type VodMediaSearchQuery,
} from '@rudy/contracts';
import { notFound } from '../../lib/http-error.js';
import { pickNullableText, pickText } from '../../lib/i18n-text.js';
import { RefreshingCache, type Cacheable } from '../../lib/refreshing-cache.js';
import type { ChannelService } from '../channel/channel.service.js';
import type { GeoService } from '../geo/geo.service.js';
import { vodItemPrefix, vodItemUrl } from '../media/media-paths.js';
import type { MediaTokens } from '../media/media-token.js';
import { capabilitiesOf, type GrantsSource } from '../users/access.js';
import { searchWords } from './vod-search.js';
import type { VodFilter, VodItemRow, VodOrder, VodPage, VodRepository } from './vod.repository.js';

/** Kinds a listing shows to everyone, by the spec's asset type names. */
export const PUBLIC_ASSET_KINDS: Readonly<Record<VodMediaAssetType, number>> = {
  image: MEDIA_KIND.image,
  preview: MEDIA_KIND.preview,
  preview_alt: MEDIA_KIND.preview_alt,
};
const PUBLIC_TYPES = Object.entries(PUBLIC_ASSET_KINDS) as [VodMediaAssetType, number][];

/** Bounds memory: a page of ten items weighs a few kilobytes. */
const CACHE_MAX_ENTRIES = 2_000;

/** The capability a gated item needs (spec: vod_media, also written vod_media_access). */
const VOD_CAPABILITY = 'vod_media_access';

export interface Viewer extends MediaCaller {
  locale: Locale;
}

interface RowsPage {
  rows: VodItemRow[];
  meta: { total: number; offset: number; limit: number };
}

/** Public address of a poster or preview: the item's unguessable public id and the file's name. */
export const publicAssetUrl = (publicId: string, storageKey: string) =>
  `/media/vod/${publicId}/${path.posix.basename(storageKey)}`;

/**
 * The VOD library (spec sections 3, 5 and 7). Listings are the same for every viewer but for
 * `has_access`, which depends only on whether the viewer holds vod_media_access: a listing is kept
 * serialised for a few seconds per channel, language, query and that one flag, like the events
 * listings. Anonymous viewers cost no lookup; signed-in ones one capability query. The detail call
 * decides access (geo rules, the capability for gated items) and signs the stream for the caller.
 */
export function createVodService(deps: {
  repo: VodRepository;
  access: GrantsSource;
  channel: ChannelService;
  geo: GeoService;
  tokens: MediaTokens;
  /** Added to a stream token's lifetime beyond the video's length. */
  tokenMarginMs: number;
  /** How long a public listing is served from memory; 0 turns the cache off. */
  cacheMs: number;
  now: () => Date;
}) {
  const clock = () => deps.now().getTime();
  const rowPages = new RefreshingCache<string, RowsPage>(deps.cacheMs, CACHE_MAX_ENTRIES, clock);
  const json = new RefreshingCache<string, Buffer>(deps.cacheMs, CACHE_MAX_ENTRIES, clock);
  const categoryLists = new RefreshingCache<string, VodMediaCategory[]>(deps.cacheMs, 100, clock);

  async function holdsCapability(viewer: Viewer): Promise<boolean> {
    if (viewer.userId === null) return false;
    const grants = await deps.access.activeGrants(viewer.channelId, viewer.userId, deps.now());
    return capabilitiesOf(grants).capabilities.includes(VOD_CAPABILITY);
  }

  /** Cached unless the cache is off; concurrent misses share one load. */
  function cached<V extends Cacheable>(
    cache: RefreshingCache<string, V>,
    key: unknown[],
    load: () => Promise<V>,
  ) {
    return deps.cacheMs > 0 ? cache.get(JSON.stringify(key), load) : load();
  }

  function assetsOf(row: VodItemRow): VodMediaAsset[] {
    const out: VodMediaAsset[] = [];
    for (const [type, kind] of PUBLIC_TYPES) {
      const asset = row.assets.find((a) => a.kind === kind);
      const url =
        asset?.url ?? (asset?.storage_key && publicAssetUrl(row.public_id, asset.storage_key));
      if (url) out.push({ type, kind, url });
    }
    return out;
  }

  function toItem(row: VodItemRow, locale: Locale, holds: boolean): VodMediaItem {
    return {
      id: row.id,
      title: pickText(row.title, locale),
      description: pickNullableText(row.description, locale),
      date: new Date(row.published_at).toISOString(),
      duration_seconds: row.duration_seconds,
      category_id: row.category_id,
      category_name: pickNullableText(row.category_name, locale),
      assets: assetsOf(row),
      requires_access: row.requires_access,
      has_access: !row.requires_access || holds,
    };
  }

  async function page(
    viewer: Viewer,
    filter: VodFilter,
    order: VodOrder,
    paging: VodPage,
  ): Promise<RowsPage> {
    const meta = { total: 0, offset: paging.offset, limit: paging.limit };
    if (filter.words?.length === 0) return { rows: [], meta };
    const { rows, total: counted } = await deps.repo.list(viewer.channelId, filter, order, paging);
    // A short page holds the tail of the listing, so its size gives the total without counting.
    const tailKnown = rows.length < paging.limit && (rows.length > 0 || paging.offset === 0);
    const total =
      counted ??
      (tailKnown ? paging.offset + rows.length : await deps.repo.count(viewer.channelId, filter));
    return { rows, meta: { ...meta, total } };
  }

  /** A listing as JSON bytes: rows shared by everyone, has_access by the viewer's one flag. */
  async function listingJson(
    viewer: Viewer,
    filter: VodFilter,
    order: VodOrder,
    paging: VodPage,
  ): Promise<Buffer> {
    const holds = await holdsCapability(viewer);
    const what = [viewer.channelId, viewer.locale, filter, order, paging];
    return cached(json, [...what, holds], async () => {
      const shared = await cached(rowPages, what, () => page(viewer, filter, order, paging));
      const data = shared.rows.map((r) => toItem(r, viewer.locale, holds));
      return Buffer.from(JSON.stringify({ data, meta: shared.meta }));
    });
  }

  const directionOf = (field: VodOrder['field'], asked: 'asc' | 'desc' | undefined) =>
    asked ?? (field === 'title' ? 'asc' : 'desc');

  /** A token for the item's files (playlists, segments, thumbnails), bound to the caller's key. */
  function sign(viewer: Viewer, row: VodItemRow) {
    const lengthMs = (row.duration_seconds ?? 0) * 1000;
    const expiresAt = new Date(deps.now().getTime() + lengthMs + deps.tokenMarginMs);
    const token = deps.tokens.sign({
      scope: 'v',
      subjectId: row.id,
      channelId: viewer.channelId,
      keyId: viewer.keyId,
      expiresAt,
    });
    /** A stored file of the item as a signed URL; null for a key outside its folder. */
    const urlOf = (key: string | null | undefined) => {
      const prefix = `${vodItemPrefix(viewer.channelId, row.id)}/`;
      return key?.startsWith(prefix) ? vodItemUrl(row.id, token, key.slice(prefix.length)) : null;
    };
    return { expiresAt, urlOf };
  }

  function stream(viewer: Viewer, row: VodItemRow) {
    const { expiresAt, urlOf } = sign(viewer, row);
    const url = urlOf(row.storage_key);
    if (!url) return { stream: null, thumbnails: null };
    const playable: PlaybackStream = {
      kind: 'vod',
      format: 'hls',
      url,
      is_external: false,
      duration_seconds: row.duration_seconds,
      dvr: { enabled: false, window_seconds: null, start_utc_ts: null },
      expires_at: expiresAt.toISOString(),
    };
    // The sprites the WebVTT names resolve next to it, under the same token.
    const thumbnails = urlOf(row.assets.find((a) => a.kind === MEDIA_KIND.thumbnails)?.storage_key);
    return { stream: playable, thumbnails };
  }

  /** Channel geo rules first, then the capability for gated items. */
  async function decide(viewer: Viewer, row: VodItemRow): Promise<PlaybackAccess> {
    const settings = await deps.channel.settings(viewer.channelId);
    const geo = deps.geo.locate(viewer.ip, {
      allowed: settings.geo_allowed_countries,
      blocked: settings.geo_blocked_countries,
    });
    if (geo.is_geo_blocked) return 'geo_blocked';
    if (!row.requires_access || (await holdsCapability(viewer))) return 'granted';
    return 'purchase';
  }

  return {
    /** GET /vod-media-items. */
    items(viewer: Viewer, q: VodMediaItemsQuery) {
      return listingJson(
        viewer,
        { categoryId: q.category_id, ...(q.highlights ? { highlights: true } : {}) },
        {
          field: q.sort_field,
          direction: directionOf(q.sort_field, q.sort_direction),
          locale: viewer.locale,
        },
        { offset: q.offset, limit: q.limit },
      );
    },

    /** GET /vod-media/search. */
    search(viewer: Viewer, q: VodMediaSearchQuery) {
      return listingJson(
        viewer,
        { categoryId: q.category_id, words: searchWords(q.search) },
        {
          field: q.sort_field,
          direction: directionOf(q.sort_field, q.sort_direction),
          locale: viewer.locale,
        },
        { offset: q.offset, limit: q.limit },
      );
    },

    /** GET /vod-media-items/{id}: the item, the access decision and, when granted, its stream. */
    async item(viewer: Viewer, id: number): Promise<VodMediaItemDetail> {
      const row = await deps.repo.byId(viewer.channelId, id);
      // Another channel's or an unpublished item is "not found": ids reveal nothing.
      if (!row) throw notFound('VOD item not found');
      const access = await decide(viewer, row);
      const granted = access === 'granted';
      const media = granted ? stream(viewer, row) : { stream: null, thumbnails: null };
      const item = toItem(row, viewer.locale, granted);
      return {
        ...item,
        // As for games: a blocked country gets no media address at all, teasers included.
        assets: access === 'geo_blocked' ? [] : item.assets,
        access,
        message: access === 'geo_blocked' ? USER_TEXTS.geoBlocked : null,
        stream_state: media.stream ? 'ready' : 'unavailable',
        stream: media.stream,
        thumbnails_vtt_url: media.thumbnails,
      };
    },

    /** GET /vod-media-categories. */
    categories(viewer: Viewer): Promise<VodMediaCategory[]> {
      return cached(categoryLists, [viewer.channelId, viewer.locale], async () =>
        (await deps.repo.categories(viewer.channelId)).map((c) => ({
          id: c.id,
          name: pickText(c.name, viewer.locale),
          alias: c.alias,
          position: c.position,
          items_count: c.items_count ?? 0,
        })),
      );
    },

    /** GET /vod-media-rails. */
    async rails(viewer: Viewer): Promise<Buffer> {
      const holds = await holdsCapability(viewer);
      return cached(json, ['rails', viewer.channelId, viewer.locale, holds], async () => {
        const rails = await deps.repo.rails(viewer.channelId, VOD_RAIL_ITEMS_MAX);
        const data = rails.map((rail) => ({
          id: rail.id,
          title: pickText(rail.title, viewer.locale),
          position: rail.position,
          vod_media_items: rail.items.map((r) => toItem(r, viewer.locale, holds)),
        }));
        return Buffer.from(JSON.stringify(data));
      });
    },
  };
}
export type VodService = ReturnType<typeof createVodService>;
