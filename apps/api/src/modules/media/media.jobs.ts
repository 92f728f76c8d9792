import { createCaptionsService } from '../captions/captions.service.js';
import path from 'node:path';
import { MEDIA_KIND } from '@rudy/contracts';
import { killAllFfmpeg, type MediaStorage, type Rendition } from '@rudy/media';
import type PgBoss from 'pg-boss';
import type { Config } from '../../config.js';
import type { DB } from '../../db/database.js';
import { startJobLoop, type JobLoop } from '../../jobs/job-loop.js';
import type { JobRunner } from '../../jobs/job-runner.js';
import { sendOnce } from '../../jobs/send-once.js';
import {
  demoMediaChannelIds,
  demoPrerollsMissing,
  generateDemoGame,
  generateDemoPrerolls,
} from './demo-media.js';
import type { LiveIngest, LiveIngestDeps } from './ingest/live-ingest.js';
import type { WorkerIdentity } from './live-lease-owner.js';
import type { WorkerLiveness } from '../../jobs/worker-liveness.js';
import { createLiveSupervisor } from './live-supervisor.js';
import {
  createMediaJobLeases,
  LEASE_REAPER_QUEUE_OPTIONS,
  registerLeaseReaper,
} from './media-job-lease.js';
import { createMediaJobsRepository } from './media-jobs.repository.js';
import { eventPrefix } from './media-paths.js';
import {
  QUEUE_OPTIONS,
  QUEUES,
  type DemoPrerollsJob,
  type EventJob,
  type LiveStillsJob,
  type PackageUploadJob,
  type PackageVodJob,
} from './media-queues.js';
import { createMediaUploadsRepository } from './media-uploads.repository.js';
import { makeLiveStills, queueLiveStills } from './live-stills.js';
import { packageEventMedia } from './package-media.js';
import { packageUpload } from './upload-job.js';
import {
  detectMoments,
  queueMomentDetection,
  replaysWithoutDetection,
  type DetectMomentsJob,
} from '../moments/detect-moments.js';
import { startLiveMoments } from '../moments/live-moments.js';
import {
  makeHighlightsReel,
  queueHighlightsReel,
  type HighlightsReelJob,
} from '../moments/highlights-reel.js';

/** Replays a worker's start queues for moment detection at most (the newest first). */
const DETECT_SWEEP_LIMIT = 200;

export const MEDIA_QUEUE_OPTIONS = { ...QUEUE_OPTIONS, ...LEASE_REAPER_QUEUE_OPTIONS };

type Handler<T> = (jobs: PgBoss.Job<T>[]) => Promise<unknown>;

export interface MediaJobsOptions {
  config: Config;
  db: DB;
  storage: MediaStorage;
  runner: JobRunner;
  now: () => Date;
  /** Tests use a tiny ladder and short segments. */
  vodLadder?: readonly Rendition[];
  liveLadder?: readonly Rendition[];
  liveSegmentSeconds?: number;
  /** WORKER_ID, held (holdWorkerIdentity): the live encoders' leases survive a restart. */
  identity?: WorkerIdentity | null;
  /** The process's liveness lock (holdWorkerLiveness): when it dies, other workers take its live games at once. */
  liveness?: WorkerLiveness | null;
  /** The RTMP ingest, listening since the worker's start (liveIngestDeps made it ready). */
  ingest?: LiveIngest | null;
  /** Where a live recording that ended has its stills queued (liveIngestDeps's, shared). */
  onRecordingEnded?: (job: LiveStillsJob) => Promise<void>;
}

/**
 * What the worker's RTMP ingest needs, given it as soon as the worker holds its identity and
 * liveness lock, before the job queue starts (issue 28: a restarted worker's reconnecting
 * publisher goes on air without waiting for pg-boss and the handlers). A recording that ends has
 * its stills queued once the queue runs (`queue`).
 */
export function liveIngestDeps(
  o: Pick<
    MediaJobsOptions,
    | 'config'
    | 'db'
    | 'storage'
    | 'now'
    | 'identity'
    | 'liveness'
    | 'liveLadder'
    | 'liveSegmentSeconds'
  > & { log: LiveIngestDeps['log'] },
  queue: Promise<PgBoss>,
): LiveIngestDeps {
  return {
    db: o.db,
    repo: createMediaJobsRepository(o.db),
    storage: o.storage,
    now: o.now,
    log: o.log,
    leaseMs: o.config.LIVE_ENCODER_LEASE_SECONDS * 1000,
    identity: o.identity ?? null,
    liveness: o.liveness ?? null,
    onRecordingEnded: async (job) => {
      await queueLiveStills(o.db, await queue, job);
    },
    ...(o.liveLadder ? { ladder: o.liveLadder } : {}),
    ...(o.liveSegmentSeconds ? { segmentSeconds: o.liveSegmentSeconds } : {}),
  };
}

