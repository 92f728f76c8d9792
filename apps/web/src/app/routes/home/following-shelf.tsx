import { useFavoriteEvents } from '../../../features/events/api/get-favorite-events';
import { EventRail } from '../../../features/events/components/event-rail';
import { useFavorites } from '../../../features/favorites/api/get-favorites';
import { useT } from '../../../lib/i18n';

const SHELF_SIZE = 12;
const BY_DATE = { sort_field: 'date', sort_direction: 'asc' } as const;

/**
 * "Following", the home page's first shelf for a signed-in viewer (issue 33): the games of the
 * teams, schools and sports they follow that are live now, then their next ones. The lists come
 * from /events/favorite, which reads the viewer's own favourites (never a channel-wide cache);
 * the client keeps them per user (the query key holds the user id).
 */
export function FollowingShelf({
  userId,
  locations,
}: {
  userId: number;
  locations: ReadonlyMap<number, string>;
}) {
  const { t } = useT();
  const favorites = useFavorites(userId);
  const live = useFavoriteEvents(userId, { type: 'live', ...BY_DATE }, SHELF_SIZE);
  const next = useFavoriteEvents(userId, { type: 'upcoming', ...BY_DATE }, SHELF_SIZE);
  const liveGames = live.data?.pages[0]?.data;
  const nextGames = next.data?.pages[0]?.data;
  const events =
    liveGames && nextGames ? [...liveGames, ...nextGames].slice(0, SHELF_SIZE) : undefined;
  return (
    <EventRail
      id="following"
      title={t('home:rails.following')}
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
      leadImages="eager"
    />
  );
}
