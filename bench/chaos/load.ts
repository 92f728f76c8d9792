/**
 * The chaos bench's load on the two HTTP processes: viewers (listings, an event page, playback and
 * a few media segments), purchases through the payment sandbox, the console's chunked uploads and
 * one RTMP publisher (an operator's encoder that reconnects when cut). Every answer is counted by
 * status; a 500 is kept with its path and time (the report lists the first ones).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { UPLOAD_CHUNK_TYPE } from '@rudy/contracts';
import { parseMediaPlaylist } from '@rudy/media';
import { sleep } from './stack.js';

export interface Tally {
  byStatus: Map<number, number>;
  /** Connection refused/reset, timeouts: a process being killed or restarted. */
  networkErrors: number;
  fivehundreds: { at: number; path: string }[];
}

export const newTally = (): Tally => ({ byStatus: new Map(), networkErrors: 0, fivehundreds: [] });

/** fetch that counts the answer; undefined when no answer came (counted as a network error). */
export async function hit(tally: Tally, url: string, init: RequestInit = {}) {
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(20_000) });
    tally.byStatus.set(res.status, (tally.byStatus.get(res.status) ?? 0) + 1);
    if (res.status === 500) {
      const u = new URL(url);
      u.searchParams.delete('api_key');
      tally.fivehundreds.push({ at: Date.now(), path: `${init.method ?? 'GET'} ${u.pathname}` });
    }
    return res;
  } catch {
    tally.networkErrors += 1;
    return undefined;
  }
}

export const jsonPost = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** Each call answers the next HTTP process (as a proxy balancing round robin would). */
export function roundRobin(origins: string[]) {
  let i = 0;
  return () => origins[i++ % origins.length] ?? '';
}

export async function anonymousKey(tally: Tally, origin: string): Promise<string | undefined> {
  const res = await hit(
    tally,
    `${origin}/api/get_api_key`,
    jsonPost({ channel_key: 'demo-hockey' }),
  );
  if (!res?.ok) return undefined;
  return ((await res.json()) as { api_key: string }).api_key;
}

/** URIs (lines not starting with #) of an HLS playlist. */
const uris = (text: string) => text.split('\n').filter((l) => l.trim() && !l.startsWith('#'));

/** One viewer: browse, open a game, play its VOD a little. Runs until `running()` turns false. */
export async function viewer(
  tally: Tally,
  next: () => string,
  ids: { eventIds: number[]; playableIds: number[] },
  running: () => boolean,
) {
  let key: string | undefined;
  let round = 0;
  while (running()) {
    const origin = next();
    key ??= await anonymousKey(tally, origin);
    if (!key) {
      await sleep(1_000);
      continue;
    }
    round += 1;
    const q = `api_key=${key}`;
    const eventId = ids.eventIds[round % ids.eventIds.length];
    await hit(tally, `${origin}/api/channel-bootstrap-data?client_interface=web&lang=en&${q}`);
    await hit(tally, `${origin}/api/events?${q}&limit=20`);
    if (eventId) await hit(tally, `${origin}/api/events/${eventId}?${q}`);
    const playId = ids.playableIds[round % Math.max(1, ids.playableIds.length)];
    if (playId) {
      const res = await hit(tally, `${origin}/api/events/${playId}/playback?${q}`);
      const playback = res?.ok
        ? ((await res.json()) as { stream: { url: string } | null })
        : undefined;
      if (playback?.stream) {
        const master = new URL(playback.stream.url, origin);
        const m = await hit(tally, master.href);
        const variant = m?.ok ? uris(await m.text())[0] : undefined;
        if (variant) {
          const v = new URL(variant, master);
          const media = await hit(tally, v.href);
          const segments = media?.ok ? uris(await media.text()).slice(0, 2) : [];
          for (const s of segments) {
            const seg = await hit(tally, new URL(s, v).href);
            await seg?.arrayBuffer();
          }
        }
      }
    }
    await sleep(300);
  }
}

export interface Purchase {
  userId: number;
  eventId: number;
  apiKey: string;
  orderId?: number;
  /** ms from the buy's answer until the game's playback said 'granted'. */
  grantedAfterMs?: number;
  error?: string;
}

