import { sql } from 'kysely';
import type { DB } from '../../../db/database.js';
import { aliasesLike } from '../aliases.repository.js';
import { channelRows } from '../channel-rows.repository.js';

/**
 * SQL only: the channel's sports (event categories), rinks (locations) and schools (participant
 * groups), each with how many things point at it (a delete would silently change those).
 */
export function createReferenceDataAdminRepository(db: DB) {
  const sports = (channelId: number) =>
    db
      .selectFrom('event_categories as c')
      .select((eb) => [
        'c.id',
        'c.alias',
        'c.name',
        'c.position',
        sql<string>`(${eb
          .selectFrom('events as e')
          .select((x) => x.fn.countAll().as('n'))
          .where('e.channel_id', '=', channelId)
          .whereRef('e.event_category_id', '=', 'c.id')}) + (${eb
          .selectFrom('package_event_categories as pc')
          .select((x) => x.fn.countAll().as('n'))
          .where('pc.channel_id', '=', channelId)
          .whereRef('pc.event_category_id', '=', 'c.id')}) + (${eb
          .selectFrom('prerolls as r')
          .select((x) => x.fn.countAll().as('n'))
          .where('r.channel_id', '=', channelId)
          .where(sql<boolean>`c.id = any(r.event_categories)`)})`.as('uses'),
      ])
      .where('c.channel_id', '=', channelId);

  const rinks = (channelId: number) =>
    db
      .selectFrom('locations as l')
      .select((eb) => [
        'l.id',
        'l.name',
        'l.address',
        'l.city',
        'l.time_zone',
        sql<string>`(${eb
          .selectFrom('events as e')
          .select((x) => x.fn.countAll().as('n'))
          .where('e.channel_id', '=', channelId)
          .whereRef('e.location_id', '=', 'l.id')}) + (${eb
          .selectFrom('prerolls as r')
          .select((x) => x.fn.countAll().as('n'))
          .where('r.channel_id', '=', channelId)
          .whereRef('r.location_id', '=', 'l.id')})`.as('uses'),
      ])
      .where('l.channel_id', '=', channelId);

  const schools = (channelId: number) =>
    db
      .selectFrom('participant_groups as g')
      .select((eb) => [
        'g.id',
        'g.alias',
        'g.name',
        eb
          .selectFrom('participants as p')
          .select((x) => x.fn.countAll<string>().as('n'))
          .where('p.channel_id', '=', channelId)
          .whereRef('p.participant_group_id', '=', 'g.id')
          .as('uses'),
      ])
      .where('g.channel_id', '=', channelId);

  return {
    sports: {
      list: (channelId: number) =>
        sports(channelId).orderBy('c.position').orderBy('c.id').execute(),
      byId: (channelId: number, id: number) =>
        sports(channelId).where('c.id', '=', id).executeTakeFirst(),
      aliasesLike: (channelId: number, base: string) =>
        aliasesLike(db, 'event_categories', channelId, base),
      ...channelRows(db, 'event_categories'),
    },
    rinks: {
      list: (channelId: number) => rinks(channelId).orderBy('l.name').orderBy('l.id').execute(),
      byId: (channelId: number, id: number) =>
        rinks(channelId).where('l.id', '=', id).executeTakeFirst(),
      ...channelRows(db, 'locations'),
    },
    schools: {
      list: (channelId: number) => schools(channelId).orderBy('g.name').orderBy('g.id').execute(),
      byId: (channelId: number, id: number) =>
        schools(channelId).where('g.id', '=', id).executeTakeFirst(),
      aliasesLike: (channelId: number, base: string) =>
        aliasesLike(db, 'participant_groups', channelId, base),
      ...channelRows(db, 'participant_groups'),
    },
  };
}
export type ReferenceDataAdminRepository = ReturnType<typeof createReferenceDataAdminRepository>;
