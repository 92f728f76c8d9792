import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_KIND } from '@rudy/contracts';
import {
  createLocalStorage,
  parseMediaPlaylist,
  renderSyntheticGame,
  type Rendition,
} from '@rudy/media';
import { createTestDatabase } from '../../test/test-database.js';
import type { DatabaseHandle } from '../../db/database.js';
import { seedDemoChannel } from '../../db/seed/demo-channel.js';
import { createBoss } from '../../jobs/boss.js';
import { createCaptionsService } from '../captions/captions.service.js';
import { generateDemoGame, generateDemoPrerolls } from './demo-media.js';
import { createLiveSupervisor } from './live-supervisor.js';
import { createMediaJobsRepository } from './media-jobs.repository.js';
import { QUEUE_OPTIONS, QUEUES, type LiveStillsJob } from './media-queues.js';
import { enqueueDemoMedia } from './media.jobs.js';
import { createMediaUploadsRepository } from './media-uploads.repository.js';
import { markGameVodPending, packageUpload, uploadSourceKey } from './upload-job.js';
import { ignoreQueueErrors } from '../../test/queue-errors.js';

/* The worker's parts on a real database (PGlite or PostgreSQL) with real ffmpeg and pg-boss. */

const TINY: Rendition[] = [
  { name: '180p', width: 320, height: 180, videoKbps: 250, audioKbps: 64 },
  { name: '90p', width: 160, height: 90, videoKbps: 100, audioKbps: 64 },
];
const silentLog = { info: () => undefined, error: () => undefined };

let database: DatabaseHandle;
let channelId: number;
let mediaDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  channelId = (await seedDemoChannel(database.db)).channelId;
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rudy-jobs-'));
}, 60_000);

