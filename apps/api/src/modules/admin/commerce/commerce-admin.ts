import { ACCESS_FLAGS, type AdminCommerceOptions } from '@rudy/contracts';
import type { DB } from '../../../db/database.js';
import { pickText } from '../../../lib/i18n-text.js';
import type { Fulfilment } from '../../commerce/orders/fulfilment.service.js';
import type { PaymentProvider } from '../../commerce/providers/provider.js';
import type { AdminChanges } from '../admin-changes.js';
import { createCommerceOptionsRepository } from './commerce-options.repository.js';
import { createOrdersAdminService } from './orders-admin.service.js';
import { createPrerollsAdminService } from './prerolls-admin.service.js';
import { createProductsAdminService } from './products-admin.service.js';
import { createPromoAdminService } from './promo-admin.service.js';

/** The console's commerce services, built once with the shop's provider and fulfilment. */
export function createCommerceAdmin(deps: {
  db: DB;
  changes: AdminChanges;
  currency: (channelId: number) => Promise<'USD' | 'CAD'>;
  provider: PaymentProvider;
  fulfilment: Fulfilment;
  now: () => Date;
}) {
  const { db, changes } = deps;
  return {
    products: createProductsAdminService({ db, changes, currency: deps.currency, now: deps.now }),
    promo: createPromoAdminService({ db, changes }),
    prerolls: createPrerollsAdminService({ db, changes }),
    orders: createOrdersAdminService({
      db,
      changes,
      provider: deps.provider,
      fulfilment: deps.fulfilment,
    }),
    async options(channelId: number): Promise<AdminCommerceOptions> {
      const [rows, currency] = await Promise.all([
        createCommerceOptionsRepository(db).options(channelId),
        deps.currency(channelId),
      ]);
      const en = (name: Parameters<typeof pickText>[0]) => pickText(name, 'en');
      return {
        currency,
        accesses: [...ACCESS_FLAGS],
        categories: rows.categories.map((c) => ({ id: c.id, name: en(c.name) })),
        teams: rows.teams.map((t) => ({ id: t.id, name: t.name })),
        locations: rows.locations.map((l) => ({ id: l.id, name: l.name })),
        products: [
          ...rows.packages.map((p) => ({ type: 'package' as const, id: p.id, name: en(p.name) })),
          ...rows.plans.map((p) => ({ type: 'subscription' as const, id: p.id, name: en(p.name) })),
        ],
      };
    },
  };
}
export type CommerceAdmin = ReturnType<typeof createCommerceAdmin>;
