import { sql } from 'kysely';
import type { DB } from '../../db/database.js';
import { rawRowsJson, type RawRow } from './datalake-rows.js';
import { mergeSketch } from './hll.js';
import type { RollupBatch } from './rollup.js';

const DAY_MS = 86_400_000;
/** Rollup rows per INSERT: a few parameters each stays far below PostgreSQL's 65 535. */
const INSERT_CHUNK = 1_000;
/** Raw rows per INSERT: a few milliseconds of work for the embedded database at a time. */
const RAW_CHUNK = 250;
const PARTITION = /^analytics_raw_p(\d{4})(\d{2})(\d{2})$/;

/** The UTC day of an instant, as YYYY-MM-DD. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** PostgreSQL's "already exists" codes: another process created the same partition first. */
const isAlreadyThere = (error: unknown) => {
  const code = (error as { code?: unknown }).code;
  return code === '42P07' || code === '23505';
};

/** SQL only: the datalake's writes (raw rows, rollups, presence) and its housekeeping. */
export function createDatalakeRepository(db: DB) {
  return {
    /** The day's partition of analytics_raw (UTC midnight to midnight). */
    async ensurePartition(day: string): Promise<void> {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error(`not a day: ${day}`);
      const next = utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS));
      const name = `analytics_raw_p${day.replaceAll('-', '')}`;
      try {
        await sql
          .raw(
            `create table if not exists ${name} partition of analytics_raw ` +
              `for values from ('${day} 00:00:00+00') to ('${next} 00:00:00+00')`,
          )
          .execute(db);
      } catch (error) {
        if (!isAlreadyThere(error)) throw error;
      }
    },

    /** Existing day partitions, oldest first. */
    async partitions(): Promise<{ name: string; day: string }[]> {
      const { rows } = await sql<{ name: string }>`
        select c.relname as name from pg_inherits i
        join pg_class c on c.oid = i.inhrelid
        join pg_class p on p.oid = i.inhparent
        where p.relname = 'analytics_raw'
      `.execute(db);
      return rows
        .map((r) => ({ name: r.name, m: PARTITION.exec(r.name) }))
        .filter((r): r is { name: string; m: RegExpExecArray } => r.m !== null)
        .map((r) => ({ name: r.name, day: `${r.m[1]}-${r.m[2]}-${r.m[3]}` }))
        .sort((a, b) => a.day.localeCompare(b.day));
    },

    async dropPartition(name: string): Promise<void> {
      if (!PARTITION.test(name)) throw new Error(`not a partition of analytics_raw: ${name}`);
      await sql.raw(`drop table if exists ${name}`).execute(db);
    },

    /** Raw rows and what they add to the rollups, in one transaction: both or neither. */
    async writeBatch(rows: readonly RawRow[], rollup: RollupBatch): Promise<void> {
      await db.transaction().execute(async (trx) => {
        for (const part of chunks(rows, RAW_CHUNK)) {
          // One JSON parameter parsed by PostgreSQL, not eleven bound values per row: several
          // times faster on the embedded database, whose work runs on this process's thread.
          // Null columns are left out of the text (rawRowsJson): they populate as null.
          await sql`
            insert into analytics_raw
            select * from json_populate_recordset(null::analytics_raw, ${rawRowsJson(part)}::json)
          `.execute(trx);
          // Let waiting requests in between chunks (the embedded database blocks while it works).
          await new Promise((resolve) => setImmediate(resolve));
        }
        await writeRollups(trx, rollup);
      });
    },

    /** Rollups older than the cut-off (daily ones by the UTC day of it: a day either way). */
    async pruneRollups(before: Date): Promise<void> {
      for (const table of [
        'analytics_daily_streams',
        'analytics_daily_dims',
        'analytics_daily_first_frames',
        'analytics_daily_viewers',
        'analytics_daily_events',
        'analytics_daily_pages',
      ] as const) {
        await db
          .deleteFrom(table)
          .where('day', '<', sql<Date>`${utcDay(before)}::date`)
          .execute();
      }
      for (const table of [
        'analytics_views_hourly',
        'analytics_watch_hourly',
        'analytics_first_frame_hourly',
        'analytics_viewers_hourly',
        'analytics_events_hourly',
        'analytics_pages_hourly',
      ] as const) {
        await db.deleteFrom(table).where('hour', '<', before).execute();
      }
    },

    /**
     * The channel a video view was filed under, among the views of the last minutes (presence is
     * kept a few minutes past a view's last call). A small table: no index by view is needed.
     */
    async viewChannel(videoViewUuid: string): Promise<number | null> {
      const row = await db
        .selectFrom('analytics_presence')
        .select('channel_id')
        .where('video_view_uuid', '=', videoViewUuid)
        .orderBy('last_seen', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.channel_id ?? null;
    },

    async prunePresence(before: Date): Promise<void> {
      await db.deleteFrom('analytics_presence').where('last_seen', '<', before).execute();
    },
  };
}
export type DatalakeRepository = ReturnType<typeof createDatalakeRepository>;

