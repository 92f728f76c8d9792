import { ACCESS_FLAGS, type AdminCommerceOptions } from '@rudy/contracts';
import type { DB } from '../../../db/database.js';
import { pickText } from '../../../lib/i18n-text.js';
import type { Fulfilment } from '../../commerce/orders/fulfilment.service.js';
import type { PaymentProvider } from '../../commerce/providers/provider.js';
import type { AdminChanges } from '../admin-changes.js';
import { createOrdersAdminService } from './orders-admin.service.js';
import { createPrerollsAdminService } from './prerolls-admin.service.js';
import { createProductsAdminService } from './products-admin.service.js';
import { createPromoAdminService } from './promo-admin.service.js';

/** SQL only: what the commerce forms choose from. */
async function optionRows(db: DB, channelId: number) {
  const named = (table: 'participants' | 'locations') =>
    db
      .selectFrom(table as 'locations')
      .select(['id', 'name'])
      .where('channel_id', '=', channelId)
      .orderBy('id')
      .execute();
  const [categories, teams, locations, packages, plans] = await Promise.all([
    db
      .selectFrom('event_categories')
      .select(['id', 'name'])
      .where('channel_id', '=', channelId)
      .orderBy('position')
      .orderBy('id')
      .execute(),
    named('participants'),
    named('locations'),
    db
      .selectFrom('packages')
      .select(['id', 'name'])
      .where('channel_id', '=', channelId)
      .where('scope', '!=', 'single')
      .orderBy('position')
      .execute(),
    db
      .selectFrom('subscriptions')
      .select(['id', 'name'])
      .where('channel_id', '=', channelId)
      .orderBy('position')
      .execute(),
  ]);
  return { categories, teams, locations, packages, plans };
}

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
        optionRows(db, channelId),
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
