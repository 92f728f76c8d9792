import type { ChangeEvent } from 'react';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { useT } from '../../../lib/i18n';
import { teamsBySchool, type ListingData, type PropertyName } from '../lib/listing-data';
import type { FilterName, ListingFilters } from '../lib/listing-params';
import styles from './listing-filters.module.css';
import '../../../locales/listings';

type OnChange = (name: FilterName, value: string | null) => void;

const PROPERTY_ORDER: readonly PropertyName[] = ['league', 'division', 'gender', 'sport'];

/** Team, school, arena, team properties and dates: the filters beyond the sport chips. */
export function FilterPanel({
  id,
  filters,
  data,
  onChange,
  showDates,
}: {
  id: string;
  filters: ListingFilters;
  data: ListingData;
  onChange: OnChange;
  showDates: boolean;
}) {
  const { t } = useT();
  const pick = (name: FilterName) => (event: ChangeEvent<HTMLSelectElement | HTMLInputElement>) =>
    onChange(name, event.target.value || null);
  const selected = (name: FilterName) => String(filters[name] ?? '');
  const properties = PROPERTY_ORDER.flatMap((name) => {
    const property = data.properties.find((p) => p.name === name);
    // A property with one value narrows nothing, unless a link already set it.
    return property && (property.values.length > 1 || filters[name] !== null) ? [property] : [];
  });

  return (
    <div id={id} className={styles.panel}>
      <SelectField
        label={t('listings:filters.team')}
        value={selected('team')}
        onChange={pick('team')}
      >
        <option value="">{t('listings:filters.anyTeam')}</option>
        {teamsBySchool(data).map(({ school, teams }) => {
          const options = teams.map((team) => (
            <option key={team.id} value={team.id}>
              {team.name}
            </option>
          ));
          return school ? (
            <optgroup key={school} label={school}>
              {options}
            </optgroup>
          ) : (
            options
          );
        })}
      </SelectField>
      <SelectField
        label={t('listings:filters.group')}
        value={selected('group')}
        onChange={pick('group')}
      >
        <option value="">{t('listings:filters.anyGroup')}</option>
        {data.groups.map((group) => (
          <option key={group.id} value={group.id}>
            {group.name}
          </option>
        ))}
      </SelectField>
      {properties.map((property) => (
        <SelectField
          key={property.name}
          label={property.label}
          value={selected(property.name)}
          onChange={pick(property.name)}
        >
          <option value="">{t('listings:filters.any')}</option>
          {property.values.map((value) => (
            <option key={value} value={value}>
              {property.name === 'gender' ? genderLabel(value, t) : value}
            </option>
          ))}
        </SelectField>
      ))}
      <SelectField
        label={t('listings:filters.rink')}
        value={selected('rink')}
        onChange={pick('rink')}
      >
        <option value="">{t('listings:filters.anyRink')}</option>
        {data.locations.map((location) => (
          <option key={location.id} value={location.id}>
            {location.city ? `${location.name}, ${location.city}` : location.name}
          </option>
        ))}
      </SelectField>
      {showDates ? (
        <>
          <TextField
            type="date"
            label={t('listings:filters.from')}
            value={filters.start_date ?? ''}
            max={filters.end_date ?? undefined}
            onChange={pick('start_date')}
          />
          <TextField
            type="date"
            label={t('listings:filters.to')}
            value={filters.end_date ?? ''}
            min={filters.start_date ?? undefined}
            onChange={pick('end_date')}
          />
        </>
      ) : null}
    </div>
  );
}

export function genderLabel(value: string, t: ReturnType<typeof useT>['t']) {
  if (value === 'men' || value === 'women') return t(`listings:gender.${value}`);
  return t('listings:gender.other');
}
