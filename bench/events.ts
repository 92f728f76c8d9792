/**
 * GET /api/events on the 10 000-event bench channel, against GET /api/channel-bootstrap-data served by
 * the same process in the same run. Goals: p99 under 20 ms at 50 connections, and requests/s at least
 * 0.5 of the bootstrap call's. The load is a mix of filtered listings (team, school, sport, gender,
 * live/upcoming/VOD, date range, search, name sort, deep pages), each connection cycling through them.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type autocannon from 'autocannon';
import { seedBenchCatalogue } from '../apps/api/src/db/seed/bench-catalogue.js';
import { serveApp } from './serve-app.js';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const root = path.resolve(import.meta.dirname, '..');
const execFileAsync = promisify(execFile);

export interface LoadFigures {
  rps: number;
  p50: number;
  p99: number;
}

/**
 * autocannon in a child process, each connection cycling through `paths` (or, spread, all of them
 * sharing one walk through the list: see load-mix.ts); fails on any non-2xx.
 */
export async function loadMix(
  url: string,
  paths: string[],
  opts: { spread?: boolean } = {},
): Promise<LoadFigures> {
  const args = JSON.stringify({
    url,
    paths,
    connections: CONNECTIONS,
    duration: DURATION_S,
    ...opts,
  });
  const { stdout } = await execFileAsync(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'bench/load-mix.ts'), args],
    { maxBuffer: 64 * 1024 * 1024, cwd: root },
  );
  const result = JSON.parse(stdout) as autocannon.Result;
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  }
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

