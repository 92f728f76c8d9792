import type { Favorite, FavoriteDeleted, FavoritableType, Locale } from '@rudy/contracts';
import type { Caller } from '../../lib/caller.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { pickText } from '../../lib/i18n-text.js';
import { displayName } from '../events/event-rules.js';
import { parseFavoriteInput } from './favorite-input.js';
import type { FavoriteRow, FavoritesRepository } from './favorites.repository.js';

type FavoritesCaller = Pick<Caller, 'channelId' | 'userId' | 'locale'>;

const TARGET_NAME: Record<FavoritableType, string> = {
  participant: 'Participant not found',
  participant_group: 'Participant group not found',
  event_category: 'Event category not found',
  favorite_event: 'Event not found',
  event_location: 'Location not found',
};

/** The favourite with its target's name and picture; null when the target is gone. */
export function toFavorite(row: FavoriteRow, locale: Locale): Favorite | null {
  const base = {
    id: row.id,
    favoritable_id: row.favoritable_id,
    favoritable_type: row.favoritable_type,
    created_at: new Date(row.created_at).toISOString(),
  };
  switch (row.favoritable_type) {
    case 'participant':
      return row.team_name === null
        ? null
        : { ...base, name: row.team_name, short_name: row.team_short_name, logo: row.team_logo };
    case 'participant_group':
      return row.group_name === null
        ? null
        : { ...base, name: row.group_name, short_name: null, logo: row.group_image };
    case 'event_category':
      return row.category_name === null
        ? null
        : {
            ...base,
            name: pickText(row.category_name, locale),
            short_name: null,
            logo: row.category_image,
          };
    case 'favorite_event':
      return row.game_name === null
        ? null
        : {
            ...base,
            name: displayName(pickText(row.game_name, locale), row.game_teams),
            short_name: null,
            logo: row.game_image,
          };
    case 'event_location':
      return row.rink_name === null
        ? null
        : { ...base, name: row.rink_name, short_name: null, logo: null };
  }
}

function userOf(caller: FavoritesCaller): number {
  if (caller.userId === null) throw new HttpError(401, 'login_required');
  return caller.userId;
}

export function createFavoritesService(repo: FavoritesRepository) {
  return {
    async list(caller: FavoritesCaller): Promise<Favorite[]> {
      const rows = await repo.list(caller.channelId, userOf(caller));
      // A deleted team, school, game or rink leaves its favourites behind (no foreign key across
      // five tables); an unpublished game's is hidden the same way.
      return rows.map((r) => toFavorite(r, caller.locale)).filter((f) => f !== null);
    },

    /** Idempotent: adding the same favourite twice returns the first one. */
    async add(
      caller: FavoritesCaller,
      body: { favoritable_id?: unknown; favoritable_type?: unknown },
    ): Promise<Favorite> {
      const userId = userOf(caller);
      const input = parseFavoriteInput(body);
      if (!(await repo.targetExists(caller.channelId, input.type, input.id))) {
        throw notFound(TARGET_NAME[input.type]);
      }
      const id = await repo.add(caller.channelId, userId, input.type, input.id);
      const row = await repo.find(caller.channelId, userId, id);
      const favorite = row && toFavorite(row, caller.locale);
      if (!favorite) throw notFound(TARGET_NAME[input.type]);
      return favorite;
    },

    async remove(caller: FavoritesCaller, id: number): Promise<FavoriteDeleted> {
      // Someone else's favourite is "not found": ids must not reveal other users' choices.
      if (!(await repo.remove(caller.channelId, userOf(caller), id))) {
        throw notFound('Favorite not found');
      }
      return { id, deleted: true };
    },
  };
}
export type FavoritesService = ReturnType<typeof createFavoritesService>;
