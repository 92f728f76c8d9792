import './lib/zod-jitless';
import './styles/global.css';
import { startAppPreloads, whenSplashDrawn } from './app/splash-paint';

// The entry is only this: the splash the server wrote (and a watch page's poster) is drawn first,
// then the app's code is fetched (the server's preload links) and evaluated.
void whenSplashDrawn().then(() => {
  startAppPreloads();
  return import('./app/boot');
});
