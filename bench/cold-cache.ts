/**
 * Cold caches (issue 28, item 7), on a server just started, nothing cached:
 *  - a crowd at once: CONNECTIONS clients each asking twice for GET /api/channel-bootstrap-data;
 *    how many of the answers came within 10 s, and when the last did (goal: all of them; before
 *    the document was built once per key, none came);
 *  - GET /api/events/{id} requests/s against a bare node:http server answering the same bytes, in
 *    the same run (info: the issue measured 3.3 ms of CPU per request against 0.14 ms).
 */
import { bareServer, replayedHeaders } from './bare-server.js';
import { loadMix, type LoadFigures } from './events.js';
import { serveApp } from './serve-app.js';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const CROWD_DEADLINE_MS = 10_000;

export interface ColdCacheBench {
  crowd: { asked: number; answered: number; lastMs: number };
  event: { measured: LoadFigures; baseline: LoadFigures; bytes: number };
}

/** Each client asks twice in a row; an answer counts if it is a 200 within the deadline. */
async function crowd(url: string) {
  const started = performance.now();
  const signal = AbortSignal.timeout(CROWD_DEADLINE_MS);
  const ask = async () => {
    const res = await fetch(url, { signal }).catch(() => null);
    if (res?.status !== 200) return null;
    await res.arrayBuffer();
    return performance.now() - started;
  };
  const times = (
    await Promise.all(Array.from({ length: CONNECTIONS }, async () => [await ask(), await ask()]))
  ).flat();
  const answered = times.filter((t): t is number => t !== null);
  return { asked: times.length, answered: answered.length, lastMs: Math.max(0, ...answered) };
}

export async function benchColdCache(): Promise<ColdCacheBench> {
  const app = await serveApp();
  try {
    const key = await app.apiKey();
    const cold = await crowd(
      `${app.url}/api/channel-bootstrap-data?client_interface=web&lang=en&api_key=${key}`,
    );
    const listing = await app.call<{ data: { id: number }[] }>(
      'GET',
      `/api/events?limit=1&api_key=${key}`,
    );
    const eventPath = `/api/events/${listing.data[0]?.id}?api_key=${key}`;
    const sample = await fetch(`${app.url}${eventPath}`);
    const body = Buffer.from(await sample.arrayBuffer());
    const bare = await bareServer(body, replayedHeaders(sample));
    try {
      await loadMix(app.url, [eventPath]); // warm-up: JIT, caches, connection pools
      const baseline = await loadMix(bare.url, ['/']);
      const measured = await loadMix(app.url, [eventPath]);
      return { crowd: cold, event: { measured, baseline, bytes: body.length } };
    } finally {
      await bare.close();
    }
  } finally {
    await app.close();
  }
}

export function reportColdCache(
  r: ColdCacheBench,
  report: (name: string, value: string, verdict: string) => void,
) {
  const { asked, answered, lastMs } = r.crowd;
  report(
    `bootstrap-data, cold cache, ${CONNECTIONS} conns`,
    `${answered} of ${asked} answered in ${CROWD_DEADLINE_MS / 1000} s (last at ${lastMs.toFixed(0)} ms)`,
    answered === asked ? 'PASS (goal: all)' : 'MISS (goal: all)',
  );
  const { measured, baseline, bytes } = r.event;
  report(
    'GET /events/{id} req/s vs bare node:http',
    `${measured.rps.toFixed(0)} / ${baseline.rps.toFixed(0)} = ${(measured.rps / baseline.rps).toFixed(2)} (p99 ${measured.p99} ms, ${bytes} B)`,
    'info',
  );
}
