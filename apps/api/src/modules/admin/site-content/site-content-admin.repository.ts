import { sql, type RawBuilder, type Selectable } from 'kysely';
import type { DB } from '../../../db/database.js';
import type { Database, I18nText } from '../../../db/schema.js';
import { channelRows } from '../channel-rows.repository.js';

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
  // As channelRows: Kysely's builder cannot type a table known only as a type parameter, so the
  // queries are written with its sql helpers and return the table's exact row type.
  type Row = ContentRow<T>;
  const from = sql.table(table);
  const ofChannel = (channelId: number) =>
    table === 'slides'
      ? sql`channel_id = ${channelId} and client_interface = ${WEB}`
      : sql`channel_id = ${channelId}`;
  const select = async (where: RawBuilder<unknown>) =>
    (await sql<Row>`select * from ${from} where ${where} order by id`.execute(db)).rows;
  return {
    /** The connection (a change's transaction), for the checks that read other tables. */
    db,
    ...channelRows(db, table),
    list: (channelId: number): Promise<Row[]> => select(ofChannel(channelId)),
    byId: async (channelId: number, id: number): Promise<Row | undefined> =>
      (await select(sql`${ofChannel(channelId)} and id = ${id}`))[0],
    /** Whether another row of the channel already holds `value` in a unique column. */
    async taken(channelId: number, column: 'url' | 'alias', value: string, except: number | null) {
      const other = except === null ? sql`` : sql`and id <> ${except}`;
      const { rows } = await sql`
        select 1 from ${from}
        where channel_id = ${channelId} and ${sql.ref(column)} = ${value} ${other}
      `.execute(db);
      return rows.length > 0;
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
