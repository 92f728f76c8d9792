import { sql, type ExpressionBuilder } from 'kysely';
import type { DB } from '../../db/database.js';
import { BOSS_SCHEMA } from '../../jobs/boss.js';
import type { Database, EventsTable } from '../../db/schema.js';
import { EVENT_MAX_DURATION_MINUTES } from '../events/event-rules.js';
import { LIVENESS_LOCK_CLASS } from '../../jobs/worker-liveness.js';

type Status = 'pending' | 'processing' | 'ready' | 'live' | 'ended' | 'error';

export interface GameRow {
  id: number;
  channel_id: number;
  event_utc_ts: Date;
  duration_minutes: number;
  home: { short_name: string; color: string } | null;
  away: { short_name: string; color: string } | null;
}

const endOf = sql<Date>`e.event_utc_ts + e.duration_minutes * interval '1 minute'`;

/**
 * Where a game's VOD came from (meta.source): an operator's upload or a real game's recording wins
 * over the demo's rendered game, which never writes over one (see generateDemoGame).
 */
export const VOD_SOURCE = { upload: 'upload', live: 'live', demo: 'demo' } as const;

/** An event_media row holding an operator's media (an upload, or a recording that is not the demo's loop). */
const operatorMedia = sql<boolean>`coalesce(event_media.meta->>'source' = ${VOD_SOURCE.upload}
  or (event_media.meta->>'source' = ${VOD_SOURCE.live}
      and coalesce(event_media.meta->>'synthetic', '') <> 'true'), false)`;

/**
 * After the database starts, every liveness lock is free until its process connects again: for
 * this long a lease's free lock says nothing, and only its lapse lets another worker take it.
 */
const LIVENESS_GRACE_SECONDS = 15;

/**
 * The live lease's holder is gone: its lease names the liveness key of its process
 * (meta.lease_lock, see worker-liveness.ts) and that key's lock is free, so its session ended:
 * the process died (kill -9, out of memory, a crash) or lost its connection. Not in the first
 * moments after the database started, when every lock is free.
 */
const leaseHolderGone = sql<boolean>`(event_media.meta->>'lease_lock' is not null
  and pg_postmaster_start_time() < now() - make_interval(secs => ${LIVENESS_GRACE_SECONDS})
  and not exists (
    select 1 from pg_locks l
    where l.locktype = 'advisory' and l.granted and l.objsubid = 2
      and l.database = (select oid from pg_database where datname = current_database())
      and l.classid = ${LIVENESS_LOCK_CLASS}::int::oid
      and l.objid = (event_media.meta->>'lease_lock')::int::oid))`;

/** The live row's meta with its holder's liveness key (or without one: a plain lease). */
const withLeaseLock = (lock: number | null | undefined) =>
  lock
    ? sql`event_media.meta || jsonb_build_object('lease_lock', ${lock}::int)`
    : sql`event_media.meta - 'lease_lock'`;

