import type { Event } from '@rudy/contracts';
import { lazy, Suspense, type ComponentProps, type ComponentType, type ReactNode } from 'react';
import { eventTitle, formatEventTime } from '../../../features/events/lib/event-display';
import type { FavoriteToggle as FavoriteToggleComponent } from '../../../features/favorites/components/favorite-toggle';
import { useT } from '../../../lib/i18n';
import { isSafeColor } from '../../../lib/theme';
import styles from './watch.module.css';

// The stars are not needed for the player's first frame: their code comes after the screen's (if it
// cannot load, the page goes without them).
const LazyFavoriteToggle = lazy<ComponentType<ComponentProps<typeof FavoriteToggleComponent>>>(() =>
  import('../../../features/favorites/components/favorite-toggle').then(
    (module) => ({ default: module.FavoriteToggle }),
    () => ({ default: () => null }),
  ),
);

function Star(props: ComponentProps<typeof FavoriteToggleComponent>) {
  return (
    <Suspense fallback={null}>
      <LazyFavoriteToggle {...props} />
    </Suspense>
  );
}

/**
 * The game under the player: title, teams, time in its own zone, arena; the game and the arena
 * each with a favourite star (spec section 3: favorite_event, event_location).
 */
export function WatchDetails({
  event,
  locationName,
  userId,
  actions,
}: {
  event: Event;
  locationName: string | undefined;
  userId: number | null;
  actions?: ReactNode;
}) {
  const { t, i18n } = useT();
  const title = eventTitle(event);
  return (
    <section className={styles.details} aria-labelledby="watch-title">
      <div className={styles.titleRow}>
        <h1 id="watch-title" className={styles.title}>
          {title}{' '}
          {event.type === 'live' ? (
            <span className={styles.live}>{t('watch:player.live')}</span>
          ) : null}
        </h1>
        <div className={styles.titleActions}>
          <Star subject={{ type: 'favorite_event', id: event.id, name: title }} userId={userId} />
          {actions}
        </div>
      </div>
      <dl className={styles.facts}>
        {event.participants.length > 0 ? (
          <>
            <dt>{t('watch:watch.teams')}</dt>
            <dd>
              <ul className={styles.teams}>
                {event.participants.map((team) => (
                  <li key={team.id} className={styles.team}>
                    <span
                      className={styles.swatch}
                      style={{ background: isSafeColor(team.color) ? team.color : undefined }}
                      aria-hidden="true"
                    />
                    {team.name}
                  </li>
                ))}
              </ul>
            </dd>
          </>
        ) : null}
        <dt>{t('watch:watch.time')}</dt>
        <dd>
          <time dateTime={event.event_utc_ts}>
            {formatEventTime(event.event_utc_ts, event.time_zone, i18n.language)}
          </time>
        </dd>
        {locationName ? (
          <>
            <dt>{t('watch:watch.location')}</dt>
            <dd className={styles.rink}>
              {locationName}
              {event.location_id !== null ? (
                <Star
                  subject={{ type: 'event_location', id: event.location_id, name: locationName }}
                  userId={userId}
                />
              ) : null}
            </dd>
          </>
        ) : null}
      </dl>
      {event.description ? <p className={styles.description}>{event.description}</p> : null}
    </section>
  );
}
