import { useSearchParams } from 'react-router';
import {
  readFilters,
  withFilter,
  withoutFilters,
  type FilterName,
  type ListingFilters,
} from '../lib/listing-params';

/** The listing's filters as the URL holds them, and ways to change them that keep the rest. */
export function useListingFilters() {
  const [params, setParams] = useSearchParams();
  const filters: ListingFilters = readFilters(params);
  const setFilter = (
    name: FilterName,
    value: string | number | null,
    { replace = false }: { replace?: boolean } = {},
  ) =>
    setParams((current) => withFilter(current, name, value), {
      replace,
      preventScrollReset: true,
    });
  const clearFilters = () =>
    setParams((current) => withoutFilters(current), { preventScrollReset: true });
  return { params, filters, setFilter, clearFilters };
}
