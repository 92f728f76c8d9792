/**
 * The "571 check": what every search of vod-search.ts's miss mix answers (its total and the ids of
 * its page, in order), one line a search, as served with the listing cache off. Run it before and
 * after a change to the search's SQL and compare the two files: a plan may change, the answers
 * must not. PostgreSQL at BENCH_DATABASE_URL, else in-memory PGlite.
 * Usage: `node --import tsx bench/vod-search-answers.ts > answers.txt` (a sha256 on stderr).
 */
import { createHash } from 'node:crypto';
import { seedBenchLibrary } from '../apps/api/src/db/seed/bench-library.js';
import { apiKey } from './events.js';
import { serveApp } from './serve-app.js';
import { distinctSearches } from './vod-search.js';

const CHANNEL = 'bench-library';

const app = await serveApp({
  seed: (db) => seedBenchLibrary(db, { channelKey: CHANNEL }),
  env: { CATALOGUE_CACHE_MS: '0' },
});
try {
  const key = await apiKey(app.url, CHANNEL);
  const categories = (await (
    await fetch(`${app.url}/api/vod-media-categories?api_key=${key}`)
  ).json()) as { id: number }[];
  const lines: string[] = [];
  for (const q of distinctSearches(categories.map((c) => c.id))) {
    const res = await fetch(`${app.url}/api/vod-media/search?api_key=${key}&${q}`);
    if (res.status !== 200) throw new Error(`${q}: ${res.status} ${await res.text()}`);
    const page = (await res.json()) as { data: { id: number }[]; meta: { total: number } };
    lines.push(`${q} ${page.meta.total} ${page.data.map((item) => item.id).join(',')}`);
  }
  const text = `${lines.join('\n')}\n`;
  process.stdout.write(text);
  console.error(
    `${lines.length} searches, sha256 ${createHash('sha256').update(text).digest('hex')}`,
  );
} finally {
  await app.close();
}
