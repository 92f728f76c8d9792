import type { Profile } from '@rudy/contracts';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiClient } from '../../../lib/api-client';
import { emitAppEvent, type AppEventMap } from '../../../lib/app-events';
import { isApiError } from '../../../lib/api-error';
import { STORAGE_KEYS, removeItem } from '../../../lib/storage';
import { PROFILE_QUERY_KEY } from '../api/get-profile';

/** The signed-in user as start-up left it in the cache; route loaders decide redirects with it. */
export function cachedUser(queryClient: QueryClient): Profile | null {
  return queryClient.getQueryData<Profile | null>(PROFILE_QUERY_KEY) ?? null;
}

/** Spec: a 401 on any call other than /profile means the sign-in is gone. */
export function resetUser(queryClient: QueryClient) {
  queryClient.setQueryData(PROFILE_QUERY_KEY, null);
}

/**
 * Login, registration and social sign-in answer with the profile: the header switches at once,
 * and everything else on screen (access flags, prices) is fetched again for this user. Analytics
 * hears of the sign-in (a login event) through the app's event bus.
 */
export function setSignedInUser(
  queryClient: QueryClient,
  user: Profile,
  method: AppEventMap['signed-in']['method'],
) {
  apiClient.markKeySignedIn();
  queryClient.setQueryData(PROFILE_QUERY_KEY, user);
  emitAppEvent('signed-in', { method });
  void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'auth' });
}

/** 'already_logged_in': this key is signed in (another tab?), so read who it is. */
export function refreshIfSignedIn(queryClient: QueryClient, error: unknown) {
  if (isApiError(error) && error.code === 'already_logged_in') {
    apiClient.markKeySignedIn();
    void queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
  }
}

/**
 * The server has just revoked this key (logout, account deletion): no call may carry it any more.
 * Home, which the visitor is sent to, asked with it before the session ended (a 401 in the
 * console); without a key, a call takes a fresh anonymous one.
 */
export function forgetRevokedKey() {
  if (!apiClient.keyIsAnonymous()) removeItem(STORAGE_KEYS.apiKey);
}

/**
 * The server has revoked this key (logout, account deletion, password reset): forget it, take a
 * fresh anonymous key before anything else asks for one, and drop what belonged to the user.
 */
export async function endSession(queryClient: QueryClient) {
  // A key stored since forgetRevokedKey is a fresh anonymous one: kept.
  forgetRevokedKey();
  resetUser(queryClient);
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] === 'account' });
  try {
    await apiClient.ensureApiKey();
  } finally {
    void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'auth' });
  }
}

/** What account screens (composed by the routes) may do to the session. */
export function useSessionUpdates() {
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      /** A saved profile answers with the new profile; the header reads the same cache. */
      updateUser: (user: Profile) => queryClient.setQueryData(PROFILE_QUERY_KEY, user),
    }),
    [queryClient],
  );
}
