#!/usr/bin/env node
/**
 * The production build: the API's entry points bundled to JavaScript (apps/api/dist) and the web
 * app (apps/web/dist). `node` then runs the output; nothing compiles at run time.
 *
 *   node scripts/build.mjs              everything (npm run build)
 *   node scripts/build.mjs api          the API only
 *   node scripts/build.mjs --if-stale   only the parts whose sources changed since their last build
 *
 * Why a bundle (esbuild) and not tsc output: see docs/decisions.md, "A built server".
 */
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const root = path.resolve(import.meta.dirname, '..');
export const apiDist = path.join(root, 'apps/api/dist');
export const webDist = path.join(root, 'apps/web/dist');
/** Where the source hash of each built part is kept: outside dist, so it is never served. */
const stampDir = path.join(root, 'node_modules/.cache/rudy-build');

/** The processes a deployment runs, each one self-contained file. */
const API_ENTRIES = {
  main: 'apps/api/src/main.ts',
  'worker-main': 'apps/api/src/jobs/worker-main.ts',
  'datalake-main': 'apps/api/src/datalake-main.ts',
};

const SKIP_DIRS = new Set(['node_modules', 'dist', '.vite', 'coverage']);
const isTest = (name) => /\.(test|spec)\.[cm]?[jt]sx?$/.test(name);

function listFiles(dir, out = []) {
  if (!fs.existsSync(dir)) return out;
  const stat = fs.statSync(dir);
  if (stat.isFile()) {
    out.push(dir);
    return out;
  }
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP_DIRS.has(entry.name) || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) listFiles(full, out);
    else if (!isTest(entry.name)) out.push(full);
  }
  return out;
}

/** What each part is built from; tests are left out (they change no output). */
const PARTS = {
  api: {
    inputs: [
      'apps/api/src',
      'apps/api/package.json',
      'packages/contracts/src',
      'packages/contracts/package.json',
      'packages/media/src',
      'packages/media/package.json',
      'scripts/build.mjs',
    ],
    output: path.join(apiDist, 'main.js'),
    build: buildApi,
  },
  web: {
    // The lock too: the bundle carries the web app's dependencies.
    inputs: [
      'apps/web',
      'packages/contracts/src',
      'packages/contracts/package.json',
      'package-lock.json',
    ],
    output: path.join(webDist, 'index.html'),
    build: buildWeb,
  },
};

/** A hash of the inputs' names and contents (mtimes change on every checkout; contents do not). */
function sourceHash(inputs) {
  const hash = createHash('sha256');
  const files = inputs.flatMap((input) => listFiles(path.join(root, input))).sort();
  for (const file of files) {
    hash.update(path.relative(root, file));
    hash.update('\0');
    hash.update(fs.readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/**
 * The stamp ties a source hash to the output file it produced (its mtime), so an output rebuilt
 * by other means (`npm run build:web` from other sources) is not taken for up to date.
 */
const stampOf = (output, hash) => `${hash} ${fs.statSync(output).mtimeMs}`;

function isFresh(name, part, hash) {
  const stamp = path.join(stampDir, name);
  if (!fs.existsSync(part.output) || !fs.existsSync(stamp)) return false;
  return fs.readFileSync(stamp, 'utf8') === stampOf(part.output, hash);
}

function writeStamp(name, part, hash) {
  fs.mkdirSync(stampDir, { recursive: true });
  fs.writeFileSync(path.join(stampDir, name), stampOf(part.output, hash));
}

/**
 * How the server is bundled (esbuild): the workspace packages (@rudy/contracts, @rudy/media)
 * compiled in, so their package.json keeps pointing at TypeScript sources for tsx, vitest and
 * Vite; third-party packages external, loaded from node_modules. The ingest bench bundles its
 * server the same way (bench/analytics.ts).
 */
export const SERVER_BUNDLE_OPTIONS = {
  absWorkingDir: root,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
  plugins: [
    {
      name: 'third-party-external',
      setup(build) {
        build.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@rudy/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
};

/**
 * Every entry bundled (SERVER_BUNDLE_OPTIONS). No code splitting: each entry is one file (plus its
 * source map), so a rebuild under a running process never swaps a chunk it loads later. Built
 * beside dist and moved into place, so a concurrent start never sees half an output.
 */
async function buildApi() {
  const esbuild = await import('esbuild');
  const staging = `${apiDist}.tmp-${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  await esbuild.build({
    ...SERVER_BUNDLE_OPTIONS,
    entryPoints: API_ENTRIES,
    outdir: staging,
    sourcemap: true,
    // Stack traces name the TypeScript files (the start scripts turn source maps on).
    sourcesContent: false,
  });
  // The output is ES modules whatever package.json sits above it.
  fs.writeFileSync(path.join(staging, 'package.json'), '{ "type": "module" }\n');
  fs.rmSync(apiDist, { recursive: true, force: true });
  fs.renameSync(staging, apiDist);
}

function buildWeb() {
  const result = spawnSync('npm', ['run', '-s', 'build', '-w', '@rudy/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('web build failed');
}

/** Builds the named parts (all by default); with ifStale, only those whose sources changed. */
export async function build({ parts = Object.keys(PARTS), ifStale = false } = {}) {
  for (const name of parts) {
    const part = PARTS[name];
    if (!part) throw new Error(`unknown part '${name}' (api or web)`);
    const hash = sourceHash(part.inputs);
    if (ifStale && isFresh(name, part, hash)) continue;
    const started = Date.now();
    console.log(`building ${name}...`);
    await part.build();
    writeStamp(name, part, hash);
    console.log(`built ${name} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const parts = args.filter((a) => !a.startsWith('--'));
  build({
    parts: parts.length > 0 ? parts : undefined,
    ifStale: args.includes('--if-stale'),
  }).catch((error) => {
    console.error(`build failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