async function writeRollups(trx: DB, r: RollupBatch): Promise<void> {
  for (const part of chunks(r.views, INSERT_CHUNK)) {
    await trx
      .insertInto('analytics_views_hourly')
      .values(part)
      .onConflict((oc) =>
        oc
          .columns(['channel_id', 'hour', 'stream_type', 'stream_id'])
          .doUpdateSet({ views: sql`analytics_views_hourly.views + excluded.views` }),
      )
      .execute();
  }
  for (const part of chunks(r.watch, INSERT_CHUNK)) {
    await trx
      .insertInto('analytics_watch_hourly')
      .values(part)
      .onConflict((oc) =>
        oc
          .columns([
            'channel_id',
            'hour',
            'stream_type',
            'stream_id',
            'category',
            'sport',
            'school',
          ])
          .doUpdateSet({ seconds: sql`analytics_watch_hourly.seconds + excluded.seconds` }),
      )
      .execute();
  }
  for (const part of chunks(r.firstFrames, INSERT_CHUNK)) {
    await trx
      .insertInto('analytics_first_frame_hourly')
      .values(part)
      .onConflict((oc) =>
        oc
          .columns(['channel_id', 'hour', 'stream_type', 'bucket'])
          .doUpdateSet({ samples: sql`analytics_first_frame_hourly.samples + excluded.samples` }),
      )
      .execute();
  }
  for (const part of chunks(r.events, INSERT_CHUNK)) {
    await trx
      .insertInto('analytics_events_hourly')
      .values(part)
      .onConflict((oc) =>
        oc
          .columns(['channel_id', 'hour', 'name'])
          .doUpdateSet({ count: sql`analytics_events_hourly.count + excluded.count` }),
      )
      .execute();
  }
  for (const part of chunks(r.pages, INSERT_CHUNK)) {
    await trx
      .insertInto('analytics_pages_hourly')
      .values(part)
      .onConflict((oc) =>
        oc
          .columns(['channel_id', 'hour', 'path'])
          .doUpdateSet({ visits: sql`analytics_pages_hourly.visits + excluded.visits` }),
      )
      .execute();
  }
  for (const part of chunks(r.presence, INSERT_CHUNK)) {
    await trx
      .insertInto('analytics_presence')
      .values(part)
      .onConflict((oc) =>
        oc.columns(['channel_id', 'video_view_uuid']).doUpdateSet({
          last_seen: sql`greatest(analytics_presence.last_seen, excluded.last_seen)`,
        }),
      )
      .execute();
  }
  await mergeSketches(
    trx,
    { table: 'analytics_viewers_hourly', period: 'hour' },
    r.viewers.map((v) => ({ ...v, at: v.hour })),
  );
  await writeDailyRollups(trx, r.daily);
}