/**
 * Buys one game with the sandbox's test card, retrying the same buy (a user pressing again) while
 * no process answers, then polls the game's playback until access is granted (or gives up).
 */
export async function purchase(
  tally: Tally,
  next: () => string,
  p: Purchase,
  running: () => boolean,
): Promise<void> {
  const card = { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2099, cvc: '123' };
  for (let attempt = 0; attempt < 6 && p.orderId === undefined; attempt += 1) {
    const res = await hit(
      tally,
      `${next()}/api/stripe/buy`,
      jsonPost({ api_key: p.apiKey, event_id: p.eventId, card }),
    );
    if (res?.ok) p.orderId = ((await res.json()) as { order: { id: number } }).order.id;
    else {
      p.error = res ? `buy ${res.status}: ${(await res.text()).slice(0, 200)}` : 'buy: no answer';
      await sleep(3_000);
    }
  }
  if (p.orderId === undefined) return;
  p.error = undefined;
  const bought = Date.now();
  // Settlement needs a worker's commerce pass: a database outage delays it, never loses it.
  while (Date.now() - bought < 180_000 && (running() || Date.now() - bought < 60_000)) {
    const res = await hit(tally, `${next()}/api/events/${p.eventId}/playback?api_key=${p.apiKey}`);
    if (res?.ok && ((await res.json()) as { access: string }).access === 'granted') {
      p.grantedAfterMs = Date.now() - bought;
      return;
    }
    await sleep(1_000);
  }
}

export interface Upload {
  name: string;
  id?: string;
  status?: string;
  error?: string;
  startedAt: number;
  readyAfterMs?: number;
}

/**
 * The console's upload: create, send 512 KiB chunks at the offset the server holds (asking it
 * again after any failure, on the other process), complete, then follow the job until it settles.
 */
export async function upload(
  tally: Tally,
  next: () => string,
  adminKey: string,
  file: string,
  u: Upload,
  deadline: number,
) {
  const bytes = fs.readFileSync(file);
  const headers = { 'x-api-key': adminKey };
  while (!u.id && Date.now() < deadline) {
    const res = await hit(
      tally,
      `${next()}/api/admin/media/uploads`,
      jsonPost({
        api_key: adminKey,
        file_name: `${u.name}.mp4`,
        size_bytes: bytes.length,
        content_type: 'video/mp4',
        target: { kind: 'library', title_en: `Chaos ${u.name}` },
      }),
    );
    if (res?.ok) u.id = ((await res.json()) as { id: string }).id;
    else await sleep(2_000);
  }
  if (!u.id) return;
  let offset = 0;
  const CHUNK = 512 * 1024;
  while (offset < bytes.length && Date.now() < deadline) {
    const origin = next();
    const res = await hit(tally, `${origin}/api/admin/media/uploads/${u.id}`, {
      method: 'PATCH',
      headers: {
        ...headers,
        'content-type': UPLOAD_CHUNK_TYPE,
        'upload-offset': String(offset),
      },
      body: bytes.subarray(offset, offset + CHUNK),
    });
    if (res?.ok) {
      offset = ((await res.json()) as { offset_bytes: number }).offset_bytes;
      continue;
    }
    await sleep(1_000);
    const state = await hit(tally, `${next()}/api/admin/media/uploads/${u.id}?api_key=${adminKey}`);
    if (state?.ok) offset = ((await state.json()) as { offset_bytes: number }).offset_bytes;
  }
  let completed = false;
  while (!completed && Date.now() < deadline) {
    const res = await hit(
      tally,
      `${next()}/api/admin/media/uploads/${u.id}/complete`,
      jsonPost({ api_key: adminKey }),
    );
    // 409: an earlier call (its answer lost with a killed process) completed it already.
    completed = res?.ok === true || res?.status === 409;
    if (!completed) await sleep(2_000);
  }
  while (Date.now() < deadline) {
    const res = await hit(tally, `${next()}/api/admin/media/uploads/${u.id}?api_key=${adminKey}`);
    if (res?.ok) {
      const body = (await res.json()) as { status: string; error: string | null };
      u.status = body.status;
      u.error = body.error ?? undefined;
      if (body.status === 'ready' || body.status === 'error') {
        u.readyAfterMs = Date.now() - u.startedAt;
        return;
      }
    }
    await sleep(2_000);
  }
}

