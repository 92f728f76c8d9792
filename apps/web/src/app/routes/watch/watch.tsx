import { useParams } from 'react-router';
import { LoadError } from '../../../components/ui/status-message';
import { Skeleton } from '../../../components/ui/skeleton';
import { useProfile } from '../../../features/auth/api/get-profile';
import { useBootstrap } from '../../../features/channel/api/get-bootstrap';
import { useClipTool } from '../../../features/clips/hooks/use-clip-tool';
import {
  eventTitle,
  formatEventTime,
  locationNames,
} from '../../../features/events/lib/event-display';
import { useEvent } from '../../../features/player/api/get-event';
import { usePlayback } from '../../../features/player/api/get-playback';
import { DownloadButton } from '../../../features/player/components/download-button';
import { WatchPlayer } from '../../../features/player/components/watch-player';
import { isApiError } from '../../../lib/api-error';
import { useT } from '../../../lib/i18n';
import { loginPathFor } from '../../route-guards';
import { Component as NotFound } from '../errors/not-found';
import { RelatedGames } from './related-games';
import { useGameAnalytics } from './game-analytics';
import { watchLoader } from './watch-loader';
import { WatchDetails } from './watch-details';
import styles from './watch.module.css';

export const loader = watchLoader;

export function Component() {
  const { t, i18n } = useT();
  const eventId = Number(useParams().id);
  const event = useEvent(eventId);
  const playback = usePlayback(eventId).data;
  const locations = locationNames(useBootstrap().data?.['events-locations']);
  const game = event.data;
  const user = useProfile().data;
  const meta = useGameAnalytics(game);
  const clipTool = useClipTool({
    eventId,
    capabilities: user ? user.capabilities : null,
    loginPath: loginPathFor(`/watch/${eventId}`),
  });

  // An unknown or deleted game is a missing page, not an outage: no player, no "try again".
  if (isApiError(event.error) && event.error.status === 404) return <NotFound />;

  return (
    <div className="page-container">
      <title>{game ? eventTitle(game) : t('watch:watch.title')}</title>
      <div className={styles.layout}>
        <div className={styles.main}>
          <WatchPlayer
            eventId={eventId}
            meta={meta}
            tool={clipTool}
            startsAt={
              game ? formatEventTime(game.event_utc_ts, game.time_zone, i18n.language) : undefined
            }
          />
          {game ? (
            <WatchDetails
              event={game}
              locationName={locations.get(game.location_id ?? -1)}
              actions={playback?.can_download ? <DownloadButton eventId={eventId} /> : null}
            />
          ) : event.isPending ? (
            <Skeleton width="60%" height={28} />
          ) : (
            <LoadError what={t('watch:watch.loadError')} onRetry={() => void event.refetch()} />
          )}
        </div>
        {game ? (
          <aside className={styles.related} aria-label={t('watch:watch.related')}>
            <RelatedGames event={game} locations={locations} />
          </aside>
        ) : null}
      </div>
    </div>
  );
}
