import { describe, expect, it } from 'vitest';
import { changedFields, summarize } from './audit-diff.js';

describe('audit rows', () => {
  it('keep only the fields that changed, on both sides', () => {
    const d = changedFields(
      { name: 'Wolves', color: '#112233', league: 'NJHL' },
      { name: 'Wolves', color: '#445566', league: null },
    );
    expect(d).toEqual({
      before: { color: '#112233', league: 'NJHL' },
      after: { color: '#445566', league: null },
    });
    expect(changedFields(null, { a: 1 })).toEqual({ before: null, after: { a: 1 } });
  });

  it('read as one line, long values cut', () => {
    expect(summarize({ price_cents: 1500 }, { price_cents: 2000 })).toBe(
      'price_cents: 1500 → 2000',
    );
    expect(summarize(null, { name: 'Wolves' })).toBe('name: Wolves');
    expect(summarize({ name: 'Wolves' }, null)).toBe('name: Wolves');
    expect(summarize(null, { logo: 'x'.repeat(100) })).toBe(`logo: ${'x'.repeat(59)}…`);
    expect(summarize({ a: null }, { a: 'b' })).toBe('a: — → b');
  });
});
