import { useT } from '../../../lib/i18n';
import { filterValueName, type ListingData } from '../lib/listing-data';
import { activeFilterNames, type FilterName, type ListingFilters } from '../lib/listing-params';
import { genderLabel } from './filter-panel';
import styles from './listing-filters.module.css';
import '../../../locales/listings';

/** Shown elsewhere: the sport chips and the search box say what they hold. */
const SHOWN_ELSEWHERE = new Set<FilterName>(['category_id', 'search']);

const LABEL_KEY = {
  category_id: 'category',
  team: 'team',
  group: 'group',
  rink: 'rink',
  sport: 'sport',
  league: 'league',
  division: 'division',
  gender: 'gender',
  search: 'search',
  start_date: 'from',
  end_date: 'to',
} as const satisfies Record<FilterName, string>;

/** What narrows the listing, one removable chip each, and a way to remove them all. */
export function ActiveFilters({
  filters,
  data,
  onRemove,
  onClear,
}: {
  filters: ListingFilters;
  data: ListingData;
  onRemove: (name: FilterName) => void;
  onClear: () => void;
}) {
  const { t, i18n } = useT();
  const all = activeFilterNames(filters);
  const names = all.filter((name) => !SHOWN_ELSEWHERE.has(name));
  if (all.length === 0) return null;

  const label = (name: FilterName) => {
    const property = data.properties.find((p) => p.name === name);
    if (property) return property.label;
    return t(`listings:filters.${LABEL_KEY[name]}`);
  };
  const value = (name: FilterName) => {
    const raw = filters[name];
    if (name === 'gender' && raw !== null) return genderLabel(String(raw), t);
    if ((name === 'start_date' || name === 'end_date') && typeof raw === 'string') {
      return new Intl.DateTimeFormat(i18n.language, {
        dateStyle: 'medium',
        timeZone: 'UTC',
      }).format(new Date(`${raw}T12:00:00Z`));
    }
    return filterValueName(name, filters, data) ?? t('listings:filters.unknown');
  };

  return (
    <div className={styles.active}>
      {names.length > 0 ? (
        <ul className={styles.chips} aria-label={t('listings:filters.applied')}>
          {names.map((name) => (
            <li key={name}>
              <button
                type="button"
                className={styles.activeChip}
                onClick={() => onRemove(name)}
                aria-label={t('listings:filters.remove', {
                  filter: `${t('listings:filters.chipLabel', { label: label(name) })} ${value(name)}`,
                })}
              >
                <span>
                  {t('listings:filters.chipLabel', { label: label(name) })}{' '}
                  <strong>{value(name)}</strong>
                </span>
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <button type="button" className={styles.clear} onClick={onClear}>
        {t('listings:filters.clear')}
      </button>
    </div>
  );
}
