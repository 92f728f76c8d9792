import { EVENT_CARD_RATIO, type Event, type EventParticipant } from '@rudy/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTeamAction } from '../../../components/team-action-slot';
import { useT } from '../../../lib/i18n';
import { isSafeColor } from '../../../lib/theme';
import {
  accessBadge,
  eventTitle,
  formatEventTime,
  matchSides,
  replayNotice,
} from '../lib/event-display';
import styles from './event-card.module.css';

const FALLBACK_COLOR = '#2a3345';

function teamColor(color: string | undefined) {
  return color && isSafeColor(color) ? color : FALLBACK_COLOR;
}

/**
 * How a card's image loads: lazily (the default: most cards are below the fold), at once ('eager':
 * in view at first paint), or at once and first ('high': the page's largest image, its LCP).
 */
export type ImagePriority = 'lazy' | 'eager' | 'high';

/**
 * One game. The title link stretches over the whole card, so the card opens the game while the
 * favourite stars beside the teams stay buttons of their own (a button inside a link is invalid).
 * A finished game whose replay is not ready is no link: the card says the replay is coming (or
 * that there is none) instead of opening a player with nothing to play.
 */

export function EventCard({
  event,
  locationName,
  layout = 'grid',
  imagePriority = 'lazy',
  headingLevel = 3,
}: {
  event: Event;
  locationName?: string | undefined;
  layout?: 'grid' | 'list';
  imagePriority?: ImagePriority;
  /** The title's level: one below the heading the card sits under (a rail's h2, a page's h1). */
  headingLevel?: 2 | 3 | 4 | 5;
}) {
  const Heading = `h${headingLevel}` as const;
  const { t, i18n } = useT();
  const teamAction = useTeamAction();
  const sides = matchSides(event);
  const badge = accessBadge(event.access_type);
  const notice = replayNotice(event);
  const badges = (
    <div className={styles.badges}>
      {event.type === 'live' ? <span className={styles.live}>{t('events:badge.live')}</span> : null}
      <span className={`${styles.access} ${styles[badge]}`}>{t(`events:access.${badge}`)}</span>
    </div>
  );

  return (
    <article
      data-event-id={event.id}
      className={`${styles.card} ${layout === 'list' ? styles.list : ''} ${notice ? styles.notOffered : ''}`}
    >
      <div className={styles.thumb} style={{ aspectRatio: EVENT_CARD_RATIO }}>
        <Thumbnail event={event} priority={imagePriority} />
        {/* Over the art only where the thumbnail is wide enough to leave the teams clear. */}
        {layout === 'grid' ? badges : null}
      </div>
      <div className={styles.body}>
        {layout === 'list' ? badges : null}
        <Heading className={styles.title}>
          {notice ? (
            eventTitle(event)
          ) : (
            <Link to={`/watch/${event.id}`} className={styles.link}>
              {eventTitle(event)}
            </Link>
          )}
        </Heading>
        {notice ? (
          <p className={styles.notice}>
            <span className={styles.noticeIcon} aria-hidden="true" />
            {t(`events:replay.${notice}`)}
          </p>
        ) : null}
        {sides ? (
          <ul className={styles.teams}>
            <TeamRow team={sides.away} action={teamAction?.(sides.away)} />
            <TeamRow
              team={sides.home}
              action={teamAction?.(sides.home)}
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
    </article>
  );
}

function Thumbnail({ event, priority }: { event: Event; priority: ImagePriority }) {
  if (event.image_url) {
    return (
      <img
        src={event.image_url}
        alt=""
        loading={priority === 'lazy' ? 'lazy' : 'eager'}
        fetchPriority={priority === 'high' ? 'high' : 'auto'}
        decoding={priority === 'lazy' ? 'async' : 'auto'}
        className={styles.image}
      />
    );
  }
  const sides = matchSides(event);
  const background = sides
    ? `linear-gradient(120deg, ${teamColor(sides.away.color)} 0 49.8%, ${teamColor(sides.home.color)} 50.2% 100%)`
    : undefined;
  return (
    <div className={styles.fallback} style={{ background }} aria-hidden="true">
      {sides ? (
        <span className={styles.versus}>
          {sides.away.short_name} <small>@</small> {sides.home.short_name}
        </span>
      ) : null}
    </div>
  );
}

/** One side of the game; the home side reads "@ Team" (the prefix is spoken as "at"). */
function TeamRow({
  team,
  prefix,
  action,
}: {
  team: EventParticipant;
  prefix?: string;
  action: ReactNode;
}) {
  return (
    <li className={styles.team}>
      <span
        className={styles.swatch}
        style={{ background: teamColor(team.color) }}
        aria-hidden="true"
      />
      {prefix ? (
        <span className={styles.at}>
          <span aria-hidden="true">@</span>
          <span className="visually-hidden">{prefix}</span>
        </span>
      ) : null}
      <span className={styles.teamName}>{team.name}</span>
      {action ? <span className={styles.action}>{action}</span> : null}
    </li>
  );
}
