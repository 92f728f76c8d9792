import {
  DEFAULT_LOCALE,
  STORE_PERSISTENCE_TIMEOUT_MS,
  isLocale,
  type BootstrapData,
  type RuntimeConfig,
  type StartupData,
} from '@rudy/contracts';
import { hashKey, type QueryClient } from '@tanstack/react-query';
import { StrictMode, startTransition, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { loadSanitizer } from '../components/ui/safe-html';
import { profileQueryOptions } from '../features/auth/api/get-profile';
import { bootstrapQueryOptions } from '../features/channel/api/get-bootstrap';
import { homepageEventsQueryOptions } from '../features/events/api/get-homepage-events';
import { HIGHLIGHTS_REQUEST, vodItemsQueryOptions } from '../features/vod/api/get-vod-items';
import { apiClient } from '../lib/api-client';
import { nextTask } from '../lib/after-paint';
import { settleWithin } from '../lib/chunk-load';
import { addFailingUrl } from '../lib/failing-urls';
import { applyLocale, currentLocale, detectLocale } from '../lib/i18n';
import { RUNTIME_CONFIG_URL, loadRuntimeConfig } from '../lib/runtime-config';
import { keepStartupListing, readStartupData } from '../lib/startup-data';
import { applyTheme } from '../lib/theme';
import { bufferEarlyEvents, startAnalyticsLater } from './analytics-start';
import { AppProviders } from './providers';
import { enforceBasePassChoice } from './route-guards';
import { createAppRouter, prefetchRoute } from './router';
import { startupChannelKey } from './startup-params';

type AppRouter = ReturnType<typeof createBrowserRouter>;

function whenRouterReady(router: AppRouter) {
  return new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

/** Removes the splash when the app's first screen is committed (before the browser paints it). */
function Committed({ onCommit }: { onCommit: () => void }) {
  useLayoutEffect(() => onCommit(), [onCommit]);
  return null;
}

export function removeSplash(doc: Document = document) {
  const splash = doc.getElementById('splash');
  if (!splash) return;
  splash.classList.add('splash--hidden');
  setTimeout(() => splash.remove(), 300);
}

/**
 * How long the first screen waits for the data its route's loader asked for (a game, a listing)
 * before it mounts with skeletons. With the data, the screen's first render holds the whole page
 * and is time-sliced; data arriving after the mount is drawn by a synchronous update (TanStack
 * Query's external store), one long task on a phone. The route's code usually takes longer.
 */
const FIRST_SCREEN_DATA_MS = 1500;

/** Until no query but the sign-in state (which start-up bounds on its own) is being fetched. */
function screenDataSettled(queryClient: QueryClient): Promise<void> {
  const profileHash = hashKey(profileQueryOptions().queryKey);
  const fetching = () =>
    queryClient.isFetching({ predicate: (query) => query.queryHash !== profileHash }) > 0;
  return new Promise((resolve) => {
    if (!fetching()) return resolve();
    const unsubscribe = queryClient.getQueryCache().subscribe(() => {
      if (fetching()) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * Puts the channel data the server sent with the page into the query cache, when it is in the
 * language the app now speaks. It is the anonymous document: for a signed-in key it is shown at
 * once and refetched (the visitor's own purchase flags) in the background.
 */
function seedStartupData(queryClient: QueryClient, startup: StartupData | null) {
  if (!startup || startup.locale !== currentLocale()) return;
  const signedIn = apiClient.hasKey() && !apiClient.keyIsAnonymous();
  const updatedAt = signedIn ? 0 : Date.now();
  if (startup.bootstrap) {
    queryClient.setQueryData(bootstrapQueryOptions().queryKey, startup.bootstrap, { updatedAt });
  }
  if (startup.homepage) {
    const { queryKey } = homepageEventsQueryOptions();
    queryClient.setQueryData(queryKey, startup.homepage, { updatedAt });
  }
  if (startup.highlights) {
    const { queryKey } = vodItemsQueryOptions(HIGHLIGHTS_REQUEST);
    queryClient.setQueryData(
      queryKey,
      { pages: [startup.highlights], pageParams: [0] },
      { updatedAt },
    );
  }
  if (startup.listing) keepStartupListing(startup.listing, updatedAt);
}

/**
 * Spec start-up: config → channel key → API key → sign-in state and channel data → the channel's
 * dynamic routes → mount → remove the splash. The server puts the config and the channel's data into
 * the page (StartupData), so a first visit paints without a call; its API key is minted by the first
 * call that needs one. Without that data, a failure to get a key leaves the error screen up.
 */
export async function startApp(container: HTMLElement, queryClient: QueryClient) {
  const browserLocale = detectLocale();
  const route = prefetchRoute(window.location.pathname);
  await nextTask();
  // French texts are a chunk of their own, fetched only when French is in use.
  await applyLocale(browserLocale ?? DEFAULT_LOCALE);
  let router: AppRouter | null = null;
  let bootstrap: BootstrapData | undefined;
  let config: RuntimeConfig | null = null;
  const earlyEvents = bufferEarlyEvents();

  try {
    const startup = readStartupData();
    config =
      startup?.config ??
      (await loadRuntimeConfig().catch((error: unknown) => {
        addFailingUrl(RUNTIME_CONFIG_URL);
        throw error;
      }));
    apiClient.configure(config, currentLocale);
    // A link naming the channel (spec 3 `channel`): the page's data is this host's, not that one's.
    const linkedChannel = startupChannelKey(new URL(window.location.href), config);
    if (linkedChannel) apiClient.selectChannel(linkedChannel);
    const startupChannelLocale = startup?.bootstrap?.settings.language;
    if (!browserLocale && isLocale(startupChannelLocale)) await applyLocale(startupChannelLocale);
    seedStartupData(queryClient, linkedChannel ? null : startup);
    route.startData();
    // Seeded: used as it is (a stale copy is refetched when the screens mount), else fetched.
    const seeded = queryClient.getQueryData(bootstrapQueryOptions().queryKey);
    const [, bootstrapResult] = await Promise.allSettled([
      // The sign-in state restored from the persisted store (the stored key, then /profile) may
      // hold the start-up for the spec's store-persistence timeout at most; the screens ask again.
      settleWithin(queryClient.query(profileQueryOptions()), STORE_PERSISTENCE_TIMEOUT_MS, null),
      seeded ? Promise.resolve(seeded) : queryClient.query(bootstrapQueryOptions()),
    ]);
    bootstrap = bootstrapResult.status === 'fulfilled' ? bootstrapResult.value : undefined;
    if (bootstrap) {
      applyTheme(bootstrap['color-settings']);
      const channelLocale = bootstrap.settings.language;
      // The channel's language applies only when neither the visitor nor the browser chose one.
      if (!browserLocale && isLocale(channelLocale) && channelLocale !== currentLocale()) {
        await applyLocale(channelLocale);
        await queryClient.refetchQueries();
      }
    }
    await nextTask();
    router = createAppRouter(bootstrap?.pages ?? [], bootstrap?.menu ?? []);
    // The sanitiser of the channel's static blocks loads beside the screen's code, so the blocks
    // paint with the page (no shift); a channel without static blocks never loads it.
    const blocks = bootstrap?.settings.static_blocks ? bootstrap.static_blocks : [];
    const sanitizer = blocks.some((b) => b.content.trim())
      ? loadSanitizer().catch(() => undefined)
      : undefined;
    await Promise.all([whenRouterReady(router), sanitizer]);
    await settleWithin(screenDataSettled(queryClient), FIRST_SCREEN_DATA_MS, undefined);
  } catch {
    // Already reported to the failing-URL store; the error screen below explains and offers reload.
  }

  const root = createRoot(container, {
    // A crash of the first render: the splash goes away all the same (React reports the error).
    onUncaughtError: (error) => {
      removeSplash();
      globalThis.reportError?.(error);
    },
  });
  let guarded = false;
  const onFirstCommit = () => {
    removeSplash();
    // The base-pass rule may navigate: only from now on, once the router's screen is subscribed to
    // the router (RouterProvider subscribes as it commits). A redirect that completed while the
    // first screen was still rendering was lost: the address said /select-package while the old
    // screen stayed (seen on a loaded CI machine, where that render takes longest).
    if (router && !guarded) {
      guarded = true;
      enforceBasePassChoice(router);
    }
  };
  // A transition: React renders the first screen in slices of a few milliseconds, yielding to the
  // browser between them, instead of one task of several hundred milliseconds on a slow phone
  // (issue 14: that task was most of the page's blocking time). The splash stays up until the
  // screen is committed.
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          {router ? <RouterProvider router={router} /> : null}
        </AppProviders>
        <Committed onCommit={onFirstCommit} />
      </StrictMode>,
    );
  });
  if (router && config) {
    startAnalyticsLater({ config, router, queryClient, bootstrap, early: earlyEvents });
  }
  return { router, root };
}