afterAll(async () => {
  await database.close();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

async function mediaRows(eventId: number) {
  return database.db
    .selectFrom('event_media')
    .select(['kind', 'status', 'storage_key'])
    .where('event_id', '=', eventId)
    .orderBy('kind')
    .execute();
}

describe('pg-boss on the application database', () => {
  it('runs queued jobs, once per singleton key, and never queues one beside a running one', async () => {
    const seenBefore: number[] = [];
    const storage = createLocalStorage(mediaDir);
    const boss = createBoss(database, undefined, ignoreQueueErrors);
    await boss.start();
    try {
      await boss.createQueue(QUEUES.demoGame, {
        name: QUEUES.demoGame,
        ...QUEUE_OPTIONS[QUEUES.demoGame],
      });
      const queued = await enqueueDemoMedia(boss, database.db, storage, [channelId], 2, new Date());
      expect(queued).toBeGreaterThan(5);
      await enqueueDemoMedia(boss, database.db, storage, [channelId], 2, new Date());
      expect(await boss.getQueueSize(QUEUES.demoGame)).toBe(queued);

      // A worker runs one game's job; the next start-up (after its kill -9) enqueues again.
      const [running] = await boss.fetch<{ eventId: number }>(QUEUES.demoGame);
      if (!running) throw new Error('no job fetched');
      await enqueueDemoMedia(boss, database.db, storage, [channelId], 2, new Date());
      const jobsOfGame = await sql<{ id: string; state: string }>`select id, state from pgboss.job
        where singleton_key = ${`demo-${running.data.eventId}`}`.execute(database.db);
      // The running job is the game's only one (it is retried as it is, never doubled).
      expect(jobsOfGame.rows).toEqual([{ id: running.id, state: 'active' }]);
      await boss.complete(QUEUES.demoGame, running.id);
      seenBefore.push(running.data.eventId);
      const pending = await database.db
        .selectFrom('event_media')
        .select('id')
        .where('kind', '=', MEDIA_KIND.vod)
        .where('status', '=', 'pending')
        .execute();
      expect(pending).toHaveLength(queued);

      const seen: number[] = [...seenBefore];
      await boss.work<{ eventId: number }>(
        QUEUES.demoGame,
        { pollingIntervalSeconds: 0.5 },
        async (jobs) => {
          for (const job of jobs) seen.push(job.data.eventId);
          await Promise.resolve();
        },
      );
      const until = Date.now() + 20_000;
      while (seen.length < queued && Date.now() < until)
        await new Promise((r) => setTimeout(r, 200));
      expect(new Set(seen).size).toBe(queued);
    } finally {
      await boss.stop({ graceful: false, wait: true });
    }
  }, 40_000);
});

describe('demo media', () => {
  it('renders and packages a demo game once; a rerun changes nothing', async () => {
    const storage = createLocalStorage(mediaDir);
    const repo = createMediaJobsRepository(database.db);
    const [game] = await repo.finishedWithoutVod([channelId], new Date());
    const job = { channelId, eventId: game!.id };
    const deps = {
      storage,
      repo,
      captions: createCaptionsService(database.db),
      ladder: TINY,
      gameSeconds: 3,
    };
    expect(await generateDemoGame(deps, job)).toBe('done');
    const rows = await mediaRows(job.eventId);
    expect(rows.map((r) => [r.kind, r.status])).toEqual([
      [MEDIA_KIND.image, 'ready'],
      [MEDIA_KIND.vod, 'ready'],
      [MEDIA_KIND.thumbnails, 'ready'],
      [MEDIA_KIND.preview, 'ready'],
      [MEDIA_KIND.preview_alt, 'ready'],
    ]);
    const files = await storage.list(`c${channelId}/e${job.eventId}`);
    expect(files).toContain(`c${channelId}/e${job.eventId}/vod/master.m3u8`);
    expect(files.some((f) => f.includes('/source/'))).toBe(false);

    expect(await generateDemoGame(deps, job)).toBe('skipped');
    expect(await mediaRows(job.eventId)).toEqual(rows);
    expect(await storage.list(`c${channelId}/e${job.eventId}`)).toEqual(files);
  }, 60_000);

  it('an operator’s upload wins over a demo render that finishes after it', async () => {
    const storage = createLocalStorage(mediaDir);
    const repo = createMediaJobsRepository(database.db);
    const games = await repo.finishedWithoutVod([channelId], new Date());
    const game = games.at(-1);
    if (!game) throw new Error('no finished game left');
    const job = { channelId, eventId: game.id };

    // The demo's job starts first; its render is held until the operator's video is ready.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slowStorage = {
      ...storage,
      // Only the demo's run uses this storage: its scratch folder (the render's output) waits.
      workDir: async (name: string) => {
        await held;
        return storage.workDir(name);
      },
    };
    const demo = generateDemoGame(
      {
        storage: slowStorage,
        repo,
        captions: createCaptionsService(database.db),
        ladder: TINY,
        gameSeconds: 2,
      },
      job,
    );

    // The operator's upload: 4 s (the demo renders 2 s), completed and transcoded by its job.
    const uploadId = randomUUID();
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'rudy-upload-'));
    const file = path.join(work, 'source.mp4');
    await renderSyntheticGame({
      output: file,
      durationSeconds: 4,
      videoKbps: 250,
      picture: {
        width: 320,
        height: 180,
        fps: 25,
        home: { code: 'HOM', color: '#1d4f91' },
        away: { code: 'AWY', color: '#c8102e' },
        goals: [],
        clockOffsetSeconds: 0,
      },
    });
    await storage.put(uploadSourceKey(channelId, uploadId), fs.readFileSync(file));
    fs.rmSync(work, { recursive: true, force: true });
    await database.db
      .insertInto('media_uploads')
      .values({
        id: uploadId,
        channel_id: channelId,
        event_id: job.eventId,
        file_name: 'final.mp4',
        content_type: 'video/mp4',
        size_bytes: 1,
        offset_bytes: 1,
        status: 'queued',
      })
      .execute();
    await markGameVodPending(database.db, channelId, job.eventId);
    const uploads = createMediaUploadsRepository(database.db);
    const deps = { db: database.db, storage, repo, uploads, ladder: TINY };
    expect(await packageUpload(deps, { channelId, uploadId })).toBe('done');
    const vodBefore = fs.readFileSync(
      path.join(mediaDir, `c${channelId}/e${job.eventId}/vod/v0/index.m3u8`),
      'utf8',
    );

    release();
    expect(await demo).toBe('skipped');
    const vod = await database.db
      .selectFrom('event_media')
      .select(['status', 'meta'])
      .where('event_id', '=', job.eventId)
      .where('kind', '=', MEDIA_KIND.vod)
      .execute();
    expect(vod).toHaveLength(1);
    expect(vod[0]).toMatchObject({ status: 'ready', meta: { source: 'upload' } });
    expect(
      Math.round(Number((vod[0]?.meta as { duration_seconds?: number }).duration_seconds)),
    ).toBe(4);
    const playlist = path.join(mediaDir, `c${channelId}/e${job.eventId}/vod/v0/index.m3u8`);
    expect(fs.readFileSync(playlist, 'utf8')).toBe(vodBefore);
    expect(Math.round(parseMediaPlaylist(vodBefore).totalSeconds)).toBe(4);
  }, 120_000);

  it('makes the pre-roll clips the demo pre-rolls point at, and records their length', async () => {
    const storage = createLocalStorage(mediaDir);
    const repo = createMediaJobsRepository(database.db);
    await generateDemoPrerolls({ storage, repo, db: database.db }, [channelId]);
    expect(await storage.list('prerolls')).toEqual([
      'prerolls/preroll-1.mp4',
      'prerolls/preroll-2.mp4',
    ]);
    // The player ends the ad from this length, not from what the browser says (issue 31).
    const rows = await database.db
      .selectFrom('prerolls')
      .select('duration_seconds')
      .where('channel_id', '=', channelId)
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.duration_seconds).toBeCloseTo(15, 0);
  }, 60_000);
});

