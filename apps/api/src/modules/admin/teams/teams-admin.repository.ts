import type { DB } from '../../../db/database.js';
import { channelRows } from '../audited-entity.js';

/** SQL only: the channel's teams as the console edits them. */
export function createTeamsAdminRepository(db: DB) {
  const teams = (channelId: number) =>
    db
      .selectFrom('participants as p')
      .select((eb) => [
        'p.id',
        'p.name',
        'p.short_name',
        'p.alias',
        'p.color',
        'p.logo_url',
        'p.participant_group_id',
        'p.gender',
        'p.sport',
        'p.division',
        'p.league',
        eb
          .selectFrom('event_participants as ep')
          .select((c) => c.fn.countAll<string>().as('n'))
          .where('ep.channel_id', '=', channelId)
          .whereRef('ep.participant_id', '=', 'p.id')
          .as('games'),
      ])
      .where('p.channel_id', '=', channelId);

  return {
    list: (channelId: number) => teams(channelId).orderBy('p.name').orderBy('p.id').execute(),

    byId: (channelId: number, id: number) =>
      teams(channelId).where('p.id', '=', id).executeTakeFirst(),

    async aliasesLike(channelId: number, base: string): Promise<Set<string>> {
      const rows = await db
        .selectFrom('participants')
        .select('alias')
        .where('channel_id', '=', channelId)
        .where((eb) => eb.or([eb('alias', '=', base), eb('alias', 'like', `${base}-%`)]))
        .execute();
      return new Set(rows.map((r) => r.alias));
    },

    /** Writes bounded to the channel; a school is a participant group of the same channel. */
    ...channelRows(db, 'participants'),
    groupExists: (channelId: number, groupId: number) =>
      channelRows(db, 'participant_groups').exists(channelId, groupId),
  };
}
export type TeamsAdminRepository = ReturnType<typeof createTeamsAdminRepository>;
export type TeamRow = NonNullable<Awaited<ReturnType<TeamsAdminRepository['byId']>>>;
