import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_KIND, type AdminLiveHealth, type AdminLiveIngest } from '@rudy/contracts';
import { createLocalStorage, locateFfmpeg, parseMediaPlaylist, type Rendition } from '@rudy/media';
import { adminTestApp } from '../../../test/admin-test-kit.js';
import { findEvent } from '../../../test/media-fixtures.js';
import { signedInUser } from '../../../test/test-users.js';
import type { LiveStillsJob } from '../media-queues.js';
import { createMediaJobsRepository } from '../media-jobs.repository.js';
import { eventPrefix } from '../media-paths.js';
import { createLiveIngest, type LiveIngest } from './live-ingest.js';
import { DEFAULT_LIMITS } from './rtmp/rtmp-server.js';
import { LIVENESS_LOCK_CLASS } from '../../../jobs/worker-liveness.js';

/*
 * A real RTMP publisher (ffmpeg pushing a generated picture and tone) against the ingest: the
 * game's live playlist grows while it publishes, the console sees it online with a bitrate, and
 * when the publisher stops the recording is the game's VOD. Rotating the key cuts the publisher
 * and refuses the old key. A tiny ladder and 1 s segments keep it short.
 */

const LADDER: Rendition[] = [
  { name: '180p', width: 320, height: 180, videoKbps: 300, audioKbps: 64 },
  { name: '90p', width: 160, height: 90, videoKbps: 120, audioKbps: 64 },
];

const app = adminTestApp({ LIVE_INGEST_PORT: '19352' });
let mediaDir: string;
let ingest: LiveIngest;
let port = 0;
let eventId = 0;
const ended: LiveStillsJob[] = [];
const publishers: ChildProcess[] = [];
const silent = { info: () => undefined, error: () => undefined };

