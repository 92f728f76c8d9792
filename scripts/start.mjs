#!/usr/bin/env node
/**
 * `npm start`. Development (the default): builds what is missing or stale (the API bundle in about
 * a second; the web app only when its sources changed), then runs the built server. Production
 * (NODE_ENV=production): builds nothing and runs the built output only; without it, one line says
 * what to do. Runs in this process (no child), so signals reach the server as they are sent.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { apiDist, build, root, webDist } from './build.mjs';

const production = process.env.NODE_ENV === 'production';
const server = path.join(apiDist, 'main.js');

if (!production) {
  try {
    await build({ ifStale: true });
  } catch (error) {
    console.error(`build failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

for (const needed of [server, path.join(webDist, 'index.html')]) {
  if (!fs.existsSync(needed)) {
    console.error(
      `Cannot start in production: ${path.relative(root, needed)} is missing (NODE_ENV=production runs only the built output: run \`npm run build\` first)`,
    );
    process.exit(1);
  }
}

// Stack traces name the TypeScript sources (the bundle ships its source maps).
process.setSourceMapsEnabled(true);
await import(pathToFileURL(server).href);
