import { useParams } from 'react-router';
import { formatEventTime } from '../../../features/events/lib/event-display';
import { useEvent } from '../../../features/player/api/get-event';
import { WatchPlayer } from '../../../features/player/components/watch-player';
import { useT } from '../../../lib/i18n';
import { useGameAnalytics } from './game-analytics';
import { watchLoader } from './watch-loader';
import styles from './watch-embed.module.css';

export const loader = watchLoader;

/** The same player as /watch/:id with no site chrome, filling the host page's frame. */
export function Component() {
  const { t, i18n } = useT();
  const eventId = Number(useParams().id);
  const game = useEvent(eventId).data;
  const meta = useGameAnalytics(game);
  return (
    <div className={styles.frame}>
      <title>{game?.name ?? t('watch:embed.title')}</title>
      <WatchPlayer
        eventId={eventId}
        meta={meta}
        fill
        embedded
        startsAt={
          game ? formatEventTime(game.event_utc_ts, game.time_zone, i18n.language) : undefined
        }
      />
    </div>
  );
}
