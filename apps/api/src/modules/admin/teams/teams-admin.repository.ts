import type { DB } from '../../../db/database.js';
import { aliasesLike } from '../aliases.repository.js';
import { channelRows } from '../channel-rows.repository.js';

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

    aliasesLike: (channelId: number, base: string) =>
      aliasesLike(db, 'participants', channelId, base),

    /** Writes bounded to the channel; a school is a participant group of the same channel. */
    ...channelRows(db, 'participants'),
    groupExists: (channelId: number, groupId: number) =>
      channelRows(db, 'participant_groups').exists(channelId, groupId),
  };
}
export type TeamsAdminRepository = ReturnType<typeof createTeamsAdminRepository>;
export type TeamRow = NonNullable<Awaited<ReturnType<TeamsAdminRepository['byId']>>>;
