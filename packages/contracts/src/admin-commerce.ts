import { z } from 'zod';
import { CurrencySchema } from './channel.js';
import { AccessFlagSchema } from './commerce.js';
import {
  ACTIVITY_STATUSES,
  ORDER_ITEM_TYPES,
  ORDER_KINDS,
  ORDER_STATUSES,
  ORDER_TYPES,
} from './commerce-checkout.js';
import { fieldsValid, IdSchema, isImageAddress, IsoDateTimeSchema } from './common.js';
import { FIELD as M, lengthCode } from './messages.js';

/*
 * The console's commerce calls (/api/admin/passes, /plans, /promo-codes, /prerolls, /orders):
 * the same schemas check the console's forms and the server's bodies. Texts are the spec's field
 * codes where it has one, ADMIN_COMMERCE_MESSAGES otherwise; the console translates both.
 */

export const ADMIN_COMMERCE_MESSAGES = {
  priceRange: 'Price must be between 0.00 and 10000.00',
  feeRange: 'Fee must be between 0.00 and 1000.00',
  trialRange: 'Trial must be a whole number of days from 0 to 365',
  positionRange: 'Position must be a whole number from 0 to 1000',
  accessRequired: 'Choose at least one access',
  coverageRequired: 'Choose the sports the pass covers (the teams, for a team pass)',
  imageUrl: 'Use an https address',
  codeFormat: 'Use 2 to 64 letters, digits, - or _',
  percentRange: 'Percent off must be a whole number from 1 to 100',
  amountOffRange: 'Amount off must be between 0.01 and 10000.00',
  limitRange: 'Limit must be a whole number from 1 to 1000000',
  expiry: 'Use a date and time',
  codeTaken: 'This code already exists',
  limitBelowUses: 'The limit cannot be below the uses so far',
  prerollUrl: 'Use an https address or a /media/ path',
  weightRange: 'Weight must be a whole number from 1 to 1000',
  suppressionRange: 'Suppression must be from 1 to 1440 minutes',
  streamRequired: 'Choose live, on demand or both',
} as const;
const C = ADMIN_COMMERCE_MESSAGES;

const requiredText = (max: number) =>
  z.string().trim().min(1, M.required).max(max, lengthCode('maxLength', max));
const optionalText = (max: number) => z.string().trim().max(max, lengthCode('maxLength', max));
const wholeNumber = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);
const apiKey = { api_key: z.string().optional() };
const ids = (max: number) =>
  z
    .array(IdSchema)
    .max(max)
    .transform((v) => [...new Set(v)]);

/** An inline product image (a data URI) up to about 48 KB. */
export const ADMIN_PRODUCT_IMAGE_MAX = 65_536;

/** Prices travel in cents. */
export const ADMIN_PRODUCT_CENTS = { price: 1_000_000, fee: 100_000 } as const;

const productFields = {
  name_en: requiredText(120),
  name_fr: optionalText(120),
  description_en: optionalText(1000),
  description_fr: optionalText(1000),
  base_price_cents: wholeNumber(0, ADMIN_PRODUCT_CENTS.price, C.priceRange),
  service_fee_cents: wholeNumber(0, ADMIN_PRODUCT_CENTS.fee, C.feeRange),
  /** An https address, or a small image written inline (the demo's own banners are SVG data URIs). */
  image_url: z
    .string()
    .trim()
    .max(ADMIN_PRODUCT_IMAGE_MAX, lengthCode('maxLength', ADMIN_PRODUCT_IMAGE_MAX))
    .refine(isImageAddress, C.imageUrl)
    .nullable(),
  accesses: z
    .array(AccessFlagSchema)
    .min(1, C.accessRequired)
    .transform((v) => [...new Set(v)]),
  position: wholeNumber(0, 1000, C.positionRange),
  /** Off sale: not sold any more (a pass stays listed as disabled, a plan is hidden). */
  disabled: z.boolean(),
};

/** Products are never deleted once sold: they are switched off (`disabled`). */
const productView = {
  id: z.number().int(),
  name_en: z.string(),
  name_fr: z.string(),
  description_en: z.string(),
  description_fr: z.string(),
  base_price_cents: z.number().int(),
  service_fee_cents: z.number().int(),
  currency: CurrencySchema,
  image_url: z.string().nullable(),
  accesses: z.array(AccessFlagSchema),
  position: z.number().int(),
  disabled: z.boolean(),
  orders: z.number().int().describe('Orders that bought it (then it cannot be deleted)'),
  holders: z.number().int().describe('Viewers holding it now through a paid order in force'),
};

// ---------------------------------------------------------------- passes (packages)