/**
 * An operator's encoder on RTMP: a test picture and tone at real time, reconnecting a second after
 * it is cut (the ingest worker killed), as OBS does. `stop` ends it.
 */
export function publisher(ffmpeg: string, url: string, log: fs.WriteStream) {
  let child: ChildProcess | undefined;
  let stopped = false;
  const starts: number[] = [];
  /** Per run of the encoder: when it started and ended, and the stream seconds it had sent. */
  const runs: { start: number; end?: number; sentSeconds: number }[] = [];
  const start = () => {
    starts.push(Date.now());
    const run: (typeof runs)[number] = { start: Date.now(), sentSeconds: 0 };
    runs.push(run);
    child = spawn(
      ffmpeg,
      [
        ...['-hide_banner', '-loglevel', 'error', '-re'],
        ...['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=15'],
        ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100'],
        ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '30'],
        ...['-c:a', 'aac', '-b:a', '64k', '-progress', 'pipe:1', '-f', 'flv', url],
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child.stderr?.pipe(log, { end: false });
    // What it has muxed (handed to the connection) so far: out_time_ms is in microseconds.
    child.stdout?.on('data', (d: Buffer) => {
      for (const m of d.toString().matchAll(/out_time_ms=(\d+)/g)) {
        run.sentSeconds = Math.max(run.sentSeconds, Number(m[1]) / 1e6);
      }
    });
    child.once('exit', () => {
      run.end = Date.now();
      if (!stopped) setTimeout(() => !stopped && start(), 1_000);
    });
  };
  start();
  return {
    starts,
    runs,
    stop: async () => {
      stopped = true;
      const c = child;
      if (!c || c.exitCode !== null || c.signalCode !== null) return;
      const exited = new Promise((r) => c.once('exit', r));
      c.kill('SIGINT');
      const timer = setTimeout(() => c.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * Watches the live recording's playlist: the time each new segment appeared. A gap is a stretch
 * longer than three target durations (10 s at least: an encoder on a busy machine delivers late,
 * and a smaller stretch is no lost recording) without one.
 */
export function recordingWatch(playlist: string) {
  const appeared: number[] = [];
  /**
   * The recording's stretches, one per encoder run (each continuation starts with a
   * DISCONTINUITY): when each was first seen and the seconds it holds so far.
   */
  const runs: { firstSeen: number; seconds: number }[] = [];
  let produced = 0;
  let target = 2;
  const timer = setInterval(() => {
    let text: string;
    try {
      text = fs.readFileSync(playlist, 'utf8');
    } catch {
      return;
    }
    // ffmpeg rewrites the playlist in place: a torn read counts as nothing new.
    if (!text.startsWith('#EXTM3U') || !text.endsWith('\n')) return;
    const sequence = Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(text)?.[1] ?? 0);
    target = Number(/#EXT-X-TARGETDURATION:(\d+)/.exec(text)?.[1] ?? target);
    const total = sequence + uris(text).length;
    if (total > produced) {
      produced = total;
      appeared.push(Date.now());
    }
    const stretches = parseMediaPlaylist(text).segments.reduce<number[]>((acc, s, i) => {
      if (i === 0 || s.discontinuity) acc.push(0);
      acc[acc.length - 1] = (acc.at(-1) ?? 0) + s.durationSeconds;
      return acc;
    }, []);
    stretches.forEach((seconds, i) => {
      const run = runs[i];
      if (run) run.seconds = seconds;
      else runs.push({ firstSeen: Date.now(), seconds });
    });
  }, 500);
  return {
    stop: () => clearInterval(timer),
    produced: () => produced,
    gaps: () => {
      const out: { from: number; to: number }[] = [];
      for (let i = 1; i < appeared.length; i += 1) {
        const from = appeared[i - 1] ?? 0;
        const to = appeared[i] ?? 0;
        if (to - from > Math.max(3 * target, 10) * 1000) out.push({ from, to });
      }
      return out;
    },
    first: () => appeared[0],
    /** When the first segment after `at` appeared. */
    appearedAfter: (at: number) => appeared.find((t) => t > at),
    runs: () => runs,
  };
}
