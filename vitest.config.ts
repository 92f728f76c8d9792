import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { webTests } from './apps/web/vitest.config.ts';

/** Web tests that mock modules (vi.mock) or test what start-up loaded: each needs a fresh registry. */
const WEB_ISOLATED = [
  'src/lib/i18n.test.ts',
  'src/features/player/components/preroll-player.test.tsx',
  'src/features/commerce/components/stripe-checkout.test.tsx',
  'src/features/commerce/components/checkout-notices.test.tsx',
  'src/features/admin-console/media/hooks/use-resumable-upload.test.tsx',
  'src/app/dynamic-routes.test.ts',
  // Runs the whole start-up: it configures the API client, the language and the router for good.
  'src/app/start.test.tsx',
];

/**
 * Projects: `unit` (pure server and contract code), `media` (real ffmpeg), `api` (integration tests on a real
 * database: PostgreSQL when DATABASE_URL is set, PGlite otherwise), and `web` with `web:isolated`
 * (Testing Library, jsdom).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['apps/api/src/**/*.test.ts', 'packages/*/src/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/*.ffmpeg.test.ts', '**/node_modules/**'],
          environment: 'node',
          // Pure code, no module mocks: one module registry per worker (40 s -> 8 s; passes in
          // file-shuffled orders). A test that needs vi.mock belongs elsewhere.
          isolate: false,
        },
      },
      {
        test: {
          // Real ffmpeg on tiny generated clips (packages/media).
          name: 'media',
          include: ['packages/media/src/**/*.ffmpeg.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.int.test.ts'],
          environment: 'node',
          // Generous: seeding PGlite (WASM) on a busy 2-core CI machine can take tens of seconds.
          testTimeout: 120_000,
          hookTimeout: 240_000,
          // Each file gets its own database; two workers keep PGlite's memory use sane on 2 cores.
          // One when the suite runs beside the browser tests (scripts/test-all.sh).
          maxWorkers: Number(process.env.API_TEST_WORKERS ?? 2),
          // Runs after the unit project, in its own worker pool.
          sequence: { groupOrder: 1 },
        },
      },
      // The web tests share one jsdom and one module registry per worker (isolate: false): a fresh
      // environment and a fresh import of React and the app for each of seventy files took about
      // four of the five minutes this tier used on CI. The files that need a registry of their own
      // (module mocks, a test of what start-up has loaded) run isolated as `web:isolated`; the
      // shared set passes in shuffled orders (setup.ts resets what a test leaves behind).
      {
        plugins: [react()],
        root: './apps/web',
        test: { ...webTests, name: 'web', isolate: false, exclude: WEB_ISOLATED },
      },
      {
        plugins: [react()],
        root: './apps/web',
        test: { ...webTests, name: 'web:isolated', include: WEB_ISOLATED },
      },
    ],
  },
});
