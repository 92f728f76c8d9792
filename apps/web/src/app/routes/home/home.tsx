import { useT } from '../../../lib/i18n';
import { Skeleton } from '../../../components/ui/skeleton';
import { useBootstrap } from '../../../features/channel/api/get-bootstrap';
import { HomeIntro } from '../../../features/channel/components/home-intro';
import { SlidesCarousel } from '../../../features/channel/components/slides-carousel';
import { findStaticBlock } from '../../../features/channel/hooks/static-blocks';
import {
  homepageEventsQueryOptions,
  useHomepageEvents,
} from '../../../features/events/api/get-homepage-events';
import { CategoryGrid } from '../../../features/events/components/category-grid';
import { EventRail, type EventListState } from '../../../features/events/components/event-rail';
import { locationNames } from '../../../features/events/lib/event-display';
import { useProfile } from '../../../features/auth/api/get-profile';
import { queryClient } from '../../../lib/query-client';
import { TeamFavorites } from '../favorites/team-favorites';
import { FollowingShelf } from './following-shelf';
import { HighlightsRail } from './highlights-rail';

export function loader() {
  // Started here so the data loads while the route's code does; errors surface in the screen.
  void queryClient.query(homepageEventsQueryOptions()).catch(() => undefined);
  return null;
}

export function Component() {
  const { t } = useT();
  const bootstrap = useBootstrap();
  const events = useHomepageEvents();
  const { data: user } = useProfile();
  const data = bootstrap.data;
  const locations = locationNames(data?.['events-locations']);
  const state = (key: 'live' | 'upcoming' | 'recent'): EventListState => ({
    events: events.data?.[key],
    isLoading: events.isPending,
    isError: events.isError,
    onRetry: () => void events.refetch(),
  });
  const channelName = data?.settings.channel_name ?? '';
  const intro = findStaticBlock(data, 'home_intro');

  return (
    <TeamFavorites>
      <div className="page-container">
        {channelName ? <title>{channelName}</title> : null}
        <h1 className="visually-hidden">{channelName || t('home:title')}</h1>
        {bootstrap.isPending ? (
          <div style={{ marginTop: 20 }}>
            <Skeleton ratio={16 / 9} radius={16} height="auto" />
          </div>
        ) : (
          <SlidesCarousel slides={data?.slides ?? []} />
        )}
        {intro ? <HomeIntro block={intro} /> : null}
        {user ? <FollowingShelf userId={user.id} locations={locations} /> : null}
        <EventRail
          id="live"
          title={t('home:rails.live')}
          seeAllTo="/live"
          emptyText={t('home:rails.liveEmpty')}
          locations={locations}
          state={state('live')}
          leadImages={data?.slides.length ? 'eager' : 'high'}
        />
        <EventRail
          id="upcoming"
          title={t('home:rails.upcoming')}
          seeAllTo="/upcoming"
          emptyText={t('home:rails.upcomingEmpty')}
          locations={locations}
          state={state('upcoming')}
          leadImages="eager"
        />
        <EventRail
          id="recent"
          title={t('home:rails.recent')}
          seeAllTo="/vod"
          emptyText={t('home:rails.recentEmpty')}
          locations={locations}
          state={state('recent')}
        />
        <HighlightsRail />
        <CategoryGrid categories={data?.['events-categories'] ?? []} />
      </div>
    </TeamFavorites>
  );
}
