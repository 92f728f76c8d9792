import { Link } from 'react-router';
import { AutoRailItem } from '../../../components/ui/auto-rail';
import { LoadError, StatusMessage } from '../../../components/ui/status-message';
import { useBootstrap } from '../../../features/channel/api/get-bootstrap';
import { useEventsWithClip } from '../../../features/events/api/get-events-with-clip';
import { EventCard } from '../../../features/events/components/event-card';
import { locationNames } from '../../../features/events/lib/event-display';
import { useVodRails } from '../../../features/vod/api/get-vod-rails';
import { LibraryRail, VodRail, VodRailSkeleton } from '../../../features/vod/components/vod-rail';
import { useT } from '../../../lib/i18n';
import styles from './library.module.css';

/**
 * The library's first screen: its rails in the channel's order, then the games that have clips
 * (GET /events/with_clip) as one more rail. Says so while the library is being prepared (the
 * demo's videos are made at first start) or when it cannot load.
 */
export function LibraryHome() {
  const { t } = useT();
  const rails = useVodRails();
  const games = useEventsWithClip();
  const locations = locationNames(useBootstrap().data?.['events-locations']);
  const filled = rails.data?.filter((rail) => rail.vod_media_items.length > 0) ?? [];
  const clipped = games.data?.data ?? [];

  if (rails.isPending) return <VodRailSkeleton title={t('library:vodLibrary.title')} />;
  if (rails.isError && !rails.data) {
    return <LoadError what={t('library:vodLibrary.what')} onRetry={() => void rails.refetch()} />;
  }
  return (
    <>
      {filled.length === 0 && clipped.length === 0 ? (
        <div className={styles.empty}>
          <StatusMessage
            tone="info"
            title={t('library:vodLibrary.empty')}
            description={t('library:vodLibrary.emptyText')}
          />
        </div>
      ) : null}
      {filled.map((rail) => (
        <VodRail
          key={rail.id}
          id={`vod-rail-${rail.id}`}
          title={rail.title}
          items={rail.vod_media_items}
        />
      ))}
      {clipped.length > 0 ? (
        <LibraryRail
          id="games-with-clips"
          title={t('library:vodLibrary.gamesWithClips')}
          action={
            <Link to="/vod" className={styles.seeAll}>
              {t('library:vodLibrary.seeSchedule')}
            </Link>
          }
        >
          {clipped.map((event) => (
            <AutoRailItem key={event.id}>
              <EventCard event={event} locationName={locations.get(event.location_id ?? -1)} />
            </AutoRailItem>
          ))}
        </LibraryRail>
      ) : null}
    </>
  );
}
