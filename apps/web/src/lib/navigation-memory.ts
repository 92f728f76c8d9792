import { OUTER_TRACKING_TTL_MS } from '@rudy/contracts';
import { STORAGE_KEYS, getItem, setItem, type StoredValues } from './storage';

export type LastPage = StoredValues['last_page'];

export function rememberLastPage(page: LastPage) {
  setItem(STORAGE_KEYS.lastPage, page);
}

export function getLastPage(): LastPage | null {
  return getItem(STORAGE_KEYS.lastPage);
}

/** The outer-tracking value (`trk`) of a campaign link is kept for three hours for analytics. */
export function storeOuterTracking(search: string) {
  const trk = new URLSearchParams(search).get('trk');
  if (trk) setItem(STORAGE_KEYS.outerTracking, trk, OUTER_TRACKING_TTL_MS);
}

export function getOuterTracking(): string | null {
  return getItem(STORAGE_KEYS.outerTracking);
}