async function writeDailyRollups(trx: DB, d: RollupBatch['daily']): Promise<void> {
  for (const part of chunks(d.streams, INSERT_CHUNK)) {
    await trx
      .insertInto('analytics_daily_streams')
      .values(part)
      .onConflict((oc) =>
        oc.columns(['channel_id', 'day', 'stream_type', 'stream_id']).doUpdateSet({
          views: sql`analytics_daily_streams.views + excluded.views`,
          seconds: sql`analytics_daily_streams.seconds + excluded.seconds`,
        }),
      )
      .execute();
  }
  for (const part of chunks(d.dims, INSERT_CHUNK)) {
    await trx
      .insertInto('analytics_daily_dims')
      .values(part)
      .onConflict((oc) =>
        oc
          .columns(['channel_id', 'day', 'stream_type', 'dim', 'value'])
          .doUpdateSet({ seconds: sql`analytics_daily_dims.seconds + excluded.seconds` }),
      )
      .execute();
  }
  for (const part of chunks(d.firstFrames, INSERT_CHUNK)) {
    await trx
      .insertInto('analytics_daily_first_frames')
      .values(part)
      .onConflict((oc) =>
        oc
          .columns(['channel_id', 'day', 'stream_type', 'bucket'])
          .doUpdateSet({ samples: sql`analytics_daily_first_frames.samples + excluded.samples` }),
      )
      .execute();
  }
  for (const part of chunks(d.events, INSERT_CHUNK)) {
    await trx
      .insertInto('analytics_daily_events')
      .values(part)
      .onConflict((oc) =>
        oc
          .columns(['channel_id', 'day', 'name'])
          .doUpdateSet({ count: sql`analytics_daily_events.count + excluded.count` }),
      )
      .execute();
  }
  for (const part of chunks(d.pages, INSERT_CHUNK)) {
    await trx
      .insertInto('analytics_daily_pages')
      .values(part)
      .onConflict((oc) =>
        oc
          .columns(['channel_id', 'day', 'path'])
          .doUpdateSet({ visits: sql`analytics_daily_pages.visits + excluded.visits` }),
      )
      .execute();
  }
  await mergeSketches(
    trx,
    { table: 'analytics_daily_viewers', period: 'day' },
    d.viewers.map((v) => ({ ...v, at: v.day })),
  );
}

/** A sketch table and the column of its period ('hour' timestamptz, or the channel's 'day'). */
type SketchTable =
  | { table: 'analytics_viewers_hourly'; period: 'hour' }
  | { table: 'analytics_daily_viewers'; period: 'day' };

interface SketchDelta {
  channel_id: number;
  at: Date | string;
  stream_type: string;
  sketch: Uint8Array;
}

/**
 * A sketch is merged, not added: rows are created empty if missing, locked, merged in memory and
 * written back, so two ingest processes updating the same period never overwrite each other.
 */
async function mergeSketches(trx: DB, { table, period }: SketchTable, items: SketchDelta[]) {
  if (items.length === 0) return;
  const t = sql.table(table);
  const col = sql.ref(period);
  const type = sql.raw(period === 'hour' ? 'timestamptz' : 'date');
  // Periods compared as text: epoch milliseconds for hours, the day itself for days.
  const keyOf = (at: Date | string) => (typeof at === 'string' ? at : String(at.getTime()));
  const readKey =
    period === 'hour' ? sql`(extract(epoch from hour) * 1000)::bigint::text` : sql`day::text`;
  const keys = sql.join(
    items.map((i) => sql`(${i.channel_id}::integer, ${i.at}::${type}, ${i.stream_type}::text)`),
  );
  await sql`
    insert into ${t} (channel_id, ${col}, stream_type, sketch)
    select k.channel_id, k.at, k.stream_type, ''::bytea
    from (values ${keys}) as k (channel_id, at, stream_type)
    on conflict do nothing
  `.execute(trx);
  const { rows } = await sql<{
    channel_id: number;
    at: string;
    stream_type: string;
    sketch: Uint8Array;
  }>`
    select channel_id, ${readKey} as at, stream_type, sketch from ${t}
    where (channel_id, ${col}, stream_type) in (${keys})
    for update
  `.execute(trx);
  for (const item of items) {
    const found = rows.find(
      (r) =>
        r.channel_id === item.channel_id &&
        r.stream_type === item.stream_type &&
        r.at === keyOf(item.at),
    );
    const old = found ? new Uint8Array(found.sketch) : null;
    const merged =
      old && old.length > 0 ? mergeSketch(Uint8Array.from(old), item.sketch) : item.sketch;
    await sql`
      update ${t} set sketch = ${Buffer.from(merged)}
      where channel_id = ${item.channel_id} and ${col} = ${item.at}::${type}
        and stream_type = ${item.stream_type}
    `.execute(trx);
  }
}
