import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { completeLines, parseMediaPlaylist } from './hls/playlist.js';
import type { StoredObjects } from './storage/storage.js';

const PLAYLIST_TYPE = 'application/vnd.apple.mpegurl';
const SEGMENT_TYPE = 'video/mp2t';
/** Fast enough that the bucket trails the encoder by a fraction of a (1 s) segment. */
const DEFAULT_INTERVAL_MS = 200;
/** Segments of one pass uploaded at once (two renditions: both of a second's segments). */
const UPLOADS_AT_ONCE = 4;

/** A rendition playlist as ffmpeg left it: null while it is being rewritten (torn). */
function wholePlaylist(text: string) {
  if (!text.startsWith('#EXTM3U') || !text.endsWith('\n')) return null;
  const lines = completeLines(text);
  // Cut between an EXTINF and its segment's name: the name is still to come.
  if (lines.filter(Boolean).at(-1)?.startsWith('#EXTINF')) return null;
  return parseMediaPlaylist(text);
}

async function variantFolders(dir: string): Promise<string[]> {
  const entries = await fsp.readdir(dir, { withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isDirectory() && /^v\d+$/.test(e.name))
    .map((e) => e.name)
    .sort();
}

export interface LiveMirrorOptions {
  /** The encoder's local folder (storage.liveDir). */
  dir: string;
  /** Its storage key prefix (`c1/e42/live`). */
  prefix: string;
  objects: StoredObjects;
  intervalMs?: number;
  log?: { error(obj: object, msg: string): void };
  /**
   * Whether this encoder may still write the recording (it holds the game's lease), asked before
   * every write to the bucket: segments, playlists, deletions. Once another worker took the game
   * over, a stopped encoder's last pass must not put its shorter playlist over the new owner's.
   */
  fence?: () => Promise<boolean>;
}

/**
 * Uploads a live recording to the object store as the encoder writes it, so that every HTTP
 * process and every edge can serve the game. Each pass reads each rendition's playlist; the
 * segments it lists that the bucket lacks go up first, then the playlist, exactly as read, so the
 * bucket never names a segment it does not hold (a listed segment is complete: ffmpeg lists it
 * once closed). A torn read (ffmpeg rewrites in place) or a playlist that would list less than the
 * one uploaded is skipped until the next pass.
 */
export function createLiveMirror(o: LiveMirrorOptions) {
  const uploaded = new Set<string>();
  const playlists = new Map<string, { text: string; reach: number }>();
  let known: Promise<void> | undefined;
  let passing: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  /** The fence's last answer was no: this pass writes nothing more. */
  let fenced = false;
  const mayWrite = async () => {
    fenced = o.fence ? !(await o.fence()) : false;
    return !fenced;
  };

  // What the bucket already holds (a recording continued on this or another machine).
  const learn = () =>
    (known ??= o.objects.list(`${o.prefix}/`).then((keys) => {
      for (const key of keys) uploaded.add(key.slice(o.prefix.length + 1));
    }));

  async function putSegments(names: string[]) {
    if (names.length === 0 || !(await mayWrite())) return;
    let next = 0;
    const run = async () => {
      while (next < names.length) {
        const name = names[next] as string;
        next += 1;
        await o.objects.putFile(`${o.prefix}/${name}`, path.join(o.dir, name), SEGMENT_TYPE);
        uploaded.add(name);
      }
    };
    await Promise.all(Array.from({ length: Math.min(UPLOADS_AT_ONCE, names.length) }, run));
  }

  async function mirrorPlaylist(name: string, text: string, reach: number) {
    const last = playlists.get(name);
    if (last && (last.text === text || reach < last.reach)) return;
    if (!(await mayWrite())) return;
    await o.objects.putText(`${o.prefix}/${name}`, text, PLAYLIST_TYPE);
    playlists.set(name, { text, reach });
    uploaded.add(name);
  }

  async function pass() {
    fenced = false;
    await learn();
    for (const variant of await variantFolders(o.dir)) {
      const name = `${variant}/index.m3u8`;
      const text = await fsp.readFile(path.join(o.dir, name), 'utf8').catch(() => '');
      const list = wholePlaylist(text);
      if (!list) continue;
      const missing = list.segments
        .map((s) => `${variant}/${s.uri}`)
        .filter((n) => !uploaded.has(n) && fs.existsSync(path.join(o.dir, n)));
      await putSegments(missing);
      if (fenced) return;
      // A listed segment neither here nor in the bucket was pruned with the DVR window.
      await mirrorPlaylist(name, text, list.mediaSequence + list.segments.length);
    }
    // The master last: a player that finds it finds its renditions.
    const top = await fsp.readdir(o.dir).catch(() => [] as string[]);
    for (const name of top.filter((n) => n.endsWith('.m3u8'))) {
      if (fenced) return;
      const master = await fsp.readFile(path.join(o.dir, name), 'utf8').catch(() => '');
      if (master.startsWith('#EXTM3U')) await mirrorPlaylist(name, master, 0);
    }
  }

  /** One pass at a time; a call during a pass waits for it and then makes its own. */
  function sync(): Promise<void> {
    const run = (passing ?? Promise.resolve()).then(pass, pass);
    const settled = run.finally(() => {
      if (passing === settled) passing = undefined;
    });
    passing = settled;
    return run;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      sync()
        .catch((error: unknown) => o.log?.error({ err: error, prefix: o.prefix }, 'live mirror'))
        .finally(schedule);
    }, o.intervalMs ?? DEFAULT_INTERVAL_MS);
    timer.unref();
  }

  return {
    /** Mirrors every pass from now on. */
    start() {
      stopped = false;
      schedule();
    },
    /** Makes one pass now: everything the encoder has finished is in the bucket afterwards. */
    sync,
    /** Stops the passes, then makes a last one (the encoder's final segments). */
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await sync();
    },
    /** Segments the DVR window dropped from the disk: out of the bucket too. */
    async forget(names: string[]) {
      if (names.length === 0 || !(await mayWrite())) return;
      await o.objects.deleteKeys(names.map((n) => `${o.prefix}/${n}`));
      for (const n of names) uploaded.delete(n);
    },
    /** Whether the bucket holds this file (`v0/seg_00001.ts`, `v0/index.m3u8`), as far as the mirror knows. */
    holds: (name: string) => uploaded.has(name),
    /** Whether the fence's last answer was no (the recording is another encoder's). */
    fenced: () => fenced,
  };
}
export type LiveMirror = ReturnType<typeof createLiveMirror>;

/**
 * A recording taken over from a worker on another machine lives in the bucket: its playlists are
 * brought to the new encoder's folder so that ffmpeg continues them (append_list numbers on from
 * MEDIA-SEQUENCE and the entries listed, and marks the restart with a discontinuity). Segments
 * stay in the bucket. False when the folder has its own recording already, or the bucket none.
 */
export async function restoreLiveRecording(
  objects: StoredObjects,
  prefix: string,
  dir: string,
): Promise<boolean> {
  if ((await variantFolders(dir)).some((v) => fs.existsSync(path.join(dir, v, 'index.m3u8')))) {
    return false;
  }
  const names = (await objects.list(`${prefix}/`))
    .map((k) => k.slice(prefix.length + 1))
    .filter((n) => /^[^/]+\.m3u8$/.test(n) || /^v\d+\/index\.m3u8$/.test(n));
  if (!names.some((n) => n.includes('/'))) return false;
  for (const name of names) {
    const text = await objects.getText(`${prefix}/${name}`);
    if (text === null) continue;
    const file = path.join(dir, name);
    await fsp.mkdir(path.dirname(file), { recursive: true });
    await fsp.writeFile(`${file}.tmp`, text);
    await fsp.rename(`${file}.tmp`, file);
  }
  return true;
}
