/**
 * Benchmarks. Each figure is a ratio against a baseline measured in the same run, on the same
 * machine, so the goals hold whatever the hardware:
 *  - requests/s of GET /api/channel-bootstrap-data vs a bare node:http server answering the same bytes
 *    (goal ≥ 0.8);
 *  - gzipped JavaScript the home route loads (goal ≤ 150 KB) and the watch route with its player,
 *    hls.js included (goal ≤ 260 KB) (see js-size.ts);
 *  - a crowd at a cold cache, and GET /api/events/{id} vs bare node:http (see cold-cache.ts);
 *  - GET /api/events with filters on a 10 000-event channel (see events.ts);
 *  - VOD packaging speed, the live edge and live CPU (see media.ts);
 *  - a demo game's render and packaging CPU against the old two-pass path (see demo-games.ts);
 *  - key moments: recall of planted crowd bursts, false moments on steady noise, replay detection
 *    speed and the live detector's CPU (see moments.ts);
 *  - clips: from a finished game and a live DVR, and twenty at once (see clips.ts);
 *  - one live game to 1,000 viewers through an nginx edge, media in object storage: origin
 *    requests per segment, hit ratio, segment latency, CPU per segment (see edge.ts);
 *  - VOD library search on a 10 000-item library (see vod-search.ts);
 *  - analytics: datalake ingest vs bare node:http, dashboard on 10M rows of rollup input (see
 *    analytics.ts);
 *  - the player's time to first frame and live latency in Chromium (see ttff.ts);
 *  - Lighthouse mobile on the home, a listing and the watch page of a VOD and a live game (see
 *    lighthouse.ts);
 *  - resident memory of one built API process in production: idle, under the load mix and its
 *    growth there (see rss.ts).
 */
import path from 'node:path';
import type autocannon from 'autocannon';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { bareServer, replayedHeaders } from './bare-server.js';
import { benchColdCache, reportColdCache } from './cold-cache.js';
import { benchEvents, reportEvents } from './events.js';
import { benchJsSize, reportJsSize } from './js-size.js';
import { benchAnalytics, reportAnalytics } from './analytics.js';
import { benchClips, reportClips } from './clips.js';
import { benchDemoGames, reportDemoGames } from './demo-games.js';
import { benchEdge, reportEdge } from './edge.js';
import { benchMedia, reportMedia } from './media.js';
import { benchMoments, reportMoments } from './moments.js';
import { serveApp } from './serve-app.js';
import { benchLighthouse, reportLighthouse } from './lighthouse.js';
import { benchRss, reportRss } from './rss.js';
import { benchTtff, reportTtff } from './ttff.js';
import { benchVodSearch, reportVodSearch } from './vod-search.js';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const root = path.resolve(import.meta.dirname, '..');
const execFileAsync = promisify(execFile);

/**
 * autocannon in its own process: the load generator must not share the server's event loop
 * (on 2 cores that would measure autocannon as much as the server).
 */
async function load(url: string) {
  const cli = path.join(root, 'node_modules/autocannon/autocannon.js');
  const args = [cli, '--json', '-c', String(CONNECTIONS), '-d', String(DURATION_S), url];
  const { stdout } = await execFileAsync(process.execPath, args, { maxBuffer: 64 * 1024 * 1024 });
  const result = JSON.parse(stdout) as autocannon.Result;
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  }
  return { rps: result.requests.average, p99: result.latency.p99 };
}

async function benchBootstrap() {
  const app = await serveApp();
  try {
    const keyRes = await fetch(`${app.url}/api/get_api_key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ channel_key: 'demo-hockey' }),
    });
    const { api_key } = (await keyRes.json()) as { api_key: string };
    const url = `${app.url}/api/channel-bootstrap-data?client_interface=web&lang=en&api_key=${api_key}`;
    const sample = await fetch(url);
    const body = Buffer.from(await sample.arrayBuffer());
    const bare = await bareServer(body, replayedHeaders(sample));
    try {
      await load(url); // warm-up: JIT, caches, connection pools
      const baseline = await load(bare.url);
      const measured = await load(url);
      return { baseline, measured, bytes: body.length };
    } finally {
      await bare.close();
    }
  } finally {
    await app.close();
  }
}

function report(name: string, value: string, verdict: string) {
  console.log(`${name.padEnd(40)} ${value.padEnd(64)} ${verdict}`);
}

async function main() {
  console.log(`\nconnections ${CONNECTIONS}, ${DURATION_S} s per run\n`);
  const boot = await benchBootstrap();
  const ratio = boot.measured.rps / boot.baseline.rps;
  report(
    'bootstrap-data req/s vs bare node:http',
    `${boot.measured.rps.toFixed(0)} / ${boot.baseline.rps.toFixed(0)} = ${ratio.toFixed(2)} (p99 ${boot.measured.p99} ms, ${boot.bytes} B)`,
    ratio >= 0.8 ? 'PASS (goal >= 0.8)' : 'MISS (goal >= 0.8)',
  );
  reportColdCache(await benchColdCache(), report);
  reportEvents(await benchEvents(), report);
  reportVodSearch(await benchVodSearch(), report);
  reportAnalytics(await benchAnalytics(), report);
  reportMedia(await benchMedia(), report);
  reportDemoGames(await benchDemoGames(), report);
  reportMoments(await benchMoments(), report);
  reportClips(await benchClips(), report);
  reportEdge(await benchEdge(), report);
  reportTtff(await benchTtff(), report);
  reportLighthouse(await benchLighthouse(), report);
  reportRss(await benchRss(), report);
  reportJsSize(benchJsSize(), report);
}

await main();
