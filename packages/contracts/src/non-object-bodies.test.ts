import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contracts from './index.js';

/*
 * Issue 30, item 3: a body that is not an object (`false`, `[]`...) is refused by every body
 * contract, never thrown on. A cross-field rule that ran on it read fields of nothing: a TypeError,
 * which the API answered with a 500.
 */
interface Parser {
  safeParse(value: unknown): { success: boolean };
}
const bodies = Object.entries(contracts as Record<string, unknown>).filter(
  (entry): entry is [string, Parser] =>
    /(Body|Input)Schema$/.test(entry[0]) && entry[1] instanceof z.ZodType,
);

describe('a body that is not an object', () => {
  it('finds the body contracts, the console forms among them', () => {
    const names = bodies.map(([name]) => name);
    for (const name of ['AdminPassBodySchema', 'AdminPromoBodySchema', 'AdminGameBodySchema']) {
      expect(names).toContain(name);
    }
  });

  // Each value in a list of its own: it.each spreads a list into arguments.
  const values: unknown[][] = [[false], [[]], [null], ['x'], [1], [true], [[{}]]];
  it.each(values)('%j is refused by each, not thrown on', (value) => {
    for (const [name, schema] of bodies) {
      let parsed: { success: boolean };
      try {
        parsed = schema.safeParse(value);
      } catch (error) {
        throw new Error(`${name} threw on ${JSON.stringify(value)}`, { cause: error });
      }
      expect(parsed.success, name).toBe(false);
    }
  });
});
