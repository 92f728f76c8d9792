import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { showToast } from '../../../components/ui/toast-store';
import { endSession, forgetRevokedKey } from './session';

/**
 * Logout and account deletion end the session after the visitor has left for home. Ended
 * earlier, the account page still on screen (React commits a navigation a little after the
 * router settles) would re-render signed out for a moment.
 */
let pending: { message: string } | null = null;
const listeners = new Set<() => void>();

function publish(next: { message: string } | null) {
  pending = next;
  listeners.forEach((listener) => listener());
}

/**
 * Asks the always-mounted header to end the session once home is on screen, then toast. The
 * revoked key is forgotten at once: home's calls must not carry it.
 */
export function requestSessionEnd(message: string) {
  forgetRevokedKey();
  publish({ message });
}

/** Drops a session end nobody finished (tests: one file's logout must not end the next file's). */
export function clearSessionEnd() {
  publish(null);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Used once, by the header: finishes a requested session end when home has been rendered. */
export function useSessionEnder() {
  const request = useSyncExternalStore(subscribe, () => pending);
  const { pathname } = useLocation();
  const queryClient = useQueryClient();

  useEffect(() => {
    // `pending !== request`: strict mode runs effects twice; the session ends once.
    if (!request || pathname !== '/' || pending !== request) return;
    publish(null);
    void endSession(queryClient)
      // The old key is gone either way; when no fresh one could be had, the next call that
      // needs one asks again (and shows the error screen if it still cannot).
      .catch(() => undefined)
      .finally(() => showToast({ type: 'success', message: request.message }));
  }, [request, pathname, queryClient]);
}
