import { EVENT_CARD_RATIO, type Event } from '@rudy/contracts';
import { useT } from '../../../lib/i18n';
import { Link } from 'react-router';
import { isSafeColor } from '../../../lib/theme';
import { accessBadge, eventTitle, formatEventTime, matchSides } from '../lib/event-display';
import styles from './event-card.module.css';

const FALLBACK_COLOR = '#2a3345';

function teamColor(color: string | undefined) {
  return color && isSafeColor(color) ? color : FALLBACK_COLOR;
}

export function EventCard({
  event,
  locationName,
  layout = 'grid',
}: {
  event: Event;
  locationName?: string | undefined;
  layout?: 'grid' | 'list';
}) {
  const { t, i18n } = useT();
  const sides = matchSides(event);
  const title = eventTitle(event);
  const badge = accessBadge(event.access_type);
  const isLive = event.type === 'live';
  const fallbackBackground = sides
    ? `linear-gradient(120deg, ${teamColor(sides.away.color)} 0 49.8%, ${teamColor(sides.home.color)} 50.2% 100%)`
    : undefined;

  return (
    <article className={`${styles.card} ${layout === 'list' ? styles.list : ''}`}>
      <Link to={`/watch/${event.id}`} className={styles.link}>
        <div className={styles.thumb} style={{ aspectRatio: EVENT_CARD_RATIO }}>
          {event.image_url ? (
            <img src={event.image_url} alt="" loading="lazy" decoding="async" className={styles.image} />
          ) : (
            <div className={styles.fallback} style={{ background: fallbackBackground }} aria-hidden="true">
              {sides ? (
                <span className={styles.versus}>
                  {sides.away.short_name} <small>@</small> {sides.home.short_name}
                </span>
              ) : null}
            </div>
          )}
          <div className={styles.badges}>
            {isLive ? <span className={styles.live}>{t('events:badge.live')}</span> : null}
            <span className={`${styles.access} ${styles[badge]}`}>{t(`events:access.${badge}`)}</span>
          </div>
        </div>
        <div className={styles.body}>
          <h3 className={styles.title}>{title}</h3>
          {sides ? (
            <p className={styles.teams}>
              <TeamChip name={sides.away.name} color={sides.away.color} />
              <span className={styles.at} aria-label={t('events:card.at')}>
                @
              </span>
              <TeamChip name={sides.home.name} color={sides.home.color} />
            </p>
          ) : null}
          <p className={styles.meta}>
            <time dateTime={event.event_utc_ts}>
              {formatEventTime(event.event_utc_ts, event.time_zone, i18n.language)}
            </time>
            {locationName ? <span className={styles.location}>{locationName}</span> : null}
          </p>
        </div>
      </Link>
    </article>
  );
}

function TeamChip({ name, color }: { name: string; color: string }) {
  return (
    <span className={styles.team}>
      <span className={styles.swatch} style={{ background: teamColor(color) }} aria-hidden="true" />
      {name}
    </span>
  );
}
