import { lazy, Suspense, type ComponentProps, type ComponentType } from 'react';
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
import { KeyMoments } from '../../../features/moments/components/key-moments';
import { useKeyMoments } from '../../../features/moments/hooks/use-key-moments';
import { useEvent } from '../../../features/player/api/get-event';
import { usePlayback } from '../../../features/player/api/get-playback';
import { DownloadButton } from '../../../features/player/components/download-button';
import { WatchPlayer } from '../../../features/player/components/watch-player';
import { isApiError } from '../../../lib/api-error';
import { loadChunk } from '../../../lib/chunk-load';
import { useT } from '../../../lib/i18n';
import { loginPathFor } from '../../route-guards';
import { useGameAnalytics } from './game-analytics';
import type { RelatedGames as RelatedGamesComponent } from './related-games';
import { watchEarlyData, watchLoader } from './watch-loader';
import { WatchDetails } from './watch-details';
import styles from './watch.module.css';

// Not needed for the player's first frame, so not loaded with the screen: the other games' rail
// (under the details, with the cards' code; if its code cannot load, the page goes without it) and
// the missing-game page (under the chunk policy, like a route).
const RelatedGames = lazy<ComponentType<ComponentProps<typeof RelatedGamesComponent>>>(() =>
  import('./related-games').then(
    (module) => ({ default: module.RelatedGames }),
    () => ({ default: () => null }),
  ),
);
const NotFound = lazy(() =>
  loadChunk(() => import('../errors/not-found')).then((module) => ({ default: module.Component })),
);

export const loader = watchLoader;
export const earlyData = watchEarlyData;

export function Component() {
  const { t, i18n } = useT();
  const eventId = Number(useParams().id);
  const event = useEvent(eventId);
  const playback = usePlayback(eventId).data;
  const locations = locationNames(useBootstrap().data?.['events-locations']);
  const game = event.data;
  const user = useProfile().data;
  const meta = useGameAnalytics(game);
  const moments = useKeyMoments(eventId, playback);
  const clipTool = useClipTool({
    eventId,
    capabilities: user ? user.capabilities : null,
    loginPath: loginPathFor(`/watch/${eventId}`),
  });

  // An unknown or deleted game is a missing page, not an outage: no player, no "try again".
  if (isApiError(event.error) && event.error.status === 404) {
    return (
      <Suspense fallback={null}>
        <NotFound />
      </Suspense>
    );
  }

  return (
    <div className="page-container">
      <title>{game ? eventTitle(game) : t('watch:watch.title')}</title>
      <div className={styles.layout}>
        <div className={styles.main}>
          <WatchPlayer
            eventId={eventId}
            meta={meta}
            tool={clipTool}
            marks={moments.marks}
            playerRemote={moments.remote}
            onRecordingOffset={moments.onRecordingOffset}
            startsAt={
              game ? formatEventTime(game.event_utc_ts, game.time_zone, i18n.language) : undefined
            }
          />
          <KeyMoments {...moments.list} />
          {game ? (
            <WatchDetails
              event={game}
              locationName={locations.get(game.location_id ?? -1)}
              userId={user?.id ?? null}
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
            <Suspense fallback={null}>
              <RelatedGames event={game} locations={locations} />
            </Suspense>
          </aside>
        ) : null}
      </div>
    </div>
  );
}
