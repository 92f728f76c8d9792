import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';
import { premiumId } from './premium';

describe('prices', () => {
  it('shows USD and CAD as $ in both languages', () => {
    expect(formatMoney(154.99, 'CAD', 'en')).toBe('$154.99');
    expect(formatMoney(12, 'USD', 'en')).toBe('$12.00');
    expect(formatMoney(1234.5, 'CAD', 'fr')).toMatch(/^1\s234,50\s\$$/);
  });

  it('gives the premium look to the highest base price on sale', () => {
    const items = [
      { id: 1, base_price: 149.99 },
      { id: 2, base_price: 59.99 },
      { id: 3, base_price: 500, disabled: true },
    ];
    expect(premiumId(items)).toBe(1);
    expect(premiumId([{ id: 4, base_price: 0 }])).toBeNull();
    expect(premiumId([...items.map((i) => ({ ...i, is_premium: i.id === 2 }))])).toBe(2);
  });
});
