import type {
  EventCategory,
  EventLocation,
  Participant,
  ParticipantGroup,
  ParticipantGroupProperty,
} from '@rudy/contracts';
import type { FilterName, ListingFilters } from './listing-params';

/** The channel's lists a listing filters by: from the bootstrap document and /participants. */
export interface ListingData {
  categories: EventCategory[];
  locations: EventLocation[];
  groups: ParticipantGroup[];
  properties: ParticipantGroupProperty[];
  teams: Participant[];
}

export type PropertyName = ParticipantGroupProperty['name'];

/** The name a filter value is shown by ("Lakeshore Wolves" for team=1), or null if unknown. */
export function filterValueName(
  name: FilterName,
  filters: ListingFilters,
  data: ListingData,
): string | null {
  const value = filters[name];
  if (value === null) return null;
  switch (name) {
    case 'category_id':
      return data.categories.find((c) => c.id === value)?.name ?? null;
    case 'team':
      return data.teams.find((p) => p.id === value)?.name ?? null;
    case 'group':
      return data.groups.find((g) => g.id === value)?.name ?? null;
    case 'rink':
      return data.locations.find((l) => l.id === value)?.name ?? null;
    default:
      return String(value);
  }
}

/** Teams under their school's name, for an option list grouped by school. */
export function teamsBySchool(data: ListingData): { school: string; teams: Participant[] }[] {
  const schools = new Map<string, Participant[]>();
  const schoolName = (id: number | null) => data.groups.find((g) => g.id === id)?.name ?? '';
  for (const team of [...data.teams].sort((a, b) => a.name.localeCompare(b.name))) {
    const school = schoolName(team.participant_group_id);
    schools.set(school, [...(schools.get(school) ?? []), team]);
  }
  return [...schools]
    .sort(([a], [b]) => (a && b ? a.localeCompare(b) : a ? -1 : 1))
    .map(([school, teams]) => ({ school, teams }));
}