/**
 * The media side of the worker: transcode handlers, the demo channels' media at start-up and the
 * live encoder supervisor. Returns what the worker stops on shutdown.
 */
export async function registerMediaJobs(boss: PgBoss, o: MediaJobsOptions) {
  const { config, storage, runner, now } = o;
  const repo = createMediaJobsRepository(o.db);
  const uploads = createMediaUploadsRepository(o.db);
  const deps = { storage, repo, ...(o.vodLadder ? { ladder: o.vodLadder } : {}) };
  // Every media job holds a lease while it runs; the reaper re-queues those of dead workers.
  const leaseSeconds = config.MEDIA_JOB_LEASE_SECONDS;
  const leases = createMediaJobLeases({ repo, log: runner.log, leaseSeconds });
  await registerLeaseReaper(boss, { repo, log: runner.log, leaseSeconds });

  // A game's replay that became ready gets its key moments detected, once per replay.
  const detect = (job: DetectMomentsJob) => queueMomentDetection(o.db, boss, job);
  const reel = (job: HighlightsReelJob) => queueHighlightsReel(o.db, boss, job);

  // One job at a time per loop: MEDIA_JOB_CONCURRENCY loops per queue. Each job holds a lease.
  const loops: JobLoop[] = [];
  const work = <T>(queue: string, pollingIntervalSeconds: number, handler: Handler<T>) => {
    const { log } = runner;
    loops.push(
      startJobLoop(boss, queue, { pollingIntervalSeconds, log, hold: leases.hold, handler }),
    );
  };
  // Demo games one at a time, whatever MEDIA_JOB_CONCURRENCY: each holds about one core, and a
  // fresh start queues them all (highest priority first, so the listings' games come first).
  work<EventJob>(
    QUEUES.demoGame,
    1,
    runner.each(async (job) => {
      const done = await generateDemoGame(
        {
          ...deps,
          captions: createCaptionsService(o.db),
          gameSeconds: config.DEMO_GAME_SECONDS,
        },
        job,
      );
      if (done === 'done') await detect(job);
      return done;
    }),
  );
  for (let i = 0; i < config.MEDIA_JOB_CONCURRENCY; i += 1) {
    work<PackageVodJob>(
      QUEUES.packageVod,
      2,
      runner.each(async (job) => {
        const dir = await storage.localDir(path.posix.dirname(job.sourceKey));
        try {
          const file = path.join(dir.path, path.posix.basename(job.sourceKey));
          await packageEventMedia(deps, job, {
            file,
            hasFixedGop: job.sourceHasFixedGop ?? false,
          });
        } finally {
          await dir.release();
        }
        await detect(job);
      }),
    );
    work<LiveStillsJob>(
      QUEUES.liveStills,
      2,
      runner.each(async (job) => {
        await makeLiveStills(deps, job);
        await detect(job);
      }),
    );
    work<PackageUploadJob>(
      QUEUES.packageUpload,
      1,
      runner.each(async (job) => {
        const outcome = await packageUpload({ ...deps, db: o.db, uploads }, job);
        const upload = outcome === 'done' ? await uploads.find(job.channelId, job.uploadId) : null;
        if (upload?.event_id) await detect({ channelId: job.channelId, eventId: upload.event_id });
        return outcome;
      }),
    );
    work<DetectMomentsJob>(
      QUEUES.detectMoments,
      2,
      runner.each(async (job) => {
        const found = await detectMoments({ db: o.db, storage }, job);
        // The game's moments are known: its reel, once (a finished reel is not redone).
        if (found !== 'skipped') await reel(job);
        return found;
      }),
    );
    work<HighlightsReelJob>(
      QUEUES.highlightsReel,
      2,
      runner.each((job) => makeHighlightsReel({ db: o.db, storage }, job)),
    );
  }
  work<DemoPrerollsJob>(
    QUEUES.demoPrerolls,
    1,
    runner.each((job) => generateDemoPrerolls({ ...deps, db: o.db }, job.channelIds)),
  );

  // Replays whose detection was lost with its worker, or older than the detector.
  for (const job of await replaysWithoutDetection(o.db, DETECT_SWEEP_LIMIT)) await detect(job);

  const demoChannels = await demoMediaChannelIds(o.db, config.DEMO_MEDIA_CHANNELS);
  await enqueueDemoMedia(boss, o.db, storage, demoChannels, config.DEMO_MEDIA_FIRST, now());

  // A live recording that ended (synthetic or RTMP) gets its poster, thumbnails and previews.
  const onRecordingEnded =
    o.onRecordingEnded ??
    (async (job: LiveStillsJob) => {
      await queueLiveStills(o.db, boss, job);
    });
  const supervisor = createLiveSupervisor({
    repo,
    storage,
    channelIds: demoChannels,
    now,
    ...(o.liveLadder ? { ladder: o.liveLadder } : {}),
    ...(o.liveSegmentSeconds ? { segmentSeconds: o.liveSegmentSeconds } : {}),
    leaseMs: config.LIVE_ENCODER_LEASE_SECONDS * 1000,
    identity: o.identity ?? null,
    liveness: o.liveness ?? null,
    dvrWindowSeconds: config.LIVE_DVR_WINDOW_SECONDS,
    recordingRetentionMs: config.DEMO_RECORDING_RETENTION_HOURS * 3_600_000,
    onRecordingExpired: (game) => queueDemoGame(boss, o.db, game, 0),
    log: runner.log,
    onRecordingEnded,
  });
  supervisor.start();
  const ingest = o.ingest ?? null;
  // Key moments of the live games this worker encodes, as they are played.
  const liveMoments = startLiveMoments({ db: o.db, storage, log: runner.log });
  // However the process ends, its encoders must not outlive it (SIGKILL aside: see maxSeconds).
  process.once('exit', killAllFfmpeg);

  return {
    supervisor,
    /** The lease every media job holds while it runs (the library's jobs hold it too). */
    hold: leases.hold,
    /** Live encoders stop first (their games resume on the next start). */
    async stopEncoders() {
      process.off('exit', killAllFfmpeg);
      // Publishers are cut (their encoders reconnect, to this worker or another) and their
      // recordings finished before the synthetic ones stop.
      await ingest?.close();
      await supervisor.stop();
      await liveMoments.stop();
    },
    /** No job is fetched any more; false when some still run after `ms`. */
    async stopJobs(ms: number): Promise<boolean> {
      const stopped = await Promise.all(loops.map((loop) => loop.stop(ms)));
      return stopped.every(Boolean);
    },
    /** What is still running after the queue stopped (cut short, retried after the next start). */
    killRemaining: killAllFfmpeg,
  };
}

