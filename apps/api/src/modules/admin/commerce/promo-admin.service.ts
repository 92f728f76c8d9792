import { ADMIN_COMMERCE_MESSAGES, AdminPromoInputSchema, type AdminPromo } from '@rudy/contracts';
import type { z } from 'zod';
import type { DB } from '../../../db/database.js';
import { HttpError } from '../../../lib/http-error.js';
import type { AdminCaller } from '../admin-access.js';
import type { AdminChanges } from '../admin-changes.js';
import { createAuditedEntity } from '../audited-entity.js';
import { flatSnapshot, type Snapshot } from '../audit/audit-diff.js';
import {
  createPromoAdminRepository,
  type PromoAdminRepository,
  type PromoAdminRow,
} from './promo-admin.repository.js';

type PromoInput = z.output<typeof AdminPromoInputSchema>;

const toPromo = (r: PromoAdminRow): AdminPromo => ({
  id: r.id,
  code: r.code,
  kind: r.kind,
  percent_off: r.percent_off,
  amount_off_cents: r.amount_off_cents,
  product_type: r.product_type,
  product_ids: r.product_ids,
  expires_at: r.expires_at ? new Date(r.expires_at).toISOString() : null,
  max_redemptions: r.max_redemptions,
  redemptions: r.redemptions,
  per_user_limit: 1,
  disabled: r.disabled,
  created_at: new Date(r.created_at).toISOString(),
});
type Item = AdminPromo & { orders: number };
const toItem = (r: PromoAdminRow): Item => ({ ...toPromo(r), orders: Number(r.orders ?? 0) });

const snapshot = (item: Item): Snapshot =>
  flatSnapshot(item, ['orders', 'created_at', 'per_user_limit']);

/** The columns of a code; the unused amount of the other kind is cleared. */
const columns = (p: PromoInput) => ({
  code: p.code,
  kind: p.kind,
  percent_off: p.kind === 'percent' ? p.percent_off : null,
  amount_off_cents: p.kind === 'amount' ? p.amount_off_cents : null,
  product_type: p.product_type,
  product_ids: p.product_type === null ? [] : p.product_ids,
  expires_at: p.expires_at === null ? null : new Date(p.expires_at),
  max_redemptions: p.max_redemptions,
  disabled: p.disabled,
});

const fieldError = (field: string, message: string) =>
  new HttpError(400, 'validation_failed', message, { [field]: message });

/**
 * The console's promo codes: a percentage or an amount off, optionally for one kind of product,
 * with an expiry and a total limit. Each buyer may use a code once (the shop's rule). A code that
 * was used is kept (orders name it): it is switched off instead.
 */
export function createPromoAdminService(deps: { db: DB; changes: AdminChanges }) {
  const reads = createPromoAdminRepository(deps.db);
  const codes = createAuditedEntity({
    changes: deps.changes,
    entity: 'promo_code',
    repository: createPromoAdminRepository,
    find: async (repo, channelId, id) => {
      const row = await repo.byId(channelId, id);
      return row && toItem(row);
    },
    missing: 'Promo code not found',
    snapshot,
  });

  async function check(
    repo: PromoAdminRepository,
    channelId: number,
    p: PromoInput,
    id: number | null,
  ) {
    if (await repo.codeTaken(channelId, p.code, id)) {
      throw fieldError('code', ADMIN_COMMERCE_MESSAGES.codeTaken);
    }
  }
  const strip = (item: Item): AdminPromo => {
    const promo: Partial<Item> = { ...item };
    delete promo.orders;
    return promo as AdminPromo;
  };

  return {
    list: async (channelId: number): Promise<AdminPromo[]> =>
      (await reads.list(channelId)).map(toPromo),
    create: async (caller: AdminCaller, input: PromoInput) =>
      strip(
        await codes.create(caller, async (repo) => {
          await check(repo, caller.channelId, input, null);
          return repo.insert({ channel_id: caller.channelId, ...columns(input) });
        }),
      ),
    update: async (caller: AdminCaller, id: number, input: PromoInput) =>
      strip(
        await codes.update(caller, id, async (repo) => {
          await check(repo, caller.channelId, input, id);
          // The table refuses a limit under the uses so far; said here by field, not as a 500.
          const uses = await repo.usesLocked(caller.channelId, id);
          if (input.max_redemptions !== null && input.max_redemptions < uses) {
            throw fieldError('max_redemptions', ADMIN_COMMERCE_MESSAGES.limitBelowUses);
          }
          await repo.update(caller.channelId, id, columns(input));
        }),
      ),
    remove: (caller: AdminCaller, id: number) =>
      codes.remove(caller, id, async (repo, before) => {
        if (before.redemptions > 0 || before.orders > 0) {
          throw new HttpError(
            409,
            'in_use',
            `Used in ${Math.max(before.redemptions, before.orders)} order(s): switch it off instead`,
          );
        }
        await repo.delete(caller.channelId, id);
      }),
  };
}
