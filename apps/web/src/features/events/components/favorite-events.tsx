import type { EventType } from '@rudy/contracts';
import { useSearchParams } from 'react-router';
import { useT } from '../../../lib/i18n';
import { useFavoriteEvents } from '../api/get-favorite-events';
import { pagedEvents } from '../lib/paged-events';
import { PagedEventList } from './paged-event-list';
import styles from './view-toggle.module.css';
import '../../../locales/listings';

const TYPES: readonly EventType[] = ['upcoming', 'live', 'finished'];

/**
 * Games of the signed-in user's favourites, by the spec's `type` parameter: upcoming and live in
 * start order, replays newest first.
 */
export function FavoriteEvents({
  userId,
  locations,
}: {
  userId: number;
  locations: ReadonlyMap<number, string>;
}) {
  const { t } = useT();
  const [params, setParams] = useSearchParams();
  const type = TYPES.find((option) => option === params.get('type')) ?? 'upcoming';
  const query = useFavoriteEvents(userId, {
    type,
    sort_field: 'date',
    sort_direction: type === 'finished' ? 'desc' : 'asc',
  });
  const choose = (next: EventType) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('type', next);
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );

  return (
    <>
      <div className={styles.toggle} role="group" aria-label={t('listings:favorites.title')}>
        {TYPES.map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={type === option}
            onClick={() => choose(option)}
          >
            {t(`listings:favorites.type.${option}`)}
          </button>
        ))}
      </div>
      <div style={{ marginTop: 16 }}>
        <PagedEventList
          state={pagedEvents(query)}
          error={query.error}
          what={t('listings:favorites.title')}
          layout="grid"
          locations={locations}
          headingLevel={3}
          empty={{
            title: t(`listings:favorites.empty.${type}`),
            description: t('listings:favorites.hint'),
          }}
        />
      </div>
    </>
  );
}
