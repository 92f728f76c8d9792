import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';

describe('prices', () => {
  it('shows USD and CAD as $ in both languages', () => {
    expect(formatMoney(154.99, 'CAD', 'en')).toBe('$154.99');
    expect(formatMoney(12, 'USD', 'en')).toBe('$12.00');
    expect(formatMoney(1234.5, 'CAD', 'fr')).toMatch(/^1\s234,50\s\$$/);
  });
});