describe('demo pre-rolls at each worker start', () => {
  it('are queued once: a start after the job made every clip queues none', async () => {
    const storage = createLocalStorage(fs.mkdtempSync(path.join(mediaDir, 'prerolls-start-')));
    const repo = createMediaJobsRepository(database.db);
    const boss = createBoss(database, undefined, ignoreQueueErrors);
    await boss.start();
    try {
      const queue = QUEUES.demoPrerolls;
      await boss.createQueue(queue, { name: queue, ...QUEUE_OPTIONS[queue] });
      const jobRows = async () =>
        (
          await sql<{ id: string }>`select id from pgboss.job
            where name = ${queue} and singleton_key = 'demo-prerolls'`.execute(database.db)
        ).rows;
      await sql`delete from pgboss.job where name = ${queue}`.execute(database.db);

      // The first start queues the job, a worker runs it (real clips) and it completes.
      await enqueueDemoMedia(boss, database.db, storage, [channelId], 2, new Date());
      expect(await jobRows()).toHaveLength(1);
      const [job] = await boss.fetch<{ channelIds: number[] }>(queue);
      if (!job) throw new Error('no job fetched');
      await generateDemoPrerolls({ storage, repo, db: database.db }, job.data.channelIds);
      await boss.complete(queue, job.id);

      // The next start (a restart, or a second worker) finds nothing to do.
      await enqueueDemoMedia(boss, database.db, storage, [channelId], 2, new Date());
      expect(await jobRows()).toHaveLength(1);
    } finally {
      await boss.stop({ graceful: false, wait: true });
    }
  }, 120_000);
});

describe('live supervisor', () => {
  it('publishes every live demo game from its loop, and turns a finished one into its VOD', async () => {
    const storage = createLocalStorage(mediaDir);
    const repo = createMediaJobsRepository(database.db);
    let clock = Date.now();
    const ended: LiveStillsJob[] = [];
    const supervisor = createLiveSupervisor({
      repo,
      storage,
      channelIds: [channelId],
      now: () => new Date(clock),
      ladder: TINY,
      segmentSeconds: 1,
      log: silentLog,
      onRecordingEnded: async (job) => {
        ended.push(job);
        await Promise.resolve();
      },
    });
    try {
      await supervisor.tick();
      const live = await repo.liveNow([channelId], new Date(clock));
      expect(supervisor.running().sort()).toEqual(live.map((g) => g.id).sort());
      const first = live.sort((a, b) => +a.event_utc_ts - +b.event_utc_ts)[0]!;
      const playlist = path.join(mediaDir, `c${channelId}/e${first.id}/live/v0/index.m3u8`);
      const until = Date.now() + 15_000;
      while (Date.now() < until) {
        if (
          fs.existsSync(playlist) &&
          parseMediaPlaylist(fs.readFileSync(playlist, 'utf8')).segments.length >= 2
        )
          break;
        await new Promise((r) => setTimeout(r, 200));
      }
      const rows = await mediaRows(first.id);
      expect(rows.find((r) => r.kind === MEDIA_KIND.live)?.status).toBe('live');
      // Rendered once at the start, kept outside what /media serves (live/, vod/, assets/).
      const loop = path.join(mediaDir, `c${channelId}/e${first.id}/live-loop/loop-1s.mp4`);
      expect(fs.existsSync(loop)).toBe(true);

      // The earliest game ends: its encoder stops and its recording becomes the VOD.
      clock = new Date(first.event_utc_ts).getTime() + first.duration_minutes * 60_000 + 1_000;
      await supervisor.tick();
      expect(supervisor.running()).not.toContain(first.id);
      expect(fs.existsSync(loop)).toBe(false);
      const vod = parseMediaPlaylist(fs.readFileSync(playlist, 'utf8'));
      expect(vod.endList).toBe(true);
      expect(vod.playlistType).toBe('VOD');
      const after = await mediaRows(first.id);
      expect(after.find((r) => r.kind === MEDIA_KIND.live)?.status).toBe('ended');
      expect(after.find((r) => r.kind === MEDIA_KIND.vod)).toMatchObject({
        status: 'ready',
        storage_key: `c${channelId}/e${first.id}/live/master.m3u8`,
      });
      expect(ended).toEqual([expect.objectContaining({ eventId: first.id, channelId })]);
    } finally {
      await supervisor.stop();
    }
    expect(supervisor.running()).toEqual([]);
  }, 60_000);
});
