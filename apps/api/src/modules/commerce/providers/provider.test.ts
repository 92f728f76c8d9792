import { describe, expect, it } from 'vitest';
import { addPeriod } from './provider.js';

describe('renewal periods (spec section 9)', () => {
  it('renews a monthly plan 30 days later, whatever the month', () => {
    expect(addPeriod(new Date('2026-02-01T10:00:00Z'), 'month').toISOString()).toBe(
      '2026-03-03T10:00:00.000Z',
    );
  });

  it('renews an annual plan 12 calendar months later', () => {
    expect(addPeriod(new Date('2026-03-15T10:00:00Z'), 'annual').toISOString()).toBe(
      '2027-03-15T10:00:00.000Z',
    );
  });
});
