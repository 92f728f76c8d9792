import { z } from 'zod';
import { CurrencySchema } from './channel.js';
import { IdSchema, IsoDateTimeSchema, LocaleSchema, paginated } from './common.js';

/*
 * Checkout, orders, promo codes, saved cards and custom forms. Amounts are given in currency units
 * (as `price` of a pass) and, where the client computes with them, also in integer cents.
 * Kept apart from commerce.ts (which re-exports it) and importing nothing from it, so the two
 * never form an import cycle.
 */

const keyed = { api_key: z.string().optional(), lang: LocaleSchema.optional() };

export const PAYMENT_PROVIDERS = ['sandbox', 'stripe'] as const;
export const PaymentProviderSchema = z.enum(PAYMENT_PROVIDERS);

/** Sandbox card form only; with Stripe the browser sends a payment method from Stripe Elements. */
export const CardInputSchema = z.object({
  number: z
    .string()
    .regex(/^[0-9 ]{12,23}$/, 'Card number must be 12 to 19 digits')
    .describe('Sandbox test card, e.g. 4242 4242 4242 4242'),
  exp_month: z.number().int().min(1).max(12),
  exp_year: z.number().int().min(2000).max(2100),
  cvc: z.string().regex(/^[0-9]{3,4}$/, 'CVC must be 3 or 4 digits'),
});
export type CardInput = z.infer<typeof CardInputSchema>;

const paymentFields = {
  payment_method_id: z
    .string()
    .min(1)
    .max(255)
    .optional()
    .describe('A saved card id from stripe/list-cards, or a Stripe payment method id (pm_...)'),
  card: CardInputSchema.optional().describe('A new card (sandbox only)'),
  save_card: z.boolean().optional().describe('Keep the new card for later purchases'),
  promo_code: z.string().max(64).optional(),
};

/** What to buy or preview: exactly one of these. A paid event is bought through its package. */
const productFields = {
  package_id: IdSchema.optional(),
  single_event_package_id: IdSchema.optional(),
  event_id: IdSchema.optional().describe(
    'A paid or ppv event: bought via its single-event package',
  ),
  subscription_id: IdSchema.optional(),
};

export const BuyBodySchema = z.object({ ...keyed, ...productFields, ...paymentFields });
export type BuyBody = z.infer<typeof BuyBodySchema>;

export const BuyBundleBodySchema = z.object({
  ...keyed,
  package_ids: z
    .array(IdSchema)
    .min(1)
    .max(20)
    .describe('One regular pass and/or add-ons, paid in one payment'),
  ...paymentFields,
});
export type BuyBundleBody = z.infer<typeof BuyBundleBodySchema>;

export const StartTrialBodySchema = z.object({
  ...keyed,
  subscription_id: IdSchema,
  payment_method_id: paymentFields.payment_method_id,
  card: paymentFields.card,
});
export type StartTrialBody = z.infer<typeof StartTrialBodySchema>;

export const ConfirmBodySchema = z.object({
  ...keyed,
  order_id: IdSchema,
  outcome: z
    .enum(['approve', 'deny'])
    .optional()
    .describe('Sandbox second step: the buyer approves (default) or denies the authentication'),
});
export type ConfirmBody = z.infer<typeof ConfirmBodySchema>;

export const UnsubscribeBodySchema = z.object({
  ...keyed,
  order_id: IdSchema.optional().describe('Any order of the subscription (its latest, usually)'),
});
export type UnsubscribeBody = z.infer<typeof UnsubscribeBodySchema>;

export const SetupIntentBodySchema = z.object({ ...keyed, card: paymentFields.card });
export type SetupIntentBody = z.infer<typeof SetupIntentBodySchema>;

export const InvoicePreviewBodySchema = z.object({
  ...keyed,
  ...productFields,
  package_ids: BuyBundleBodySchema.shape.package_ids.optional(),
  promo_code: paymentFields.promo_code,
  trial: z.boolean().optional().describe('Preview the free trial of the subscription'),
});
export type InvoicePreviewBody = z.infer<typeof InvoicePreviewBodySchema>;

