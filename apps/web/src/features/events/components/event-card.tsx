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
            <img
              src={event.image_url}
              alt=""
              loading="lazy"
              decoding="async"
              className={styles.image}
            />
          ) : (
            <div
              className={styles.fallback}
              style={{ background: fallbackBackground }}
              aria-hidden="true"
            >
              {sides ? (
                <span className={styles.versus}>
                  {sides.away.short_name} <small>@</small> {sides.home.short_name}
                </span>
              ) : null}
            </div>
          )}
          <div className={styles.badges}>
            {isLive ? <span className={styles.live}>{t('events:badge.live')}</span> : null}
            <span className={`${styles.access} ${styles[badge]}`}>
              {t(`events:access.${badge}`)}
            </span>
          </div>
        </div>
        <div className={styles.body}>
          <h3 className={styles.title}>{title}</h3>
          {sides ? (
            <ul className={styles.teams}>
              <TeamChip name={sides.away.name} color={sides.away.color} />
              <TeamChip
                name={sides.home.name}
                color={sides.home.color}
                prefix={t('events:card.at')}
              />
            </ul>
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

/** One side of the game; the home side reads "@ Team" (the prefix is spoken as "at"). */
function TeamChip({ name, color, prefix }: { name: string; color: string; prefix?: string }) {
  return (
    <li className={styles.team}>
      <span className={styles.swatch} style={{ background: teamColor(color) }} aria-hidden="true" />
      {prefix ? (
        <span className={styles.at}>
          <span aria-hidden="true">@</span>
          <span className="visually-hidden">{prefix}</span>
        </span>
      ) : null}
      <span className={styles.teamName}>{name}</span>
    </li>
  );
}
