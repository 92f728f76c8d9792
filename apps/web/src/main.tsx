import './lib/zod-jitless';
import './styles/global.css';
import { startAppPreloads, whenAppMayStart } from './app/splash-paint';
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
void whenAppMayStart(returning).then(() => {
  startAppPreloads();
  return import('./app/boot');
});