export const ApplyCouponQuerySchema = z.object({
  ...keyed,
  code: z.string().max(64).optional(),
  ...productFields,
});
export type ApplyCouponQuery = z.infer<typeof ApplyCouponQuerySchema>;

export const SavedCardSchema = z.object({
  id: z.string(),
  brand: z.string(),
  last4: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
});
export type SavedCard = z.infer<typeof SavedCardSchema>;

export const ORDER_TYPES = ['event', 'package', 'subscription'] as const;
export const ORDER_STATUSES = ['created', 'failed', 'paid', 'refunded'] as const;
export const ACTIVITY_STATUSES = ['active', 'inactive', 'expired', 'canceled'] as const;
export const ORDER_LABELS = ['Paid', 'Inactive', 'Refunded', 'Active'] as const;
export const ORDER_KINDS = ['purchase', 'new_subscription', 'subscription_renewal'] as const;
export const ORDER_KIND_LABELS = ['New subscription', 'Subscription Renewal'] as const;
export const ORDER_ITEM_TYPES = ['subscription', 'package', 'event', 'additional'] as const;

export const OrderItemSchema = z.object({
  type: z.enum(ORDER_ITEM_TYPES),
  product_id: z.number().int(),
  name: z.string(),
  amount: z.number(),
});

export const OrderSchema = z.object({
  id: z.number().int(),
  type: z.enum(ORDER_TYPES),
  kind: z.enum(ORDER_KINDS),
  kind_label: z.enum(ORDER_KIND_LABELS).nullable().describe('Subscription orders only'),
  status: z.enum(ORDER_STATUSES),
  activity_status: z.enum(ACTIVITY_STATUSES),
  label: z.enum(ORDER_LABELS),
  renewal: z.enum(['active', 'cancelled']).nullable(),
  amount: z.number().describe('Charged, in currency units'),
  amount_cents: z.number().int(),
  discount: z.number(),
  currency: CurrencySchema,
  promo_code: z.string().nullable(),
  product: z.object({
    id: z.number().int(),
    type: z.enum(['package', 'subscription']),
    name: z.string(),
    event_id: z.number().int().nullable(),
    event_category_id: z.number().int().nullable(),
    participant_id: z.number().int().nullable(),
  }),
  items: z.array(OrderItemSchema),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  failure_code: z
    .string()
    .nullable()
    .describe(
      "Why a failed order failed: the payment provider's decline code (card_declined, " +
        'insufficient_funds, expired_card, …); the client translates it',
    ),
  failure_message: z
    .string()
    .nullable()
    .describe('The same in English, shown as it is for a code the client does not know'),
  provider: PaymentProviderSchema,
  period_start: IsoDateTimeSchema.nullable(),
  period_end: IsoDateTimeSchema.nullable().describe('Access lasts until then (null: no end)'),
  subscription_status: z.enum(['active', 'expired', 'inactive', 'canceled']).nullable(),
  trial_ends_at: IsoDateTimeSchema.nullable().describe(
    'While a free trial runs: when it ends and the first payment is due (null otherwise)',
  ),
  created_at: IsoDateTimeSchema,
  updated_at: IsoDateTimeSchema,
});
export type Order = z.infer<typeof OrderSchema>;

export const OrdersQuerySchema = z.object({
  ...keyed,
  no_limit: z.enum(['0', '1', 'true', 'false']).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  offset: z.coerce.number().int().min(0).max(100_000).optional(),
  active: z.enum(['0', '1', 'true', 'false']).optional().describe('Only orders in force'),
  type: z.enum(ORDER_TYPES).optional(),
});
export type OrdersQuery = z.infer<typeof OrdersQuerySchema>;
export const OrdersPageSchema = paginated(OrderSchema);

export const OrderIdParamsSchema = z.object({
  id: z.string().describe("The order id; anything but a positive integer is 'id not selected'"),
});

