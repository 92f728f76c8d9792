import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ApplyCouponQuerySchema,
  BuyBodySchema,
  BuyBundleBodySchema,
  CheckoutResponseSchema,
  ConfirmBodySchema,
  CouponSchema,
  CustomerPortalSchema,
  ErrorBodySchema,
  InvoicePreviewBodySchema,
  InvoicePreviewSchema,
  KeyedQuerySchema,
  PaymentsConfigSchema,
  SavedCardSchema,
  SetupIntentBodySchema,
  SetupIntentResponseSchema,
  StartTrialBodySchema,
  UnsubscribeBodySchema,
  UnsubscribeResponseSchema,
  type PaymentsConfig,
} from '@rudy/contracts';
import { signedInCallerOf as callerOf } from '../../../lib/caller.js';
import { requireLogin } from '../../../lib/require-login.js';
import { keyedErrors, keyedErrorsWith404, typed } from '../../../lib/route-types.js';
import type { CheckoutService } from './checkout.service.js';
import type { OrdersService } from '../orders/orders.service.js';
import type { PreviewService } from './preview.service.js';
import type { WalletService } from './wallet.service.js';

const tags = ['commerce'];
const checkoutDoc =
  'Creates the order and sends the payment. Poll GET /orders/{id} every 2 s until paid or failed. ' +
  "requires_action: complete the second step, then POST stripe/confirm. 400 codes: card_required ('Please " +
  "select one of your saved cards or enter new one'), card_invalid, payment_failed, wrong_promo_code, " +
  'promo_code_invalid (or its reason: promo_code_expired, promo_code_not_applicable, ' +
  'promo_code_used_up, promo_code_already_used), already_purchased, product_unavailable, ' +
  'id_not_selected; 404 pass_not_found. ' +
  'While an order for the same product(s) is open (created), asking again answers that order and ' +
  'charges nothing more; 409 order_pending when an open order holds only part of them.';

