import type { CaptionLanguage } from '@rudy/contracts';
import type { DB } from '../../db/database.js';
import type { MediaSubject } from '../media/media-token.js';

const COLUMNS = [
  'lang',
  'storage_key',
  'size_bytes',
  'cue_count',
  'duration_seconds',
  'updated_at',
] as const;

export interface CaptionInsert {
  channel_id: number;
  subject: MediaSubject;
  subject_id: number;
  lang: CaptionLanguage;
  storage_key: string;
  size_bytes: number;
  cue_count: number;
  duration_seconds: number;
  updated_by: number | null;
}

/** SQL only: the captions of a replay, a library video or a clip. */
export function createCaptionsRepository(db: DB) {
  const of = (channelId: number, subject: MediaSubject, subjectId: number) =>
    db
      .selectFrom('captions')
      .where('channel_id', '=', channelId)
      .where('subject', '=', subject)
      .where('subject_id', '=', subjectId);
  return {
    /** English first, then French (the first is the one players may pick by themselves). */
    list: (channelId: number, subject: MediaSubject, subjectId: number) =>
      of(channelId, subject, subjectId).select(COLUMNS).orderBy('lang').execute(),

    one: (channelId: number, subject: MediaSubject, subjectId: number, lang: CaptionLanguage) =>
      of(channelId, subject, subjectId).select(COLUMNS).where('lang', '=', lang).executeTakeFirst(),

    /** Stores the row unless the language has one (the demo's: an operator's file wins). */
    async insertIfAbsent(row: CaptionInsert) {
      await db
        .insertInto('captions')
        .values(row)
        .onConflict((oc) => oc.columns(['channel_id', 'subject', 'subject_id', 'lang']).doNothing())
        .execute();
    },

    /** Stores the row, replacing the language's; the row as it is now. */
    async upsert(row: CaptionInsert) {
      return db
        .insertInto('captions')
        .values(row)
        .onConflict((oc) =>
          oc.columns(['channel_id', 'subject', 'subject_id', 'lang']).doUpdateSet({
            storage_key: row.storage_key,
            size_bytes: row.size_bytes,
            cue_count: row.cue_count,
            duration_seconds: row.duration_seconds,
            updated_by: row.updated_by,
            updated_at: new Date(),
          }),
        )
        .returning(COLUMNS)
        .executeTakeFirstOrThrow();
    },

    remove: (channelId: number, subject: MediaSubject, subjectId: number, lang: CaptionLanguage) =>
      db
        .deleteFrom('captions')
        .where('channel_id', '=', channelId)
        .where('subject', '=', subject)
        .where('subject_id', '=', subjectId)
        .where('lang', '=', lang)
        .returning(COLUMNS)
        .executeTakeFirst(),

    /** Whether the subject exists in the channel (a caption names one of three tables). */
    async subjectExists(channelId: number, subject: MediaSubject, id: number): Promise<boolean> {
      const table =
        subject === 'event' ? 'events' : subject === 'vod' ? 'vod_media_items' : 'clips';
      const row = await db
        .selectFrom(table)
        .select('id')
        .where('channel_id', '=', channelId)
        .where('id', '=', id)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
