import {
  STARTUP_DATA_ELEMENT_ID,
  type EventsPage,
  type ListingKind,
  type StartupData,
} from '@rudy/contracts';
import { isRuntimeConfig } from './runtime-config';

/**
 * The start-up data the server put into the page (see StartupData), or null when the page has none
 * (a static deployment, the dev server) or it is unreadable: start-up then fetches it all.
 */
export function readStartupData(doc: Document = document): StartupData | null {
  const text = doc.getElementById(STARTUP_DATA_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const data = JSON.parse(text) as Partial<StartupData> | null;
    if (!data || !isRuntimeConfig(data.config) || typeof data.locale !== 'string') return null;
    return {
      config: { ...data.config, analytics_url: data.config.analytics_url ?? null },
      locale: data.locale,
      bootstrap: data.bootstrap ?? null,
      homepage: data.homepage ?? null,
      listing: data.listing ?? null,
      highlights: data.highlights ?? null,
    };
  } catch {
    return null;
  }
}

type StartupListing = NonNullable<StartupData['listing']>;
let keptListing: { listing: StartupListing; updatedAt: number } | null = null;

/**
 * Keeps the listing's first page the server sent with the page until its route's loader takes
 * it: the loader knows the query it belongs to, and start-up does not load the listings' code.
 */
export function keepStartupListing(listing: StartupListing, updatedAt: number) {
  keptListing = { listing, updatedAt };
}

/** The kept first page of this listing, once (a later visit to the listing fetches its own). */
export function takeStartupListing(
  kind: ListingKind,
): { page: EventsPage; updatedAt: number } | null {
  const kept = keptListing;
  keptListing = null;
  return kept?.listing.kind === kind
    ? { page: kept.listing.page, updatedAt: kept.updatedAt }
    : null;
}
