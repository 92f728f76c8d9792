/**
 * The edge bench's viewers, in a process of their own (they must not share a core's event loop
 * with what they measure): each follows a live game as hls.js does. It loads the master playlist
 * once, takes one rendition (alternately the top and the bottom one), starts two segments behind
 * the live edge (`liveSyncDurationCount: 2`), fetches each new segment in order, and reloads the
 * rendition playlist every target duration (half of it when the playlist had not changed).
 * Loopback only, bounded by `seconds`. Prints one JSON line: counts, errors and the segment
 * latencies' percentiles.
 *
 * argv: <edge origin> <seconds> <viewers> <"master path cookie">... (one per API key, shared round
 * robin: tokens, in the path or the cookie, are left out of the edge's cache key).
 */
import http from 'node:http';

const [edge = '', secondsArg = '120', viewersArg = '1000', ...masters] = process.argv.slice(2);
if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(edge)) throw new Error(`not a loopback origin: ${edge}`);
const seconds = Number(secondsArg);
const viewers = Number(viewersArg);
const agent = new http.Agent({ keepAlive: true, maxSockets: 1024 });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Answer {
  status: number;
  body: Buffer;
  ms: number;
}

function get(pathname: string, cookie: string): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve) => {
    const headers = cookie ? { cookie } : {};
    const req = http.get(`${edge}${pathname}`, { agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks),
          ms: performance.now() - started,
        }),
      );
      res.on('error', () => resolve({ status: 0, body: Buffer.alloc(0), ms: 0 }));
    });
    req.setTimeout(10_000, () => req.destroy());
    req.on('error', () => resolve({ status: 0, body: Buffer.alloc(0), ms: 0 }));
  });
}

const tally = {
  viewers,
  playlists: 0,
  segments: 0,
  bytes: 0,
  errors: 0,
  /** A segment no longer listed before the viewer got to it (it fell behind the window). */
  skipped: 0,
};
const segmentMs: number[] = [];
const deadline = Date.now() + seconds * 1000;

/** Segment names of a media playlist with their sequence numbers, and its target duration. */
function parse(text: string) {
  const lines = text.split('\n');
  let sequence = Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(text)?.[1] ?? 0);
  const target = Number(/#EXT-X-TARGETDURATION:(\d+)/.exec(text)?.[1] ?? 1);
  const segments: { n: number; uri: string }[] = [];
  for (const line of lines) {
    if (line && !line.startsWith('#')) {
      segments.push({ n: sequence, uri: line.trim() });
      sequence += 1;
    }
  }
  return { segments, target };
}

async function viewer(index: number) {
  const [master = '', cookie = ''] = (masters[index % masters.length] ?? '').split(' ');
  // Arrivals spread over the first 10 s, as a crowd opens the page.
  await sleep(Math.random() * 10_000);
  const m = await get(master, cookie);
  if (m.status !== 200) {
    tally.errors += 1;
    return;
  }
  const variants = m.body
    .toString()
    .split('\n')
    .filter((l) => l && !l.startsWith('#'));
  const variant = variants[index % 2 === 0 ? 0 : variants.length - 1] ?? '';
  const variantPath = new URL(variant, `${edge}${master}`).pathname;
  const base = variantPath.slice(0, variantPath.lastIndexOf('/') + 1);
  let next = -1;
  let last = '';
  while (Date.now() < deadline) {
    const p = await get(variantPath, cookie);
    tally.playlists += 1;
    if (p.status !== 200) {
      tally.errors += 1;
      await sleep(1000);
      continue;
    }
    const text = p.body.toString();
    const { segments, target } = parse(text);
    if (next < 0) next = segments.at(-3)?.n ?? 0;
    const first = segments[0]?.n ?? 0;
    if (next < first) {
      tally.skipped += first - next;
      next = first;
    }
    for (const s of segments) {
      if (s.n < next || Date.now() >= deadline) continue;
      const seg = await get(`${base}${s.uri}`, cookie);
      if (seg.status !== 200) tally.errors += 1;
      else {
        tally.segments += 1;
        tally.bytes += seg.body.length;
        segmentMs.push(seg.ms);
      }
      next = s.n + 1;
    }
    await sleep(text === last ? (target * 1000) / 2 : target * 1000);
    last = text;
  }
}

await Promise.all(Array.from({ length: viewers }, (_, i) => viewer(i)));
segmentMs.sort((a, b) => a - b);
const at = (q: number) =>
  segmentMs[Math.min(segmentMs.length - 1, Math.floor(q * segmentMs.length))] ?? 0;
process.stdout.write(
  `${JSON.stringify({ ...tally, p50: at(0.5), p99: at(0.99), max: segmentMs.at(-1) ?? 0 })}\n`,
);
agent.destroy();
