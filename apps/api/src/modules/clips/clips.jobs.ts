import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import PgBoss from 'pg-boss';
import { ClipRangeError, cutClip, type MediaStorage } from '@rudy/media';
import type { DB } from '../../db/database.js';
import { kyselyBossDb } from '../../jobs/boss.js';
import type { JobRunner } from '../../jobs/job-runner.js';
import { localWakeup } from '../../jobs/local-wakeup.js';
import { HttpError } from '../../lib/http-error.js';
import { clipPrefix } from '../media/media-paths.js';
import { createClipsRepository } from './clips.repository.js';

export const CLIP_QUEUES = {
  cut: 'clips.cut',
  /** Where a cut lands once its retries are spent: the clip becomes 'error'. */
  failed: 'clips.cut-failed',
} as const;

export interface ClipJob {
  channelId: number;
  clipId: number;
}

/**
 * A cut takes a second or two; one retry covers a worker that died mid-cut, and a cut still
 * running after two minutes is stuck. The dead-letter queue is created first (pg-boss needs it).
 */
export const CLIP_QUEUE_OPTIONS: Record<string, Omit<PgBoss.Queue, 'name'>> = {
  [CLIP_QUEUES.failed]: { policy: 'standard', retryLimit: 3, retryDelay: 5, expireInSeconds: 60 },
  [CLIP_QUEUES.cut]: {
    policy: 'standard',
    retryLimit: 1,
    retryDelay: 1,
    expireInSeconds: 120,
    deadLetter: CLIP_QUEUES.failed,
  },
};

/** Cuts at once on two cores; more would only queue behind each other in ffmpeg. */
const CLIP_WORKERS = 2;

/**
 * Enqueues a cut inside the caller's transaction (the clip row and its job commit together). The
 * pg-boss instance is never started: it only writes jobs, through the transaction it is given.
 */
export function createClipJobQueue() {
  const boss = new PgBoss({
    schema: 'pgboss',
    db: {
      executeSql: () => Promise.reject(new Error('clip jobs are sent within a transaction')),
    },
  });
  return {
    async enqueue(trx: DB, job: ClipJob) {
      const id = await boss.send(CLIP_QUEUES.cut, job, {
        db: kyselyBossDb(trx as unknown as Kysely<unknown>),
      });
      // No queue yet: no worker has ever started on this database.
      if (id === null) {
        throw new HttpError(503, 'media_not_ready', 'Clips cannot be made right now');
      }
    },
    /** After the enqueuing transaction committed: a worker in this process starts at once. */
    wake() {
      localWakeup.queued(CLIP_QUEUES.cut);
    },
  };
}
export type ClipJobQueue = ReturnType<typeof createClipJobQueue>;

/** The worker side: cut the clip from its source rendition, publish it, mark it ready. */
export async function registerClipJobs(
  boss: PgBoss,
  o: { db: DB; storage: MediaStorage; runner: JobRunner; now: () => Date },
) {
  const repo = createClipsRepository(o.db);

  async function cut(job: ClipJob) {
    const clip = await repo.byId(job.channelId, job.clipId);
    // Deleted meanwhile, or done by an earlier delivery of this job.
    if (clip?.status !== 'processing' || !clip.source_key) return 'skipped';
    const dir = await o.storage.localDir(path.posix.dirname(clip.source_key));
    const work = await o.storage.workDir('clip');
    try {
      const result = await cutClip({
        playlist: path.join(dir.path, path.posix.basename(clip.source_key)),
        startSeconds: clip.start_time,
        durationSeconds: clip.duration,
        outputDir: work,
        hasAudio: clip.has_audio,
      });
      const size = (await fsp.stat(result.mp4)).size;
      const prefix = clipPrefix(job.channelId, clip.id);
      await o.storage.importDir(prefix, work);
      await repo.markReady(clip.id, {
        storageKey: prefix,
        duration: result.durationSeconds,
        sizeBytes: size,
        at: o.now(),
      });
      return { seconds: result.durationSeconds };
    } catch (error) {
      // Asked beyond the recording (it shrank, or a race with the request): no retry helps.
      if (error instanceof ClipRangeError) {
        await repo.markFailed(clip.id, error.message);
        return 'refused';
      }
      throw error;
    } finally {
      await dir.release();
      await fsp.rm(work, { recursive: true, force: true });
    }
  }

  const workers: string[] = [];
  for (let i = 0; i < CLIP_WORKERS; i += 1) {
    const options = { pollingIntervalSeconds: 0.5 };
    workers.push(await boss.work<ClipJob>(CLIP_QUEUES.cut, options, o.runner.each(cut)));
  }
  await boss.work<ClipJob>(
    CLIP_QUEUES.failed,
    { pollingIntervalSeconds: 2 },
    o.runner.each(async (job) => {
      await repo.markFailed(job.clipId, 'cut failed after its retries');
    }),
  );
  const unsubscribe = localWakeup.onQueued(CLIP_QUEUES.cut, () => {
    for (const id of workers) boss.notifyWorker(id);
  });
  return { stop: unsubscribe };
}
