import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import {
  ADMIN_MEDIA_MESSAGES as T,
  UPLOAD_LIMITS,
  type AdminUpload,
  type AdminUploadInputSchema,
} from '@rudy/contracts';
import type { MediaStorage } from '@rudy/media';
import type { z } from 'zod';
import type { DB } from '../../../db/database.js';
import { HttpError, notFound } from '../../../lib/http-error.js';
import { eventPrefix, vodItemPrefix } from '../../media/media-paths.js';
import {
  markGameVodPending,
  uploadRecords,
  uploadSourceKey,
  type UploadJobQueue,
  type UploadRow,
} from '../../media/upload-job.js';
import type { AdminCaller } from '../admin-access.js';
import type { AdminChanges } from '../admin-changes.js';
import { createMediaAdminRepository } from './media-admin.repository.js';
import { posterJpeg } from './poster-image.js';
import { looksLikeVideo, SNIFF_BYTES, type UploadFiles } from './upload-files.js';

/** A chunk at another offset than the server's: the route tells the client where to resume. */
export class OffsetConflict extends HttpError {
  constructor(readonly offset: number) {
    super(409, 'upload_offset', T.offset);
  }
}

const conflict = (message: string) => new HttpError(409, 'media_conflict', message);
const missingUpload = () => notFound('Unknown upload');

export function toAdminUpload(u: UploadRow): AdminUpload {
  return {
    id: u.id,
    target: u.event_id !== null ? 'game' : 'library',
    event_id: u.event_id,
    vod_item_id: u.vod_item_id,
    file_name: u.file_name,
    content_type: u.content_type,
    size_bytes: u.size_bytes,
    offset_bytes: u.offset_bytes,
    status: u.status,
    progress: u.progress,
    error: u.error,
    created_at: u.created_at.toISOString(),
    updated_at: u.updated_at.toISOString(),
  };
}

/** The audit's view of an upload: which file, how big, where it goes, how far it got. */
const snapshot = (u: UploadRow) => ({
  upload: u.id,
  file_name: u.file_name,
  size_bytes: u.size_bytes,
  target: u.event_id !== null ? `game ${u.event_id}` : `library video ${u.vod_item_id}`,
  status: u.status,
});
const subjectId = (u: UploadRow) => u.event_id ?? u.vod_item_id;

/**
 * The console's media: resumable uploads and the transcode job each becomes, posters, and a
 * game's media files. Every change is audited ('media', the game's or library video's id); a chunk
 * is not (an upload is audited when created and when completed).
 */
