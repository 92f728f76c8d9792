import { useEffect } from 'react';
import { useLocation, useMatches, useParams } from 'react-router';
import { rememberLastPage, storeOuterTracking } from '../lib/navigation-memory';
import { isRouteHandle } from './route-handle';

/** Remembers the last page (not auth or error routes) and keeps a campaign's `trk` value. */
export function useNavigationMemory() {
  const location = useLocation();
  const params = useParams();
  const matches = useMatches();
  const isForgotten = matches.some((m) => isRouteHandle(m.handle) && m.handle.isForgotten);

  useEffect(() => {
    storeOuterTracking(location.search);
    if (isForgotten) return;
    const cleanParams = Object.fromEntries(
      Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined),
    );
    rememberLastPage({ path: location.pathname, search: location.search, params: cleanParams });
    // params derive from the location; listing them would re-run on every render
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.pathname, location.search, isForgotten]);
}
