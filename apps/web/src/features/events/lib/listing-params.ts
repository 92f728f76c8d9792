import type { Participant } from '@rudy/contracts';

/*
 * A listing's filters live in the URL under the spec's query parameter names (section 3), so a
 * filtered listing can be shared as a link and a reload shows the same games. Values a person
 * could not have picked (a negative id, a bad date) are ignored rather than sent to the API.
 */

export type Gender = NonNullable<Participant['properties']['gender']>;
export const GENDERS: readonly Gender[] = ['men', 'women', 'not identified'];

export const ID_FILTERS = ['category_id', 'team', 'group', 'rink'] as const;
export const TEXT_FILTERS = ['sport', 'league', 'division', 'search'] as const;
export const DATE_FILTERS = ['start_date', 'end_date'] as const;

type IdFilter = (typeof ID_FILTERS)[number];
type TextFilter = (typeof TEXT_FILTERS)[number];
type DateFilter = (typeof DATE_FILTERS)[number];
export type FilterName = IdFilter | TextFilter | DateFilter | 'gender';

export type ListingFilters = Record<IdFilter, number | null> &
  Record<TextFilter | DateFilter, string | null> & { gender: Gender | null };

/** Other names the spec lists for the same filters; links from elsewhere may use them. */
const ALIASES: Readonly<Record<string, IdFilter>> = {
  event_category_id: 'category_id',
  participant_id: 'team',
  location_id: 'rink',
};

export function positiveId(value: string | null): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

export function isDayKey(value: string | null): value is string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

function text(value: string | null): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed && trimmed.length <= 100 ? trimmed : null;
}

export function readFilters(params: URLSearchParams): ListingFilters {
  const id = (name: IdFilter) => {
    const alias = Object.keys(ALIASES).find((a) => ALIASES[a] === name);
    return positiveId(params.get(name) ?? (alias ? params.get(alias) : null));
  };
  const gender = params.get('gender');
  const start = params.get('start_date');
  const end = params.get('end_date');
  const startDate = isDayKey(start) ? start : null;
  const endDate = isDayKey(end) && (!startDate || end >= startDate) ? end : null;
  return {
    category_id: id('category_id'),
    team: id('team'),
    group: id('group'),
    rink: id('rink'),
    sport: text(params.get('sport')),
    league: text(params.get('league')),
    division: text(params.get('division')),
    search: text(params.get('search')),
    gender: GENDERS.find((g) => g === gender) ?? null,
    start_date: startDate,
    end_date: endDate,
  };
}

export function activeFilterNames(filters: ListingFilters): FilterName[] {
  return (Object.keys(filters) as FilterName[]).filter((name) => filters[name] !== null);
}

/** The params with one filter set (or removed with null), always under its canonical name. */
export function withFilter(
  params: URLSearchParams,
  name: FilterName,
  value: string | number | null,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [alias, canonical] of Object.entries(ALIASES)) {
    if (canonical === name) next.delete(alias);
  }
  const textValue = value === null ? '' : String(value).trim();
  if (textValue) next.set(name, textValue);
  else next.delete(name);
  return next;
}

/** Every filter removed; the view and the calendar's position stay. */
export function withoutFilters(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  const names = [
    ...ID_FILTERS,
    ...TEXT_FILTERS,
    ...DATE_FILTERS,
    'gender',
    ...Object.keys(ALIASES),
  ];
  for (const name of names) next.delete(name);
  return next;
}

export type ListingView = 'grid' | 'list' | 'calendar';
export type CalendarPeriod = 'month' | 'week';

export function readView(params: URLSearchParams): ListingView | null {
  const view = params.get('view');
  return view === 'grid' || view === 'list' || view === 'calendar' ? view : null;
}

export function readCalendar(params: URLSearchParams) {
  const date = params.get('date');
  return {
    period: params.get('period') === 'week' ? ('week' as const) : ('month' as const),
    date: isDayKey(date) ? date : null,
  };
}