const passFields = z.object({
  ...productFields,
  is_team_pass: z.boolean(),
  pass_type: z.enum(['regular', 'addon']),
  event_category_ids: ids(100),
  participant_ids: ids(200),
});
/**
 * A pass on sale covers something: sports, or teams for a team pass. One off sale may cover
 * nothing: the basic pass (free, never sold) is off sale in this configuration and covers none.
 */
const withCoverage = <T extends z.ZodType<z.output<typeof passFields>>>(schema: T) =>
  schema
    .refine((p) => p.disabled || !p.is_team_pass || p.participant_ids.length > 0, {
      path: ['participant_ids'],
      message: C.coverageRequired,
      when: fieldsValid('disabled', 'is_team_pass', 'participant_ids'),
    })
    .refine((p) => p.disabled || p.is_team_pass || p.event_category_ids.length > 0, {
      path: ['event_category_ids'],
      message: C.coverageRequired,
      when: fieldsValid('disabled', 'is_team_pass', 'event_category_ids'),
    });
export const AdminPassInputSchema = withCoverage(passFields);
export type AdminPassInput = z.input<typeof AdminPassInputSchema>;
export const AdminPassBodySchema = withCoverage(passFields.extend(apiKey));

export const AdminPassSchema = z.object({
  ...productView,
  is_team_pass: z.boolean(),
  pass_type: z.enum(['regular', 'addon']),
  is_basic: z.boolean().describe('The free basic pass (never sold)'),
  event_category_ids: z.array(z.number().int()),
  participant_ids: z.array(z.number().int()),
});
export type AdminPass = z.infer<typeof AdminPassSchema>;
export const AdminPassListSchema = z.object({ data: z.array(AdminPassSchema) });

// ---------------------------------------------------------------- subscription plans

export const AdminPlanInputSchema = z.object({
  ...productFields,
  period: z.enum(['month', 'annual']),
  trial_period_days: wholeNumber(0, 365, C.trialRange),
});
export type AdminPlanInput = z.input<typeof AdminPlanInputSchema>;
export const AdminPlanBodySchema = AdminPlanInputSchema.extend(apiKey);

export const AdminPlanSchema = z.object({
  ...productView,
  period: z.enum(['month', 'annual']),
  trial_period_days: z.number().int(),
});
export type AdminPlan = z.infer<typeof AdminPlanSchema>;
export const AdminPlanListSchema = z.object({ data: z.array(AdminPlanSchema) });

// ---------------------------------------------------------------- promo codes

const promoFields = z.object({
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{2,64}$/, C.codeFormat),
  kind: z.enum(['percent', 'amount']),
  percent_off: wholeNumber(1, 100, C.percentRange).nullable(),
  amount_off_cents: wholeNumber(1, ADMIN_PRODUCT_CENTS.price, C.amountOffRange).nullable(),
  /** Null: any product; otherwise only that type (and, when product_ids is not empty, those). */
  product_type: z.enum(['package', 'subscription']).nullable(),
  product_ids: ids(100),
  expires_at: z.iso.datetime({ offset: true, error: C.expiry }).nullable(),
  max_redemptions: wholeNumber(1, 1_000_000, C.limitRange).nullable(),
  disabled: z.boolean(),
});
const withDiscount = <T extends z.ZodType<z.output<typeof promoFields>>>(schema: T) =>
  schema
    .refine((p) => p.kind !== 'percent' || p.percent_off !== null, {
      path: ['percent_off'],
      message: C.percentRange,
      when: fieldsValid('kind', 'percent_off'),
    })
    .refine((p) => p.kind !== 'amount' || p.amount_off_cents !== null, {
      path: ['amount_off_cents'],
      message: C.amountOffRange,
      when: fieldsValid('kind', 'amount_off_cents'),
    });
export const AdminPromoInputSchema = withDiscount(promoFields);
export type AdminPromoInput = z.input<typeof AdminPromoInputSchema>;
export const AdminPromoBodySchema = withDiscount(promoFields.extend(apiKey));

export const AdminPromoSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(['percent', 'amount']),
  percent_off: z.number().int().nullable(),
  amount_off_cents: z.number().int().nullable(),
  product_type: z.enum(['package', 'subscription']).nullable(),
  product_ids: z.array(z.number().int()),
  expires_at: IsoDateTimeSchema.nullable(),
  max_redemptions: z.number().int().nullable(),
  redemptions: z.number().int().describe('Times used (paid or still being paid)'),
  /** Each buyer may use a code once (the shop's rule, not a setting). */
  per_user_limit: z.literal(1),
  disabled: z.boolean(),
  created_at: IsoDateTimeSchema,
});
export type AdminPromo = z.infer<typeof AdminPromoSchema>;
export const AdminPromoListSchema = z.object({ data: z.array(AdminPromoSchema) });

// ---------------------------------------------------------------- pre-rolls

