import type { Coupon } from '@rudy/contracts';
import { HttpError } from '../../../lib/http-error.js';
import { priceLines, promoApplies, units, type Line } from '../pricing.js';
import type { PromoRepository, PromoRow } from './promo.repository.js';

const CODE = /^[A-Za-z0-9_-]{2,64}$/;
const invalid = () => new HttpError(400, 'promo_code_invalid');
/** The spec's 'Promo code is invalid', with the reason the buyer can act on where it is known. */
const refused = {
  expired: () => new HttpError(400, 'promo_code_expired', 'Promo code is invalid: it has expired'),
  notApplicable: () =>
    new HttpError(400, 'promo_code_not_applicable', 'Promo code is invalid for this product'),
  usedUp: () =>
    new HttpError(400, 'promo_code_used_up', 'Promo code is invalid: it has been used up'),
  alreadyUsed: () =>
    new HttpError(
      400,
      'promo_code_already_used',
      'Promo code is invalid: you have already used it',
    ),
};

/**
 * Promo codes. 'Wrong promo code' when the channel has no such code; 'Promo code is invalid' when
 * it cannot be used: malformed, switched off, expired, used up, not for this product, or already
 * redeemed by this buyer.
 */
export function createPromoService(deps: { repo: PromoRepository; now: () => Date }) {
  const service = {
    async find(channelId: number, raw: string): Promise<PromoRow> {
      const code = raw.trim();
      if (!CODE.test(code)) throw invalid();
      const promo = await deps.repo.byCode(channelId, code);
      if (!promo) throw new HttpError(400, 'wrong_promo_code');
      if (promo.disabled) throw invalid();
      if (promo.expires_at && promo.expires_at <= deps.now()) throw refused.expired();
      if (promo.max_redemptions !== null && promo.redemptions >= promo.max_redemptions) {
        throw refused.usedUp();
      }
      return promo;
    },

    /** The code for these lines and this buyer, or a refusal. */
    async forPurchase(
      channelId: number,
      raw: string | undefined,
      lines: readonly Line[],
      userId: number | null,
    ): Promise<PromoRow | null> {
      if (raw === undefined || raw.trim() === '') return null;
      const promo = await service.find(channelId, raw);
      if (!lines.some((l) => promoApplies(promo, l))) throw refused.notApplicable();
      if (userId !== null && (await deps.repo.usedBy(promo.id, userId)))
        throw refused.alreadyUsed();
      return promo;
    },

    /**
     * Takes a redemption for an order, inside the order's transaction (repo bound to it). Racing
     * buyers of the last redemption queue on the code's row; the losers are refused.
     */
    async redeem(repo: PromoRepository, promo: PromoRow, userId: number, orderId: number) {
      if (!(await repo.take(promo.id))) throw refused.usedUp();
      if (!(await repo.redeem(promo.channel_id, promo.id, userId, orderId))) {
        throw refused.alreadyUsed();
      }
    },

    /** GET apply_coupon: the code's terms and, for a product, what it takes off. */
    async preview(
      channelId: number,
      raw: string | undefined,
      lines: readonly Line[] | null,
      currency: 'USD' | 'CAD' | null,
      userId: number | null,
    ): Promise<Coupon> {
      if (raw === undefined || raw.trim() === '') throw invalid();
      const promo = lines
        ? await service.forPurchase(channelId, raw, lines, userId)
        : await service.find(channelId, raw);
      if (!promo) throw invalid();
      const priced = lines ? priceLines(lines, promo) : null;
      return {
        code: promo.code,
        kind: promo.kind,
        percent_off: promo.percent_off,
        amount_off: promo.amount_off_cents === null ? null : units(promo.amount_off_cents),
        expires_at: promo.expires_at ? promo.expires_at.toISOString() : null,
        price: priced ? units(priced.subtotalCents + priced.feeCents) : null,
        discount: priced ? units(priced.discountCents) : null,
        total: priced ? units(priced.totalCents) : null,
        currency,
      };
    },
  };
  return service;
}
export type PromoService = ReturnType<typeof createPromoService>;
