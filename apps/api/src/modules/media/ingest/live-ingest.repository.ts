import type { LiveDropReason, LiveStreamMeasure } from '@rudy/contracts';
import type { DB } from '../../../db/database.js';

/** SQL of the ingest: stream keys and the stream state the worker reports. */
export function createLiveIngestRepository(db: DB) {
  return {
    /** The game's key hash, with its channel; only for a game that still exists. */
    keyOf(eventId: number) {
      return db
        .selectFrom('live_ingest as l')
        .innerJoin('events as e', 'e.id', 'l.event_id')
        .select(['l.event_id', 'l.channel_id', 'l.key_hash'])
        .where('l.event_id', '=', eventId)
        .whereRef('e.channel_id', '=', 'l.channel_id')
        .executeTakeFirst();
    },

    async online(eventId: number, since: Date) {
      await db
        .updateTable('live_ingest')
        .set({ online_since: since, seen_at: since, bitrate_kbps: null, stream_health: null })
        .where('event_id', '=', eventId)
        .execute();
    },

    async seen(eventId: number, at: Date, bitrateKbps: number | null, health: LiveStreamMeasure) {
      await db
        .updateTable('live_ingest')
        .set({ seen_at: at, bitrate_kbps: bitrateKbps, stream_health: JSON.stringify(health) })
        .where('event_id', '=', eventId)
        .execute();
    },

    async offline(eventId: number, at: Date) {
      await db
        .updateTable('live_ingest')
        .set({ online_since: null, bitrate_kbps: null, seen_at: at, stream_health: null })
        .where('event_id', '=', eventId)
        .execute();
    },

    /** A drop or refusal of the game's publisher, for the console (the reason, never the key). */
    async dropped(eventId: number, reason: LiveDropReason, at: Date) {
      await db
        .updateTable('live_ingest')
        .set({ last_drop_reason: reason, last_drop_at: at })
        .where('event_id', '=', eventId)
        .execute();
    },

    /** The console's view of a game's ingest (undefined: no key made yet). */
    state(channelId: number, eventId: number) {
      return db
        .selectFrom('live_ingest')
        .select([
          'key_created_at',
          'online_since',
          'bitrate_kbps',
          'seen_at',
          'last_drop_reason',
          'last_drop_at',
          'stream_health',
        ])
        .where('channel_id', '=', channelId)
        .where('event_id', '=', eventId)
        .executeTakeFirst();
    },

    /** Creates or replaces the key (rotation): the old hash is gone in the same statement. */
    async setKey(trx: DB, channelId: number, eventId: number, hash: Buffer, at: Date) {
      await trx
        .insertInto('live_ingest')
        .values({ channel_id: channelId, event_id: eventId, key_hash: hash, key_created_at: at })
        .onConflict((oc) =>
          oc.column('event_id').doUpdateSet({ key_hash: hash, key_created_at: at }),
        )
        .execute();
    },
  };
}
