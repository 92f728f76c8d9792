import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_KIND } from '@rudy/contracts';
import { createLocalStorage, cutClip, parseMediaPlaylist, type Rendition } from '@rudy/media';
import { createTestDatabase } from '../../test/test-database.js';
import type { DatabaseHandle } from '../../db/database.js';
import { seedDemoChannel } from '../../db/seed/demo-channel.js';
import { createCaptionsService } from '../captions/captions.service.js';
import { seedDemoLibrary } from '../../db/seed/demo-library.js';
import { makePendingDemoLibrary } from '../vod/demo-library.js';
import { generateDemoGame, generateDemoPrerolls } from './demo-media.js';
import { createMediaJobsRepository } from './media-jobs.repository.js';

/*
 * What a demo game costs the machine: the ffmpeg processes it starts, seen through FFMPEG_PATH
 * pointing at a wrapper that records each one's arguments, runs the real ffmpeg, and records when
 * it started and ended.
 */

const TINY: Rendition[] = [
  { name: '180p', width: 320, height: 180, videoKbps: 250, audioKbps: 64 },
  { name: '90p', width: 160, height: 90, videoKbps: 100, audioKbps: 64 },
];

let database: DatabaseHandle;
let channelId: number;
let dir: string;
let callLog: string;
let spanLog: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rudy-demo-game-'));
  callLog = path.join(dir, 'ffmpeg-calls.log');
  spanLog = path.join(dir, 'ffmpeg-spans.log');
  const real =
    process.env.FFMPEG_PATH ??
    (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  const wrapper = path.join(dir, 'ffmpeg');
  // One line per call, arguments separated by US (0x1f): no argument of ours holds one.
  fs.writeFileSync(
    wrapper,
    `#!/bin/sh\nprintf '%s\\037' "$@" >> '${callLog}'\nprintf '\\n' >> '${callLog}'\n` +
      `start=$(date +%s%6N)\n'${real}' "$@"\nrc=$?\necho "$start $(date +%s%6N)" >> '${spanLog}'\nexit $rc\n`,
    { mode: 0o755 },
  );
  // Read when the first ffmpeg of this file starts (locateFfmpeg keeps it for the process).
  process.env.FFMPEG_PATH = wrapper;
  database = await createTestDatabase();
  channelId = (await seedDemoChannel(database.db)).channelId;
}, 60_000);

