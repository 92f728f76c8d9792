import './lib/zod-jitless';
import './styles/global.css';
import { startAppPreloads, whenAppMayStart } from './app/splash-paint';
import { nextTask } from './lib/after-paint';
import { getItem, STORAGE_KEYS } from './lib/storage';

// The entry is only this: on a first visit the splash the server wrote (and a watch page's poster)
// is drawn first; then the app's code is fetched (the server's preload links) and evaluated.
const returning = getItem(STORAGE_KEYS.apiKey) !== null;
// A returning viewer's game starts before the app (app/early-watch.ts): its code is small and
// holds no React, so it runs while the app's code still downloads.
if (returning && window.location.pathname.startsWith('/watch/')) {
  // Should it fail to load, start-up asks and starts all the same.
  void import('./app/early-watch')
    .then(({ startEarlyWatch }) => startEarlyWatch())
    .catch(() => undefined);
}
void whenAppMayStart(returning).then(async () => {
  startAppPreloads();
  // The framework is evaluated in a task of its own, the app's modules in the next (framework.ts).
  // Should it fail to load, the app's import below fails the same way it would have.
  await import('./app/framework').catch(() => undefined);
  await nextTask();
  return import('./app/boot');
});
