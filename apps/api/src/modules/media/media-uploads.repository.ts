import { sql } from 'kysely';
import type { DB } from '../../db/database.js';

export interface UploadRow {
  id: string;
  channel_id: number;
  event_id: number | null;
  vod_item_id: number | null;
  file_name: string;
  content_type: string;
  size_bytes: number;
  offset_bytes: number;
  status: 'uploading' | 'queued' | 'processing' | 'ready' | 'error' | 'expired';
  progress: number;
  error: string | null;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = [
  'id',
  'channel_id',
  'event_id',
  'vod_item_id',
  'file_name',
  'content_type',
  'size_bytes',
  'offset_bytes',
  'status',
  'progress',
  'error',
  'created_at',
  'updated_at',
] as const;

type Raw = Omit<UploadRow, 'size_bytes' | 'offset_bytes'> & {
  size_bytes: string | number;
  offset_bytes: string | number;
};
const row = (r: Raw): UploadRow => ({
  ...r,
  size_bytes: Number(r.size_bytes),
  offset_bytes: Number(r.offset_bytes),
});

/** SQL of the console's uploads and of the transcode job each becomes. */
export function createMediaUploadsRepository(db: DB) {
  return {
    async insert(u: {
      id: string;
      channelId: number;
      eventId: number | null;
      vodItemId: number | null;
      fileName: string;
      contentType: string;
      sizeBytes: number;
      createdBy: number;
    }): Promise<UploadRow> {
      const r = await db
        .insertInto('media_uploads')
        .values({
          id: u.id,
          channel_id: u.channelId,
          event_id: u.eventId,
          vod_item_id: u.vodItemId,
          file_name: u.fileName,
          content_type: u.contentType,
          size_bytes: u.sizeBytes,
          created_by: u.createdBy,
        })
        .returning(COLUMNS)
        .executeTakeFirstOrThrow();
      return row(r);
    },

    /** One of the channel's uploads (another channel's id finds nothing). */
    async find(channelId: number, id: string, opts: { lock?: boolean } = {}) {
      let q = db
        .selectFrom('media_uploads')
        .select(COLUMNS)
        .where('channel_id', '=', channelId)
        .where('id', '=', id);
      if (opts.lock) q = q.forUpdate();
      const r = await q.executeTakeFirst();
      return r ? row(r) : undefined;
    },

    async list(channelId: number, target: { eventId?: number; vodItemId?: number }) {
      let q = db
        .selectFrom('media_uploads')
        .select(COLUMNS)
        .where('channel_id', '=', channelId)
        .where('status', '!=', 'expired');
      if (target.eventId !== undefined) q = q.where('event_id', '=', target.eventId);
      if (target.vodItemId !== undefined) q = q.where('vod_item_id', '=', target.vodItemId);
      const rows = await q.orderBy('created_at', 'desc').limit(50).execute();
      return rows.map(row);
    },

    /**
     * Records received bytes, only if the offset is still the one the chunk started at: of two
     * chunks racing at one offset, one counts.
     */
    async advance(id: string, from: number, to: number): Promise<boolean> {
      const r = await db
        .updateTable('media_uploads')
        .set({ offset_bytes: to, updated_at: sql<Date>`now()` })
        .where('id', '=', id)
        .where('status', '=', 'uploading')
        .where('offset_bytes', '=', sql<string>`${from}::bigint`)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    /** A status change from one of `from`; false when the row was not in any of them. */
    async transition(
      id: string,
      from: UploadRow['status'][],
      to: UploadRow['status'],
      extra: { progress?: number; error?: string | null } = {},
    ): Promise<boolean> {
      const r = await db
        .updateTable('media_uploads')
        .set({ status: to, ...extra, updated_at: sql<Date>`now()` })
        .where('id', '=', id)
        .where('status', 'in', from)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    async progress(id: string, fraction: number) {
      await db
        .updateTable('media_uploads')
        .set({ progress: fraction, updated_at: sql<Date>`now()` })
        .where('id', '=', id)
        .where('status', '=', 'processing')
        .execute();
    },

    /** Uploads nobody sent a byte to for `hours`: marked expired and returned (their files go). */
    expireStale(hours: number): Promise<{ id: string }[]> {
      return db
        .updateTable('media_uploads')
        .set({ status: 'expired', updated_at: sql<Date>`now()` })
        .where('status', '=', 'uploading')
        .where('updated_at', '<', sql<Date>`now() - make_interval(hours => ${hours})`)
        .returning('id')
        .execute();
    },

    /** Uploads still receiving chunks (their part files must stay). */
    async receiving(ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .selectFrom('media_uploads')
        .select('id')
        .where('id', 'in', ids)
        .where('status', '=', 'uploading')
        .execute();
      return new Set(rows.map((r) => r.id));
    },
  };
}
export type MediaUploadsRepository = ReturnType<typeof createMediaUploadsRepository>;
