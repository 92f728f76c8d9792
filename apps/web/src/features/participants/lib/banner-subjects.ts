import type { EventCategory, EventLocation, Participant, ParticipantGroup } from '@rudy/contracts';
import type { BannerSubject } from '../components/subject-banner';

export type Gender = NonNullable<Participant['properties']['gender']>;
type Translate = (value: Gender) => string;

/** League, division and gender: what tells a school's teams apart. */
export function teamFacts(team: Participant, genderLabel: Translate): string[] {
  const { league, division, gender } = team.properties;
  return [league, division, gender ? genderLabel(gender) : null].filter((d): d is string => !!d);
}

/** A team: its colours and crest, league, division and gender, and a link to its school. */
export function teamSubject(
  team: Participant,
  groups: ParticipantGroup[],
  path: string,
  genderLabel: Translate,
): BannerSubject {
  const school = groups.find((g) => g.id === team.participant_group_id);
  return {
    kind: 'team',
    name: team.name,
    image: team.images.logo,
    color: team.color,
    details: teamFacts(team, genderLabel),
    links: school ? [{ to: `${path}?group=${school.id}`, label: school.name }] : [],
  };
}

/** A school: its crest and a link to each of its teams. */
export function schoolSubject(
  school: ParticipantGroup,
  teams: Participant[],
  path: string,
): BannerSubject {
  return {
    kind: 'school',
    name: school.name,
    image: school.image,
    color: null,
    details: [],
    links: teams
      .filter((team) => team.participant_group_id === school.id)
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((team) => ({ to: `${path}?team=${team.id}`, label: team.name })),
  };
}

export function sportSubject(category: EventCategory): BannerSubject {
  return {
    kind: 'sport',
    name: category.name,
    image: category.image_url,
    color: null,
    details: [],
    links: [],
  };
}

/** A rink's page (the listing narrowed to `?rink=`): its name and city. */
export function rinkSubject(location: EventLocation): BannerSubject {
  return {
    kind: 'rink',
    name: location.name,
    image: null,
    color: null,
    details: location.city ? [location.city] : [],
    links: [],
  };
}
