import './lib/zod-jitless';
import './styles/global.css';
import { startAppPreloads, whenAppMayStart } from './app/splash-paint';
import { nextTask } from './lib/after-paint';
import { getItem, STORAGE_KEYS } from './lib/storage';

// The entry is only this: on a first visit the splash the server wrote (and a watch page's poster)
// is drawn first; then the app's code is fetched (the server's preload links) and evaluated.
const returning = getItem(STORAGE_KEYS.apiKey) !== null;

/**
 * How long a returning viewer's app waits for their game's first frame before it starts anyway
 * (a slow link: its code would usually arrive later than this in any case).
 */
const FIRST_FRAME_HOLD_MS = 1200;

// A returning viewer's game starts before the app (app/early-watch.ts): its code is small and
// holds no React, so it runs while the app's code still downloads. The app's evaluation and first
// render then wait for the game's first frame: run beside hls.js's start, they held each of its
// steps (playlists, segment, transmuxer) back by tens of milliseconds (issue 14).
const firstFrame =
  returning && window.location.pathname.startsWith('/watch/')
    ? Promise.race([
        // Should it fail to load, start-up asks and starts all the same.
        import('./app/early-watch').then(({ startEarlyWatch }) => startEarlyWatch()),
        new Promise((resolve) => setTimeout(resolve, FIRST_FRAME_HOLD_MS)),
      ]).catch(() => undefined)
    : undefined;

void whenAppMayStart(returning).then(async () => {
  startAppPreloads();
  await firstFrame;
  // The framework is evaluated in a task of its own, the app's modules in the next (framework.ts).
  // Should it fail to load, the app's import below fails the same way it would have.
  await import('./app/framework').catch(() => undefined);
  await nextTask();
  return import('./app/boot');
});
