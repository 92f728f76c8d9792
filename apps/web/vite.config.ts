import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build-plugins/precompress';

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

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), contractsSideEffectFree, precompress()],
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
    target: 'es2022',
    // Read by scripts/check-bundle-size.mjs to add up what the home route loads.
    manifest: true,
  },
});
