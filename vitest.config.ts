import { defineConfig } from 'vitest/config';

/**
 * Four projects: `unit` (pure server and contract code), `media` (real ffmpeg), `api` (integration tests on a real
 * database: PostgreSQL when DATABASE_URL is set, PGlite otherwise) and `web` (Testing Library, jsdom).
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
      './apps/web/vitest.config.ts',
    ],
  },
});
