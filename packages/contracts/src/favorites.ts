import { z } from 'zod';
import { IdSchema, IsoDateTimeSchema, LocaleSchema } from './common.js';

/**
 * What a favourite points at, as stored and listed (spec section 3's interface types): team,
 * school, sport, game (`favorite_event`) and rink (`event_location`).
 */
export const FAVORITABLE_TYPES = [
  'participant',
  'participant_group',
  'event_category',
  'favorite_event',
  'event_location',
] as const;
export const FavoritableTypeSchema = z.enum(FAVORITABLE_TYPES);
export type FavoritableType = z.infer<typeof FavoritableTypeSchema>;

/**
 * The names the favourites call accepts: the spec's "participant, group, category", in its order,
 * then the interface's game and rink types (issue 30), which have no shorter name.
 */
export const FAVORITABLE_TYPE_NAMES = [
  'participant',
  'group',
  'category',
  'favorite_event',
  'event_location',
] as const;

/** Accepted spellings: the spec's short names, and the stored names that GET /favorites returns. */
const FAVORITABLE_TYPE_BY_NAME: Readonly<Record<string, FavoritableType>> = {
  participant: 'participant',
  group: 'participant_group',
  category: 'event_category',
  participant_group: 'participant_group',
  event_category: 'event_category',
  favorite_event: 'favorite_event',
  event_location: 'event_location',
};

export function parseFavoritableType(value: unknown): FavoritableType | null {
  return typeof value === 'string' ? (FAVORITABLE_TYPE_BY_NAME[value] ?? null) : null;
}

/** The spec's text for a rejected type, with the accepted names and the value received. */
export function favoritableTypeMessage(value: unknown): string {
  const shown =
    typeof value === 'string' ? value : value === undefined ? 'undefined' : JSON.stringify(value);
  return `Field favoritable_type must be equal one of ${FAVORITABLE_TYPE_NAMES.join(', ')}, but it's ${shown}`;
}

/**
 * POST /favorite. The two fields are checked by the server (not by this schema) so that a wrong type
 * or a missing id answers with the spec's exact texts; the metadata documents what is accepted.
 */
export const FavoriteBodySchema = z.object({
  api_key: z.string().optional(),
  lang: LocaleSchema.optional(),
  favoritable_id: z.unknown().optional().meta({
    type: 'integer',
    minimum: 1,
    description: "The team's, school's, sport's, game's or rink's id",
  }),
  favoritable_type: z
    .unknown()
    .optional()
    .meta({
      type: 'string',
      enum: [...FAVORITABLE_TYPE_NAMES, 'participant_group', 'event_category'],
      description:
        'participant (team), group (school), category (sport), favorite_event (game) or ' +
        'event_location (rink)',
    }),
});

/** A favourite with what the client needs to show it without another call. */
export const FavoriteSchema = z.object({
  id: z.number().int(),
  favoritable_id: z.number().int(),
  favoritable_type: FavoritableTypeSchema,
  name: z.string().describe("A game's is 'away @ home' in short names, as in the listings"),
  short_name: z.string().nullable().describe('Teams only'),
  logo: z
    .string()
    .nullable()
    .describe("Team logo, school crest, sport icon or the game's picture; none for a rink"),
  created_at: IsoDateTimeSchema,
});
export type Favorite = z.infer<typeof FavoriteSchema>;

export const FavoriteIdParamsSchema = z.object({ id: IdSchema });

export const FavoriteDeletedSchema = z.object({ id: z.number().int(), deleted: z.literal(true) });
export type FavoriteDeleted = z.infer<typeof FavoriteDeletedSchema>;
