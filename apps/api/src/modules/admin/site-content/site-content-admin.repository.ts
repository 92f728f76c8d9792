import type { Selectable } from 'kysely';
import type { DB } from '../../../db/database.js';
import type { Database, I18nText } from '../../../db/schema.js';
import { channelRows } from '../audited-entity.js';

/** The tables of the bootstrap's site content the console edits, one row per item. */
export type ContentTable = 'menus' | 'pages' | 'slides' | 'faq' | 'static_blocks';
export type ContentRow<T extends ContentTable> = Selectable<Database[T]>;

/** The console edits the web client's slides; other interfaces' rows are not its to see. */
const WEB = 'web';

/**
 * SQL only: one content table bounded to the caller's channel (an id of another channel's row
 * reads and changes nothing). Slides are the web interface's only.
 */
export function createContentRepository<T extends ContentTable>(db: DB, table: T) {
  // As channelRows: Kysely cannot type a table it does not know, so the queries are written
  // against one such table and the row types kept exact.
  const name = table as unknown as 'faq';
  type Row = ContentRow<T>;
  const rows = (channelId: number) => {
    let q = db.selectFrom(name).selectAll().where('channel_id', '=', channelId);
    if (table === 'slides') q = q.where('client_interface' as 'id', '=', WEB as unknown as number);
    return q;
  };
  return {
    /** The connection (a change's transaction), for the checks that read other tables. */
    db,
    ...channelRows(db, table),
    list: async (channelId: number): Promise<Row[]> =>
      (await rows(channelId).orderBy('id').execute()) as unknown as Row[],
    byId: async (channelId: number, id: number): Promise<Row | undefined> =>
      (await rows(channelId).where('id', '=', id).executeTakeFirst()) as unknown as Row | undefined,
    /** Whether another row of the channel already holds `value` in a unique column. */
    async taken(channelId: number, column: 'url' | 'alias', value: string, except: number | null) {
      let q = db
        .selectFrom(name)
        .select('id')
        .where('channel_id', '=', channelId)
        .where(column as 'id', '=', value as unknown as number);
      if (except !== null) q = q.where('id', '<>', except);
      return (await q.executeTakeFirst()) !== undefined;
    },
  };
}
export type ContentRepository<T extends ContentTable> = ReturnType<
  typeof createContentRepository<T>
>;

/** A translatable text as its column stores it. */
export const bilingual = (en: string, fr: string): string =>
  JSON.stringify(fr ? { en, fr } : { en });
export const textOf = (text: I18nText | null | undefined, l: 'en' | 'fr'): string =>
  text?.[l] ?? '';
