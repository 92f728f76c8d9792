import { useSearchParams } from 'react-router';
import { STORAGE_KEYS, getItem, setItem } from '../../../lib/storage';
import { readView, type ListingView } from '../lib/listing-params';

/**
 * Grid, list or calendar. The URL says which (a shared link opens as it was sent); without one,
 * the visitor's last grid/list choice, else the listing's own default.
 */
export function useListingView(fallback: 'grid' | 'list') {
  const [params, setParams] = useSearchParams();
  const view: ListingView = readView(params) ?? getItem(STORAGE_KEYS.eventsView) ?? fallback;
  const change = (next: ListingView) => {
    if (next !== 'calendar') setItem(STORAGE_KEYS.eventsView, next);
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('view', next);
        return updated;
      },
      { preventScrollReset: true },
    );
  };
  return [view, change] as const;
}