export async function apiKey(base: string, channelKey: string): Promise<string> {
  const res = await fetch(`${base}/api/get_api_key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ channel_key: channelKey }),
  });
  return ((await res.json()) as { api_key: string }).api_key;
}

/** A key bound to a freshly registered viewer: listings then carry their own has_access. */
async function signedInKey(base: string, channelKey: string): Promise<string> {
  const post = async (p: string, body: Record<string, unknown>) => {
    const res = await fetch(`${base}${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
    return (await res.json()) as unknown;
  };
  const email = `bench-${Date.now()}@example.test`;
  const password = 'Bench-pass-123';
  const anonymous = await apiKey(base, channelKey);
  // Registering signs the viewer in: the key it was sent with is now theirs.
  await post('/api/v2/auth/register', {
    api_key: anonymous,
    first_name: 'Bench',
    last_name: 'Viewer',
    email,
    password,
    password_confirmation: password,
    terms_accepted: true,
  });
  return anonymous;
}

/** Ids of the bench channel to filter by, read through the API itself. */
async function listingPaths(base: string, key: string): Promise<string[]> {
  const get = async <T>(p: string) =>
    (await (await fetch(`${base}${p}${p.includes('?') ? '&' : '?'}api_key=${key}`)).json()) as T;
  const teams = await get<{ data: { id: number }[] }>('/api/participants?limit=100');
  const groups = await get<{ id: number }[]>('/api/participant-groups');
  const categories = await get<{ id: number }[]>('/api/events-categories');
  const rinks = await get<{ id: number }[]>('/api/events-locations');
  const today = new Date().toISOString().slice(0, 10);
  const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  const filters = [
    '',
    `team=${teams.data[3]?.id}`,
    `team=${teams.data[40]?.id}&sort_direction=desc`,
    `group=${groups[7]?.id}`,
    `category_id=${categories[2]?.id}&type=upcoming`,
    'type=live',
    'stream_status=vod&sort_direction=desc',
    'type=upcoming&limit=50',
    'sport=Hockey&gender=women',
    'division=U18&league=North&stream_status=vod',
    `start_date=${monthAgo}&end_date=${today}`,
    'search=wolves',
    'sort_field=name&limit=40',
    'offset=5000&limit=20',
    `rink=${rinks[4]?.id}&type=finished`,
  ];
  return filters.map((f) => `/api/events?api_key=${key}${f ? `&${f}` : ''}`);
}

export interface EventsBench {
  bootstrap: LoadFigures;
  events: LoadFigures;
  /** The same mix for a signed-in viewer: shared rows plus one purchase lookup per request. */
  signedIn: LoadFigures;
  /** The same mix with the listing cache off: what every request would cost on a miss. */
  uncached: LoadFigures;
  paths: number;
}

async function withServer<T>(cacheMs: string, run: (url: string) => Promise<T>): Promise<T> {
  const started = Date.now();
  const app = await serveApp({
    seed: (db) => seedBenchCatalogue(db, { channelKey: 'bench-league' }),
    env: { CATALOGUE_CACHE_MS: cacheMs },
  });
  console.log(`bench channel seeded, server up in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  try {
    return await run(app.url);
  } finally {
    await app.close();
  }
}

async function checkedPaths(url: string): Promise<string[]> {
  const paths = await listingPaths(url, await apiKey(url, 'bench-league'));
  for (const p of paths) {
    const res = await fetch(`${url}${p}`);
    if (res.status !== 200) throw new Error(`${p}: ${res.status} ${await res.text()}`);
  }
  return paths;
}

export async function benchEvents(): Promise<EventsBench> {
  const cached = await withServer('5000', async (url) => {
    const paths = await checkedPaths(url);
    const demoKey = await apiKey(url, 'demo-hockey');
    const bootstrapPath = `/api/channel-bootstrap-data?client_interface=web&lang=en&api_key=${demoKey}`;
    await loadMix(url, paths); // warm-up: JIT, plans, connection pool
    const bootstrap = await loadMix(url, [bootstrapPath]);
    const events = await loadMix(url, paths);
    const anonymousKey = new URL(`${url}${paths[0]}`).searchParams.get('api_key') ?? '';
    const userKey = await signedInKey(url, 'bench-league');
    const signedIn = await loadMix(
      url,
      paths.map((p) => p.replace(anonymousKey, userKey)),
    );
    return { bootstrap, events, signedIn, paths: paths.length };
  });
  const uncached = await withServer('0', async (url) => {
    const paths = await checkedPaths(url);
    await loadMix(url, paths);
    return loadMix(url, paths);
  });
  return { ...cached, uncached };
}

export function reportEvents(
  r: EventsBench,
  report: (name: string, value: string, verdict: string) => void,
) {
  const ratio = r.events.rps / r.bootstrap.rps;
  report(
    `GET /events (${r.paths} filter mixes) p99`,
    `${r.events.p99} ms (p50 ${r.events.p50} ms) at ${CONNECTIONS} connections`,
    r.events.p99 < 20 ? 'PASS (goal < 20 ms)' : 'MISS (goal < 20 ms)',
  );
  report(
    'GET /events req/s vs bootstrap-data',
    `${r.events.rps.toFixed(0)} / ${r.bootstrap.rps.toFixed(0)} = ${ratio.toFixed(2)}`,
    ratio >= 0.5 ? 'PASS (goal >= 0.5)' : 'MISS (goal >= 0.5)',
  );
  // Signed-in pages share the cached rows and add one purchase lookup: far cheaper than a miss.
  const signedInGain = r.signedIn.rps / r.uncached.rps;
  report(
    'GET /events signed in vs cache off req/s',
    `${r.signedIn.rps.toFixed(0)} / ${r.uncached.rps.toFixed(0)} = ${signedInGain.toFixed(1)}x (p99 ${r.signedIn.p99} ms)`,
    signedInGain >= 2 ? 'PASS (goal >= 2x)' : 'MISS (goal >= 2x)',
  );
  report(
    'GET /events, listing cache off (info)',
    `${r.uncached.rps.toFixed(0)} req/s, p99 ${r.uncached.p99} ms (p50 ${r.uncached.p50} ms)`,
    '',
  );
}
