import { z } from 'zod';
import { paginated, IsoDateTimeSchema, KeyedQuerySchema } from './common.js';
import { idParam, pageShape, SortDirectionSchema } from './catalogue.js';
import { VOD_SEARCH_DEFAULTS } from './constants.js';
import { StreamStateSchema } from './events.js';
import { PlaybackAccessSchema, PlaybackStreamSchema } from './playback.js';

/*
 * The VOD library (spec sections 3, 5, 7 and 9): on-demand videos beyond games (highlights,
 * interviews, recaps) in categories and rails, searched by words of their titles and descriptions.
 * Only published items (their video packaged) are listed.
 */

/** Items per page of GET /vod-media-items when the caller sets no limit. */
export const VOD_ITEMS_DEFAULT_LIMIT = 20;
/**
 * The web app's page of library items (its rails and grid): divisible by 2, 3 and 4, so every
 * grid width ends a page on a full row. The start-up data's Highlights page has the same size.
 */
export const VOD_PAGE_SIZE = 12;
/** A rail shows at most this many items (the newest of a longer list are kept). */
export const VOD_RAIL_ITEMS_MAX = 24;
/** Search words beyond this are ignored; a search box is not a document. */
export const VOD_SEARCH_MAX_WORDS = 8;

/** Asset types a listing carries (spec: "assets of type image or preview"), by media kind. */
export const VOD_ASSET_TYPES = ['image', 'preview', 'preview_alt'] as const;
export const VodMediaAssetTypeSchema = z.enum(VOD_ASSET_TYPES);
export type VodMediaAssetType = z.infer<typeof VodMediaAssetTypeSchema>;

export const VodMediaAssetSchema = z.object({
  type: VodMediaAssetTypeSchema,
  kind: z
    .number()
    .int()
    .describe('Media kind of spec section 3: image 1, preview 6, preview_alt 7'),
  url: z
    .string()
    .describe('Public address (posters and previews are shown to everyone, like a teaser)'),
});
export type VodMediaAsset = z.infer<typeof VodMediaAssetSchema>;

export const VodMediaItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  date: IsoDateTimeSchema.describe('Publication date; listings sort by it'),
  duration_seconds: z.number().nullable(),
  category_id: z.number().int().nullable(),
  category_name: z.string().nullable(),
  assets: z.array(VodMediaAssetSchema),
  requires_access: z.boolean().describe('Watching needs the vod_media_access capability'),
  has_access: z.boolean().describe('The caller may watch it'),
});
export type VodMediaItem = z.infer<typeof VodMediaItemSchema>;

/** GET /vod-media-items/{id}: the item, what the caller may do with it and, if allowed, its stream. */
export const VodMediaItemDetailSchema = VodMediaItemSchema.extend({
  access: PlaybackAccessSchema.describe(
    'granted; register: sign in first (the item needs a pass); purchase: a pass with vod_media_access; geo_blocked',
  ),
  message: z.string().nullable(),
  stream_state: StreamStateSchema,
  stream: PlaybackStreamSchema.nullable().describe(
    'Signed HLS (same /media token scheme as games); null without access',
  ),
  thumbnails_vtt_url: z.string().nullable(),
});
export type VodMediaItemDetail = z.infer<typeof VodMediaItemDetailSchema>;

export const VodMediaItemsPageSchema = paginated(VodMediaItemSchema);
export type VodMediaItemsPage = z.infer<typeof VodMediaItemsPageSchema>;

export const VodMediaCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  alias: z.string(),
  position: z.number().int(),
  items_count: z.number().int().describe('Published items in the category'),
});
export type VodMediaCategory = z.infer<typeof VodMediaCategorySchema>;

/** Spec section 3: a VOD rail is an id, a title and its items in order. */
export const VodMediaRailSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  position: z.number().int(),
  vod_media_items: z.array(VodMediaItemSchema),
});
export type VodMediaRail = z.infer<typeof VodMediaRailSchema>;
export const VodMediaRailsSchema = z.array(VodMediaRailSchema);

export const VodItemsSortFieldSchema = z.enum(['date', 'title']);
export const VodSearchSortFieldSchema = z.enum(['date', 'title', 'relevance']);

const sortDirection = SortDirectionSchema.optional().describe(
  'Default: desc for date (newest first) and relevance, asc for title',
);

/** GET /vod-media-items: published items, newest first, optionally of one category or the reels. */
export const VodMediaItemsQuerySchema = KeyedQuerySchema.extend({
  category_id: idParam('category_id').describe('VOD category id'),
  highlights: z
    .stringbool({ error: 'highlights must be 1 or 0' })
    .optional()
    .describe("1: only the channel's published highlights reels (never one awaiting approval)"),
  ...pageShape(VOD_ITEMS_DEFAULT_LIMIT),
  sort_field: VodItemsSortFieldSchema.default('date'),
  sort_direction: sortDirection,
});
export type VodMediaItemsQuery = z.infer<typeof VodMediaItemsQuerySchema>;

/** GET /vod-media/search: spec section 5's defaults (limit 10, offset 0, sort_field date). */
export const VodMediaSearchQuerySchema = KeyedQuerySchema.extend({
  search: z
    .string({ error: 'search is required (the words to look for)' })
    .trim()
    .min(1, 'search must not be empty')
    .max(100, 'search must be at most 100 characters')
    .describe(
      'Words of the title or description, English or French, accents optional, small typos forgiven',
    ),
  category_id: idParam('category_id').describe('Only this VOD category'),
  ...pageShape(VOD_SEARCH_DEFAULTS.limit),
  sort_field: VodSearchSortFieldSchema.default(VOD_SEARCH_DEFAULTS.sort_field),
  sort_direction: sortDirection,
});
export type VodMediaSearchQuery = z.infer<typeof VodMediaSearchQuerySchema>;
