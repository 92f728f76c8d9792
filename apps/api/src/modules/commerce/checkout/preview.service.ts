import type { ApplyCouponQuery, InvoicePreview, InvoicePreviewBody, Locale } from '@rudy/contracts';
import { priceLines, units } from '../pricing.js';
import type { ProductsRepository } from '../products/products.repository.js';
import type { PromoService } from '../promo/promo.service.js';
import { addPeriod } from '../providers/provider.js';
import type { PurchaseResolver } from './purchase-resolver.js';

const hasProduct = (q: ApplyCouponQuery) =>
  [q.package_id, q.single_event_package_id, q.event_id, q.subscription_id].some(
    (v) => v !== undefined,
  );

/**
 * What a purchase will cost, computed with the same pricing as the charge: due now, and for a
 * subscription when and how much it renews for (the promo code counts for the first payment only).
 */
export function createPreviewService(deps: {
  resolver: PurchaseResolver;
  promo: PromoService;
  products: ProductsRepository;
  now: () => Date;
}) {
  return {
    async invoice(
      channelId: number,
      userId: number | null,
      body: InvoicePreviewBody,
      l: Locale = 'en',
    ): Promise<InvoicePreview> {
      const purchase = await deps.resolver.resolve(channelId, body, l);
      const promo = await deps.promo.forPurchase(
        channelId,
        body.promo_code,
        purchase.lines,
        userId,
      );
      const priced = priceLines(purchase.lines, promo);
      const sub = purchase.subscription;
      const user = userId === null ? undefined : await deps.products.user(channelId, userId);
      const trialDays = sub && body.trial && !user?.trial_period_used ? sub.trial_period_days : 0;
      const now = deps.now();
      const firstEnd = !sub
        ? null
        : trialDays > 0
          ? new Date(now.getTime() + trialDays * 86_400_000)
          : addPeriod(now, sub.period);
      const dueNow = trialDays > 0 ? 0 : priced.totalCents;
      return {
        currency: purchase.currency,
        lines: priced.lines.map((l) => ({
          type: l.type,
          product_id: l.productId,
          name: l.name,
          amount: units(trialDays > 0 ? 0 : l.amountCents),
        })),
        subtotal: units(priced.subtotalCents),
        service_fee: units(priced.feeCents),
        discount: units(trialDays > 0 ? 0 : priced.discountCents),
        total: units(dueNow),
        total_cents: dueNow,
        promo_code: promo?.code ?? null,
        trial_days: trialDays,
        period: sub?.period ?? null,
        next_payment_at: firstEnd?.toISOString() ?? null,
        next_payment_amount: sub ? units(sub.base_price_cents + sub.service_fee_cents) : null,
      };
    },

    async coupon(channelId: number, userId: number | null, q: ApplyCouponQuery) {
      if (!hasProduct(q)) return deps.promo.preview(channelId, q.code, null, null, userId);
      const purchase = await deps.resolver.resolve(channelId, q);
      return deps.promo.preview(channelId, q.code, purchase.lines, purchase.currency, userId);
    },
  };
}
export type PreviewService = ReturnType<typeof createPreviewService>;