/** The payment calls. Names stay "stripe/..." whichever provider runs them. */
export function checkoutRoutes(
  app: FastifyInstance,
  s: {
    checkout: CheckoutService;
    orders: OrdersService;
    wallet: WalletService;
    preview: PreviewService;
    paymentsConfig: PaymentsConfig;
  },
) {
  const r = typed(app);
  const withCheckout = {
    200: CheckoutResponseSchema,
    ...keyedErrorsWith404,
    403: ErrorBodySchema,
    409: ErrorBodySchema,
  };
  const login = { preValidation: requireLogin };

  r.post(
    '/api/stripe/buy',
    {
      ...login,
      schema: {
        tags,
        description: `${checkoutDoc} A paid event is bought with event_id or single_event_package_id.`,
        body: BuyBodySchema,
        response: withCheckout,
      },
    },
    (req) => s.checkout.buy(callerOf(req), req.locale, req.body),
  );

  r.post(
    '/api/stripe/buy_bundle',
    {
      ...login,
      schema: {
        tags,
        description: `${checkoutDoc} One regular pass plus add-ons ('additional' items), one payment.`,
        body: BuyBundleBodySchema,
        response: withCheckout,
      },
    },
    (req) => s.checkout.buyBundle(callerOf(req), req.locale, req.body),
  );

  r.post(
    '/api/stripe/subscription/start_trial',
    {
      ...login,
      schema: {
        tags,
        description:
          'Starts the free trial. A card is required: it is charged automatically when the trial ' +
          'ends unless auto-renewal is cancelled. 403 email_not_verified: the email address must ' +
          'be verified first. One trial per person: trial_already_used (this account, or an ' +
          'earlier one with the same email), trial_card_used (the card had a trial here). ' +
          'trial_card_declined: the card failed the set-up check (Stripe: send a payment method ' +
          'saved by a succeeded SetupIntent, POST /stripe/setup-intent then confirmCardSetup).',
        body: StartTrialBodySchema,
        response: withCheckout,
      },
    },
    (req) => s.checkout.startTrial(callerOf(req), req.locale, req.body),
  );

  r.post(
    '/api/stripe/confirm',
    {
      ...login,
      schema: {
        tags,
        description:
          'After the second step (sandbox: approve/deny; Stripe: back from stripe.js). Idempotent.',
        body: ConfirmBodySchema,
        response: withCheckout,
      },
    },
    (req) => s.checkout.confirm(callerOf(req), req.locale, req.body),
  );

  r.post(
    '/api/stripe/unsubscribe',
    {
      ...login,
      schema: {
        tags,
        description: 'Cancels auto-renewal; access lasts to the end of the paid period.',
        body: UnsubscribeBodySchema,
        response: { 200: UnsubscribeResponseSchema, ...keyedErrorsWith404 },
      },
    },
    (req) => s.orders.unsubscribe(callerOf(req), req.locale, req.body),
  );

  r.post(
    '/api/stripe/resume',
    {
      ...login,
      schema: {
        tags,
        description:
          'Turns a cancelled auto-renewal back on before the subscription ends (idempotent).',
        body: UnsubscribeBodySchema,
        response: { 200: UnsubscribeResponseSchema, ...keyedErrorsWith404 },
      },
    },
    (req) => s.orders.resume(callerOf(req), req.locale, req.body),
  );

  r.post(
    '/api/stripe/setup-intent',
    {
      ...login,
      schema: {
        tags,
        description: 'Saves a card. Sandbox: send `card`. Stripe: use client_secret with Elements.',
        body: SetupIntentBodySchema,
        response: { 200: SetupIntentResponseSchema, ...keyedErrors },
      },
    },
    (req) => s.wallet.setupIntent(callerOf(req), req.body),
  );

  r.post(
    '/api/stripe/invoice-preview',
    {
      schema: {
        tags,
        description: 'Price due now and renewal terms, with a promo code; no login needed.',
        body: InvoicePreviewBodySchema,
        response: { 200: InvoicePreviewSchema, ...keyedErrorsWith404 },
      },
    },
    (req) => s.preview.invoice(req.auth.channelId, req.auth.userId, req.body, req.locale),
  );

  r.get(
    '/api/apply_coupon',
    {
      schema: {
        tags,
        description:
          "Checks a promo code, for a product when one is given. 400: 'Wrong promo code' " +
          "(wrong_promo_code: no such code) or 'Promo code is invalid' (promo_code_invalid), with " +
          'the reason where it is known: promo_code_expired, promo_code_not_applicable, ' +
          'promo_code_used_up, promo_code_already_used.',
        querystring: ApplyCouponQuerySchema,
        response: { 200: CouponSchema, ...keyedErrorsWith404 },
      },
    },
    (req) => s.preview.coupon(req.auth.channelId, req.auth.userId, req.query),
  );

  r.get(
    '/api/stripe/customer-portal',
    {
      ...login,
      schema: {
        tags,
        description: 'Where the buyer manages cards and invoices (sandbox: the profile page).',
        querystring: KeyedQuerySchema,
        response: { 200: CustomerPortalSchema, ...keyedErrors },
      },
    },
    (req) => s.wallet.portal(callerOf(req)),
  );

  r.get(
    '/api/payments/config',
    {
      schema: {
        tags,
        description:
          'The card processor in use (stripe or sandbox), the Stripe publishable key for Elements, ' +
          'and whether GET /stripe/customer-portal opens a billing portal. No login needed.',
        querystring: KeyedQuerySchema,
        response: { 200: PaymentsConfigSchema, ...keyedErrors },
      },
    },
    () => s.paymentsConfig,
  );

  r.get(
    '/api/stripe/list-cards',
    {
      ...login,
      schema: {
        tags,
        description: 'Saved cards: brand, last four digits, expiry and the id to pay with.',
        querystring: KeyedQuerySchema,
        response: { 200: z.array(SavedCardSchema), ...keyedErrors },
      },
    },
    (req) => s.wallet.cards(callerOf(req)),
  );
}