/**
 * Queues the demo channels' media: the pre-roll clips (while some is missing: each worker start
 * used to queue the job again once the last run had made them all) and the most recent `first`
 * finished games at high priority (playable within the first minutes), every other finished game
 * behind them. A pending VOD row per game makes the API answer "preparing" until the job is done.
 */
export async function enqueueDemoMedia(
  boss: PgBoss,
  db: DB,
  storage: MediaStorage,
  channelIds: number[],
  first: number,
  now: Date,
): Promise<number> {
  if (channelIds.length === 0) return 0;
  // Looked at again under the key's lock: a worker starting beside one whose job just made the
  // last clip queues nothing.
  const missing = (trx: DB) => demoPrerollsMissing({ db: trx, storage }, channelIds);
  if (await missing(db)) {
    await sendOnce(
      db,
      boss,
      QUEUES.demoPrerolls,
      { channelIds },
      {
        singletonKey: 'demo-prerolls',
        priority: 100,
        served: async (trx) => !(await missing(trx)),
      },
    );
  }
  const games = await createMediaJobsRepository(db).finishedWithoutVod(channelIds, now);
  for (const [index, game] of games.entries()) {
    const job = { channelId: game.channel_id, eventId: game.id };
    await queueDemoGame(boss, db, job, index < first ? 50 : 0);
  }
  return games.length;
}

/**
 * A finished demo game's rendered VOD: "preparing" (a pending row) until its job is done. One job
 * per game: a restart finds the one its predecessor queued or was running.
 */
async function queueDemoGame(boss: PgBoss, db: DB, job: EventJob, priority: number) {
  const prefix = eventPrefix(job.channelId, job.eventId);
  const repo = createMediaJobsRepository(db);
  await repo.markPending(job.channelId, job.eventId, MEDIA_KIND.vod, `${prefix}/vod/master.m3u8`);
  await sendOnce(db, boss, QUEUES.demoGame, job, {
    singletonKey: `demo-${job.eventId}`,
    priority,
    // What the job would skip: the game has its VOD (rendered, or the operator's).
    served: async (trx) => {
      const scoped = createMediaJobsRepository(trx);
      return (await scoped.hasReadyVod(job.eventId)) || (await scoped.hasOperatorVod(job.eventId));
    },
  });
}
