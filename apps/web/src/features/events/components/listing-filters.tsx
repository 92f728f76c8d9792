import { useId, useState } from 'react';
import { useT } from '../../../lib/i18n';
import { useListingFilters } from '../hooks/use-listing-filters';
import type { ListingData } from '../lib/listing-data';
import { activeFilterNames } from '../lib/listing-params';
import { ActiveFilters } from './active-filters';
import { CategoryFilter } from './category-filter';
import { FilterPanel } from './filter-panel';
import { SearchBox } from './search-box';
import styles from './listing-filters.module.css';
import '../../../locales/listings';

/** Search, sport chips, the other filters behind a button, and what is applied. */
export function ListingFilters({ data, showDates }: { data: ListingData; showDates: boolean }) {
  const { t } = useT();
  const { filters, setFilter, clearFilters } = useListingFilters();
  const panelId = useId();
  const panelCount = activeFilterNames(filters).filter(
    (name) => name !== 'category_id' && name !== 'search',
  ).length;
  const [isOpen, setOpen] = useState(false);

  return (
    <div className={styles.filters}>
      <div className={styles.bar}>
        <SearchBox
          value={filters.search}
          onSearch={(text, options) => setFilter('search', text, options)}
        />
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={isOpen}
          aria-controls={panelId}
          onClick={() => setOpen(!isOpen)}
        >
          <span className={styles.toggleIcon} aria-hidden="true" />
          {t('listings:filters.button')}
          {panelCount > 0 ? <span className={styles.count}>{panelCount}</span> : null}
        </button>
      </div>
      <CategoryFilter categories={data.categories} activeId={filters.category_id} />
      {isOpen ? (
        <FilterPanel
          id={panelId}
          filters={filters}
          data={data}
          showDates={showDates}
          onChange={(name, value) => setFilter(name, value)}
        />
      ) : null}
      <ActiveFilters
        filters={filters}
        data={data}
        onRemove={(name) => setFilter(name, null)}
        onClear={clearFilters}
      />
    </div>
  );
}