/** SQL of the media jobs and the live supervisor. */
export function createMediaJobsRepository(db: DB) {
  /** One side of a game as the encoder draws it: short name and colour, or null. */
  const side = (eb: ExpressionBuilder<Database & { e: EventsTable }, 'e'>, isHome: boolean) =>
    eb
      .selectFrom('event_participants as ep')
      .innerJoin('participants as p', 'p.id', 'ep.participant_id')
      .whereRef('ep.event_id', '=', 'e.id')
      .where('ep.is_home', '=', isHome)
      .select(
        sql<GameRow['home']>`json_build_object('short_name', p.short_name, 'color', p.color)`.as(
          't',
        ),
      )
      .limit(1);

  /** The event's media rows of one kind (2 live, 3 VOD), to test for with exists(). */
  const media = (eb: ExpressionBuilder<Database & { e: EventsTable }, 'e'>, kind: number) =>
    eb
      .selectFrom('event_media as m')
      .select('m.id')
      .whereRef('m.event_id', '=', 'e.id')
      .where('m.kind', '=', kind);

  const games = () =>
    db
      .selectFrom('events as e')
      .select(['e.id', 'e.channel_id', 'e.event_utc_ts', 'e.duration_minutes'])
      .select((eb) => [side(eb, true).as('home'), side(eb, false).as('away')]);

  return {
    async channelIds(keys: string[]): Promise<number[]> {
      if (keys.length === 0) return [];
      const rows = await db.selectFrom('channels').select('id').where('key', 'in', keys).execute();
      return rows.map((r) => r.id);
    },

    game(channelId: number, eventId: number): Promise<GameRow | undefined> {
      return games()
        .where('e.channel_id', '=', channelId)
        .where('e.id', '=', eventId)
        .executeTakeFirst();
    },

    async hasReadyVod(eventId: number): Promise<boolean> {
      const row = await db
        .selectFrom('event_media')
        .select('id')
        .where('event_id', '=', eventId)
        .where('kind', '=', 3)
        .where('status', '=', 'ready')
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * The length of the live recording `vodKey` (the event's ready VOD) its stills were made for:
     * a publish that resumed and ended again with nothing new has its stills, a longer one not.
     */
    async recordingStillsSeconds(eventId: number, vodKey: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('event_media')
        .select(sql<number | null>`(meta->>'stills_seconds')::float8`.as('seconds'))
        .where('event_id', '=', eventId)
        .where('kind', '=', 3)
        .where('storage_key', '=', vodKey)
        .where('status', '=', 'ready')
        .executeTakeFirst();
      return row?.seconds ?? undefined;
    },

    /**
     * Records that the recording's stills are made for `seconds` of it. Its version (updated_at,
     * which the moment detector reads) stays: the video did not change.
     */
    async markRecordingStills(eventId: number, vodKey: string, seconds: number) {
      await db
        .updateTable('event_media')
        .set({ meta: sql`meta || ${JSON.stringify({ stills_seconds: seconds })}::jsonb` })
        .where('event_id', '=', eventId)
        .where('kind', '=', 3)
        .where('storage_key', '=', vodKey)
        .execute();
    },

    async hasReadyLibraryVideo(vodItemId: number): Promise<boolean> {
      const item = await db
        .selectFrom('vod_media_items')
        .select('status')
        .where('id', '=', vodItemId)
        .executeTakeFirst();
      return item?.status === 'ready';
    },

    /** Finished games of these channels without a ready VOD, most recent first. */
    finishedWithoutVod(channelIds: number[], now: Date): Promise<GameRow[]> {
      if (channelIds.length === 0) return Promise.resolve([]);
      return games()
        .where('e.channel_id', 'in', channelIds)
        .where(endOf, '<=', now)
        .where((eb) => eb.not(eb.exists(media(eb, 3).where('m.status', '=', 'ready'))))
        .orderBy('e.event_utc_ts', 'desc')
        .execute();
    },

    /** Games on now in these channels, except those whose live media is an external URL. */
    liveNow(channelIds: number[], now: Date): Promise<GameRow[]> {
      if (channelIds.length === 0) return Promise.resolve([]);
      return (
        games()
          .where('e.channel_id', 'in', channelIds)
          .where('e.event_utc_ts', '<=', now)
          .where(endOf, '>', now)
          .where((eb) => eb.not(eb.exists(media(eb, 2).where('m.url', 'is not', null))))
          // A game with a stream key is an operator's RTMP game: the demo never encodes it (nor
          // takes its lease when its ingest dies: the publisher reconnects to an ingest).
          .where((eb) =>
            eb.not(
              eb.exists(
                eb
                  .selectFrom('live_ingest as li')
                  .select('li.event_id')
                  .whereRef('li.event_id', '=', 'e.id'),
              ),
            ),
          )
          .execute()
      );
    },

    /** Creates or updates a pipeline row; (event, kind, storage key) is unique, so reruns upsert. */
    async upsertMedia(row: {
      channelId: number;
      eventId: number;
      kind: number;
      storageKey: string;
      status: Status;
      meta?: Record<string, unknown>;
      startedAt?: Date | null;
      endedAt?: Date | null;
      /** The demo's write: a row holding an operator's media is left as it is (undefined then). */
      unlessOperator?: boolean;
    }): Promise<number | undefined> {
      const meta = JSON.stringify(row.meta ?? {});
      const result = await db
        .insertInto('event_media')
        .values({
          channel_id: row.channelId,
          event_id: row.eventId,
          kind: row.kind,
          storage_key: row.storageKey,
          status: row.status,
          meta,
          started_at: row.startedAt ?? null,
          ended_at: row.endedAt ?? null,
        })
        .onConflict((oc) =>
          oc
            .columns(['event_id', 'kind', 'storage_key'])
            .doUpdateSet({
              status: row.status,
              meta: sql`event_media.meta || ${meta}::jsonb`,
              ended_at: row.endedAt ?? sql<Date | null>`event_media.ended_at`,
              updated_at: sql<Date>`now()`,
            })
            .where(row.unlessOperator ? sql<boolean>`not ${operatorMedia}` : sql<boolean>`true`),
        )
        .returning('id')
        .executeTakeFirst();
      return result?.id;
    },

    /** Whether the event has a VOD an operator made (the demo then leaves the game alone). */
    async hasOperatorVod(eventId: number): Promise<boolean> {
      const row = await db
        .selectFrom('event_media')
        .select('id')
        .where('event_id', '=', eventId)
        .where('kind', '=', 3)
        .where(operatorMedia)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Pending rows of jobs about to be queued: the API says "preparing" meanwhile. */
    async markPending(channelId: number, eventId: number, kind: number, storageKey: string) {
      await db
        .insertInto('event_media')
        .values({
          channel_id: channelId,
          event_id: eventId,
          kind,
          storage_key: storageKey,
          status: 'pending',
        })
        .onConflict((oc) => oc.columns(['event_id', 'kind', 'storage_key']).doNothing())
        .execute();
    },

    /**
     * An operator's upload claims the game's VOD as soon as it is complete: the row says "upload"
     * (pending when there was none; a ready VOD stays ready until the new one replaces it), so a
     * demo render finishing later leaves it alone.
     */
    async claimVodForUpload(channelId: number, eventId: number, storageKey: string) {
      const meta = JSON.stringify({ source: VOD_SOURCE.upload });
      await db
        .insertInto('event_media')
        .values({
          channel_id: channelId,
          event_id: eventId,
          kind: 3,
          storage_key: storageKey,
          status: 'pending',
          meta,
        })
        .onConflict((oc) =>
          oc.columns(['event_id', 'kind', 'storage_key']).doUpdateSet({
            meta: sql`event_media.meta || ${meta}::jsonb`,
            updated_at: sql<Date>`now()`,
          }),
        )
        .execute();
    },

    /**
     * Takes (or renews) the live encoder lease of a game: succeeds when nobody holds it, it lapsed,
     * or we already hold it. Returns the live row, or undefined when another worker encodes.
     * `reclaim`: this worker's identity and part (`<WORKER_ID>/worker`, its lock held): a lease
     * a dead process of the same identity left there (its owner ends in `@<reclaim>`) is taken
     * back at once. `lock`: this process's liveness key (held), written into the lease; a lease
     * whose holder's liveness lock is free (its process died) is taken at once by any worker.
     * The owner changes on every claim, so the previous holder's renewals find the lease gone
     * (fencing). `taken_over`: the lease was another owner's and had not lapsed (its holder's
     * last writes may still be on their way: see settleTakeover).
     */
    async claimLive(g: {
      channelId: number;
      eventId: number;
      storageKey: string;
      owner: string;
      now: Date;
      until: Date;
      reclaim?: string | undefined;
      lock?: number | null | undefined;
    }) {
      return (
        db
          // The lease as it was before this claim (the statement's snapshot).
          .with('prev', (q) =>
            q
              .selectFrom('event_media')
              .select(['lease_owner', 'lease_until'])
              .where('event_id', '=', g.eventId)
              .where('kind', '=', 2)
              .where('storage_key', '=', g.storageKey),
          )
          .insertInto('event_media')
          .values({
            channel_id: g.channelId,
            event_id: g.eventId,
            kind: 2,
            storage_key: g.storageKey,
            status: 'pending',
            started_at: g.now,
            lease_owner: g.owner,
            lease_until: g.until,
            meta: JSON.stringify(g.lock ? { lease_lock: g.lock } : {}),
          })
          .onConflict((oc) =>
            oc
              .columns(['event_id', 'kind', 'storage_key'])
              .doUpdateSet({
                lease_owner: g.owner,
                lease_until: g.until,
                meta: withLeaseLock(g.lock),
                status: sql`case when event_media.status = 'live' then 'live' else 'pending' end`,
                ended_at: null,
                updated_at: sql<Date>`now()`,
              })
              .where((eb) =>
                eb.or([
                  eb('event_media.lease_until', 'is', null),
                  eb('event_media.lease_until', '<', g.now),
                  eb('event_media.lease_owner', '=', g.owner),
                  ...(g.reclaim
                    ? [eb(sql<string>`split_part(event_media.lease_owner, '@', 2)`, '=', g.reclaim)]
                    : []),
                  leaseHolderGone,
                ]),
              ),
          )
          .returning([
            'id',
            'status',
            'started_at',
            sql<boolean>`coalesce((select p.lease_owner is distinct from ${g.owner}
              and p.lease_until >= ${g.now} from prev p), false)`.as('taken_over'),
          ])
          .executeTakeFirst()
      );
    },

    /**
     * A game whose publisher went on air before its scheduled start starts now (a pre-game show,
     * a wrong schedule): viewers see it live, as the game's kind is read from its times. Its end
     * stays (within the longest a game may run). True when the start moved.
     */
    async startGameNow(eventId: number, at: Date): Promise<boolean> {
      const result = await db
        .updateTable('events')
        .set({
          duration_minutes: sql<number>`least(${EVENT_MAX_DURATION_MINUTES}, greatest(1, ceil(
            extract(epoch from (event_utc_ts + duration_minutes * interval '1 minute'
              - ${at}::timestamptz)) / 60)))::int`,
          event_utc_ts: at,
        })
        .where('id', '=', eventId)
        .where('event_utc_ts', '>', at)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /**
     * Renews the leases we still hold, with this process's liveness key as it is now (none while
     * its lock is lost); returns their ids (a missing one was taken over).
     */
    async renewLeases(
      owner: string,
      ids: number[],
      until: Date,
      lock?: number | null,
    ): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .updateTable('event_media')
        .set({ lease_until: until, meta: withLeaseLock(lock) })
        .where('id', 'in', ids)
        .where('lease_owner', '=', owner)
        .returning('id')
        .execute();
      return new Set(rows.map((r) => r.id));
    },

    async setStatus(id: number, status: Status) {
      await db
        .updateTable('event_media')
        .set({ status, updated_at: new Date() })
        .where('id', '=', id)
        .execute();
    },

    /**
     * Whether `owner` holds the live lease of this row (fencing: an owner changes on every claim),
     * and, with `until`, holds it at least that long: nobody can take it over before then.
     */
    async holdsLease(id: number, owner: string, until?: Date): Promise<boolean> {
      let query = db
        .selectFrom('event_media')
        .select('id')
        .where('id', '=', id)
        .where('lease_owner', '=', owner);
      if (until) query = query.where('lease_until', '>', until);
      return (await query.executeTakeFirst()) !== undefined;
    },

    /** Ends a live row; with `owner`, only while it holds the lease (false: taken over). */
    async endLive(id: number, durationSeconds: number, now: Date, owner?: string) {
      let update = db
        .updateTable('event_media')
        .set({
          status: 'ended',
          ended_at: now,
          lease_owner: null,
          lease_until: null,
          meta: sql`(meta - 'lease_lock') || ${JSON.stringify({ duration_seconds: durationSeconds, has_audio: true })}::jsonb`,
          updated_at: now,
        })
        .where('id', '=', id);
      if (owner !== undefined) update = update.where('lease_owner', '=', owner);
      const result = await update.executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Live rows whose game is over and whose encoder is gone (its worker died or stopped). */
    staleLive(now: Date) {
      return db
        .selectFrom('event_media as m')
        .innerJoin('events as e', 'e.id', 'm.event_id')
        .select(['m.id', 'm.channel_id', 'm.event_id', 'm.storage_key'])
        .where('m.kind', '=', 2)
        .where('m.status', 'in', ['live', 'pending'])
        .where('m.storage_key', 'is not', null)
        .where((eb) => eb.or([eb('m.lease_until', 'is', null), eb('m.lease_until', '<', now)]))
        .where(endOf, '<=', now)
        .execute();
    },

    /**
     * VODs of the demo's synthetic live games (meta.synthetic, set only by the live supervisor)
     * in these channels that ended before `before`: what DEMO_RECORDING_RETENTION_HOURS expires.
     */
    expiredSyntheticRecordings(channelIds: number[], before: Date) {
      if (channelIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('event_media')
        .select(['id', 'channel_id', 'event_id', 'storage_key'])
        .where('channel_id', 'in', channelIds)
        .where('kind', '=', 3)
        .where(sql<string>`meta->>'synthetic'`, '=', 'true')
        .where('ended_at', '<', before)
        .execute();
    },

    /** Removes a recording's rows: its VOD and its ended live row (same storage key). */
    async dropRecording(eventId: number, storageKey: string) {
      await db
        .deleteFrom('event_media')
        .where('event_id', '=', eventId)
        .where('kind', 'in', [2, 3])
        .where('storage_key', '=', storageKey)
        .execute();
    },

    async releaseLeases(owner: string) {
      await db
        .updateTable('event_media')
        .set({ lease_owner: null, lease_until: null, meta: sql`meta - 'lease_lock'` })
        .where('lease_owner', '=', owner)
        .execute();
    },

    /**
     * The lease of a running media job, taken (or taken over: a job pg-boss delivers again) when
     * it starts; `seconds` from now on the database's clock.
     */
    async takeJobLease(jobId: string, queue: string, owner: string, seconds: number) {
      const until = sql<Date>`now() + make_interval(secs => ${seconds})`;
      await db
        .insertInto('media_job_leases')
        .values({ job_id: jobId, queue, owner, lease_until: until })
        .onConflict((oc) =>
          oc.column('job_id').doUpdateSet({
            owner,
            started_at: sql<Date>`now()`,
            beat_at: sql<Date>`now()`,
            lease_until: until,
          }),
        )
        .execute();
    },

    /** Renews a lease we hold; false when it is no longer ours (reaped, or taken over). */
    async renewJobLease(jobId: string, owner: string, seconds: number): Promise<boolean> {
      const result = await db
        .updateTable('media_job_leases')
        .set({
          beat_at: sql<Date>`now()`,
          lease_until: sql<Date>`now() + make_interval(secs => ${seconds})`,
        })
        .where('job_id', '=', jobId)
        .where('owner', '=', owner)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /**
     * pg-boss 10 has no heartbeat: the job's expiry moves to `seconds` from now (its queue's
     * expiry), so pg-boss's maintenance never expires a job whose lease is being renewed.
     */
    async pushJobExpiry(queue: string, jobId: string, seconds: number) {
      await sql`update ${sql.table(`${BOSS_SCHEMA}.job`)}
        set expire_in = now() - started_on + make_interval(secs => ${seconds})
        where name = ${queue} and id = ${jobId}::uuid and state = 'active'`.execute(db);
    },

    async releaseJobLease(jobId: string, owner: string) {
      await db
        .deleteFrom('media_job_leases')
        .where('job_id', '=', jobId)
        .where('owner', '=', owner)
        .execute();
    },

    /**
     * Removes and returns the leases that lapsed: one reaper gets each (the delete is the claim),
     * however many run side by side.
     */
    takeExpiredJobLeases(): Promise<{ job_id: string; queue: string; owner: string }[]> {
      return db
        .deleteFrom('media_job_leases')
        .where('lease_until', '<', sql<Date>`now()`)
        .returning(['job_id', 'queue', 'owner'])
        .execute();
    },
  };
}
export type MediaJobsRepository = ReturnType<typeof createMediaJobsRepository>;
