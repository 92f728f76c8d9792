import type PgBoss from 'pg-boss';
import { killOrphanedFfmpeg, locateFfmpeg, type Rendition } from '@rudy/media';
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/database.js';
import { createMediaStorage } from '../modules/media/media-storage.js';
import {
  ANALYTICS_QUEUE_OPTIONS,
  registerAnalyticsJobs,
} from '../modules/analytics/analytics-housekeeping.js';
import { CLIP_QUEUE_OPTIONS, registerClipJobs } from '../modules/clips/clips.jobs.js';
import { COMMERCE_QUEUE_OPTIONS, registerCommerceJobs } from '../modules/commerce/commerce.jobs.js';
import {
  PURCHASE_MAIL_QUEUE_OPTIONS,
  registerPurchaseMailJobs,
} from '../modules/commerce/mail/purchase-mails.jobs.js';
import { FAN_ALERTS_QUEUE_OPTIONS, registerFanAlertJobs } from '../modules/fans/fan-alerts.jobs.js';
import {
  ANNOUNCEMENTS_QUEUE_OPTIONS,
  registerAnnouncementJobs,
} from '../modules/admin/announcements/announcements.jobs.js';
import {
  liveIngestDeps,
  MEDIA_QUEUE_OPTIONS,
  registerMediaJobs,
} from '../modules/media/media.jobs.js';
import { ingestSettings } from '../modules/media/ingest/ingest-settings.js';
import { startLiveIngest, type LiveIngest } from '../modules/media/ingest/live-ingest.js';
import { PREROLL_QUEUE_OPTIONS, registerPrerollJobs } from '../modules/prerolls/prerolls.jobs.js';
import { registerVodJobs, VOD_QUEUE_OPTIONS } from '../modules/vod/vod.jobs.js';
import { settlesWithin } from '../lib/settles-within.js';
import { createBoss } from './boss.js';
import { createQueues } from './create-queues.js';
import { createJobRunner, type WorkerLog } from './job-runner.js';
import { startWorkerHeartbeat } from './worker-heartbeat.js';
import { holdWorkerIdentity } from './worker-identity.js';
import { holdWorkerLiveness } from './worker-liveness.js';

export type { WorkerLog } from './job-runner.js';

export interface WorkerOptions {
  config: Config;
  database: DatabaseHandle;
  log: WorkerLog;
  now?: () => Date;
  /** Tests use a tiny ladder and short segments. */
  vodLadder?: readonly Rendition[];
  liveLadder?: readonly Rendition[];
  liveSegmentSeconds?: number;
  /**
   * The RTMP ingest, already listening (worker-main opens it before the database): undefined,
   * startWorker opens it itself, first thing; null, none.
   */
  ingest?: LiveIngest | null;
  /** Tests: what starts the job queue (a slow start, to see what waits for it). */
  startQueue?: (boss: PgBoss) => Promise<unknown>;
}

/**
 * The worker's RTMP ingest listening (LIVE_INGEST_PORT), its publishes waiting until the worker
 * gives them what they need: opened before anything else of a start, so that an encoder
 * reconnecting to a restarted worker is taken at once instead of refused for seconds.
 */
export function listenLiveIngest(config: Config, log: WorkerLog) {
  return startLiveIngest(ingestSettings(config), { log });
}

/** Every module's queues, created (or brought up to date) before any handler starts. */
const QUEUE_OPTIONS: Record<string, Omit<PgBoss.Queue, 'name'>> = {
  ...MEDIA_QUEUE_OPTIONS,
  ...CLIP_QUEUE_OPTIONS,
  ...VOD_QUEUE_OPTIONS,
  ...COMMERCE_QUEUE_OPTIONS,
  ...PREROLL_QUEUE_OPTIONS,
  ...ANALYTICS_QUEUE_OPTIONS,
  ...FAN_ALERTS_QUEUE_OPTIONS,
  ...PURCHASE_MAIL_QUEUE_OPTIONS,
  ...ANNOUNCEMENTS_QUEUE_OPTIONS,
};

/**
 * The job worker: starts pg-boss on the application's database and registers the handlers that
 * modules export. Runs inside the server process by default (WORKER=true).
 */
