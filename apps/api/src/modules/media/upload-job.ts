import path from 'node:path';
import type { Kysely } from 'kysely';
import PgBoss from 'pg-boss';
import { MEDIA_KIND } from '@rudy/contracts';
import type { MediaStorage, Rendition } from '@rudy/media';
import type { DB } from '../../db/database.js';
import { kyselyBossDb } from '../../jobs/boss.js';
import { HttpError } from '../../lib/http-error.js';
import { libraryItemSink } from '../vod/demo-library.js';
import {
  createMediaJobsRepository,
  VOD_SOURCE,
  type MediaJobsRepository,
} from './media-jobs.repository.js';
import { QUEUES, type PackageUploadJob } from './media-queues.js';
import {
  createMediaUploadsRepository,
  type MediaUploadsRepository,
} from './media-uploads.repository.js';

export type { UploadRow } from './media-uploads.repository.js';

/** The uploads' records on a connection (the console's side reads and changes them). */
export const uploadRecords = (db: DB) => createMediaUploadsRepository(db);

/**
 * A game's VOD said to be on its way and claimed by the upload: viewers read "preparing" until
 * the job records more, and the demo's media no longer replaces it.
 */
export function markGameVodPending(db: DB, channelId: number, eventId: number) {
  const key = `${eventPrefix(channelId, eventId)}/vod/master.m3u8`;
  return createMediaJobsRepository(db).claimVodForUpload(channelId, eventId, key);
}
import { eventPrefix } from './media-paths.js';
import { eventSink, packageMedia, type PackageSink } from './package-media.js';

/** Where a received upload waits for its transcode: c<channel>/uploads/<upload id>/source. */
export const uploadPrefix = (channelId: number, uploadId: string) =>
  `c${channelId}/uploads/${uploadId}`;
export const uploadSourceKey = (channelId: number, uploadId: string) =>
  `${uploadPrefix(channelId, uploadId)}/source`;

/**
 * Sends the transcode job of an upload inside the caller's transaction: the upload's new status
 * and its job commit together or not at all (the pg-boss instance only writes, never starts).
 */
export function createUploadJobQueue() {
  const boss = new PgBoss({
    schema: 'pgboss',
    db: {
      executeSql: () => Promise.reject(new Error('upload jobs are sent within a transaction')),
    },
  });
  return {
    async enqueue(trx: DB, job: PackageUploadJob) {
      const id = await boss.send(QUEUES.packageUpload, job, {
        singletonKey: `upload-${job.uploadId}`,
        db: kyselyBossDb(trx as unknown as Kysely<unknown>),
      });
      // No queue yet (no worker ever started on this database), or one already waits.
      if (id === null) {
        throw new HttpError(503, 'media_not_ready', 'Videos cannot be processed right now');
      }
    },
  };
}
export type UploadJobQueue = ReturnType<typeof createUploadJobQueue>;

/** ffmpeg's message without the machine's paths: the console shows it to the operator. */
export function jobError(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const lines = text
    .replace(/(?:\/[\w.-]+)+/g, '…')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  return lines.slice(-4).join('\n').slice(0, 500) || 'The video could not be processed';
}

function hasReadyVideo(
  deps: { repo: MediaJobsRepository },
  upload: { event_id: number | null; vod_item_id: number | null },
): Promise<boolean> {
  if (upload.event_id !== null) return deps.repo.hasReadyVod(upload.event_id);
  return deps.repo.hasReadyLibraryVideo(upload.vod_item_id ?? 0);
}

/**
 * A replacement video must not take the current one off the site: while it is made (and if it
 * fails) the VOD row keeps saying ready, and the files are swapped whole when it succeeds.
 */
function keepReady(sink: PackageSink, hasReady: boolean): PackageSink {
  if (!hasReady) return sink;
  return {
    ...sink,
    record: async (output) =>
      output.kind === MEDIA_KIND.vod && output.status !== 'ready' ? undefined : sink.record(output),
  };
}

/**
 * The worker's side: the received source → the game's or library video's HLS ladder and stills,
 * with the progress and the outcome on the upload row. A failure is recorded (not thrown: the
 * operator reads why and retries), and the source is kept until a run succeeds.
 */
export async function packageUpload(
  deps: {
    db: DB;
    storage: MediaStorage;
    repo: MediaJobsRepository;
    uploads: MediaUploadsRepository;
    ladder?: readonly Rendition[];
  },
  job: PackageUploadJob,
): Promise<'done' | 'failed' | 'skipped'> {
  const { storage, uploads } = deps;
  const upload = await uploads.find(job.channelId, job.uploadId);
  if (!upload) return 'skipped';
  const started = await uploads.transition(upload.id, ['queued', 'processing'], 'processing', {
    progress: 0,
    error: null,
  });
  if (!started) return 'skipped';
  // Claimed when completed; again here for an upload completed before uploads claimed their game.
  if (upload.event_id !== null)
    await markGameVodPending(deps.db, upload.channel_id, upload.event_id);

  const sink = keepReady(
    upload.event_id !== null
      ? eventSink(
          deps.repo,
          { channelId: upload.channel_id, eventId: upload.event_id },
          VOD_SOURCE.upload,
        )
      : libraryItemSink(deps.db, {
          id: upload.vod_item_id ?? 0,
          channel_id: upload.channel_id,
        }),
    await hasReadyVideo(deps, upload),
  );
  let reported = 0;
  const onProgress = (fraction: number) => {
    // A write per whole per cent at most: the console polls, the database need not hear more.
    if (fraction - reported < 0.01) return;
    reported = fraction;
    void uploads.progress(upload.id, Math.min(0.99, fraction)).catch(() => undefined);
  };
  const prefix = uploadPrefix(upload.channel_id, upload.id);
  try {
    const dir = await storage.localDir(prefix);
    try {
      await packageMedia(
        { storage, ...(deps.ladder ? { ladder: deps.ladder } : {}) },
        sink,
        { file: path.join(dir.path, 'source'), hasFixedGop: false },
        onProgress,
      );
    } finally {
      await dir.release();
    }
  } catch (error) {
    await uploads.transition(upload.id, ['processing'], 'error', { error: jobError(error) });
    return 'failed';
  }
  await uploads.transition(upload.id, ['processing'], 'ready', { progress: 1 });
  await storage.delete(`${prefix}/`);
  return 'done';
}
