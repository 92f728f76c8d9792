import { sql } from 'kysely';
import { MEDIA_KIND, type MomentKind } from '@rudy/contracts';
import type { DB } from '../../db/database.js';

const COLUMNS = [
  'id',
  'event_id',
  'at_seconds',
  'kind',
  'label',
  'confidence',
  'created_by',
  'updated_by',
  'created_at',
] as const;

export interface DetectedMoment {
  atSeconds: number;
  confidence: number;
}

/** SQL only: a game's key moments. Every query is bound to a channel. */
export function createMomentsRepository(db: DB) {
  const shown = (channelId: number) =>
    db.selectFrom('moments').where('channel_id', '=', channelId).where('removed_at', 'is', null);
  /** Ready replays the detector has not run on since they last changed. */
  const undetectedReplays = () =>
    db
      .selectFrom('event_media as m')
      .where('m.kind', '=', MEDIA_KIND.vod)
      .where('m.status', '=', 'ready')
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('moment_detections as d')
              .select('d.event_id')
              .whereRef('d.event_id', '=', 'm.event_id')
              .whereRef('d.video_updated_at', '>=', 'm.updated_at'),
          ),
        ),
      );
  return {
    /** The channel's game; `published`: only when viewers may see it (the console's are all). */
    game(channelId: number, eventId: number, only?: 'published') {
      let q = db
        .selectFrom('events')
        .select(['id', 'name'])
        .where('channel_id', '=', channelId)
        .where('id', '=', eventId);
      if (only === 'published') q = q.where('published', '=', true);
      return q.executeTakeFirst();
    },

    list: (channelId: number, eventId: number) =>
      shown(channelId)
        .select(COLUMNS)
        .where('event_id', '=', eventId)
        .orderBy('at_seconds')
        .orderBy('id')
        .execute(),

    one: (channelId: number, id: number) =>
      shown(channelId).select(COLUMNS).where('id', '=', id).executeTakeFirst(),

    /** The last marked moment of the game at or after `since` seconds (a double click's first). */
    markedSince: (channelId: number, eventId: number, since: number) =>
      shown(channelId)
        .select(COLUMNS)
        .where('event_id', '=', eventId)
        .where('kind', '=', 'marked')
        .where('at_seconds', '>=', since)
        .orderBy('at_seconds', 'desc')
        .executeTakeFirst(),

    insert: (row: {
      channelId: number;
      eventId: number;
      atSeconds: number;
      kind: MomentKind;
      label: string | null;
      confidence: number;
      createdBy: number | null;
    }) =>
      db
        .insertInto('moments')
        .values({
          channel_id: row.channelId,
          event_id: row.eventId,
          at_seconds: row.atSeconds,
          kind: row.kind,
          label: row.label,
          confidence: row.confidence,
          created_by: row.createdBy,
        })
        .returning(COLUMNS)
        .executeTakeFirstOrThrow(),

    update: (
      channelId: number,
      id: number,
      change: { atSeconds?: number; label?: string | null; updatedBy: number },
    ) =>
      db
        .updateTable('moments')
        .set({
          ...(change.atSeconds !== undefined ? { at_seconds: change.atSeconds } : {}),
          ...(change.label !== undefined ? { label: change.label } : {}),
          updated_by: change.updatedBy,
          updated_at: sql<Date>`now()`,
        })
        .where('channel_id', '=', channelId)
        .where('id', '=', id)
        .where('removed_at', 'is', null)
        .returning(COLUMNS)
        .executeTakeFirst(),

    /** A detected moment stays as a tombstone (the detector must not bring it back); a mark goes. */
    async remove(channelId: number, id: number, kind: MomentKind) {
      if (kind === 'marked') {
        await db
          .deleteFrom('moments')
          .where('channel_id', '=', channelId)
          .where('id', '=', id)
          .execute();
        return;
      }
      await db
        .updateTable('moments')
        .set({ removed_at: sql<Date>`now()` })
        .where('channel_id', '=', channelId)
        .where('id', '=', id)
        .execute();
    },

    /**
     * A detection run's result replaces the previous run's untouched moments, in one statement
     * set inside the caller's transaction: a moment the operator edited, removed (a tombstone)
     * or marked is kept, and a detected one within `spacingSeconds` of it is not added again.
     */
    async replaceDetected(
      target: { channelId: number; eventId: number },
      found: readonly DetectedMoment[],
      spacingSeconds: number,
    ): Promise<number> {
      await db
        .deleteFrom('moments')
        .where('channel_id', '=', target.channelId)
        .where('event_id', '=', target.eventId)
        .where('kind', '=', 'detected')
        .where('updated_by', 'is', null)
        .where('removed_at', 'is', null)
        .execute();
      const kept = await db
        .selectFrom('moments')
        .select('at_seconds')
        .where('channel_id', '=', target.channelId)
        .where('event_id', '=', target.eventId)
        .execute();
      const fresh = found.filter((m) =>
        kept.every((k) => Math.abs(k.at_seconds - m.atSeconds) >= spacingSeconds),
      );
      if (fresh.length === 0) return 0;
      await db
        .insertInto('moments')
        .values(
          fresh.map((m) => ({
            channel_id: target.channelId,
            event_id: target.eventId,
            at_seconds: m.atSeconds,
            kind: 'detected' as const,
            label: null,
            confidence: m.confidence,
            created_by: null,
          })),
        )
        .execute();
      return fresh.length;
    },

    /** Holds the game's moments until the caller's transaction ends (one writer at a time). */
    async lockGame(eventId: number) {
      await sql`select pg_advisory_xact_lock(hashtextextended(${`moments-${eventId}`}, 0))`.execute(
        db,
      );
    },

    /** Adds what a live run found since its last call, unless a kept moment is that close. */
    async addDetected(
      target: { channelId: number; eventId: number },
      found: DetectedMoment,
      spacingSeconds: number,
    ): Promise<boolean> {
      const near = await db
        .selectFrom('moments')
        .select('id')
        .where('channel_id', '=', target.channelId)
        .where('event_id', '=', target.eventId)
        .where('at_seconds', '>', found.atSeconds - spacingSeconds)
        .where('at_seconds', '<', found.atSeconds + spacingSeconds)
        .executeTakeFirst();
      if (near) return false;
      await db
        .insertInto('moments')
        .values({
          channel_id: target.channelId,
          event_id: target.eventId,
          at_seconds: found.atSeconds,
          kind: 'detected',
          label: null,
          confidence: found.confidence,
          created_by: null,
        })
        .execute();
      return true;
    },

    /** When the game's live recording started (a live mark's "now" is measured from it). */
    liveStartedAt: (channelId: number, eventId: number) =>
      db
        .selectFrom('event_media')
        .select(['started_at', 'status'])
        .where('channel_id', '=', channelId)
        .where('event_id', '=', eventId)
        .where('kind', '=', MEDIA_KIND.live)
        .orderBy('id', 'desc')
        .executeTakeFirst(),

    /**
     * A game's ready replay: its master playlist's key, when the row last changed, its length.
     * `version` is that change's time as PostgreSQL wrote it (microseconds; a Date keeps only
     * milliseconds, and a detection recorded with it looked older than the replay it ran on).
     */
    readyVideo: (channelId: number, eventId: number) =>
      db
        .selectFrom('event_media')
        .select(['storage_key', 'updated_at', 'meta', sql<string>`updated_at::text`.as('version')])
        .where('channel_id', '=', channelId)
        .where('event_id', '=', eventId)
        .where('kind', '=', MEDIA_KIND.vod)
        .where('status', '=', 'ready')
        .where('storage_key', 'is not', null)
        .orderBy('updated_at', 'desc')
        .executeTakeFirst(),

    /** Ready replays the detector has not run on since they last changed (at most `limit`). */
    replaysWithoutDetection: (limit: number) =>
      undetectedReplays()
        .select(['m.channel_id as channelId', 'm.event_id as eventId'])
        .orderBy('m.updated_at', 'desc')
        .limit(limit)
        .execute(),

    /** A ready replay of the game the detector has not run on since it last changed. */
    undetectedReplay: (eventId: number) =>
      undetectedReplays().select('m.id').where('m.event_id', '=', eventId).executeTakeFirst(),

    /** Which version of the game's replay the detector ran on, and what it found there. */
    async recordDetection(
      target: { channelId: number; eventId: number },
      run: { version: string; audioSeconds: number; found: number },
    ) {
      const result = {
        video_updated_at: sql<Date>`${run.version}::timestamptz`,
        audio_seconds: run.audioSeconds,
        found: run.found,
      };
      await db
        .insertInto('moment_detections')
        .values({ event_id: target.eventId, channel_id: target.channelId, ...result })
        .onConflict((oc) =>
          oc.column('event_id').doUpdateSet({ ...result, detected_at: sql<Date>`now()` }),
        )
        .execute();
    },

    /**
     * The live games this process encodes: their live rows' lease names this process (the
     * synthetic supervisor's `worker-<pid>-…`, the RTMP ingest's `ingest-<pid>-…`).
     */
    liveGamesLeasedBy: (pid: number) =>
      db
        .selectFrom('event_media')
        .select(['id', 'channel_id', 'event_id', 'storage_key'])
        .where('kind', '=', MEDIA_KIND.live)
        .where('status', '=', 'live')
        .where('storage_key', 'is not', null)
        .where((eb) =>
          eb.or([
            eb('lease_owner', 'like', `worker-${pid}-%`),
            eb('lease_owner', 'like', `ingest-${pid}-%`),
          ]),
        )
        .execute(),
  };
}
export type MomentsRepository = ReturnType<typeof createMomentsRepository>;
export type MomentRow = NonNullable<Awaited<ReturnType<MomentsRepository['one']>>>;