export async function startWorker(o: WorkerOptions) {
  const { config, database, log } = o;
  const now = o.now ?? (() => new Date());
  const ingest = o.ingest !== undefined ? o.ingest : await listenLiveIngest(config, log);
  const ffmpeg = locateFfmpeg();
  log.info({ ffmpeg: ffmpeg.path, source: ffmpeg.source }, 'media worker starting');
  const storage = createMediaStorage(config);
  // What a dead worker of this machine left: its ffmpeg (where no death signal ended it) and its
  // jobs' scratch. Not that of workers alive beside this one on the same MEDIA_DIR. A live ingest
  // encoder finishing its recording after its worker died is given a few seconds to do so first.
  const orphans = await killOrphanedFfmpeg();
  if (orphans.killed > 0 || orphans.flushed > 0) {
    log.info(orphans, 'ffmpeg left by a dead worker ended');
  }
  await storage.clearWork();
  // WORKER_ID: before any encoder starts, so a restart takes its live games back at once.
  const identity = await holdWorkerIdentity(config.WORKER_ID, config.DATABASE_URL, log);
  // Whether this process runs: when it dies, its live games are taken by any worker at once.
  const liveness = await holdWorkerLiveness(config.DATABASE_URL, log);

  const boss = createBoss(database, config.DATABASE_URL, (error) =>
    log.error({ err: error }, 'job queue error'),
  );
  const runner = createJobRunner(log);
  // The ingest's publishes go on now: what they need is held (the orphans are gone, the identity
  // and liveness lock held); the queue is needed only when a recording ends (its stills).
  let queueUp: (b: PgBoss) => void = () => undefined;
  const queue = new Promise<PgBoss>((resolve) => (queueUp = resolve));
  const liveOptions = {
    config,
    db: database.db,
    storage,
    now,
    identity,
    liveness,
    ...(o.liveLadder ? { liveLadder: o.liveLadder } : {}),
    ...(o.liveSegmentSeconds ? { liveSegmentSeconds: o.liveSegmentSeconds } : {}),
  };
  const ingestDeps = liveIngestDeps({ ...liveOptions, log: runner.log }, queue);
  ingest?.ready(ingestDeps);

  await (o.startQueue ?? ((b: PgBoss) => b.start()))(boss);
  await createQueues(boss, QUEUE_OPTIONS, log);
  queueUp(boss);

  const media = await registerMediaJobs(boss, {
    ...liveOptions,
    runner,
    ingest,
    onRecordingEnded: ingestDeps.onRecordingEnded,
    ...(o.vodLadder ? { vodLadder: o.vodLadder } : {}),
  });
  const clips = await registerClipJobs(boss, { db: database.db, storage, runner, now });
  const vod = await registerVodJobs(boss, {
    config,
    db: database.db,
    storage,
    runner,
    now,
    hold: media.hold,
    ...(o.vodLadder ? { ladder: o.vodLadder } : {}),
  });
  await registerCommerceJobs(boss, { config, db: database.db, runner, now });
  await registerPrerollJobs(boss, { db: database.db, runner, now });
  await registerAnalyticsJobs(boss, { config, db: database.db, runner, now });
  await registerFanAlertJobs(boss, { config, db: database.db, runner, now });
  await registerPurchaseMailJobs(boss, { config, db: database.db, runner, now });
  await registerAnnouncementJobs(boss, { config, db: database.db, runner, now });
  // Once every handler is in place: /api/ready counts this worker from its first beat.
  const heartbeat = await startWorkerHeartbeat(database.db, log);

  return {
    boss,
    supervisor: media.supervisor,
    storage,
    async stop() {
      // Everything below fits in the shutdown deadline, less a margin for closing the database.
      const until = Date.now() + Math.max(1_000, config.SHUTDOWN_TIMEOUT_MS - 3_000);
      const started = Date.now();
      clips.stop();
      // A supervisor tick may be rendering a game's loop (many seconds): the encoders get half the
      // budget, then whatever ffmpeg they still run is killed below with the rest.
      const encoders = media
        .stopEncoders()
        .catch((error: unknown) => log.error({ err: error }, 'live encoders did not stop cleanly'));
      const stopped = await settlesWithin(encoders, (until - started) / 2);
      log.info({ ms: Date.now() - started, stopped }, 'live encoders stopped');
      // Running jobs may finish in what is left; what is cut short is retried after the next start
      // (the media and library jobs' leases lapse: the reaper hands them out again).
      const timeout = Math.max(500, until - Date.now());
      await Promise.all([
        media.stopJobs(timeout),
        vod.stopJobs(timeout),
        boss.stop({ graceful: true, wait: true, timeout }),
      ]);
      const killed = media.killRemaining();
      log.info({ ms: Date.now() - started, killed }, 'job worker stopped');
      await heartbeat.stop();
      await identity?.close();
      await liveness?.close();
    },
    /** The deadline passed: no ffmpeg outlives the process. */
    kill: media.killRemaining,
  };
}
export type Worker = Awaited<ReturnType<typeof startWorker>>;
