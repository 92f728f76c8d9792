import {
  AdminPassInputSchema,
  AdminPlanInputSchema,
  SPEC_MESSAGES,
  type AdminPass,
  type AdminPlan,
} from '@rudy/contracts';
import type { z } from 'zod';
import type { DB } from '../../../db/database.js';
import { HttpError } from '../../../lib/http-error.js';
import type { AdminCaller } from '../admin-access.js';
import type { AdminChanges } from '../admin-changes.js';
import { createAuditedEntity } from '../audited-entity.js';
import { flatSnapshot, type Snapshot } from '../audit/audit-diff.js';
import {
  createProductsAdminRepository,
  type PassRow,
  type PlanRow,
  type ProductsAdminRepository,
} from './products-admin.repository.js';

type PassInput = z.output<typeof AdminPassInputSchema>;
type PlanInput = z.output<typeof AdminPlanInputSchema>;
type Currency = 'USD' | 'CAD';
type AccessFlag = AdminPass['accesses'][number];

const bilingual = (en: string, fr: string) => JSON.stringify(fr ? { en, fr } : { en });
const sorted = (ids: readonly number[] | null) => [...(ids ?? [])].sort((a, b) => a - b);

function productView(r: PassRow | PlanRow) {
  return {
    id: r.id,
    name_en: r.name.en ?? '',
    name_fr: r.name.fr ?? '',
    description_en: r.description?.en ?? '',
    description_fr: r.description?.fr ?? '',
    base_price_cents: r.base_price_cents,
    service_fee_cents: r.service_fee_cents,
    currency: r.currency,
    image_url: r.image_url,
    accesses: r.accesses as AccessFlag[],
    position: r.position,
    disabled: r.disabled,
    orders: Number(r.orders ?? 0),
    holders: Number(r.holders ?? 0),
  };
}
const toPass = (r: PassRow): AdminPass => ({
  ...productView(r),
  is_team_pass: r.is_team_pass,
  pass_type: r.pass_type,
  is_basic: r.is_basic,
  event_category_ids: sorted(r.event_category_ids),
  participant_ids: sorted(r.participant_ids),
});
const toPlan = (r: PlanRow): AdminPlan => ({
  ...productView(r),
  period: r.period,
  trial_period_days: r.trial_period_days,
});

/** What the audit compares: what the operator sets (not the counts). */
const snapshot = (item: AdminPass | AdminPlan): Snapshot =>
  flatSnapshot(item, ['orders', 'holders']);

const productColumns = (input: PassInput | PlanInput) => ({
  name: bilingual(input.name_en, input.name_fr),
  description: input.description_en ? bilingual(input.description_en, input.description_fr) : null,
  base_price_cents: input.base_price_cents,
  service_fee_cents: input.service_fee_cents,
  image_url: input.image_url,
  accesses: input.accesses,
  position: input.position,
  disabled: input.disabled,
});

/** Sold products stay (orders point at them and grant through them): switch them off instead. */
function keepSold(item: { orders: number }) {
  if (item.orders > 0) {
    throw new HttpError(
      409,
      'in_use',
      `Bought in ${item.orders} order(s): switch it off instead of deleting it`,
    );
  }
}

/**
 * The console's passes and subscription plans: prices in the channel's currency (fixed when the
 * product is made), what they grant, on or off sale. Every change is audited and reaches the
 * bootstrap's offers at once; a product ever sold is never deleted.
 */
export function createProductsAdminService(deps: {
  db: DB;
  changes: AdminChanges;
  currency: (channelId: number) => Promise<Currency>;
  now: () => Date;
}) {
  const reads = createProductsAdminRepository(deps.db);
  const passes = createAuditedEntity({
    changes: deps.changes,
    entity: 'pass',
    repository: createProductsAdminRepository,
    find: async (repo, channelId, id) => {
      const row = await repo.pass(channelId, id, deps.now());
      return row && toPass(row);
    },
    missing: SPEC_MESSAGES.pass_not_found,
    snapshot,
    context: deps.currency,
  });
  const plans = createAuditedEntity({
    changes: deps.changes,
    entity: 'plan',
    repository: createProductsAdminRepository,
    find: async (repo, channelId, id) => {
      const row = await repo.plan(channelId, id, deps.now());
      return row && toPlan(row);
    },
    missing: 'Plan not found',
    snapshot,
    context: deps.currency,
  });

  /** Sports and teams must be the channel's own: another channel's ids are refused by field. */
  async function checkCoverage(repo: ProductsAdminRepository, channelId: number, p: PassInput) {
    const categories = p.is_team_pass ? [] : p.event_category_ids;
    const teams = p.is_team_pass ? p.participant_ids : [];
    const knownSports = await repo.ownIds('event_categories', channelId, categories);
    const knownTeams = await repo.ownIds('participants', channelId, teams);
    const errors: Record<string, string> = {};
    if (categories.some((id) => !knownSports.has(id))) errors.event_category_ids = 'Unknown sport';
    if (teams.some((id) => !knownTeams.has(id))) errors.participant_ids = 'Unknown team';
    if (Object.keys(errors).length > 0) {
      throw new HttpError(400, 'validation_failed', Object.values(errors).join('; '), errors);
    }
    return { categories, teams };
  }

  const passColumns = (p: PassInput) => ({
    ...productColumns(p),
    is_team_pass: p.is_team_pass,
    pass_type: p.pass_type,
  });
  const planColumns = (p: PlanInput) => ({
    ...productColumns(p),
    period: p.period,
    trial_period_days: p.trial_period_days,
  });

  return {
    passes: {
      list: async (channelId: number) => (await reads.passes(channelId, deps.now())).map(toPass),
      create: (caller: AdminCaller, input: PassInput) =>
        passes.create(caller, async (repo, currency) => {
          const cover = await checkCoverage(repo, caller.channelId, input);
          const id = await repo.packages.insert({
            channel_id: caller.channelId,
            currency,
            scope: 'category',
            ...passColumns(input),
          });
          await repo.setCoverage(caller.channelId, id, cover.categories, cover.teams);
          return id;
        }),
      update: (caller: AdminCaller, id: number, input: PassInput) =>
        passes.update(caller, id, async (repo) => {
          const cover = await checkCoverage(repo, caller.channelId, input);
          await repo.packages.update(caller.channelId, id, passColumns(input));
          await repo.setCoverage(caller.channelId, id, cover.categories, cover.teams);
        }),
      remove: (caller: AdminCaller, id: number) =>
        passes.remove(caller, id, async (repo, before) => {
          keepSold(before);
          await repo.packages.delete(caller.channelId, id);
        }),
    },
    plans: {
      list: async (channelId: number) => (await reads.plans(channelId, deps.now())).map(toPlan),
      create: (caller: AdminCaller, input: PlanInput) =>
        plans.create(caller, (repo, currency) =>
          repo.subscriptions.insert({
            channel_id: caller.channelId,
            currency,
            ...planColumns(input),
          }),
        ),
      update: (caller: AdminCaller, id: number, input: PlanInput) =>
        plans.update(caller, id, async (repo) => {
          await repo.subscriptions.update(caller.channelId, id, planColumns(input));
        }),
      remove: (caller: AdminCaller, id: number) =>
        plans.remove(caller, id, async (repo, before) => {
          keepSold(before);
          await repo.subscriptions.delete(caller.channelId, id);
        }),
    },
  };
}
