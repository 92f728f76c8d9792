/*
 * The tables as Kysely sees them. schema.generated.ts is made from the migrated database by
 * `npm run db:types` (CI fails when it drifts); this file only gives its types the names the code
 * uses.
 */
export type {
  DB as Database,
  Events as EventsTable,
  GameSeries as GameSeriesTable,
  OrderItems as OrderItemsTable,
  Orders as OrdersTable,
  PromoCodes as PromoCodesTable,
  SandboxPayments as SandboxPaymentsTable,
  Subscriptions as SubscriptionsTable,
  UserSubscriptions as UserSubscriptionsTable,
} from './schema.generated.js';
export type { FanAlertKind, I18nText, PurchaseMailKind, VodMediaStatus } from './column-types.js';
