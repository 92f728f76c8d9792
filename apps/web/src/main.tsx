import './lib/zod-jitless';
import './styles/global.css';
import { startAppPreloads, whenAppMayStart } from './app/splash-paint';
import { getItem, STORAGE_KEYS } from './lib/storage';

// The entry is only this: on a first visit the splash the server wrote (and a watch page's poster)
// is drawn first; then the app's code is fetched (the server's preload links) and evaluated.
const returning = getItem(STORAGE_KEYS.apiKey) !== null;
void whenAppMayStart(returning).then(() => {
  startAppPreloads();
  return import('./app/boot');
});
