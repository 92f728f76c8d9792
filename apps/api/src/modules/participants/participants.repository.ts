import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { catalogueSearchQuery, foldedDoc } from '../../db/catalogue-search.js';
import type { DB } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

export interface ParticipantFilter {
  groupId?: number;
  sport?: string;
  league?: string;
  division?: string;
  gender?: 'men' | 'women' | 'not identified';
  /** The words of the search box (searchBoxWords), never empty. */
  search?: string[];
}

type EB = ExpressionBuilder<Database & { p: Database['participants'] }, 'p'>;

function participantWhere(eb: EB, channelId: number, f: ParticipantFilter): Expression<SqlBool> {
  const all: Expression<SqlBool>[] = [eb('p.channel_id', '=', channelId)];
  if (f.groupId !== undefined) all.push(eb('p.participant_group_id', '=', f.groupId));
  if (f.sport !== undefined) all.push(eb('p.sport', '=', f.sport));
  if (f.league !== undefined) all.push(eb('p.league', '=', f.league));
  if (f.division !== undefined) all.push(eb('p.division', '=', f.division));
  if (f.gender !== undefined) all.push(eb('p.gender', '=', f.gender));
  if (f.search !== undefined) {
    // Written exactly as the participants_search index expression (migration 0033).
    all.push(
      sql<SqlBool>`${foldedDoc(sql`p.name || ' ' || p.short_name`)} @@ ${catalogueSearchQuery(channelId, f.search)}`,
    );
  }
  return eb.and(all);
}

/** SQL only. Teams in name order, each with the ids of its child teams. */
export function createParticipantsRepository(db: DB) {
  const base = () =>
    db
      .selectFrom('participants as p')
      .selectAll('p')
      .select((eb) =>
        eb
          .selectFrom('participants as c')
          .select(sql<number[]>`coalesce(array_agg(c.id order by c.id), '{}')`.as('ids'))
          .whereRef('c.parent_id', '=', 'p.id')
          .whereRef('c.channel_id', '=', 'p.channel_id')
          .as('children'),
      );

  return {
    /** page null: every matching row. */
    list(
      channelId: number,
      filter: ParticipantFilter,
      page: { offset: number; limit: number } | null,
    ) {
      let q = base()
        .where((eb) => participantWhere(eb, channelId, filter))
        .orderBy('p.name')
        .orderBy('p.id');
      if (page) q = q.offset(page.offset).limit(page.limit);
      return q.execute();
    },
    async count(channelId: number, filter: ParticipantFilter): Promise<number> {
      const row = await db
        .selectFrom('participants as p')
        .select(sql<number>`count(*)::int`.as('n'))
        .where((eb) => participantWhere(eb, channelId, filter))
        .executeTakeFirstOrThrow();
      return row.n;
    },
    byId(channelId: number, id: number) {
      return base().where('p.channel_id', '=', channelId).where('p.id', '=', id).executeTakeFirst();
    },
  };
}
export type ParticipantsRepository = ReturnType<typeof createParticipantsRepository>;
export type ParticipantRow = Awaited<ReturnType<ParticipantsRepository['list']>>[number];
