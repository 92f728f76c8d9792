import { ADMIN_MESSAGES, ADMIN_TEXTS, AdminTeamInputSchema, type AdminTeam } from '@rudy/contracts';
import type { z } from 'zod';
import type { DB } from '../../../db/database.js';
import { HttpError } from '../../../lib/http-error.js';
import type { AdminCaller } from '../admin-access.js';
import type { AdminChanges } from '../admin-changes.js';
import { freeAlias, slugOf } from '../aliases.js';
import { createAuditedEntity } from '../audited-entity.js';
import { flatSnapshot, type Snapshot } from '../audit/audit-diff.js';
import {
  createTeamsAdminRepository,
  type TeamRow,
  type TeamsAdminRepository,
} from './teams-admin.repository.js';

type TeamInput = z.output<typeof AdminTeamInputSchema>;

const toTeam = (r: TeamRow): AdminTeam => ({
  id: r.id,
  name: r.name,
  short_name: r.short_name,
  alias: r.alias,
  color: r.color,
  logo_url: r.logo_url,
  participant_group_id: r.participant_group_id,
  gender: r.gender,
  sport: r.sport ?? '',
  division: r.division ?? '',
  league: r.league ?? '',
  games: Number(r.games ?? 0),
});

const columns = (input: TeamInput) => ({
  name: input.name,
  short_name: input.short_name,
  color: input.color,
  participant_group_id: input.participant_group_id,
  gender: input.gender,
  sport: input.sport || null,
  division: input.division || null,
  league: input.league || null,
});

/** What the audit compares: the team's own fields (its game count is not the team's to change). */
const snapshot = (t: AdminTeam): Snapshot => flatSnapshot(t, ['id', 'alias', 'games']);

/** The console's teams: the rules (channel-scoped, aliases unique, teams in games kept). */
export function createTeamsAdminService(deps: { db: DB; changes: AdminChanges }) {
  const reads = createTeamsAdminRepository(deps.db);
  const teams = createAuditedEntity({
    changes: deps.changes,
    entity: 'team',
    repository: createTeamsAdminRepository,
    find: async (repo, channelId, id) => {
      const row = await repo.byId(channelId, id);
      return row && toTeam(row);
    },
    missing: 'Team not found',
    snapshot,
  });

  async function checkGroup(repo: TeamsAdminRepository, channelId: number, input: TeamInput) {
    const group = input.participant_group_id;
    if (group !== null && !(await repo.groupExists(channelId, group))) {
      throw new HttpError(400, 'validation_failed', ADMIN_TEXTS.unknownSchool, {
        participant_group_id: ADMIN_MESSAGES.unknownSchool,
      });
    }
  }

  return {
    async list(channelId: number): Promise<AdminTeam[]> {
      return (await reads.list(channelId)).map(toTeam);
    },

    create: (caller: AdminCaller, input: TeamInput): Promise<AdminTeam> =>
      teams.create(caller, async (repo) => {
        await checkGroup(repo, caller.channelId, input);
        const base = slugOf(input.name);
        const alias = freeAlias(base, await repo.aliasesLike(caller.channelId, base));
        return repo.insert({ channel_id: caller.channelId, alias, ...columns(input) });
      }),

    update: (caller: AdminCaller, id: number, input: TeamInput): Promise<AdminTeam> =>
      teams.update(caller, id, async (repo) => {
        await checkGroup(repo, caller.channelId, input);
        await repo.update(caller.channelId, id, columns(input));
      }),

    /** A team that plays in games stays: deleting it would silently take it out of them. */
    remove: (caller: AdminCaller, id: number) =>
      teams.remove(caller, id, async (repo, before) => {
        if (before.games > 0) {
          throw new HttpError(
            409,
            'in_use',
            `This team plays in ${before.games} game(s); change or delete those games first`,
          );
        }
        await repo.delete(caller.channelId, id);
      }),
  };
}
export type TeamsAdminService = ReturnType<typeof createTeamsAdminService>;
