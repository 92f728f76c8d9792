import type { Participant, ParticipantsPage, ParticipantsQuery } from '@rudy/contracts';
import { notFound } from '../../lib/http-error.js';
import { searchFilterWords } from '../../lib/search-words.js';
import type {
  ParticipantFilter,
  ParticipantRow,
  ParticipantsRepository,
} from './participants.repository.js';

export function toParticipant(row: ParticipantRow): Participant {
  return {
    id: row.id,
    name: row.name,
    short_name: row.short_name,
    alias: row.alias,
    images: { logo: row.logo_url },
    color: row.color,
    participant_group_id: row.participant_group_id,
    properties: {
      gender: row.gender,
      sport: row.sport,
      division: row.division,
      league: row.league,
    },
    children: row.children ?? [],
  };
}

export function participantFilter(q: ParticipantsQuery): ParticipantFilter {
  return {
    groupId: q.group,
    sport: q.sport,
    league: q.league,
    division: q.division,
    gender: q.gender,
    search: searchFilterWords(q.search),
  };
}

export function createParticipantsService(repo: ParticipantsRepository) {
  return {
    /** Paginated; no_limit=1 returns every match in one page (the spec's call for filter lists). */
    async list(channelId: number, q: ParticipantsQuery): Promise<ParticipantsPage> {
      const filter = participantFilter(q);
      if (q.no_limit) {
        const rows = await repo.list(channelId, filter, null);
        return {
          data: rows.map(toParticipant),
          meta: { total: rows.length, offset: 0, limit: rows.length },
        };
      }
      const page = { offset: q.offset, limit: q.limit };
      const rows = await repo.list(channelId, filter, page);
      const tailKnown = rows.length < page.limit && (rows.length > 0 || page.offset === 0);
      const total = tailKnown ? page.offset + rows.length : await repo.count(channelId, filter);
      return { data: rows.map(toParticipant), meta: { total, ...page } };
    },

    async byId(channelId: number, id: number): Promise<Participant> {
      const row = await repo.byId(channelId, id);
      if (!row) throw notFound('Participant not found');
      return toParticipant(row);
    },
  };
}
export type ParticipantsService = ReturnType<typeof createParticipantsService>;
