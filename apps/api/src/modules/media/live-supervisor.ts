import {
  ensureLiveLoop,
  LIVE_SEGMENT_SECONDS,
  locateFont,
  pruneLiveRecording,
  startLivePublisher,
  type FfmpegProcess,
  type LiveMirror,
  type MediaStorage,
  type Rendition,
} from '@rudy/media';
import fs from 'node:fs';
import path from 'node:path';
import {
  finishLiveRecording,
  leaseFence,
  openLiveRecording,
  recordingIsServable,
  settleTakeover,
  type LiveRecording,
} from './live-recording.js';
import { eventPrefix } from './media-paths.js';
import { inDemoLane } from './demo-lane.js';
import { demoPicture } from './demo-picture.js';
import type { GameRow, MediaJobsRepository } from './media-jobs.repository.js';
import type { LiveStillsJob } from './media-queues.js';
import { leaseOwner, type WorkerIdentity } from './live-lease-owner.js';
import type { WorkerLiveness } from '../../jobs/worker-liveness.js';

/** Defaults: a worker renews its encoders' leases every tick; another takes over once one lapses. */
const TICK_MS = 5_000;
const LEASE_MS = 30_000;
/** An encoder that keeps dying is retried at most this often. */
const RESTART_BACKOFF_MS = 30_000;
/**
 * A synthetic game's segments that fell out of the DVR window are deleted this often (and expired
 * recordings looked for), kept this much longer than the window (a player may still fetch one its
 * last playlist listed).
 */
const PRUNE_EVERY_MS = 60_000;
const PRUNE_MARGIN_SECONDS = 60;

interface Running {
  mediaId: number;
  eventId: number;
  channelId: number;
  dir: string;
  key: string;
  encoder: FfmpegProcess;
  mirror: LiveMirror | null;
}

