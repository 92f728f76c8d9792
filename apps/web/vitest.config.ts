import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/** Lets `npx vitest` run from apps/web alone; the root config's `web` project mirrors this. */
export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
  },
});
