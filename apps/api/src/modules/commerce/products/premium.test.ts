import { describe, expect, it } from 'vitest';
import { withPremium } from './product-views.js';

/** The one place the premium look is decided: clients show `is_premium` as sent. */
describe('withPremium', () => {
  it('gives the premium look to the highest base price on sale', () => {
    const items = [
      { id: 1, base_price: 149.99 },
      { id: 2, base_price: 59.99 },
      { id: 3, base_price: 500, disabled: true },
    ];
    const premium = (list: typeof items) =>
      withPremium(list)
        .filter((i) => i.is_premium)
        .map((i) => i.id);
    expect(premium(items)).toEqual([1]);
    expect(premium([{ id: 4, base_price: 0 }])).toEqual([]);
  });
});
