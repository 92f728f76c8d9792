import path from 'node:path';
import { MEDIA_KIND } from '@rudy/contracts';
import { createLocalStorage, killAllFfmpeg, locateFfmpeg, type Rendition } from '@rudy/media';
import type PgBoss from 'pg-boss';
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/database.js';
import { eventPrefix } from '../modules/media/media-paths.js';
import { mediaDirOf } from '../modules/media/register-media.js';
import { createPrerollsRepository } from '../modules/prerolls/prerolls.repository.js';
import { createBoss } from './boss.js';
import { generateDemoGame, generateDemoPrerolls } from './demo-media.js';
import { createLiveSupervisor } from './live-supervisor.js';
import { createMediaJobsRepository } from './media-jobs.repository.js';
import { packageEventMedia, publishStills } from './package-media.js';
import {
  QUEUE_OPTIONS,
  QUEUES,
  type DemoPrerollsJob,
  type EventJob,
  type LiveStillsJob,
  type PackageVodJob,
} from './queues.js';

export interface WorkerLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface WorkerOptions {
  config: Config;
  database: DatabaseHandle;
  log: WorkerLog;
  now?: () => Date;
  /** Tests use a tiny ladder and short segments. */
  vodLadder?: readonly Rendition[];
  liveLadder?: readonly Rendition[];
  liveSegmentSeconds?: number;
}

/**
 * The job worker: pg-boss handlers for the media jobs, the demo channel's media at start-up and
 * the live encoder supervisor. Runs inside the server process by default (WORKER=true).
 */
export async function startWorker(o: WorkerOptions) {
  const { config, database, log } = o;
  const now = o.now ?? (() => new Date());
  const ffmpeg = locateFfmpeg();
  log.info({ ffmpeg: ffmpeg.path, source: ffmpeg.source }, 'media worker starting');
  const storage = createLocalStorage(mediaDirOf(config));
  // Scratch of jobs that died with the previous process.
  await storage.clearWork();
  const repo = createMediaJobsRepository(database.db);
  const deps = { storage, repo, ...(o.vodLadder ? { ladder: o.vodLadder } : {}) };

  const boss = createBoss(database, config.DATABASE_URL);
  boss.on('error', (error: unknown) => log.error({ err: error }, 'job queue error'));
  await boss.start();
  for (const [name, options] of Object.entries(QUEUE_OPTIONS)) {
    await boss.createQueue(name, { name, ...options });
    // createQueue keeps an existing queue as it was: bring its options up to date.
    await boss.updateQueue(name, { name, ...options });
  }

  const each =
    <T>(handler: (data: T) => Promise<unknown>) =>
    async (jobs: PgBoss.Job<T>[]) => {
      for (const job of jobs) {
        const started = Date.now();
        try {
          const result = await handler(job.data);
          log.info({ job: job.name, data: job.data, result, ms: Date.now() - started }, 'job done');
        } catch (error) {
          log.error({ job: job.name, data: job.data, err: error }, 'job failed');
          throw error;
        }
      }
    };
  // pg-boss 10 runs one job at a time per work() call: concurrency is the number of calls.
  for (let i = 0; i < config.MEDIA_JOB_CONCURRENCY; i += 1) {
    await boss.work<EventJob>(
      QUEUES.demoGame,
      { pollingIntervalSeconds: 1, priority: true },
      each((job) => generateDemoGame({ ...deps, gameSeconds: config.DEMO_GAME_SECONDS }, job)),
    );
    await boss.work<PackageVodJob>(
      QUEUES.packageVod,
      { pollingIntervalSeconds: 2 },
      each(async (job) => {
        const dir = await storage.localDir(path.posix.dirname(job.sourceKey));
        try {
          const file = path.join(dir.path, path.posix.basename(job.sourceKey));
          await packageEventMedia(deps, job, { file, hasFixedGop: job.sourceHasFixedGop ?? false });
        } finally {
          await dir.release();
        }
      }),
    );
    await boss.work<LiveStillsJob>(
      QUEUES.liveStills,
      { pollingIntervalSeconds: 2 },
      each(async (job) => {
        const dir = await storage.localDir(path.posix.dirname(job.storageKey));
        try {
          await publishStills(deps, job, {
            best: path.join(dir.path, 'v0/index.m3u8'),
            small: path.join(dir.path, 'v1/index.m3u8'),
            smallKeyframesFrequent: true,
            durationSeconds: job.durationSeconds,
          });
        } finally {
          await dir.release();
        }
      }),
    );
  }
  await boss.work<DemoPrerollsJob>(
    QUEUES.demoPrerolls,
    { pollingIntervalSeconds: 1 },
    each((job) => generateDemoPrerolls({ ...deps, db: database.db }, job.channelIds)),
  );

  const demoChannels = await repo.channelIds(
    config.DEMO_MEDIA_CHANNELS.split(',')
      .map((k) => k.trim())
      .filter(Boolean),
  );
  await enqueueDemoMedia(boss, repo, demoChannels, config.DEMO_MEDIA_FIRST, now());

  const supervisor = createLiveSupervisor({
    repo,
    storage,
    channelIds: demoChannels,
    now,
    ...(o.liveLadder ? { ladder: o.liveLadder } : {}),
    ...(o.liveSegmentSeconds ? { segmentSeconds: o.liveSegmentSeconds } : {}),
    log,
    onRecordingEnded: async (job) => {
      await boss.send(QUEUES.liveStills, job, { singletonKey: `live-stills-${job.eventId}` });
    },
  });
  supervisor.start();
  // However the process ends, its encoders must not outlive it (SIGKILL aside: see maxSeconds).
  process.once('exit', killAllFfmpeg);

  // Ended suppressions are only history.
  const prerolls = createPrerollsRepository(database.db);
  const housekeeping = setInterval(() => {
    prerolls
      .deleteExpired(now())
      .catch((error: unknown) => log.error({ err: error }, 'cleanup failed'));
  }, 3_600_000);
  housekeeping.unref();

  return {
    boss,
    supervisor,
    storage,
    async stop() {
      process.off('exit', killAllFfmpeg);
      clearInterval(housekeeping);
      await supervisor.stop();
      // Running jobs get a few seconds; what is cut short is retried after the next start.
      await boss.stop({ graceful: true, wait: true, timeout: 4_000 });
      killAllFfmpeg();
    },
  };
}
export type Worker = Awaited<ReturnType<typeof startWorker>>;

/**
 * Queues the demo channels' media: the pre-roll clips and the most recent `first` finished games
 * at high priority (playable within the first minutes), every other finished game behind them.
 * A pending VOD row per game makes the API answer "preparing" until the job is done.
 */
export async function enqueueDemoMedia(
  boss: PgBoss,
  repo: ReturnType<typeof createMediaJobsRepository>,
  channelIds: number[],
  first: number,
  now: Date,
): Promise<number> {
  if (channelIds.length === 0) return 0;
  await boss.send(
    QUEUES.demoPrerolls,
    { channelIds },
    { singletonKey: 'demo-prerolls', priority: 100 },
  );
  const games = await repo.finishedWithoutVod(channelIds, now);
  for (const [index, game] of games.entries()) {
    const prefix = eventPrefix(game.channel_id, game.id);
    await repo.markPending(game.channel_id, game.id, MEDIA_KIND.vod, `${prefix}/vod/master.m3u8`);
    await boss.send(
      QUEUES.demoGame,
      { channelId: game.channel_id, eventId: game.id },
      { singletonKey: `demo-${game.id}`, priority: index < first ? 50 : 0 },
    );
  }
  return games.length;
}
