import type { Favorite, FavoritableType } from '@rudy/contracts';
import { Link } from 'react-router';
import { LoadError, StatusMessage } from '../../../components/ui/status-message';
import { Skeleton } from '../../../components/ui/skeleton';
import { useT } from '../../../lib/i18n';
import { useFavorites } from '../api/get-favorites';
import { FavoriteToggle } from './favorite-toggle';
import styles from './favorites-summary.module.css';

/** Where a favourite opens: its games on the schedule, or the game itself. */
const PATH_OF: Readonly<Record<FavoritableType, (id: number) => string>> = {
  participant: (id) => `/schedule?team=${id}`,
  participant_group: (id) => `/schedule?group=${id}`,
  event_category: (id) => `/schedule?category_id=${id}`,
  favorite_event: (id) => `/watch/${id}`,
  event_location: (id) => `/schedule?rink=${id}`,
};

/** The signed-in user's favourite teams, schools, sports, games and rinks, each opening its page. */
export function FavoritesSummary({ userId }: { userId: number }) {
  const { t } = useT();
  const favorites = useFavorites(userId);
  const title = t('favorites:favorites.following');

  if (favorites.isPending) return <Skeleton height={48} radius={999} width="60%" />;
  if (favorites.isError) return <LoadError what={title} onRetry={() => void favorites.refetch()} />;
  if (favorites.data.length === 0) {
    return (
      <StatusMessage
        compact
        tone="info"
        title={t('favorites:favorites.none')}
        description={t('favorites:favorites.noneHint')}
      />
    );
  }
  return (
    <ul className={styles.list} aria-label={title}>
      {[...favorites.data].sort(byTypeThenName).map((favorite) => (
        <li key={`${favorite.favoritable_type}-${favorite.favoritable_id}`} className={styles.item}>
          {favorite.logo ? <img src={favorite.logo} alt="" className={styles.logo} /> : null}
          <Link
            to={PATH_OF[favorite.favoritable_type](favorite.favoritable_id)}
            className={styles.name}
          >
            <span className={styles.kind}>{t(`favorites:type.${favorite.favoritable_type}`)}</span>
            {favorite.name}
          </Link>
          <FavoriteToggle
            subject={{
              type: favorite.favoritable_type,
              id: favorite.favoritable_id,
              name: favorite.name,
            }}
            userId={userId}
          />
        </li>
      ))}
    </ul>
  );
}

const ORDER: readonly FavoritableType[] = [
  'participant',
  'participant_group',
  'event_category',
  'event_location',
  'favorite_event',
];

function byTypeThenName(a: Favorite, b: Favorite) {
  return (
    ORDER.indexOf(a.favoritable_type) - ORDER.indexOf(b.favoritable_type) ||
    a.name.localeCompare(b.name)
  );
}
