import { SearchField } from '../../../components/ui/search-field';
import { useT } from '../../../lib/i18n';
import '../../../locales/listings';

/** Text search over game and team names; the listing's URL follows the typing. */
export function SearchBox({
  value,
  onSearch,
}: {
  value: string | null;
  onSearch: (text: string | null, options: { replace: boolean }) => void;
}) {
  const { t } = useT();
  return (
    <SearchField
      id="listing-search"
      label={t('listings:filters.search')}
      placeholder={t('listings:filters.searchPlaceholder')}
      value={value}
      onSearch={onSearch}
    />
  );
}