export function createMediaAdminService(deps: {
  db: DB;
  changes: AdminChanges;
  storage: MediaStorage;
  files: UploadFiles;
  queue: UploadJobQueue;
}) {
  const { db, changes, storage, files, queue } = deps;
  const repo = createMediaAdminRepository(db);
  const uploads = uploadRecords(db);
  /**
   * The chunk each upload is receiving in this process. The client sends one at a time, so a new
   * chunk means the client gave up on the old one (its connection was cut, maybe without the server
   * hearing of it): the old one is stopped and counts for nothing, and the new one goes on.
   */
  const receiving = new Map<
    string,
    { body: Readable; superseded: boolean; done: Promise<unknown> }
  >();
  /** Completions at work in this process: a second call for the same upload gets the same answer. */
  const completing = new Map<string, Promise<AdminUpload>>();

  async function one(channelId: number, id: string): Promise<UploadRow> {
    const upload = await uploads.find(channelId, id);
    if (!upload) throw missingUpload();
    return upload;
  }

  /**
   * Runs a chunk's work once the chunk it replaces (if any) has stopped. Keyed by channel too: an
   * upload id of another channel names nothing here, so it cannot stop anyone's chunk.
   */
  function receive<R>(
    key: string,
    body: Readable,
    work: (current: { superseded: boolean }) => Promise<R>,
  ): Promise<R> {
    const previous = receiving.get(key);
    const current = { body, superseded: false, done: Promise.resolve() as Promise<unknown> };
    receiving.set(key, current);
    const done = (async () => {
      if (previous) {
        previous.superseded = true;
        previous.body.destroy();
        await previous.done.catch(() => undefined);
      }
      // Replaced in turn while it waited: the newest chunk goes on.
      if (current.superseded) throw conflict(T.busy);
      return work(current);
    })().finally(() => {
      if (receiving.get(key) === current) receiving.delete(key);
    });
    current.done = done;
    return done;
  }

  /** The stored source is a video by its first bytes; otherwise the upload is dropped. */
  async function sniff(upload: UploadRow) {
    if (looksLikeVideo(await files.head(upload.id))) return;
    await uploads.transition(upload.id, ['uploading'], 'expired', { error: T.notVideo });
    await files.remove(upload.id);
    throw new HttpError(415, 'unsupported_media_type', T.notVideo);
  }

  async function subjectExists(channelId: number, kind: 'games' | 'library', id: number) {
    const found =
      kind === 'games'
        ? await repo.gameExists(channelId, id)
        : await repo.libraryItemExists(channelId, id);
    if (!found) throw notFound(kind === 'games' ? 'Unknown game' : 'Unknown library video');
  }

  async function completeOnce(caller: AdminCaller, id: string): Promise<AdminUpload> {
    const upload = await one(caller.channelId, id);
    if (upload.status === 'expired') throw new HttpError(410, 'media_conflict', T.expired);
    if (upload.status !== 'uploading') return toAdminUpload(upload);
    if (upload.offset_bytes !== upload.size_bytes) throw conflict(T.incomplete);

    await sniff(upload);
    await storage.put(uploadSourceKey(upload.channel_id, id), fs.createReadStream(files.file(id)));
    const done = await changes.apply(caller, async (trx, audit) => {
      const scoped = uploadRecords(trx);
      if (!(await scoped.transition(id, ['uploading'], 'queued'))) {
        // Completed meanwhile by another API process: the same answer as theirs.
        return (await scoped.find(caller.channelId, id)) ?? upload;
      }
      if (upload.event_id !== null)
        await markGameVodPending(trx, upload.channel_id, upload.event_id);
      await queue.enqueue(trx, { channelId: upload.channel_id, uploadId: id });
      const after = await scoped.find(caller.channelId, id);
      if (!after) throw missingUpload();
      await audit({
        action: 'update',
        entity: 'media',
        entityId: subjectId(upload),
        before: snapshot(upload),
        after: snapshot(after),
      });
      return after;
    });
    await files.remove(id);
    return toAdminUpload(done);
  }

  return {
    async subjects(channelId: number, lang: string) {
      return {
        games: await repo.games(channelId, lang),
        library: await repo.library(channelId, lang),
      };
    },

    async list(
      channelId: number,
      q: { event_id?: number | undefined; vod_item_id?: number | undefined },
    ) {
      const rows = await uploads.list(channelId, {
        ...(q.event_id !== undefined ? { eventId: q.event_id } : {}),
        ...(q.vod_item_id !== undefined ? { vodItemId: q.vod_item_id } : {}),
      });
      return { data: rows.map(toAdminUpload) };
    },

    get: async (channelId: number, id: string) => toAdminUpload(await one(channelId, id)),

    /** A new upload, its empty part file, and for a new library video its (hidden) item. */
    async create(caller: AdminCaller, input: z.output<typeof AdminUploadInputSchema>) {
      const id = randomUUID();
      await files.create(id);
      try {
        const row = await changes.apply(caller, async (trx, audit) => {
          const scoped = createMediaAdminRepository(trx);
          const { target } = input;
          let eventId: number | null = null;
          let vodItemId: number | null = null;
          if (target.kind === 'game') {
            if (!(await scoped.gameExists(caller.channelId, target.event_id)))
              throw notFound('Unknown game');
            eventId = target.event_id;
          } else if (target.kind === 'library_item') {
            if (!(await scoped.libraryItemExists(caller.channelId, target.vod_item_id)))
              throw notFound('Unknown library video');
            vodItemId = target.vod_item_id;
          } else {
            vodItemId = await scoped.createLibraryItem(caller.channelId, {
              en: target.title_en,
              ...(target.title_fr ? { fr: target.title_fr } : {}),
            });
          }
          const created = await uploadRecords(trx).insert({
            id,
            channelId: caller.channelId,
            eventId,
            vodItemId,
            fileName: input.file_name,
            contentType: input.content_type,
            sizeBytes: input.size_bytes,
            createdBy: caller.userId,
          });
          await audit({
            action: 'create',
            entity: 'media',
            entityId: subjectId(created),
            before: null,
            after: snapshot(created),
          });
          return created;
        });
        return toAdminUpload(row);
      } catch (error) {
        await files.remove(id);
        throw error;
      }
    },

    /** PATCH: the body is written at `offset`, which must be where the upload stands. */
    chunk(caller: AdminCaller, id: string, offset: number, length: number | null, body: Readable) {
      return receive(`${caller.channelId}:${id}`, body, async (current) => {
        const upload = await one(caller.channelId, id);
        if (upload.status === 'expired') throw new HttpError(410, 'media_conflict', T.expired);
        if (upload.status !== 'uploading') throw conflict(T.completed);
        if (offset !== upload.offset_bytes) throw new OffsetConflict(upload.offset_bytes);
        const max = Math.min(UPLOAD_LIMITS.maxChunkBytes, upload.size_bytes - offset);
        if (length !== null && length > max)
          throw new HttpError(413, 'payload_too_large', 'The chunk is larger than what is left');
        const { written, error } = await files.write(id, offset, body, max);
        // Replaced by the client's next try: it sends these bytes again, at this offset.
        if (current.superseded) throw conflict(T.busy);
        const to = offset + written;
        if (written > 0) await uploads.advance(id, offset, to);
        if (error instanceof HttpError) throw error;
        if (offset < SNIFF_BYTES && (to >= SNIFF_BYTES || to === upload.size_bytes)) {
          await sniff(upload);
        }
        return { offset_bytes: to };
      });
    },

    /**
     * All bytes in: the source goes to media storage and its transcode job is queued, once.
     * Idempotent: a call for an upload already completed (or being completed) answers with the
     * upload as it stands, so a client whose connection was lost while completing can ask again.
     */
    complete(caller: AdminCaller, id: string): Promise<AdminUpload> {
      const key = `${caller.channelId}:${id}`;
      const running = completing.get(key);
      if (running) return running;
      const work = completeOnce(caller, id).finally(() => completing.delete(key));
      completing.set(key, work);
      return work;
    },
    /** A failed transcode queued again, from the source kept for this. */
    async retry(caller: AdminCaller, id: string) {
      const upload = await one(caller.channelId, id);
      if (upload.status !== 'error') throw conflict(T.notRetryable);
      if (!(await storage.exists(uploadSourceKey(upload.channel_id, id))))
        throw conflict(T.expired);
      const after = await changes.apply(caller, async (trx, audit) => {
        const scoped = uploadRecords(trx);
        const queued = await scoped.transition(id, ['error'], 'queued', {
          progress: 0,
          error: null,
        });
        if (!queued) throw conflict(T.notRetryable);
        await queue.enqueue(trx, { channelId: upload.channel_id, uploadId: id });
        const now = await scoped.find(caller.channelId, id);
        if (!now) throw missingUpload();
        await audit({
          action: 'update',
          entity: 'media',
          entityId: subjectId(upload),
          before: { ...snapshot(upload), error: upload.error },
          after: snapshot(now),
        });
        return now;
      });
      return toAdminUpload(after);
    },

    /** A new poster (validated, re-encoded to JPEG) for a game or a library video. */
    async poster(caller: AdminCaller, kind: 'games' | 'library', id: number, image: string) {
      await subjectExists(caller.channelId, kind, id);
      const jpeg = await posterJpeg(image);
      const prefix =
        kind === 'games' ? eventPrefix(caller.channelId, id) : vodItemPrefix(caller.channelId, id);
      const key = `${prefix}/assets/poster.jpg`;
      await storage.put(key, jpeg);
      await changes.apply(caller, async (trx, audit) => {
        const scoped = createMediaAdminRepository(trx);
        if (kind === 'games') await scoped.setGamePoster(caller.channelId, id, key);
        else await scoped.setLibraryPoster(caller.channelId, id, key);
        await audit({
          action: 'update',
          entity: 'media',
          entityId: id,
          before: { poster: null },
          after: { poster: `replaced (${jpeg.length} bytes)` },
        });
      });
      return { id, replaced: true as const };
    },

    /**
     * A game's stored media (VOD, recording, stills, download) deleted: viewers then see a game
     * without video. Refused while a job or a live stream is at work on it.
     */
    async deleteGameFiles(caller: AdminCaller, eventId: number) {
      await subjectExists(caller.channelId, 'games', eventId);
      const removed = await changes.apply(caller, async (trx, audit) => {
        const scoped = createMediaAdminRepository(trx);
        const rows = await scoped.gameMedia(caller.channelId, eventId);
        const stored = rows.filter((r) => r.storage_key !== null);
        if (stored.length === 0) throw notFound(T.noMedia);
        const working = stored.some((r) => ['pending', 'processing', 'live'].includes(r.status));
        if (working || (await scoped.activeJobs(caller.channelId, { eventId })) > 0)
          throw conflict('A video of this game is being processed or streamed');
        const count = await scoped.deleteStoredGameMedia(caller.channelId, eventId);
        await audit({
          action: 'delete',
          entity: 'media',
          entityId: eventId,
          before: {
            files: stored
              .map((r) => r.storage_key)
              .join(', ')
              .slice(0, 500),
          },
          after: null,
        });
        return count;
      });
      await storage.delete(`${eventPrefix(caller.channelId, eventId)}/`);
      return { event_id: eventId, deleted_files: removed };
    },

    /** Abandoned uploads: expired after `hours` without a byte, their part files removed. */
    async cleanAbandoned(hours: number): Promise<number> {
      const expired = await uploads.expireStale(hours);
      for (const { id } of expired) await files.remove(id);
      await files.sweep(hours * 3600 * 1000, (ids) => uploads.receiving(ids));
      return expired.length;
    },
  };
}
export type MediaAdminService = ReturnType<typeof createMediaAdminService>;
