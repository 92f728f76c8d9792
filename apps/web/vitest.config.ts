import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/** The web tests' settings, shared with the root config's `web` projects. */
export const webTests = {
  environment: 'jsdom',
  include: ['src/**/*.test.{ts,tsx}'],
  setupFiles: ['src/test/setup.ts'],
};

/** Lets `npx vitest` run from apps/web alone (each file isolated, as `web:isolated` runs them). */
export default defineConfig({
  plugins: [react()],
  test: { name: 'web', ...webTests },
});
