import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { fallbackOrigin } from '../../config.js';
import { createChannelParts } from '../channel/channel-parts.js';
import { mailerFactory } from '../mail/mailer.js';
import { createPurchaseMails, type PurchaseMails } from './mail/purchase-mails.jobs.js';
import type { SiteOrigins } from '../channel/site-origin.js';
import type { DB } from '../../db/database.js';
import { checkoutRoutes } from './checkout/checkout.routes.js';
import { createCheckoutService } from './checkout/checkout.service.js';
import { createCommerceJobs, type CommerceJobs } from './commerce.jobs.js';
import type { Entitlements } from './orders/entitlements.js';
import type { CommerceCore } from './commerce-core.js';
import type { Fulfilment } from './orders/fulfilment.service.js';
import { createOrderViews } from './orders/order-view.js';
import { createOrdersService } from './orders/orders.service.js';
import { createPreviewService } from './checkout/preview.service.js';
import { createProductsRepository } from './products/products.repository.js';
import { productsRoutes } from './products/products.routes.js';
import { createProductsService, type ProductsService } from './products/products.service.js';
import { createPromoRepository } from './promo/promo.repository.js';
import { createPromoService } from './promo/promo.service.js';
import type { PaymentProvider } from './providers/provider.js';
import type { SandboxProvider } from './providers/sandbox.provider.js';
import { createPurchaseResolver } from './checkout/purchase-resolver.js';
import { createUserSubscriptionsRepository } from './orders/user-subscriptions.repository.js';
import { createWalletService } from './checkout/wallet.service.js';
import { webhookRoutes } from './orders/webhook.routes.js';

export interface CommerceHandle {
  jobs: CommerceJobs;
  /** The purchase mails' pass (the worker runs it; tests call `mail.runOnce()`). */
  mail: PurchaseMails;
  provider: PaymentProvider;
  /** Set when the sandbox runs (tests refund through it, as a back office would). */
  sandbox: SandboxProvider | undefined;
  fulfilment: Fulfilment;
  entitlements: Entitlements;
  products: ProductsService;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Commerce services; `jobs.runOnce()` is one pass of what the worker runs. */
    commerce: CommerceHandle;
  }
}

/** Builds the commerce services, registers their routes and exposes the handle on the app. */
export async function registerCommerce(
  app: FastifyInstance,
  deps: {
    config: Config;
    db: DB;
    now: () => Date;
    origins: SiteOrigins;
    /** Shared with the rest of the app (createCommerceCore, createEntitlements with settleOnRead). */
    core: CommerceCore;
    entitlements: Entitlements;
  },
): Promise<CommerceHandle> {
  const { config, db, now } = deps;
  const { provider, sandbox, orders, fulfilment } = deps.core;
  const productsRepo = createProductsRepository(db);
  const promoRepo = createPromoRepository(db);
  const subs = createUserSubscriptionsRepository(db);
  const promo = createPromoService({ repo: promoRepo, now });
  const resolver = createPurchaseResolver(productsRepo);
  const products = createProductsService({ products: productsRepo, orders, now });
  const views = createOrderViews({ orders, products: productsRepo, promo: promoRepo, subs, now });
  const wallet = createWalletService({
    provider,
    orders,
    products: productsRepo,
    origins: deps.origins,
  });
  const checkout = createCheckoutService({
    db,
    provider,
    fulfilment,
    promo,
    resolver,
    wallet,
    products,
    views,
    now,
  });
  const ordersService = createOrdersService({ orders, subs, fulfilment, provider, views, now });
  const preview = createPreviewService({ resolver, promo, products: productsRepo, now });

  const isStripe = provider.name === 'stripe';
  checkoutRoutes(app, {
    checkout,
    orders: ordersService,
    wallet,
    preview,
    paymentsConfig: {
      provider: provider.name,
      publishable_key: isStripe ? (config.STRIPE_PUBLISHABLE_KEY ?? null) : null,
      customer_portal: isStripe,
      // The checkout says "test mode" whenever test cards pay: the sandbox, or Stripe's test keys.
      test_mode: !isStripe || /^(sk|rk)_test_/.test(config.STRIPE_SECRET_KEY ?? ''),
    },
  });
  productsRoutes(app, { products, orders: ordersService });
  await webhookRoutes(app, { provider, fulfilment });

  // The worker runs the passes (commerce.jobs.ts); tests drive this one with runOnce().
  const jobs = createCommerceJobs({
    provider,
    fulfilment,
    orders,
    now,
    reconcileAfterMs: config.COMMERCE_RECONCILE_AFTER_S * 1000,
    log: app.log,
  });
  const mail = createPurchaseMails({
    db,
    mailerFor: mailerFactory(config),
    channel: createChannelParts(db, fallbackOrigin(config)).channel,
    origins: deps.origins,
    now,
  });
  const handle: CommerceHandle = {
    jobs,
    mail,
    provider,
    sandbox,
    fulfilment,
    entitlements: deps.entitlements,
    products,
  };
  app.decorate('commerce', handle);
  return handle;
}
