import { useFavoriteEvents } from '../../../features/events/api/get-favorite-events';
import { EventRail } from '../../../features/events/components/event-rail';
import { useFavorites } from '../../../features/favorites/api/get-favorites';
import { useT } from '../../../lib/i18n';

const RAIL_SIZE = 12;

const ORDER = { sort_field: 'date', sort_direction: 'asc' } as const;

/**
 * "Following": the signed-in user's favourite teams', schools' and sports' games, those live now
 * first, then the next ones.
 */
export function FavoritesRail({
  userId,
  locations,
}: {
  userId: number;
  locations: ReadonlyMap<number, string>;
}) {
  const { t } = useT();
  const favorites = useFavorites(userId);
  const live = useFavoriteEvents(userId, { type: 'live', ...ORDER }, RAIL_SIZE);
  const next = useFavoriteEvents(userId, { type: 'upcoming', ...ORDER }, RAIL_SIZE);
  const liveGames = live.data?.pages[0]?.data;
  const nextGames = next.data?.pages[0]?.data;
  const events =
    liveGames && nextGames ? [...liveGames, ...nextGames].slice(0, RAIL_SIZE) : undefined;
  return (
    <EventRail
      id="favorites"
      title={t('home:rails.favorites')}
      seeAllTo="/favorites"
      emptyText={
        favorites.data?.length === 0
          ? t('home:rails.favoritesNone')
          : t('home:rails.favoritesEmpty')
      }
      locations={locations}
      state={{
        events,
        isLoading: live.isPending || next.isPending,
        isError: live.isError || next.isError,
        onRetry: () => {
          void live.refetch();
          void next.refetch();
        },
      }}
    />
  );
}
