import { AdminPrerollInputSchema, type AdminPreroll } from '@rudy/contracts';
import type { z } from 'zod';
import type { DB } from '../../../db/database.js';
import { HttpError } from '../../../lib/http-error.js';
import type { AdminCaller } from '../admin-access.js';
import type { AdminChanges } from '../admin-changes.js';
import { createAuditedEntity } from '../audited-entity.js';
import { flatSnapshot, type Snapshot } from '../audit/audit-diff.js';
import { createPrerollsAdminRepository } from './prerolls-admin.repository.js';

type PrerollInput = z.output<typeof AdminPrerollInputSchema>;
const MINUTE_MS = 60_000;

type Repo = ReturnType<typeof createPrerollsAdminRepository>;
type Row = Awaited<ReturnType<Repo['list']>>[number];

type Item = Omit<AdminPreroll, 'share_percent'>;
const toItem = (r: Row): Item => ({
  id: r.id,
  url: r.url,
  location_id: r.location_id,
  event_category_ids: r.event_categories,
  for_live: r.for_live,
  for_vod: r.for_vod,
  weight: r.weight,
  suppression_minutes: r.suppression_ms === null ? null : Math.round(r.suppression_ms / MINUTE_MS),
  disabled: r.disabled,
});

/**
 * How often each runs, as the weighted choice would pick it where every enabled pre-roll of the
 * same stream kinds is eligible (targeting by sport or rink narrows it further per game).
 */
export function withShares(items: readonly Item[]): AdminPreroll[] {
  const total = (kind: 'for_live' | 'for_vod') =>
    items.filter((p) => !p.disabled && p[kind]).reduce((sum, p) => sum + p.weight, 0);
  const totals = { for_live: total('for_live'), for_vod: total('for_vod') };
  return items.map((p) => {
    const kind = p.for_live ? 'for_live' : 'for_vod';
    const share = p.disabled || totals[kind] === 0 ? 0 : (100 * p.weight) / totals[kind];
    return { ...p, share_percent: Math.round(share * 10) / 10 };
  });
}

const columns = (p: PrerollInput) => ({
  url: p.url,
  location_id: p.location_id,
  event_categories: p.event_category_ids,
  for_live: p.for_live,
  for_vod: p.for_vod,
  weight: p.weight,
  suppression_ms: p.suppression_minutes === null ? null : p.suppression_minutes * MINUTE_MS,
  disabled: p.disabled,
});

/**
 * The console's pre-rolls: where each may run (live, on demand, a sport, a rink), its weight in
 * the random choice and how long a viewer is spared after seeing it. Changes reach playback at
 * once: the pre-roll list's cache is one of the caches every console change clears.
 */
export function createPrerollsAdminService(deps: { db: DB; changes: AdminChanges }) {
  const reads = createPrerollsAdminRepository(deps.db);
  const prerolls = createAuditedEntity({
    changes: deps.changes,
    entity: 'preroll',
    repository: createPrerollsAdminRepository,
    find: async (repo, channelId, id) => {
      const row = (await repo.list(channelId)).find((r) => r.id === id);
      return row && toItem(row);
    },
    missing: 'Pre-roll not found',
    snapshot: (p: Item): Snapshot => flatSnapshot(p),
  });

  async function check(repo: Repo, channelId: number, p: PrerollInput) {
    const errors: Record<string, string> = {};
    if (p.location_id !== null && !(await repo.ownLocations(channelId, [p.location_id])).size) {
      errors.location_id = 'Unknown rink';
    }
    const sports = await repo.ownSports(channelId, p.event_category_ids);
    if (p.event_category_ids.some((id) => !sports.has(id)))
      errors.event_category_ids = 'Unknown sport';
    if (Object.keys(errors).length > 0) {
      throw new HttpError(400, 'validation_failed', Object.values(errors).join('; '), errors);
    }
  }
  const share = async (channelId: number, id: number) =>
    withShares((await reads.list(channelId)).map(toItem)).find((p) => p.id === id) as AdminPreroll;

  return {
    list: async (channelId: number) => withShares((await reads.list(channelId)).map(toItem)),
    create: async (caller: AdminCaller, input: PrerollInput) => {
      const made = await prerolls.create(caller, async (repo) => {
        await check(repo, caller.channelId, input);
        return repo.insert({ channel_id: caller.channelId, ...columns(input) });
      });
      return share(caller.channelId, made.id);
    },
    update: async (caller: AdminCaller, id: number, input: PrerollInput) => {
      await prerolls.update(caller, id, async (repo) => {
        await check(repo, caller.channelId, input);
        await repo.update(caller.channelId, id, columns(input));
      });
      return share(caller.channelId, id);
    },
    /** Its suppression history goes with it (cascade); switching it off keeps everything. */
    remove: (caller: AdminCaller, id: number) =>
      prerolls.remove(caller, id, (repo) => repo.delete(caller.channelId, id)),
  };
}