beforeAll(async () => {
  const { t } = app;
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rudy-rtmp-'));
  const db = t.database.db;
  const game = await db
    .selectFrom('events')
    .select('id')
    .where('channel_id', '=', t.demoChannelId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  eventId = game.id;
  ingest = createLiveIngest({
    db,
    repo: createMediaJobsRepository(db),
    storage: createLocalStorage(mediaDir),
    now: () => new Date(),
    log: silent,
    leaseMs: 30_000,
    ladder: LADDER,
    segmentSeconds: 1,
    onRecordingEnded: (job) => {
      ended.push(job);
      return Promise.resolve();
    },
  });
  port = await ingest.listen(0, '127.0.0.1');
});

afterAll(async () => {
  for (const p of publishers) p.kill('SIGKILL');
  await ingest?.close();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

const rotate = async (id = eventId) =>
  (
    await app.t.inject({
      method: 'POST',
      url: `/api/admin/games/${id}/live/key`,
      payload: { api_key: app.admin.apiKey },
    })
  ).json<AdminLiveIngest>();
const liveState = async (id = eventId) =>
  (
    await app.t.get(`/api/admin/games/${id}/live`, { api_key: app.admin.apiKey })
  ).json<AdminLiveIngest>();

const liveHealth = async (id = eventId) =>
  (
    await app.t.get(`/api/admin/games/${id}/live/health`, { api_key: app.admin.apiKey })
  ).json<AdminLiveHealth>();

/**
 * ffmpeg as an operator's encoder: test picture and tone at real time, for `seconds`, a keyframe
 * every `gop` frames (15 a second).
 */
function publish(key: string, seconds: number, to = port, gop = 15) {
  const child = spawn(
    locateFfmpeg().path,
    [
      ...['-hide_banner', '-loglevel', 'error', '-re'],
      ...['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=15'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100'],
      ...['-t', String(seconds), '-c:v', 'libx264', '-preset', 'ultrafast', '-g', String(gop)],
      ...(gop > 15 ? ['-keyint_min', String(gop), '-sc_threshold', '0'] : []),
      ...['-c:a', 'aac', '-b:a', '64k', '-f', 'flv', `rtmp://127.0.0.1:${to}/live/${key}`],
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  publishers.push(child);
  const exited = new Promise<number | null>((resolve) =>
    child.on('close', (code) => resolve(code)),
  );
  return { child, exited };
}

/**
 * Past demo games (their live and VOD rows are free to publish to), oldest or newest first; each
 * describe below takes its own so that no two tests publish to the same game.
 */
const pastGames = async (order: 'asc' | 'desc', count = 1, skip = 0) =>
  (
    await app.t.database.db
      .selectFrom('events')
      .select('id')
      .where('channel_id', '=', app.t.demoChannelId)
      .where('id', '!=', eventId)
      .where('event_utc_ts', '<', new Date())
      .orderBy('id', order)
      .offset(skip)
      .limit(count)
      .execute()
  ).map((r) => r.id);
const pastGame = async (order: 'asc' | 'desc', skip = 0) => {
  const [id] = await pastGames(order, 1, skip);
  if (id === undefined) throw new Error('the demo has too few past games');
  return id;
};

async function until<T>(what: string, fn: () => Promise<T | undefined | false>, ms = 20_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const livePlaylist = (id = eventId) =>
  path.join(mediaDir, eventPrefix(app.t.demoChannelId, id), 'live', 'v0', 'index.m3u8');
/**
 * Segments in the live playlist, 0 while there is none. ffmpeg rewrites it in place (truncate,
 * then write; 1 s segments do it every second), so a read can be torn: that one counts as not yet,
 * as the media route answers it (stored-playlist.ts).
 */
const segmentsNow = (id = eventId) => {
  const file = livePlaylist(id);
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const complete = text.startsWith('#EXTM3U') && text.endsWith('\n');
  return complete ? parseMediaPlaylist(text).segments.length : 0;
};

describe('RTMP ingest', () => {
  it('a published stream is live, grows, shows in the console, and becomes the VOD', async () => {
    const { stream_key: key } = await rotate();
    const run = publish(key ?? '', 9);

    const first = await until('the first segments', () =>
      Promise.resolve(segmentsNow() >= 2 && segmentsNow()),
    );
    const grown = await until('more segments', () =>
      Promise.resolve(segmentsNow() > first + 1 && segmentsNow()),
    );
    expect(grown).toBeGreaterThan(first);

    const liveRow = await until('the live row', () =>
      app.t.database.db
        .selectFrom('event_media')
        .select(['status', 'storage_key'])
        .where('event_id', '=', eventId)
        .where('kind', '=', MEDIA_KIND.live)
        .where('status', '=', 'live')
        .executeTakeFirst(),
    );
    expect(liveRow.storage_key).toBe(
      `${eventPrefix(app.t.demoChannelId, eventId)}/live/master.m3u8`,
    );
    // The first figure the console gets is the stream's (about 400 kb/s here), never a false 0
    // while the encoder's back-pressure holds the socket.
    const online = await until('the console to see a bitrate', async () => {
      const s = await liveState();
      return s.online && s.bitrate_kbps !== null && s;
    });
    expect(online.since).not.toBeNull();
    expect(online.bitrate_kbps).toBeGreaterThan(100);

    expect(await run.exited).toBe(0);
    const vod = await until('the VOD row', () =>
      app.t.database.db
        .selectFrom('event_media')
        .select(['status', 'storage_key'])
        .where('event_id', '=', eventId)
        .where('kind', '=', MEDIA_KIND.vod)
        .where('status', '=', 'ready')
        .executeTakeFirst(),
    );
    expect(vod.storage_key).toBe(liveRow.storage_key);
    const playlist = parseMediaPlaylist(fs.readFileSync(livePlaylist(), 'utf8'));
    expect(playlist.totalSeconds).toBeGreaterThan(5);
    expect(fs.readFileSync(livePlaylist(), 'utf8')).toContain('#EXT-X-ENDLIST');
    expect(ended.at(-1)).toMatchObject({ eventId, storageKey: vod.storage_key });
    expect(await liveState()).toMatchObject({ online: false, bitrate_kbps: null });
  }, 40_000);

  it('rotating the key cuts its publisher, and the old key is refused', async () => {
    const { stream_key: old } = await rotate();
    const run = publish(old ?? '', 30);
    await until('the publisher online', async () => (await liveState()).online);
    const cutAt = Date.now();
    await rotate();
    expect(await run.exited).not.toBe(0);
    expect(Date.now() - cutAt).toBeLessThan(10_000);
    await until('the stream to end', () => Promise.resolve(ingest.publishing().length === 0));

    const again = publish(old ?? '', 5);
    expect(await again.exited).not.toBe(0);
    expect((await liveState()).online).toBe(false);
  }, 40_000);
});

describe('RTMP ingest: stream health', () => {
  it('measures what the encoder sends and warns of keyframes 10 s apart, with the OBS setting', async () => {
    // A past game no other test here publishes to (theirs: the newest ones and the oldest).
    const id = await pastGame('asc', 1);
    expect(await liveHealth(id)).toMatchObject({ online: false, video: null, warnings: [] });
    const { stream_key: key } = await rotate(id);
    // A keyframe every 150 frames at 15 frames a second: every 10 s.
    const run = publish(key ?? '', 40, port, 150);
    const health = await until(
      'the second keyframe measured',
      async () => {
        const h = await liveHealth(id);
        return h.video?.keyframe_interval_s != null && h;
      },
      40_000,
    );
    expect(health.online).toBe(true);
    expect(health.measured_at).not.toBeNull();
    expect(health.video).toMatchObject({ codec: 'h264', width: 320, height: 180 });
    expect(health.video?.keyframe_interval_s).toBeCloseTo(10, 0);
    expect(health.video?.frame_rate).toBeCloseTo(15, 0);
    expect(health.video?.bitrate_kbps).toBeGreaterThan(0);
    expect(health.audio).toMatchObject({ codec: 'aac', sample_rate: 44_100, channels: 1 });
    expect(health.audio?.bitrate_kbps).toBeGreaterThan(30);
    // What ffmpeg says of itself in onMetaData.
    expect(health.claimed).toMatchObject({ width: 320, height: 180, frame_rate: 15 });
    expect(health.claimed?.encoder).toMatch(/^Lavf/);
    expect(health.dropped_frames).toBe(0);
    const advice = Object.fromEntries(health.warnings.map((w) => [w.code, w]));
    expect(advice.keyframes_far_apart).toEqual({
      code: 'keyframes_far_apart',
      measured: health.video?.keyframe_interval_s,
      codec: null,
      obs: { setting: 'keyframe_interval', value: '2' },
    });
    // 180 lines for a 720p ladder.
    expect(advice.resolution_low).toMatchObject({ measured: 180, obs: { value: '1280x720' } });

    // Cut off: off air, nothing measured, and the drop with its reason.
    run.child.kill('SIGKILL');
    await until('the stream to end', () => Promise.resolve(ingest.publishing().length === 0));
    const after = await liveHealth(id);
    expect(after).toMatchObject({ online: false, video: null, audio: null, warnings: [] });
    expect(after.last_drop).toMatchObject({ reason: 'connection_lost' });
  }, 60_000);
});

describe('RTMP ingest on a busy machine', () => {
  /** A second ingest on the same media folder, with a short idle limit (the drop it caused). */
  let busy: LiveIngest;
  let busyPort = 0;
  const logged: { msg: string; obj: Record<string, unknown> }[] = [];
  const log = {
    info: (obj: object, msg: string) => logged.push({ msg, obj: obj as Record<string, unknown> }),
    error: (obj: object, msg: string) => logged.push({ msg, obj: obj as Record<string, unknown> }),
  };
  let games: number[] = [];

  beforeAll(async () => {
    const db = app.t.database.db;
    games = await pastGames('desc', 3);
    busy = createLiveIngest({
      db,
      repo: createMediaJobsRepository(db),
      storage: createLocalStorage(mediaDir),
      now: () => new Date(),
      log,
      leaseMs: 30_000,
      ladder: LADDER,
      segmentSeconds: 1,
      limits: { ...DEFAULT_LIMITS, idleTimeoutMs: 2_000 },
      onRecordingEnded: () => Promise.resolve(),
    });
    busyPort = await busy.listen(0, '127.0.0.1');
  });
  afterAll(() => busy?.close());

  const recorded = (id: number) =>
    parseMediaPlaylist(fs.readFileSync(livePlaylist(id), 'utf8')).totalSeconds;

  it('holds a publisher back while its encoder is slow, and records all of it', async () => {
    const id = games[0] ?? 0;
    const { stream_key: key } = await rotate(id);
    const run = publish(key ?? '', 10, busyPort);
    await until('the first segments', () => Promise.resolve(segmentsNow(id) >= 2));
    // Our encoder gets no CPU for three idle limits (a machine busy elsewhere): the stream waits.
    const dir = path.join(mediaDir, eventPrefix(app.t.demoChannelId, id), 'live');
    const pid = Number(execFileSync('pgrep', ['-f', '-n', dir], { encoding: 'utf8' }).trim());
    process.kill(pid, 'SIGSTOP');
    await new Promise((r) => setTimeout(r, 6_000));
    process.kill(pid, 'SIGCONT');
    expect(await run.exited).toBe(0);
    await until('the recording to end', () => Promise.resolve(busy.publishing().length === 0));
    expect(recorded(id)).toBeGreaterThan(8);
    expect(logged.filter((l) => l.msg === 'rtmp publisher dropped')).toEqual([]);
  }, 60_000);

  it('a publisher that reconnects with the same key resumes the same game and recording', async () => {
    const id = games[1] ?? 0;
    const { stream_key: key } = await rotate(id);
    const first = publish(key ?? '', 30, busyPort);
    await until('the first segments', () => Promise.resolve(segmentsNow(id) >= 3));
    const before = segmentsNow(id);
    // The connection dies without a word (the encoder's machine lost its network).
    first.child.kill('SIGKILL');
    // OBS reconnects a moment later, once the server has seen the drop: while our encoder is
    // behind, the socket is held paused and its close is read only when the encoder catches up (a
    // reconnect before that is a takeover, and the drop's reason is 'replaced').
    await until('the drop seen', () =>
      Promise.resolve(
        logged.some((l) => l.msg === 'rtmp publisher dropped' && l.obj.eventId === id),
      ),
    );
    const again = publish(key ?? '', 4, busyPort);
    expect(await again.exited).toBe(0);
    await until('the recording to end', () => Promise.resolve(busy.publishing().length === 0));
    expect(segmentsNow(id)).toBeGreaterThanOrEqual(before + 3);
    expect(recorded(id)).toBeGreaterThan(5);
    const rows = await app.t.database.db
      .selectFrom('event_media')
      .select(['kind', 'status'])
      .where('event_id', '=', id)
      .where('kind', 'in', [MEDIA_KIND.live, MEDIA_KIND.vod])
      .orderBy('kind')
      .execute();
    expect(rows).toEqual([
      { kind: MEDIA_KIND.live, status: 'ended' },
      { kind: MEDIA_KIND.vod, status: 'ready' },
    ]);
    // The drop is in the log and the console, with its reason and never the key.
    expect(logged.some((l) => l.msg === 'rtmp publisher dropped')).toBe(true);
    expect(JSON.stringify(logged)).not.toContain(key);
    expect((await liveState(id)).last_drop).toMatchObject({ reason: 'connection_lost' });
  }, 60_000);

  it('a second connection with the key while the first is still open takes over, and the recording goes on', async () => {
    const id = games[2] ?? 0;
    const { stream_key: key } = await rotate(id);
    const first = publish(key ?? '', 30, busyPort);
    await until('the first segments', () => Promise.resolve(segmentsNow(id) >= 3));
    const before = segmentsNow(id);
    // OBS reconnecting after a drop the server has not seen: the old connection is still open.
    const again = publish(key ?? '', 4, busyPort);
    const cutAfter = await Promise.race([
      first.exited.then(() => 'cut'),
      again.exited.then(() => 'the new one ended first'),
    ]);
    expect(cutAfter).toBe('cut');
    expect(await again.exited).toBe(0);
    await until('the recording to end', () => Promise.resolve(busy.publishing().length === 0));
    expect(segmentsNow(id)).toBeGreaterThanOrEqual(before + 3);
    expect((await liveState(id)).last_drop).toMatchObject({ reason: 'replaced' });
  }, 60_000);

  it('a publish before the scheduled start puts the game on air, and its recording plays', async () => {
    const id = await findEvent(app.t, { access: 'free', when: 'future' });
    const { stream_key: key } = await rotate(id);
    const run = publish(key ?? '', 4, busyPort);
    await until('the publisher online', async () => (await liveState(id)).online);
    const game = await app.t.database.db
      .selectFrom('events')
      .select('event_utc_ts')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(new Date(game.event_utc_ts).getTime()).toBeLessThanOrEqual(Date.now());
    expect(await run.exited).toBe(0);
    await until('the recording to end', () => Promise.resolve(busy.publishing().length === 0));
    const viewer = await signedInUser(app.t);
    const playback = await app.t.get(`/api/events/${id}/playback`, { api_key: viewer.apiKey });
    expect(playback.statusCode).toBe(200);
    expect(playback.body).toContain('master.m3u8');
  }, 60_000);
});

describe('RTMP ingest after a worker was killed', () => {
  /** An ingest of its own: its refused-keys count per address starts at zero. */
  let restarted: LiveIngest;
  let restartedPort = 0;
  const refusals: unknown[] = [];
  const log = {
    info: (obj: object, msg: string) => {
      if (msg.startsWith('rtmp publish refused') || msg.startsWith('rtmp connection refused')) {
        refusals.push((obj as { reason?: unknown }).reason);
      }
    },
    error: () => undefined,
  };

  beforeAll(async () => {
    const db = app.t.database.db;
    restarted = createLiveIngest({
      db,
      repo: createMediaJobsRepository(db),
      storage: createLocalStorage(mediaDir),
      now: () => new Date(),
      log,
      leaseMs: 30_000,
      ladder: LADDER,
      segmentSeconds: 1,
      onRecordingEnded: () => Promise.resolve(),
    });
    restartedPort = await restarted.listen(0, '127.0.0.1');
  });
  afterAll(() => restarted?.close());

  it('refusals while a dead worker still holds the game do not lock the encoder out', async () => {
    const db = app.t.database.db;
    const id = await pastGame('asc');
    const { stream_key: key } = await rotate(id);
    // The killed worker's lease on the game's live stream, not yet run out.
    const repo = createMediaJobsRepository(db);
    const held = await repo.claimLive({
      channelId: app.t.demoChannelId,
      eventId: id,
      storageKey: `${eventPrefix(app.t.demoChannelId, id)}/live/master.m3u8`,
      owner: 'killed-worker',
      now: new Date(),
      until: new Date(Date.now() + 60_000),
    });
    expect(held).toBeTruthy();

    // The encoder reconnects again and again (more than the refused-keys limit) meanwhile.
    const attempts = DEFAULT_LIMITS.maxFailuresPerMinute + 2;
    for (let i = 0; i < attempts; i += 1) {
      expect(await publish(key ?? '', 2, restartedPort).exited).not.toBe(0);
    }
    expect(refusals).toEqual(Array.from({ length: attempts }, () => 'published elsewhere'));

    // The lease is free (run out): the same key publishes.
    await repo.releaseLeases('killed-worker');
    const run = publish(key ?? '', 3, restartedPort);
    expect(await run.exited).toBe(0);
    await until('the recording to end', () => Promise.resolve(restarted.publishing().length === 0));
    expect(refusals).toHaveLength(attempts);
  }, 90_000);

  // Without a WORKER_ID: nothing of the dead one's to reclaim; its liveness lock tells.
  it.skipIf(!process.env.DATABASE_URL)(
    "a reconnecting publisher resumes on another ingest at once once the dead one's session is gone",
    async () => {
      const db = app.t.database.db;
      const id = await pastGame('desc');
      const { stream_key: key } = await rotate(id);
      // The ingest process that publishes the game: its liveness lock on a session of its own, and
      // its lease naming it, with most of its 60 s to run.
      const session = new pg.Client({ connectionString: app.t.database.url });
      await session.connect();
      const lock = randomInt(1, 2 ** 31 - 1);
      await session.query('select pg_advisory_lock($1::int, $2::int)', [LIVENESS_LOCK_CLASS, lock]);
      const repo = createMediaJobsRepository(db);
      const dead = 'ingest-996-d1ed';
      const held = await repo.claimLive({
        channelId: app.t.demoChannelId,
        eventId: id,
        storageKey: `${eventPrefix(app.t.demoChannelId, id)}/live/master.m3u8`,
        owner: dead,
        now: new Date(),
        until: new Date(Date.now() + 60_000),
        lock,
      });
      expect(held).toBeTruthy();
      const ownerOf = async () =>
        (
          await db
            .selectFrom('event_media')
            .select('lease_owner')
            .where('event_id', '=', id)
            .where('kind', '=', MEDIA_KIND.live)
            .executeTakeFirst()
        )?.lease_owner;

      // While that process runs, its game is not another ingest's.
      expect(await publish(key ?? '', 2, restartedPort).exited).not.toBe(0);
      expect(await ownerOf()).toBe(dead);

      // The process dies: its connection closes, and the lock goes with its session.
      await session.end();
      await until('the dead session gone', async () => {
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_locks
        where locktype = 'advisory' and objsubid = 2
        and classid = ${LIVENESS_LOCK_CLASS}::int::oid and objid = ${lock}::int::oid`.execute(db);
        return rows[0]?.n === 0;
      });
      const reconnectedAt = Date.now();
      const run = publish(key ?? '', 3, restartedPort);
      const owner = await until('the game taken over', async () => {
        const o = await ownerOf();
        return o && o !== dead ? o : undefined;
      });
      // At once, not after the 60 s lease.
      expect(Date.now() - reconnectedAt).toBeLessThan(15_000);
      expect(owner).toMatch(new RegExp(`^ingest-${process.pid}-[0-9a-f]+$`));
      expect(await run.exited).toBe(0);
      await until('the recording to end', () =>
        Promise.resolve(restarted.publishing().length === 0),
      );
    },
    90_000,
  );
});

describe('RTMP ingest of a worker with a WORKER_ID', () => {
  let own: LiveIngest;
  let ownPort = 0;
  /** Whether this worker holds its identity's lock (holdWorkerIdentity's answer). */
  let holding = false;
  const storageKey = (id: number) => `${eventPrefix(app.t.demoChannelId, id)}/live/master.m3u8`;
  const liveRow = (id: number) =>
    app.t.database.db
      .selectFrom('event_media')
      .select(['status', 'lease_owner'])
      .where('event_id', '=', id)
      .where('kind', '=', MEDIA_KIND.live)
      .executeTakeFirst();

  beforeAll(async () => {
    const db = app.t.database.db;
    own = createLiveIngest({
      db,
      repo: createMediaJobsRepository(db),
      storage: createLocalStorage(mediaDir),
      now: () => new Date(),
      log: silent,
      leaseMs: 30_000,
      identity: { id: 'ingest-a', holds: () => holding, close: () => Promise.resolve() },
      ladder: LADDER,
      segmentSeconds: 1,
      onRecordingEnded: () => Promise.resolve(),
    });
    ownPort = await own.listen(0, '127.0.0.1');
  });
  afterAll(() => own?.close());

  it('takes back at once the game its killed predecessor held, only while it holds the identity', async () => {
    const id = await pastGame('asc');
    const { stream_key: key } = await rotate(id);
    const repo = createMediaJobsRepository(app.t.database.db);
    // The killed process of the same identity: its lease has most of its 60 s to run.
    const held = await repo.claimLive({
      channelId: app.t.demoChannelId,
      eventId: id,
      storageKey: storageKey(id),
      owner: 'ingest-999-deadbeef@ingest-a/ingest',
      now: new Date(),
      until: new Date(Date.now() + 60_000),
    });
    expect(held).toBeTruthy();

    // Not holding the identity (its lock is another running process's): refused, as any other.
    expect(await publish(key ?? '', 2, ownPort).exited).not.toBe(0);
    expect((await liveRow(id))?.lease_owner).toBe('ingest-999-deadbeef@ingest-a/ingest');

    holding = true;
    // The same identity's synthetic encoder's lease is not the ingest's to take back.
    await app.t.database.db
      .updateTable('event_media')
      .set({ lease_owner: 'worker-999-deadbeef@ingest-a/worker' })
      .where('event_id', '=', id)
      .where('kind', '=', MEDIA_KIND.live)
      .execute();
    expect(await publish(key ?? '', 2, ownPort).exited).not.toBe(0);
    await app.t.database.db
      .updateTable('event_media')
      .set({ lease_owner: 'ingest-999-deadbeef@ingest-a/ingest' })
      .where('event_id', '=', id)
      .where('kind', '=', MEDIA_KIND.live)
      .execute();
    const run = publish(key ?? '', 3, ownPort);
    const owner = await until('the lease taken back', async () => {
      const o = (await liveRow(id))?.lease_owner;
      return o && o !== 'ingest-999-deadbeef@ingest-a/ingest' ? o : undefined;
    });
    expect(owner).toMatch(new RegExp(`^ingest-${process.pid}-[0-9a-f]+@ingest-a/ingest$`));
    expect(await run.exited).toBe(0);
    await until('the recording to end', () => Promise.resolve(own.publishing().length === 0));
    expect((await liveRow(id))?.status).toBe('ended');
    holding = false;
  }, 90_000);

  it('a publisher whose lease another worker took is cut within a tick, and the recording is left to that worker', async () => {
    const id = await pastGame('asc');
    const { stream_key: key } = await rotate(id);
    const run = publish(key ?? '', 30, ownPort);
    await until('the publisher on air', async () => (await liveRow(id))?.status === 'live', 30_000);
    // Another worker took the lease (this one was cut from the database past its lease).
    await app.t.database.db
      .updateTable('event_media')
      .set({ lease_owner: 'worker-998-cafe@other', lease_until: new Date(Date.now() + 60_000) })
      .where('event_id', '=', id)
      .where('kind', '=', MEDIA_KIND.live)
      .execute();
    const cutAt = Date.now();
    expect(await run.exited).not.toBe(0);
    expect(Date.now() - cutAt).toBeLessThan(15_000);
    await until('the slot freed', () => Promise.resolve(own.publishing().length === 0));
    // Not ended nor released by the fenced one: the new owner goes on with it.
    const row = await liveRow(id);
    expect(row?.lease_owner).toBe('worker-998-cafe@other');
    expect(row?.status).toBe('live');
    await createMediaJobsRepository(app.t.database.db).releaseLeases('worker-998-cafe@other');
  }, 90_000);
});

describe('RTMP ingest: a recording slow to open', () => {
  /** An ingest whose recordings open only once the test says (a restore, a busy disk). */
  let slow: LiveIngest;
  let slowPort = 0;
  let letOpen: () => void = () => undefined;
  const mayOpen = new Promise<void>((r) => (letOpen = r));
  let openedAt = 0;

  beforeAll(async () => {
    const db = app.t.database.db;
    const storage = createLocalStorage(mediaDir);
    slow = createLiveIngest({
      db,
      repo: createMediaJobsRepository(db),
      storage: {
        ...storage,
        async liveDir(prefix) {
          // Today's ingest answers the publish only after this: 20 s at most, not a hang.
          await Promise.race([mayOpen, new Promise((r) => setTimeout(r, 20_000))]);
          openedAt = Date.now();
          return storage.liveDir(prefix);
        },
      },
      now: () => new Date(),
      log: silent,
      leaseMs: 30_000,
      ladder: LADDER,
      segmentSeconds: 1,
      onRecordingEnded: () => Promise.resolve(),
    });
    slowPort = await slow.listen(0, '127.0.0.1');
  });
  afterAll(() => slow?.close());

  it('accepts the publisher once its claim holds, and records all it sent while the recording opened', async () => {
    const id = await pastGame('asc', 2);
    const { stream_key: key } = await rotate(id);
    // 3 s at real time, all of it sent before the recording is open.
    const run = publish(key ?? '', 3, slowPort);
    expect(await run.exited).toBe(0);
    const sentAt = Date.now();
    letOpen();
    await until('the recording to end', () => Promise.resolve(slow.publishing().length === 0));
    expect(openedAt).toBeGreaterThanOrEqual(sentAt);
    // What was held went to the encoder once it ran, in order: the 3 s, no frame lost.
    const playlist = fs.readFileSync(livePlaylist(id), 'utf8');
    expect(playlist).toContain('#EXT-X-ENDLIST');
    expect(parseMediaPlaylist(playlist).totalSeconds).toBeGreaterThanOrEqual(2.9);
    expect((await liveState(id)).last_drop).toBeNull();
  }, 60_000);
});
