import type { FavoritableType } from '@rudy/contracts';
import { useLocation, useSearchParams } from 'react-router';
import { Skeleton } from '../../../components/ui/skeleton';
import { CalendarLink } from '../../../features/events/components/calendar-link';
import type { ListingKind } from '../../../features/events/lib/events-query';
import { useProfile } from '../../../features/auth/api/get-profile';
import type { ListingData } from '../../../features/events/lib/listing-data';
import { readFilters } from '../../../features/events/lib/listing-params';
import { FavoriteToggle } from '../../../features/favorites/components/favorite-toggle';
import {
  SubjectBanner,
  type BannerSubject,
} from '../../../features/participants/components/subject-banner';
import {
  rinkSubject,
  schoolSubject,
  sportSubject,
  teamSubject,
} from '../../../features/participants/lib/banner-subjects';
import styles from './listing-banner.module.css';
import { useGenderLabel } from './use-listing-data';

const FAVORITE_TYPE: Readonly<Record<BannerSubject['kind'], FavoritableType>> = {
  team: 'participant',
  school: 'participant_group',
  sport: 'event_category',
  rink: 'event_location',
};

/**
 * A listing narrowed to one team, school, sport or rink is that one's page: its banner with crest,
 * colours and favourite star sits on top.
 */
export function ListingBanner({
  kind,
  data,
  isTeamsPending,
}: {
  kind: ListingKind;
  data: ListingData;
  isTeamsPending: boolean;
}) {
  const genderLabel = useGenderLabel();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const { data: user } = useProfile();
  const filters = readFilters(params);
  const subject = pick();

  function pick(): (BannerSubject & { id: number }) | null {
    if (filters.team !== null) {
      const team = data.teams.find((p) => p.id === filters.team);
      return team
        ? { ...teamSubject(team, data.groups, pathname, genderLabel), id: team.id }
        : null;
    }
    if (filters.group !== null) {
      const school = data.groups.find((g) => g.id === filters.group);
      return school ? { ...schoolSubject(school, data.teams, pathname), id: school.id } : null;
    }
    if (filters.category_id !== null) {
      const sport = data.categories.find((c) => c.id === filters.category_id);
      return sport ? { ...sportSubject(sport), id: sport.id } : null;
    }
    if (filters.rink !== null) {
      const rink = data.locations.find((l) => l.id === filters.rink);
      return rink ? { ...rinkSubject(rink), id: rink.id } : null;
    }
    return null;
  }

  if (!subject) {
    if (filters.team !== null && isTeamsPending) {
      return (
        <div style={{ marginTop: 24 }}>
          <Skeleton height={110} radius={16} />
        </div>
      );
    }
    return kind === 'schedule' ? (
      <div className={styles.channelCalendar}>
        <CalendarLink scope="channel" />
      </div>
    ) : null;
  }
  const calendarScope = subject.kind === 'rink' ? null : subject.kind;
  return (
    <SubjectBanner
      subject={subject}
      action={
        <div className={styles.actions}>
          <FavoriteToggle
            subject={{ type: FAVORITE_TYPE[subject.kind], id: subject.id, name: subject.name }}
            userId={user?.id ?? null}
            variant="button"
          />
          {calendarScope ? <CalendarLink scope={calendarScope} id={subject.id} /> : null}
        </div>
      }
    />
  );
}
