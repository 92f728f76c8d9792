import type { BootstrapData, RuntimeConfig } from '@rudy/contracts';
import type { QueryClient } from '@tanstack/react-query';
import type { createBrowserRouter } from 'react-router';
import { cachedUser } from '../features/auth/hooks/session';
import { onAppEvent, type AppEventMap } from '../lib/app-events';
import { STORAGE_KEYS, getItem } from '../lib/storage';

type AppRouter = Pick<ReturnType<typeof createBrowserRouter>, 'state' | 'subscribe'>;

/** Failed calls of the start-up, kept until analytics has loaded and can report them. */
export function bufferApiFailures() {
  const failures: AppEventMap['api-failure'][] = [];
  const off = onAppEvent('api-failure', (f) => failures.push(f));
  return {
    drain() {
      off();
      return failures.splice(0);
    },
  };
}

/**
 * Loads the analytics client once the page is idle after its first render, so it is never on the
 * home route's critical path: a visit_page now and after every navigation to another page, the
 * start-up's failed calls, and the channel's Google tag when its settings name one.
 */
export function startAnalyticsLater(opts: {
  config: RuntimeConfig;
  router: AppRouter;
  queryClient: QueryClient;
  bootstrap: BootstrapData | undefined;
  early: ReturnType<typeof bufferApiFailures>;
}) {
  const idle =
    window.requestIdleCallback?.bind(window) ?? ((run: () => void) => window.setTimeout(run, 1));
  idle(() => {
    import('../lib/analytics')
      .then((analytics) => {
        const failures = opts.early.drain();
        const googleTag = opts.bootstrap?.settings.google_tag_id;
        if (googleTag) analytics.loadGoogleTag(googleTag);
        const started = analytics.startAnalytics({
          config: opts.config,
          channelKey: () => opts.config.channel_key ?? getItem(STORAGE_KEYS.channelKey),
          user: () => cachedUser(opts.queryClient),
        });
        if (!started) return;
        failures.forEach(analytics.trackApiFailure);
        // The console is the operator's, not a viewer's visit: it stays out of the channel's pages.
        const track = (path: string) => {
          if (path !== '/admin' && !path.startsWith('/admin/')) analytics.trackPage(path);
        };
        let last = opts.router.state.location.pathname;
        track(last);
        // A new page is a new path; a filter changing the query of the same page is not a visit.
        opts.router.subscribe((state) => {
          if (state.navigation.state !== 'idle' || state.location.pathname === last) return;
          last = state.location.pathname;
          track(last);
        });
      })
      // Analytics failures are silent (spec section 8).
      .catch(() => undefined);
  });
}
