import type { QueryClient } from '@tanstack/react-query';

/**
 * A settled purchase changes what the user may do everywhere: `has_access` on event lists and
 * pages, capabilities and feature counts (account access, the profile), the player's playback
 * answer, the `purchased` flags of passes (bootstrap and commerce lists) and the trial flag.
 * Those live under many keys owned by other features, so every query is marked stale and the ones
 * on screen refetch at once; the next screen reads fresh data instead of a cached "buy" prompt.
 */
export function refreshAccessAfterPurchase(queryClient: QueryClient) {
  // The price of what was just bought is history: asking it again would only re-check a spent code.
  return queryClient.invalidateQueries({
    predicate: (q) => !(q.queryKey[0] === 'commerce' && q.queryKey[1] === 'invoice-preview'),
  });
}
