import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build-plugins/precompress.ts';

/**
 * @rudy/contracts modules only declare constants and zod schemas. Marking them side-effect free
 * lets the bundler drop the schemas (and zod, ~25 KB gzipped) from chunks that import only
 * constants or types, which keeps the home route under its size budget.
 */
const contractsSideEffectFree: Plugin = {
  name: 'rudy-contracts-side-effect-free',
  enforce: 'post',
  transform(code, id) {
    if (!id.includes('/packages/contracts/src/')) return null;
    return { code, map: null, moduleSideEffects: false };
  },
};

/**
 * What every screen needs before its first paint (zod and hls.js stay out: lazy screens only), and
 * app/framework.ts, which the entry imports to evaluate it a task before the app.
 */
const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|use-sync-external-store)[\\/]|src[\\/]app[\\/]framework\.ts$/;

/**
 * The app's start-up (app/boot.ts, which the entry imports once the splash is drawn) in one chunk
 * with what it needs that the screens use too (texts, the sign-in state, the guards' base-pass
 * check) and their dependencies: not in shared chunks of their own, each one more request and
 * compressed apart. The entry must import nothing of it (see contracts' app-preloads.ts).
 */
const APP_START =
  /src[\\/](app[\\/](boot|start|router|route-guards)\.tsx?|lib[\\/]i18n\.ts|features[\\/](auth[\\/]api[\\/]get-profile|custom-forms[\\/].*)\.tsx?)$/;

/**
 * Modules the entry (main.tsx) uses that the app uses too. Each must be listed: one left to the
 * app's group is captured with start-up, and the entry then loads the whole app chunk before the
 * splash is drawn (seen with after-paint.ts: a returning viewer's /playback went out 70 ms later).
 */
const ENTRY_SHARED = /(vite[\\/]preload-helper|src[\\/]lib[\\/](storage|after-paint)\.ts$)/;

/**
 * The API client and what it needs, out of the app's chunk: a returning viewer's game page asks
 * /playback with it before the app's code (React and all) has run (app/early-watch.ts).
 */
const API_CLIENT =
  /src[\\/]lib[\\/](api-client|api-error|app-events|failing-urls|startup-data|runtime-config)\.ts$/;

/**
 * The site's frame (the root layout: header, menu, footer) with its dependencies, and the small
 * modules nearly every screen shares (status messages, skeletons, the lazy texts' loader, dates,
 * a game's display name): one file instead of about fifteen chunks of 0.1-3 KB each. A fresh
 * visit asked for each as a request of its own, behind the six a browser opens per host (issue
 * 14: on a watch page they queued for 400-600 ms before the player's code could run).
 */
const SITE_FRAME =
  /src[\\/](app[\\/]routes[\\/]root[\\/][^\\/]+|components[\\/]ui[\\/](status-message|skeleton)|lib[\\/](i18n-lazy|time-format)|features[\\/]events[\\/]lib[\\/]event-display)\.tsx?$/;

/**
 * react-router 7's package exports name its development build under every condition (a choice the
 * maintainers call temporary: remix-run/react-router#12532, #14102), so a plain build ships its
 * development warnings. The build takes the production files the package ships beside them
 * (0.6 KB gzipped less); the dev server and the tests keep the development ones.
 */
const reactRouterProduction: Plugin = {
  name: 'rudy-react-router-production',
  apply: 'build',
  config: () => ({
    resolve: {
      alias: [
        {
          find: /^react-router$/,
          replacement: fileURLToPath(
            import.meta.resolve('react-router').replace('/development/', '/production/'),
          ),
        },
      ],
    },
  }),
};

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), reactRouterProduction, contractsSideEffectFree, precompress()],
  // CSS modules through Lightning CSS (already the minifier): a class composed from another file
  // is a reference to that file's class. PostCSS's modules plugin instead pasted the other file's
  // whole stylesheet into each one that composes from it, re-parsed without a source file (the
  // "did not pass the `from` option" warning on every build) and shipped twice.
  css: { transformer: 'lightningcss' },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/config.json': apiTarget,
      '/media': apiTarget,
    },
  },
  preview: {
    proxy: {
      '/api': apiTarget,
      '/config.json': apiTarget,
      '/media': apiTarget,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // hls.js's full build (its subtitle support: captions, issue 31) is the one chunk past Vite's
    // 500 kB warning, at 580 kB (180 kB gzipped); it loads only on the watch screens.
    chunkSizeWarningLimit: 600,
    target: 'es2022',
    // Read by bench/js-size.ts (and the server's modulepreload links) to add up what a route loads.
    manifest: true,
    // Every browser the app supports follows modulepreload links itself (Safari since 17); an older
    // one loads the same modules when they are imported. The polyfill would ride in the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The cast frame is a page of its own (its own CSP allows Google's Cast sender script).
      input: {
        index: fileURLToPath(new URL('index.html', import.meta.url)),
        'cast-sender': fileURLToPath(new URL('cast-sender.html', import.meta.url)),
      },
      output: {
        codeSplitting: {
          // The libraries every page starts with, in one file: one request instead of three
          // shared chunks, and compressed together (2 KB less gzipped on the home route).
          groups: [
            { name: 'framework', test: FRAMEWORK },
            // What the entry shares with the app: Vite's dynamic-import helper and local storage
            // (whether a key is stored); not captured with start-up, which the entry must not import.
            { name: 'entry-shared', test: ENTRY_SHARED, priority: 2 },
            // Before the app's group, which would capture it as start-up's dependency.
            { name: 'api-client', test: API_CLIENT, priority: 1 },
            { name: 'app', test: APP_START },
            { name: 'site', test: SITE_FRAME },
          ],
        },
      },
    },
  },
});
