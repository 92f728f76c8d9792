import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/** The web tests' settings, shared with the root config's `web` projects. */
export const webTests = {
  environment: 'jsdom',
  include: ['src/**/*.test.{ts,tsx}'],
  setupFiles: ['src/test/setup.ts'],
  // Sized for the full `npm test` on a busy 2-core machine, where a screen's first render waits for
  // its lazy route module to be transformed: what a test waits for comes later there, never not at
  // all. One limit for the tier instead of per-file guesses; Testing Library's waits (findBy*,
  // waitFor) get theirs in setup.ts. A passing test takes no longer for it.
  testTimeout: 60_000,
  hookTimeout: 60_000,
};

/** Lets `npx vitest` run from apps/web alone (each file isolated, as `web:isolated` runs them). */
export default defineConfig({
  plugins: [react()],
  test: { name: 'web', ...webTests },
});
