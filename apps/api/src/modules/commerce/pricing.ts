/*
 * Prices in integer cents. A promo code lowers the base price of the products it applies to; the
 * service fee is never discounted. A percentage applies to each eligible line (rounded to the
 * cent); a fixed amount applies once, spread over eligible lines in order, never below zero.
 */

export type ItemType = 'event' | 'package' | 'subscription' | 'additional';
export type ProductType = 'package' | 'subscription';

export interface Line {
  type: ItemType;
  productType: ProductType;
  productId: number;
  name: string;
  baseCents: number;
  feeCents: number;
}

export interface PromoTerms {
  kind: 'percent' | 'amount';
  percent_off: number | null;
  amount_off_cents: number | null;
  product_type: ProductType | null;
  product_ids: number[];
}

export interface PricedLine extends Line {
  discountCents: number;
  amountCents: number;
}

export interface Priced {
  lines: PricedLine[];
  subtotalCents: number;
  feeCents: number;
  discountCents: number;
  totalCents: number;
}

export function promoApplies(promo: PromoTerms, line: Pick<Line, 'productType' | 'productId'>) {
  if (promo.product_type === null) return true;
  if (promo.product_type !== line.productType) return false;
  return promo.product_ids.length === 0 || promo.product_ids.includes(line.productId);
}

export function priceLines(lines: readonly Line[], promo: PromoTerms | null): Priced {
  let amountLeft = promo?.kind === 'amount' ? (promo.amount_off_cents ?? 0) : 0;
  const priced = lines.map((line): PricedLine => {
    let discount = 0;
    if (promo && promoApplies(promo, line)) {
      if (promo.kind === 'percent') {
        discount = Math.round((line.baseCents * (promo.percent_off ?? 0)) / 100);
      } else {
        discount = Math.min(amountLeft, line.baseCents);
        amountLeft -= discount;
      }
    }
    discount = Math.min(discount, line.baseCents);
    return {
      ...line,
      discountCents: discount,
      amountCents: line.baseCents + line.feeCents - discount,
    };
  });
  const sum = (f: (l: PricedLine) => number) => priced.reduce((n, l) => n + f(l), 0);
  return {
    lines: priced,
    subtotalCents: sum((l) => l.baseCents),
    feeCents: sum((l) => l.feeCents),
    discountCents: sum((l) => l.discountCents),
    totalCents: sum((l) => l.amountCents),
  };
}

/** Cents to currency units without float drift (12345 → 123.45). */
export const units = (cents: number) => Math.round(cents) / 100;
