import { useFavoriteEvents } from '../../../features/events/api/get-favorite-events';
import { EventRail } from '../../../features/events/components/event-rail';
import { useFavorites } from '../../../features/favorites/api/get-favorites';
import { useT } from '../../../lib/i18n';

const RAIL_SIZE = 12;

/** The next games of the signed-in user's favourite teams, schools and sports. */
export function FavoritesRail({
  userId,
  locations,
}: {
  userId: number;
  locations: ReadonlyMap<number, string>;
}) {
  const { t } = useT();
  const favorites = useFavorites(userId);
  const query = useFavoriteEvents(
    userId,
    { type: 'upcoming', sort_field: 'date', sort_direction: 'asc' },
    RAIL_SIZE,
  );
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
        events: query.data?.pages[0]?.data,
        isLoading: query.isPending,
        isError: query.isError,
        onRetry: () => void query.refetch(),
      }}
    />
  );
}
