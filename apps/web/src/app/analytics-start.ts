import type { BootstrapData, RuntimeConfig } from '@rudy/contracts';
import type { QueryClient } from '@tanstack/react-query';
import type { createBrowserRouter } from 'react-router';
import { cachedUser } from '../features/auth/hooks/session';
import { onAppEvent, type AppEventMap } from '../lib/app-events';
import { STORAGE_KEYS, getItem } from '../lib/storage';
import { connectVideoViews } from '../lib/video-views';
import { afterPageLoad } from '../features/player/lib/after-page-load';

type AppRouter = Pick<ReturnType<typeof createBrowserRouter>, 'state' | 'subscribe'>;

type EarlyEvent =
  | { name: 'api-failure'; payload: AppEventMap['api-failure'] }
  | { name: 'signed-in'; payload: AppEventMap['signed-in'] };

/** Failed calls and sign-ins before analytics has loaded, kept until it can report them. */
export function bufferEarlyEvents() {
  const events: EarlyEvent[] = [];
  const offs = [
    onAppEvent('api-failure', (payload) => events.push({ name: 'api-failure', payload })),
    onAppEvent('signed-in', (payload) => events.push({ name: 'signed-in', payload })),
  ];
  return {
    drain() {
      for (const off of offs) off();
      return events.splice(0);
    },
  };
}

/**
 * Loads the analytics client once the page has loaded and is idle, so it is never on a route's
 * critical path: a visit_page now and after every navigation to another page, the failed calls
 * and sign-ins from before it loaded, and the channel's Google tag when its settings name one.
 * Without a client (this host reports nothing, or it failed to load) the player's views are let go.
 */
export function startAnalyticsLater(opts: {
  config: RuntimeConfig;
  router: AppRouter;
  queryClient: QueryClient;
  bootstrap: BootstrapData | undefined;
  early: ReturnType<typeof bufferEarlyEvents>;
}) {
  const idle =
    window.requestIdleCallback?.bind(window) ?? ((run: () => void) => window.setTimeout(run, 1));
  const load = () =>
    import('../lib/analytics')
      .then((analytics) => {
        const early = opts.early.drain();
        const googleTag = opts.bootstrap?.settings.google_tag_id;
        if (googleTag) analytics.loadGoogleTag(googleTag);
        const started = analytics.startAnalytics({
          config: opts.config,
          channelKey: () => opts.config.channel_key ?? getItem(STORAGE_KEYS.channelKey),
          user: () => cachedUser(opts.queryClient),
          apiKey: () => getItem(STORAGE_KEYS.apiKey),
        });
        if (!started) return;
        for (const e of early) {
          if (e.name === 'api-failure') analytics.trackApiFailure(e.payload);
          else analytics.trackLogin(e.payload.method);
        }
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
      .catch(() => {
        opts.early.drain();
        connectVideoViews(null);
      });
  afterPageLoad(() => idle(() => void load()));
}
