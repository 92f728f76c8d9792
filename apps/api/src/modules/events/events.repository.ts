import { MEDIA_KIND } from '@rudy/contracts';
import { sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { DB } from '../../db/database.js';
import type { EventFilter, EventOrder, PageRequest } from './event-filters.js';
import { endTs, eventOrderKey, eventWhere } from './events.where.js';

/**
 * SQL only. Each event row carries its participants (away first) and its live and VOD media rows
 * as JSON: one round trip a page.
 */
export function createEventsRepository(db: DB) {
  const base = () =>
    db
      .selectFrom('events as e')
      .selectAll('e')
      .select((eb) => [
        endTs.as('end_utc_ts'),
        jsonArrayFrom(
          eb
            .selectFrom('event_participants as ep')
            .innerJoin('participants as p', 'p.id', 'ep.participant_id')
            .select(['p.id', 'p.name', 'p.short_name', 'p.color', 'p.logo_url', 'ep.is_home'])
            .whereRef('ep.event_id', '=', 'e.id')
            .orderBy('ep.is_home')
            .orderBy('p.id'),
        ).as('participants'),
        // What readiness needs of the live and VOD rows (media-rules.ts playableMedia).
        jsonArrayFrom(
          eb
            .selectFrom('event_media as m')
            .select(['m.kind', 'm.status', 'm.url', 'm.storage_key'])
            .whereRef('m.event_id', '=', 'e.id')
            .where('m.kind', 'in', [MEDIA_KIND.live, MEDIA_KIND.vod]),
        ).as('media'),
      ]);

  return {
    /**
     * One page in a stable order: the sort key, then id in the same direction. The page's ids are
     * found first and only those rows are read in full, so skipped rows (offset) cost an index
     * entry each, not a participants lookup.
     */
    list(channelId: number, filter: EventFilter, order: EventOrder, page: PageRequest) {
      const key = eventOrderKey(order);
      const pageIds = db
        .selectFrom('events as e')
        .select('e.id')
        .where((eb) => eventWhere(eb, channelId, filter))
        .orderBy(key, order.direction)
        .orderBy('e.id', order.direction)
        .offset(page.offset)
        .limit(page.limit);
      return base()
        .innerJoin(pageIds.as('pg'), 'pg.id', 'e.id')
        .orderBy(key, order.direction)
        .orderBy('e.id', order.direction)
        .execute();
    },
    async count(channelId: number, filter: EventFilter): Promise<number> {
      const row = await db
        .selectFrom('events as e')
        .select(sql<number>`count(*)::int`.as('n'))
        .where((eb) => eventWhere(eb, channelId, filter))
        .executeTakeFirstOrThrow();
      return row.n;
    },
    byId(channelId: number, id: number) {
      return base()
        .where('e.channel_id', '=', channelId)
        .where('e.id', '=', id)
        .where('e.published', '=', true)
        .executeTakeFirst();
    },
  };
}
export type EventsRepository = ReturnType<typeof createEventsRepository>;
export type EventRow = Awaited<ReturnType<EventsRepository['list']>>[number];
