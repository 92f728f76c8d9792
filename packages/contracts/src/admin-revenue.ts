import { z } from 'zod';
import { CurrencySchema } from './channel.js';
import { IsoDateTimeSchema } from './common.js';

/*
 * The console's revenue (issue 34): /api/admin/revenue (JSON) and /api/admin/revenue.csv.
 * Amounts are integer cents. An order counts when it was paid (status paid or refunded), on the
 * day it was placed in the channel's time zone. gross = what was charged, fee = the service fees
 * inside it, refund = what was given back, net = gross - refund.
 */

export const REVENUE_GROUPS = ['day', 'week', 'month'] as const;
/** The longest range one report covers (a season and then some). */
export const REVENUE_MAX_DAYS = 1_100;

export const REVENUE_MESSAGES = {
  range: 'The start date must be on or before the end date',
  tooLong: `A report covers ${REVENUE_MAX_DAYS} days at most`,
} as const;

const DaySchema = z.iso.date().describe('A calendar day (YYYY-MM-DD) in the channel’s time zone');
const dayNumber = (d: string) => Date.parse(`${d}T00:00:00Z`) / 86_400_000;

export const AdminRevenueQuerySchema = z
  .object({
    api_key: z.string().optional(),
    lang: z.string().optional(),
    from: DaySchema,
    to: DaySchema.describe('The last day included'),
    group: z.enum(REVENUE_GROUPS).default('month'),
  })
  .superRefine((q, ctx) => {
    const days = dayNumber(q.to) - dayNumber(q.from);
    if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: REVENUE_MESSAGES.range });
    else if (days >= REVENUE_MAX_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: REVENUE_MESSAGES.tooLong });
    }
  });
export type AdminRevenueQuery = z.infer<typeof AdminRevenueQuerySchema>;

const sums = {
  currency: CurrencySchema,
  orders: z.number().int().describe('Paid orders (refunded ones included)'),
  gross_cents: z.number().int().describe('What was charged'),
  fee_cents: z.number().int().describe('The service fees inside gross'),
  refund_cents: z.number().int().describe('What was refunded'),
  net_cents: z.number().int().describe('gross - refund'),
};

export const RevenueTotalSchema = z.object({
  ...sums,
  discount_cents: z.number().int().describe('Promo discounts given (already off gross)'),
});
export const RevenuePeriodSchema = RevenueTotalSchema.extend({
  period: DaySchema.describe('The first day of the period'),
});
export const RevenueProductSchema = z.object({
  ...sums,
  product_type: z.enum(['package', 'subscription']),
  product_id: z.number().int(),
  name: z.string(),
});
export const RevenueGameSchema = z.object({
  ...sums,
  event_id: z.number().int(),
  name: z.string(),
  starts_at: IsoDateTimeSchema,
});

export const StripePayoutSchema = z.object({
  id: z.string(),
  amount_cents: z.number().int(),
  currency: z.string(),
  status: z.string(),
  arrival_date: IsoDateTimeSchema,
});

/** Stripe's side of the period, from its balance transactions (null data when not available). */
export const RevenuePayoutsSchema = z.object({
  available: z.boolean(),
  /** Why not: the sandbox has no payouts; one Stripe account serving several channels is shared. */
  reason: z.enum(['sandbox', 'shared_account']).nullable(),
  charges_cents: z.number().int(),
  stripe_fee_cents: z.number().int().describe('What Stripe kept'),
  refunds_cents: z.number().int(),
  payouts: z.array(StripePayoutSchema),
});

export const AdminRevenueSchema = z.object({
  from: DaySchema,
  to: DaySchema,
  group: z.enum(REVENUE_GROUPS),
  time_zone: z.string(),
  totals: z.array(RevenueTotalSchema).describe('One row per currency'),
  by_period: z.array(RevenuePeriodSchema),
  by_product: z.array(RevenueProductSchema),
  by_game: z.array(RevenueGameSchema).describe('Single-game purchases, by game'),
  payouts: RevenuePayoutsSchema,
});
export type AdminRevenue = z.infer<typeof AdminRevenueSchema>;

/** The CSV export's columns, one row per order line. */
export const REVENUE_CSV_COLUMNS = [
  'order_id',
  'placed_at',
  'day',
  'status',
  'kind',
  'product_type',
  'product_id',
  'product',
  'event_id',
  'game',
  'currency',
  'amount_cents',
  'fee_cents',
  'discount_cents',
  'refund_cents',
  'net_cents',
] as const;
