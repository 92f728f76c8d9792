import {
  AdminRinkInputSchema,
  AdminSchoolInputSchema,
  AdminSportInputSchema,
  type AdminReferenceData,
  type AdminRink,
  type AdminSchool,
  type AdminSport,
} from '@rudy/contracts';
import type { z } from 'zod';
import type { DB } from '../../../db/database.js';
import { HttpError } from '../../../lib/http-error.js';
import type { AdminCaller } from '../admin-access.js';
import type { AdminChanges } from '../admin-changes.js';
import { freeAlias, slugOf } from '../aliases.js';
import { createAuditedEntity } from '../audited-entity.js';
import {
  createReferenceDataAdminRepository,
  type ReferenceDataAdminRepository,
} from './reference-data-admin.repository.js';

type SportInput = z.output<typeof AdminSportInputSchema>;
type RinkInput = z.output<typeof AdminRinkInputSchema>;
type SchoolInput = z.output<typeof AdminSchoolInputSchema>;
type Repo = ReferenceDataAdminRepository;
type Row<K extends 'sports' | 'rinks' | 'schools'> = NonNullable<
  Awaited<ReturnType<Repo[K]['byId']>>
>;

const toSport = (r: Row<'sports'>): AdminSport => ({
  id: r.id,
  alias: r.alias,
  name_en: r.name.en ?? '',
  name_fr: r.name.fr ?? '',
  position: r.position,
  uses: Number(r.uses),
});
const toRink = (r: Row<'rinks'>): AdminRink => ({
  id: r.id,
  name: r.name,
  address: r.address ?? '',
  city: r.city ?? '',
  time_zone: r.time_zone,
  uses: Number(r.uses),
});
const toSchool = (r: Row<'schools'>): AdminSchool => ({
  id: r.id,
  alias: r.alias,
  name: r.name,
  uses: Number(r.uses ?? 0),
});

/** An item something points at stays: deleting it would silently change games, passes or teams. */
function keepUsed(item: { uses: number }, what: string) {
  if (item.uses > 0)
    throw new HttpError(
      409,
      'in_use',
      `This ${what} is used ${item.uses} time(s); change those first`,
    );
}

const sportName = (s: SportInput) =>
  JSON.stringify(s.name_fr ? { en: s.name_en, fr: s.name_fr } : { en: s.name_en });
const rinkColumns = (r: RinkInput) => ({
  name: r.name,
  address: r.address || null,
  city: r.city || null,
  time_zone: r.time_zone,
});

/**
 * The console's reference data: sports, rinks and schools, each change audited (the same helper as
 * teams and games). Aliases are made once from the name and kept, as addresses use them.
 */
export function createReferenceDataAdminService(deps: { db: DB; changes: AdminChanges }) {
  const reads = createReferenceDataAdminRepository(deps.db);
  const entity = <Item extends { uses: number }>(
    kind: 'sport' | 'rink' | 'school',
    find: (repo: Repo, channelId: number, id: number) => Promise<Item | undefined>,
    snapshot: (item: Item) => Record<string, string | number | null>,
  ) =>
    createAuditedEntity({
      changes: deps.changes,
      entity: kind,
      repository: createReferenceDataAdminRepository,
      find,
      missing: `${kind[0]?.toUpperCase()}${kind.slice(1)} not found`,
      snapshot,
    });

  const sports = entity(
    'sport',
    async (repo, c, id) => {
      const row = await repo.sports.byId(c, id);
      return row && toSport(row);
    },
    (s) => ({ name_en: s.name_en, name_fr: s.name_fr, position: s.position }),
  );
  const rinks = entity(
    'rink',
    async (repo, c, id) => {
      const row = await repo.rinks.byId(c, id);
      return row && toRink(row);
    },
    (r) => ({ name: r.name, address: r.address, city: r.city, time_zone: r.time_zone }),
  );
  const schools = entity(
    'school',
    async (repo, c, id) => {
      const row = await repo.schools.byId(c, id);
      return row && toSchool(row);
    },
    (s) => ({ name: s.name }),
  );

  return {
    async list(channelId: number): Promise<AdminReferenceData> {
      const [s, r, g] = await Promise.all([
        reads.sports.list(channelId),
        reads.rinks.list(channelId),
        reads.schools.list(channelId),
      ]);
      return { sports: s.map(toSport), rinks: r.map(toRink), schools: g.map(toSchool) };
    },

    sports: {
      create: (caller: AdminCaller, input: SportInput) =>
        sports.create(caller, async (repo) => {
          const base = slugOf(input.name_en, 'sport');
          const alias = freeAlias(base, await repo.sports.aliasesLike(caller.channelId, base));
          return repo.sports.insert({
            channel_id: caller.channelId,
            alias,
            name: sportName(input),
            position: input.position,
          });
        }),
      update: (caller: AdminCaller, id: number, input: SportInput) =>
        sports.update(caller, id, (repo) =>
          repo.sports.update(caller.channelId, id, {
            name: sportName(input),
            position: input.position,
          }),
        ),
      remove: (caller: AdminCaller, id: number) =>
        sports.remove(caller, id, async (repo, before) => {
          keepUsed(before, 'sport');
          await repo.sports.delete(caller.channelId, id);
        }),
    },

    rinks: {
      create: (caller: AdminCaller, input: RinkInput) =>
        rinks.create(caller, (repo) =>
          repo.rinks.insert({ channel_id: caller.channelId, ...rinkColumns(input) }),
        ),
      update: (caller: AdminCaller, id: number, input: RinkInput) =>
        rinks.update(caller, id, (repo) =>
          repo.rinks.update(caller.channelId, id, rinkColumns(input)),
        ),
      remove: (caller: AdminCaller, id: number) =>
        rinks.remove(caller, id, async (repo, before) => {
          keepUsed(before, 'rink');
          await repo.rinks.delete(caller.channelId, id);
        }),
    },

    schools: {
      create: (caller: AdminCaller, input: SchoolInput) =>
        schools.create(caller, async (repo) => {
          const base = slugOf(input.name, 'school');
          const alias = freeAlias(base, await repo.schools.aliasesLike(caller.channelId, base));
          return repo.schools.insert({ channel_id: caller.channelId, alias, name: input.name });
        }),
      update: (caller: AdminCaller, id: number, input: SchoolInput) =>
        schools.update(caller, id, (repo) =>
          repo.schools.update(caller.channelId, id, { name: input.name }),
        ),
      remove: (caller: AdminCaller, id: number) =>
        schools.remove(caller, id, async (repo, before) => {
          keepUsed(before, 'school');
          await repo.schools.delete(caller.channelId, id);
        }),
    },
  };
}
export type ReferenceDataAdminService = ReturnType<typeof createReferenceDataAdminService>;