export const AdminPrerollInputSchema = z
  .object({
    url: z
      .string()
      .trim()
      .max(500, lengthCode('maxLength', 500))
      .regex(/^(https:\/\/[^\s"'<>]+|\/media\/[A-Za-z0-9._/-]+)$/, C.prerollUrl)
      .refine((v) => !v.includes('..'), C.prerollUrl),
    location_id: IdSchema.nullable(),
    event_category_ids: ids(100),
    for_live: z.boolean(),
    for_vod: z.boolean(),
    weight: wholeNumber(1, 1000, C.weightRange),
    /** Null: the default (one hour). */
    suppression_minutes: wholeNumber(1, 1440, C.suppressionRange).nullable(),
    disabled: z.boolean(),
  })
  .refine((p) => p.for_live || p.for_vod, {
    path: ['for_live'],
    message: C.streamRequired,
    when: fieldsValid('for_live', 'for_vod'),
  });
export type AdminPrerollInput = z.input<typeof AdminPrerollInputSchema>;
export const AdminPrerollBodySchema = AdminPrerollInputSchema.safeExtend(apiKey);

export const AdminPrerollSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  location_id: z.number().int().nullable(),
  event_category_ids: z.array(z.number().int()),
  for_live: z.boolean(),
  for_vod: z.boolean(),
  weight: z.number().int(),
  suppression_minutes: z.number().int().nullable(),
  disabled: z.boolean(),
  share_percent: z
    .number()
    .describe('Its chance among the enabled pre-rolls of the same kind of stream, in percent'),
});
export type AdminPreroll = z.infer<typeof AdminPrerollSchema>;
export const AdminPrerollListSchema = z.object({ data: z.array(AdminPrerollSchema) });

// ---------------------------------------------------------------- orders and refunds

export const AdminOrdersQuerySchema = z.object({
  api_key: z.string().optional(),
  lang: z.string().optional(),
  /** An e-mail (or part of one), or an order id. */
  q: z.string().trim().max(254).optional(),
  status: z.enum(ORDER_STATUSES).optional(),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

export const AdminOrderSchema = z.object({
  id: z.number().int(),
  created_at: IsoDateTimeSchema,
  email: z.string().nullable().describe('The buyer (null when the account was deleted)'),
  user_id: z.number().int().nullable(),
  type: z.enum(ORDER_TYPES),
  kind: z.enum(ORDER_KINDS),
  product_name: z.string(),
  status: z.enum(ORDER_STATUSES),
  activity_status: z.enum(ACTIVITY_STATUSES),
  amount_cents: z.number().int().describe('What was charged (after the discount)'),
  currency: CurrencySchema,
  refundable: z.boolean().describe('Paid, charged more than nothing, by the provider in use'),
});
export type AdminOrder = z.infer<typeof AdminOrderSchema>;
export const AdminOrdersPageSchema = z.object({
  data: z.array(AdminOrderSchema),
  meta: z.object({ total: z.number().int(), offset: z.number().int(), limit: z.number().int() }),
});
export type AdminOrdersPage = z.infer<typeof AdminOrdersPageSchema>;

export const AdminOrderDetailSchema = AdminOrderSchema.extend({
  updated_at: IsoDateTimeSchema,
  items: z.array(
    z.object({
      type: z.enum(ORDER_ITEM_TYPES),
      product_id: z.number().int(),
      name: z.string(),
      amount_cents: z.number().int(),
    }),
  ),
  discount_cents: z.number().int(),
  promo_code: z.string().nullable(),
  provider: z.string(),
  provider_ref: z.string().nullable(),
  card: z.string().nullable().describe('Brand and last four digits'),
  failure_code: z.string().nullable(),
  period_start: IsoDateTimeSchema.nullable(),
  period_end: IsoDateTimeSchema.nullable(),
  renewal: z.enum(['active', 'cancelled']).nullable(),
});
export type AdminOrderDetail = z.infer<typeof AdminOrderDetailSchema>;

/** The refund is always the whole amount charged (never more); repeating it changes nothing. */
export const AdminRefundBodySchema = z.object({ api_key: z.string().optional() });

/** What the commerce forms choose from. */
export const AdminCommerceOptionsSchema = z.object({
  currency: CurrencySchema,
  accesses: z.array(AccessFlagSchema),
  categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
  teams: z.array(z.object({ id: z.number().int(), name: z.string() })),
  locations: z.array(z.object({ id: z.number().int(), name: z.string() })),
  products: z.array(
    z.object({
      type: z.enum(['package', 'subscription']),
      id: z.number().int(),
      name: z.string(),
    }),
  ),
});
export type AdminCommerceOptions = z.infer<typeof AdminCommerceOptionsSchema>;
