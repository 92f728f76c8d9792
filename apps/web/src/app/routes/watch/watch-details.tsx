import type { Event } from '@rudy/contracts';
import type { ReactNode } from 'react';
import { eventTitle, formatEventTime } from '../../../features/events/lib/event-display';
import { useT } from '../../../lib/i18n';
import { isSafeColor } from '../../../lib/theme';
import styles from './watch.module.css';

/** The game under the player: title, teams, time in its own zone, arena. */
export function WatchDetails({
  event,
  locationName,
  actions,
}: {
  event: Event;
  locationName: string | undefined;
  actions?: ReactNode;
}) {
  const { t, i18n } = useT();
  return (
    <section className={styles.details} aria-labelledby="watch-title">
      <div className={styles.titleRow}>
        <h1 id="watch-title" className={styles.title}>
          {eventTitle(event)}{' '}
          {event.type === 'live' ? (
            <span className={styles.live}>{t('watch:player.live')}</span>
          ) : null}
        </h1>
        {actions}
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
            <dd>{locationName}</dd>
          </>
        ) : null}
      </dl>
      {event.description ? <p className={styles.description}>{event.description}</p> : null}
    </section>
  );
}
