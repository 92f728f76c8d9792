import { useSearchParams } from 'react-router';
import { useBootstrap } from '../../../features/channel/api/get-bootstrap';
import type { ListingData } from '../../../features/events/lib/listing-data';
import { readFilters } from '../../../features/events/lib/listing-params';
import { useParticipants } from '../../../features/participants/api/get-participants';
import type { Gender } from '../../../features/participants/lib/banner-subjects';
import { useAfterFirstPaint } from '../../../lib/use-after-first-paint';
import { useT } from '../../../lib/i18n';
import '../../../locales/listings';

/** The viewer's own zone when the channel's is unknown (its settings failed to load). */
export const VIEWER_TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The channel's sports, arenas, schools, team properties and teams, as filters and pages use them. */
export function useListingData() {
  const bootstrap = useBootstrap().data;
  // The teams name a team's or a school's banner and filter; otherwise only the filters panel
  // lists them, and they load after the first paint (see the listing route's loader).
  const filters = readFilters(useSearchParams()[0]);
  const needsTeams = filters.team !== null || filters.group !== null;
  const participants = useParticipants(useAfterFirstPaint() || needsTeams);
  const data: ListingData = {
    categories: bootstrap?.['events-categories'] ?? [],
    locations: bootstrap?.['events-locations'] ?? [],
    groups: bootstrap?.['participant-groups'] ?? [],
    properties: bootstrap?.['participant-group-properties'] ?? [],
    teams: participants.data ?? [],
  };
  return {
    data,
    timeZone: bootstrap?.settings.time_zone ?? VIEWER_TIME_ZONE,
    isTeamsPending: participants.isPending,
  };
}

/** "Men", "Women" or "Mixed" in the interface language. */
export function useGenderLabel() {
  const { t } = useT();
  return (gender: Gender) =>
    gender === 'not identified' ? t('listings:gender.other') : t(`listings:gender.${gender}`);
}