afterAll(async () => {
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function calls(): string[][] {
  if (!fs.existsSync(callLog)) return [];
  return fs
    .readFileSync(callLog, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split('\x1f').slice(0, -1));
}

/** [start, end] in µs of each ffmpeg that ended, in the order they started. */
function spans(): [number, number][] {
  if (!fs.existsSync(spanLog)) return [];
  return fs
    .readFileSync(spanLog, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split(' ').map(Number) as [number, number])
    .sort((a, b) => a[0] - b[0]);
}

describe('a demo game', () => {
  it('is rendered straight into its ladder by one ffmpeg on one thread', async () => {
    const storage = createLocalStorage(path.join(dir, 'media'));
    const repo = createMediaJobsRepository(database.db);
    const [game] = await repo.finishedWithoutVod([channelId], new Date());
    const job = { channelId, eventId: game!.id };
    const captions = createCaptionsService(database.db);
    expect(
      await generateDemoGame({ storage, repo, captions, ladder: TINY, gameSeconds: 5 }, job),
    ).toBe('done');

    const vod = await database.db
      .selectFrom('event_media')
      .select(['status', 'meta'])
      .where('event_id', '=', job.eventId)
      .where('kind', '=', MEDIA_KIND.vod)
      .executeTakeFirstOrThrow();
    expect(vod.status).toBe('ready');
    const prefix = `c${channelId}/e${job.eventId}`;
    const files = await storage.list(prefix);
    for (const kind of ['poster.jpg', 'thumbs.vtt', 'preview.mp4', 'preview-alt.mp4']) {
      expect(files).toContain(`${prefix}/assets/${kind}`);
    }
    // Captions in both languages, so the demo shows them (issue 31), stored beside the game.
    const rows = await captions.list(channelId, 'event', job.eventId);
    expect(rows.map((r) => r.lang)).toEqual(['en', 'fr']);
    for (const row of rows) {
      expect(files).toContain(row.storage_key);
      expect(row.cue_count).toBeGreaterThan(0);
    }

    // Every call that generates the game's picture or encodes the ladder: exactly one, which
    // writes the HLS renditions itself (no intermediate MP4 decoded again) on one thread.
    const heavy = calls().filter(
      (args) => args.some((a) => a.includes('anoisesrc')) || args.includes('-var_stream_map'),
    );
    expect(heavy).toHaveLength(1);
    const [render] = heavy;
    expect(render).not.toContain('-i');
    expect(render?.at(-1)).toMatch(/v%v\/index\.m3u8$/);
    expect(render?.[render.indexOf('-threads') + 1]).toBe('1');
    expect(render?.[render.indexOf('-filter_complex_threads') + 1]).toBe('1');

    // Both renditions are finished playlists of the whole game.
    for (const v of ['v0', 'v1']) {
      const playlist = parseMediaPlaylist(
        await fs.promises.readFile(path.join(dir, 'media', prefix, 'vod', v, 'index.m3u8'), 'utf8'),
      );
      expect(playlist.endList).toBe(true);
      expect(playlist.totalSeconds).toBeGreaterThan(4.5);
    }

    // A clip cut on the renditions' 2 s keyframes is linked and copied, never re-encoded.
    const out = path.join(dir, 'clip');
    fs.mkdirSync(out);
    const clip = await cutClip({
      playlist: path.join(dir, 'media', prefix, 'vod', 'v1', 'index.m3u8'),
      startSeconds: 2,
      durationSeconds: 2,
      outputDir: out,
      hasAudio: true,
    });
    expect(clip.reencodedSeconds).toBe(0);
    expect(clip.durationSeconds).toBeCloseTo(2, 1);
  }, 120_000);

  it('takes turns with the other demo renders: never two of their ffmpeg at once', async () => {
    // A fresh start queues a game, the pre-rolls and the library in separate queues at once.
    const storage = createLocalStorage(path.join(dir, 'media-lane'));
    const repo = createMediaJobsRepository(database.db);
    const [game] = await repo.finishedWithoutVod([channelId], new Date());
    await seedDemoLibrary(database.db, channelId, new Date());
    const before = new Set(spans().map(([start]) => start));
    const callsBefore = calls().length;
    const log = { error: () => undefined };
    await Promise.all([
      generateDemoGame(
        {
          storage,
          repo,
          captions: createCaptionsService(database.db),
          ladder: TINY,
          gameSeconds: 5,
        },
        { channelId, eventId: game!.id },
      ),
      generateDemoPrerolls({ storage, repo, db: database.db }, [channelId]),
      makePendingDemoLibrary({ db: database.db, storage, ladder: TINY, log }, [channelId], 1),
    ]);
    expect(await storage.exists('prerolls/preroll-1.mp4')).toBe(true);
    const ran = spans().filter(([start]) => !before.has(start));
    // The game's render and stills, two sponsor clips and their probes, the library video.
    expect(ran.length).toBeGreaterThanOrEqual(8);
    for (let i = 1; i < ran.length; i += 1) {
      expect(ran[i]![0]).toBeGreaterThanOrEqual(ran[i - 1]![1]);
    }
    // And each on one thread: its filters, every input's decoder and its output's encoders (the
    // stills, sponsor spots and library video took every core with ffmpeg's defaults).
    const laneCalls = calls().slice(callsBefore);
    expect(laneCalls.length).toBe(ran.length);
    for (const args of laneCalls) {
      const value = (option: string) => args[args.indexOf(option) + 1];
      expect(value('-filter_threads'), args.join(' ')).toBe('1');
      expect(value('-filter_complex_threads'), args.join(' ')).toBe('1');
      args.forEach((arg, i) => {
        if (arg === '-i') expect(args.slice(i - 2, i), args.join(' ')).toEqual(['-threads', '1']);
      });
      expect(args.slice(-3, -1), args.join(' ')).toEqual(['-threads', '1']);
    }
  }, 180_000);
});