export const PaymentStateSchema = z.object({
  provider: PaymentProviderSchema,
  status: z.enum(['processing', 'requires_action', 'succeeded', 'failed']),
  client_secret: z
    .string()
    .nullable()
    .describe('Stripe: for stripe.js (next action, Elements). Sandbox: null'),
  next_action: z
    .enum(['confirm'])
    .nullable()
    .describe('requires_action: complete it, then POST stripe/confirm {order_id}'),
  message: z.string().nullable(),
});
export type PaymentState = z.infer<typeof PaymentStateSchema>;

export const CheckoutResponseSchema = z.object({ order: OrderSchema, payment: PaymentStateSchema });
export type CheckoutResponse = z.infer<typeof CheckoutResponseSchema>;

export const UnsubscribeResponseSchema = z.object({
  status: z.literal('success'),
  order: OrderSchema,
});

export const SetupIntentResponseSchema = z.object({
  provider: PaymentProviderSchema,
  status: z.enum(['requires_payment_method', 'succeeded']),
  client_secret: z.string().nullable(),
  card: SavedCardSchema.nullable(),
});
export type SetupIntentResponse = z.infer<typeof SetupIntentResponseSchema>;

export const InvoiceLineSchema = z.object({
  type: z.enum(ORDER_ITEM_TYPES),
  product_id: z.number().int(),
  name: z.string(),
  amount: z.number(),
});

export const InvoicePreviewSchema = z.object({
  currency: CurrencySchema,
  lines: z.array(InvoiceLineSchema),
  subtotal: z.number().describe('Base prices'),
  service_fee: z.number(),
  discount: z.number(),
  total: z.number().describe('Due now'),
  total_cents: z.number().int(),
  promo_code: z.string().nullable(),
  trial_days: z.number().int(),
  period: z.enum(['month', 'annual']).nullable(),
  next_payment_at: IsoDateTimeSchema.nullable(),
  next_payment_amount: z.number().nullable().describe('Each renewal, without the promo code'),
});
export type InvoicePreview = z.infer<typeof InvoicePreviewSchema>;

export const CouponSchema = z.object({
  code: z.string(),
  kind: z.enum(['percent', 'amount']),
  percent_off: z.number().nullable(),
  amount_off: z.number().nullable(),
  expires_at: IsoDateTimeSchema.nullable(),
  price: z.number().nullable().describe('Before the code (with a product in the query)'),
  discount: z.number().nullable(),
  total: z.number().nullable(),
  currency: CurrencySchema.nullable(),
});
export type Coupon = z.infer<typeof CouponSchema>;

export const CustomerPortalSchema = z.object({ provider: PaymentProviderSchema, url: z.string() });

/** GET /payments/config: which card processor runs, and what the browser needs to talk to it. */
export const PaymentsConfigSchema = z.object({
  provider: PaymentProviderSchema,
  publishable_key: z
    .string()
    .nullable()
    .describe('Stripe: the publishable key for Stripe.js and Elements. Sandbox: null'),
  customer_portal: z
    .boolean()
    .describe('GET /stripe/customer-portal opens a billing portal (Stripe); the sandbox has none'),
  test_mode: z
    .boolean()
    .describe(
      'No real money moves: the sandbox, or Stripe with a test key. Test cards (4242…) pay; ' +
        'the checkout says so',
    ),
});
export type PaymentsConfig = z.infer<typeof PaymentsConfigSchema>;

export const CustomFormEntrySchema = z.object({
  name: z.string().min(1).max(100),
  value: z.string().max(2000),
});
export type CustomFormEntry = z.infer<typeof CustomFormEntrySchema>;

export const CustomFormSchema = z.object({
  id: z.number().int(),
  alias: z.string(),
  definition: z.record(z.string(), z.unknown()),
  entries: z.array(CustomFormEntrySchema).describe("The signed-in user's saved entries"),
});
export type CustomForm = z.infer<typeof CustomFormSchema>;

export const CustomFormBodySchema = z.object({
  ...keyed,
  entries: z.array(CustomFormEntrySchema).min(1).max(50),
});

export const AliasParamsSchema = z.object({ alias: z.string().regex(/^[a-z0-9_-]{1,64}$/i) });
