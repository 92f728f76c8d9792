import { describe, expect, it } from 'vitest';
import { priceLines, type Line, type PromoTerms } from './pricing.js';

const pass: Line = {
  type: 'package',
  productType: 'package',
  productId: 1,
  name: 'Season',
  baseCents: 14_999,
  feeCents: 500,
};
const addon: Line = { ...pass, type: 'additional', productId: 2, baseCents: 300, feeCents: 0 };
const promo = (p: Partial<PromoTerms>): PromoTerms => ({
  kind: 'percent',
  percent_off: 10,
  amount_off_cents: null,
  product_type: null,
  product_ids: [],
  ...p,
});

describe('pricing', () => {
  it('adds the service fee to the base price', () => {
    expect(priceLines([pass], null)).toMatchObject({ totalCents: 15_499, discountCents: 0 });
  });

  it('takes a percentage off each base price, rounded to the cent, never off the fee', () => {
    const p = priceLines([pass, addon], promo({ percent_off: 10 }));
    expect(p.lines.map((l) => l.discountCents)).toEqual([1_500, 30]);
    expect(p.totalCents).toBe(15_499 + 300 - 1_530);
  });

  it('takes a fixed amount once, spread over lines and never below zero', () => {
    const p = priceLines([addon, pass], promo({ kind: 'amount', amount_off_cents: 500 }));
    expect(p.lines.map((l) => l.discountCents)).toEqual([300, 200]);
    const free = priceLines([addon], promo({ kind: 'amount', amount_off_cents: 10_000 }));
    expect(free.totalCents).toBe(0);
  });

  it('applies a product-bound code only to that product', () => {
    const p = priceLines([pass, addon], promo({ product_type: 'package', product_ids: [2] }));
    expect(p.lines.map((l) => l.discountCents)).toEqual([0, 30]);
    const none = priceLines([pass], promo({ product_type: 'subscription' }));
    expect(none.discountCents).toBe(0);
  });
});
