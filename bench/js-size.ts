/**
 * Gzipped JavaScript a route loads, from the Vite manifest of the web build: the entry and the app
 * it imports (apps/web/src/main.tsx), the site layout and the route's module with their static
 * imports, plus the dynamic imports the route
 * always takes (the watch page's player and hls.js). Goals: home ≤ 150 KB, watch ≤ 260 KB.
 *
 * Alone (after `npm run build:web`, or on another build directory):
 * `node --import tsx bench/js-size.ts [distDir]` (`npm run size -w @rudy/web`) prints each route's
 * files and their sizes, and exits 1 when a route is over its goal.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { EARLY_WATCH_MODULE } from '@rudy/contracts';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

export interface RouteJs {
  name: string;
  goal: number;
  gzipKb: number;
  files: { file: string; gzipKb: number }[];
}

const root = path.resolve(import.meta.dirname, '..');

interface JsRoute {
  name: string;
  route: RegExp;
  lazy: RegExp[];
  goal: number;
  /** Only the entry and its static imports: what a page runs before the splash is drawn. */
  entryOnly?: boolean;
}

/** The routes with a budget: the module that defines each and the lazy parts it always loads. */
export const JS_ROUTES: JsRoute[] = [
  // A module of the app's start-up pulled into the entry (vite.config.ts, ENTRY_SHARED) would
  // load the app's chunk before the first paint: it shows here, well over this budget.
  { name: 'entry', route: /$^/, lazy: [], goal: 5, entryOnly: true },
  { name: 'home', route: /routes\/home\/home\.tsx$/, lazy: [], goal: 150 },
  {
    name: 'watch (with player, hls.js)',
    route: /routes\/watch\/watch\.tsx$/,
    lazy: [/video-player/, /hls\.js\/dist\/hls\.light/],
    goal: 260,
  },
];

export function routeJsGzip(
  distDir: string,
  { name, route, lazy, goal, entryOnly }: JsRoute,
): RouteJs {
  const manifestPath = path.join(distDir, '.vite/manifest.json');
  if (!fs.existsSync(manifestPath)) throw new Error('build the web app first: npm run build:web');
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const [key, entry] of Object.entries(manifest)) {
    const src = entry.src ?? key;
    // The cast frame (cast-sender.html) is an entry of its own that no route's page loads.
    const chunk = key === 'index.html' ? entry : { ...entry, isEntry: false };
    if (entryOnly) {
      if (chunk.isEntry) visit(key);
      continue;
    }
    const isLayout = /routes\/root\/root-layout/.test(src);
    if (chunk.isEntry || isLayout || route.test(src) || lazy.some((l) => l.test(src))) visit(key);
    // The entry's dynamic import of the app proper, once the splash is drawn (main.tsx); not its
    // early start of a returning viewer's game, which no route's first visit loads.
    if (chunk.isEntry) {
      for (const app of chunk.dynamicImports ?? []) if (app !== EARLY_WATCH_MODULE) visit(app);
    }
  }
  const files: RouteJs['files'] = [];
  for (const key of seen) {
    const file = manifest[key]?.file;
    if (!file?.endsWith('.js')) continue;
    const bytes = zlib.gzipSync(fs.readFileSync(path.join(distDir, file)), { level: 9 }).length;
    files.push({ file, gzipKb: bytes / 1024 });
  }
  files.sort((a, b) => b.gzipKb - a.gzipKb);
  const gzipKb = files.reduce((sum, f) => sum + f.gzipKb, 0);
  return { name, goal, gzipKb, files };
}

export function benchJsSize(distDir = path.join(root, 'apps/web/dist')) {
  return JS_ROUTES.map((r) => routeJsGzip(distDir, r));
}

export function reportJsSize(
  routes: RouteJs[],
  report: (name: string, value: string, verdict: string) => void,
) {
  for (const { name, goal, gzipKb, files } of routes) {
    report(
      `${name} route JS, gzipped`,
      `${gzipKb.toFixed(1)} KB in ${files.length} files`,
      gzipKb <= goal ? `PASS (goal <= ${goal} KB)` : `MISS (goal <= ${goal} KB)`,
    );
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const routes = benchJsSize(process.argv[2] ? path.resolve(process.argv[2]) : undefined);
  for (const r of routes) {
    console.log(`\n${r.name}: ${r.gzipKb.toFixed(1)} KB gzipped (goal ≤ ${r.goal} KB)`);
    for (const f of r.files) console.log(`${f.gzipKb.toFixed(1).padStart(8)} KB  ${f.file}`);
  }
  if (routes.some((r) => r.gzipKb > r.goal)) process.exitCode = 1;
}