export interface SupervisorDeps {
  repo: MediaJobsRepository;
  storage: MediaStorage;
  channelIds: number[];
  now: () => Date;
  ladder?: readonly Rendition[];
  segmentSeconds?: number;
  /** How long an encoder's lease lasts unrenewed (LIVE_ENCODER_LEASE_SECONDS); ticks come 3 times as often at least. */
  leaseMs?: number;
  /** WORKER_ID, held: a restart takes this worker's encoders back at once (see claimLive). */
  identity?: WorkerIdentity | null;
  /**
   * This process's liveness lock (worker-liveness.ts): its key goes into the leases, so when this
   * process dies any other worker takes its games at once (see claimLive).
   */
  liveness?: WorkerLiveness | null;
  /**
   * LIVE_DVR_WINDOW_SECONDS: a synthetic game is a loop sent on and on, so what fell out of the
   * window is deleted (0: kept, as a real game's recording always is).
   */
  dvrWindowSeconds?: number;
  /**
   * DEMO_RECORDING_RETENTION_HOURS in ms (0 or unset: kept): a synthetic game's recording this
   * long after its end is deleted and `onRecordingExpired` gives the game its short rendered VOD.
   */
  recordingRetentionMs?: number;
  onRecordingExpired?: (game: { channelId: number; eventId: number }) => Promise<void>;
  onRecordingEnded: (job: LiveStillsJob) => Promise<void>;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/**
 * Keeps one built-in live publisher per demo game that is on now: renders the game's picture as a
 * short loop and publishes it at real time by stream copy from the game's start (continuing the
 * recording after a restart), stops it at the game's end, and turns the recording into the game's
 * VOD. A lease on the live media row keeps a second worker from encoding the same
 * game, and lets it take over when the first one dies.
 */
export function createLiveSupervisor(deps: SupervisorDeps) {
  const { owner, reclaim } = leaseOwner('worker', deps.identity);
  const lockKey = () => deps.liveness?.key() ?? null;
  const leaseMs = deps.leaseMs ?? LEASE_MS;
  const tickMs = Math.min(TICK_MS, Math.floor(leaseMs / 3));
  const running = new Map<number, Running>();
  const failedAt = new Map<number, number>();
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<void> | undefined;
  let prunedAt = 0;

  /** The game's picture as a loop (rendered once per game), with the score as it stands now. */
  async function prepareLoop(game: GameRow, elapsed: number) {
    const prefix = eventPrefix(game.channel_id, game.id);
    // Beside live/, never under it: the loop is a working file, not something viewers fetch.
    // Named for its segment length: a loop kept from a start with other keyframes is made again.
    const segment = deps.segmentSeconds ?? LIVE_SEGMENT_SECONDS;
    const loop = path.join(
      await deps.storage.liveDir(`${prefix}/live-loop`),
      `loop-${segment}s.mp4`,
    );
    const picture = demoPicture(game, {
      gameSeconds: game.duration_minutes * 60,
      clockOffsetSeconds: elapsed,
      fontFile: locateFont(),
    });
    await inDemoLane(() =>
      ensureLiveLoop({
        output: loop,
        picture: {
          ...picture,
          goals: picture.goals.filter((g) => g.atSeconds <= elapsed),
          showClock: false,
        },
        ...(deps.ladder ? { ladder: deps.ladder } : {}),
        ...(deps.segmentSeconds ? { segmentSeconds: deps.segmentSeconds } : {}),
      }),
    );
    return { loop, fps: picture.fps };
  }

  async function start(game: GameRow) {
    const last = failedAt.get(game.id);
    if (last !== undefined && deps.now().getTime() - last < RESTART_BACKOFF_MS) return;
    const prefix = eventPrefix(game.channel_id, game.id);
    const key = `${prefix}/live/master.m3u8`;
    const startedAt = new Date(game.event_utc_ts).getTime();
    // Rendered before the claim (two workers may both render it; the file is renamed into place
    // whole), so a claim's lease is never spent waiting for ffmpeg.
    const elapsed = Math.max(0, (deps.now().getTime() - startedAt) / 1000);
    const prepared = await prepareLoop(game, elapsed).catch((error: unknown) => {
      failedAt.set(game.id, deps.now().getTime());
      deps.log.error({ eventId: game.id, err: error }, 'live loop could not be rendered');
      return null;
    });
    if (!prepared) return;
    const now = deps.now();
    const row = await deps.repo.claimLive({
      channelId: game.channel_id,
      eventId: game.id,
      storageKey: key,
      owner,
      now,
      until: new Date(now.getTime() + leaseMs),
      reclaim: reclaim(),
      lock: lockKey(),
    });
    if (!row) return;
    // Its uploads are fenced by the lease: once taken over, this encoder writes nothing more.
    const fence = leaseFence(deps.repo, { mediaId: row.id, owner, leaseMs, now: deps.now });
    await settleTakeover(deps.storage, row, leaseMs);
    const { dir, mirror } = await openLiveRecording(deps.storage, key, deps.log, fence);
    const remaining = game.duration_minutes * 60 - (now.getTime() - startedAt) / 1000;
    const encoder = await startLivePublisher({
      loop: prepared.loop,
      outputDir: dir,
      fps: prepared.fps,
      ...(deps.ladder ? { ladder: deps.ladder } : {}),
      ...(deps.segmentSeconds ? { segmentSeconds: deps.segmentSeconds } : {}),
      maxSeconds: Math.ceil(remaining) + 60,
    });
    const entry: Running = {
      mediaId: row.id,
      eventId: game.id,
      channelId: game.channel_id,
      dir,
      key,
      encoder,
      mirror,
    };
    running.set(game.id, entry);
    mirror?.start();
    deps.log.info({ eventId: game.id, pid: encoder.pid }, 'live encoder started');
    encoder.exited.catch((error: unknown) => {
      if (running.get(game.id) !== entry) return;
      running.delete(game.id);
      failedAt.set(game.id, deps.now().getTime());
      deps.log.error({ eventId: game.id, err: error }, 'live encoder died; restarting');
      // What it finished goes up; the restart continues from the same files.
      void mirror?.stop().catch(() => undefined);
    });
    // The stream is announced once its first playlist can be served, so players never get a 404.
    void waitForPlaylist(() => recordingIsServable(dir, mirror), 20_000).then(async (ok) => {
      if (ok && running.get(game.id) === entry) await deps.repo.setStatus(row.id, 'live');
    });
  }

  async function finish(r: LiveRecording) {
    const loops = `${eventPrefix(r.channelId, r.eventId)}/live-loop`;
    // Ours when we ran it, or when its loop is here (its worker died): never an RTMP game's.
    const synthetic =
      r.synthetic === true || fs.readdirSync(await deps.storage.liveDir(loops)).length > 0;
    await finishLiveRecording(deps, { ...r, synthetic });
    // The loop was only there to be published: disk holds the recording, nothing more.
    await deps.storage.delete(`${loops}/`);
  }

  /** Synthetic recordings past their retention: rows, then files; the game is rendered again. */
  async function expireRecordings(now: Date) {
    const retention = deps.recordingRetentionMs ?? 0;
    if (retention <= 0) return;
    const before = new Date(now.getTime() - retention);
    for (const r of await deps.repo.expiredSyntheticRecordings(deps.channelIds, before)) {
      if (!r.storage_key) continue;
      const prefix = eventPrefix(r.channel_id, r.event_id);
      await deps.repo.dropRecording(r.event_id, r.storage_key);
      await deps.onRecordingExpired?.({ channelId: r.channel_id, eventId: r.event_id });
      await deps.storage.delete(`${path.posix.dirname(r.storage_key)}/`);
      // A download remuxed from that recording.
      await deps.storage.delete(`${prefix}/download/`);
      deps.log.info({ eventId: r.event_id }, 'demo recording expired; the game is rendered again');
    }
  }

  /** Renews our leases; an encoder whose lease another worker took is stopped (fencing). */
  async function renew() {
    const held = [...running.values()];
    const ours = await deps.repo.renewLeases(
      owner,
      held.map((r) => r.mediaId),
      new Date(deps.now().getTime() + leaseMs),
      lockKey(),
    );
    for (const r of held) {
      if (ours.has(r.mediaId) || running.get(r.eventId) !== r) continue;
      running.delete(r.eventId);
      deps.log.error({ eventId: r.eventId }, 'live encoder lease taken over; encoder stopped');
      await r.encoder.stop();
      await r.mirror?.stop().catch(() => undefined);
    }
  }

  async function tick() {
    const now = deps.now();
    const live = await deps.repo.liveNow(deps.channelIds, now);
    const liveIds = new Set(live.map((g) => g.id));
    for (const [eventId, r] of running) {
      if (liveIds.has(eventId)) continue;
      running.delete(eventId);
      await r.encoder.stop();
      // Only while ours: a game taken over just before its end is its new encoder's to finish.
      await finish({ ...r, synthetic: true, owner });
    }
    for (const game of live) {
      if (running.has(game.id)) continue;
      await start(game);
      // Rendering a loop takes seconds: keep the games already running claimed meanwhile.
      await renew();
    }
    await renew();
    if (Date.now() - prunedAt >= PRUNE_EVERY_MS) {
      prunedAt = Date.now();
      const keep = deps.dvrWindowSeconds ?? 0;
      if (keep > 0) {
        for (const r of running.values()) {
          const gone = await pruneLiveRecording(r.dir, keep + PRUNE_MARGIN_SECONDS);
          await r.mirror?.forget(gone);
        }
      }
      await expireRecordings(now);
    }
    // Games whose encoder vanished with its worker: close their recordings too.
    for (const stale of await deps.repo.staleLive(now)) {
      if (!stale.storage_key) continue;
      const dir = path.posix.dirname(stale.storage_key);
      await finish({
        mediaId: stale.id,
        eventId: stale.event_id,
        channelId: stale.channel_id,
        dir: await deps.storage.liveDir(dir),
        key: stale.storage_key,
      });
    }
  }

  const guardedTick = () => {
    ticking ??= tick()
      .catch((error: unknown) => deps.log.error({ err: error }, 'live supervisor tick failed'))
      .finally(() => {
        ticking = undefined;
      });
    return ticking;
  };

  return {
    owner,
    tick: guardedTick,
    running: () => [...running.keys()],
    start() {
      void guardedTick();
      timer = setInterval(() => void guardedTick(), tickMs);
      timer.unref();
    },
    /** Stops the encoders without ending the games: the next start continues their recordings. */
    async stop() {
      clearInterval(timer);
      await ticking;
      await Promise.all(
        [...running.values()].map(async (r) => {
          await r.encoder.stop();
          await r.mirror?.stop();
        }),
      );
      running.clear();
      await deps.repo.releaseLeases(owner);
    },
  };
}

async function waitForPlaylist(ready: () => boolean, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (ready()) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}
