import { describe, expect, it } from 'vitest';
import { addToSketch, emptySketch, estimate, mergeSketch, SKETCH_BYTES } from './hll.js';

const sketchOf = (ids: string[]) => ids.reduce((s, id) => addToSketch(s, id), emptySketch());
const ids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

describe('HyperLogLog viewer sketches', () => {
  it('counts small audiences exactly and ignores repeats', () => {
    expect(estimate(emptySketch())).toBe(0);
    expect(estimate(sketchOf(['u1', 'u1', 's-abc', 'u1']))).toBe(2);
    expect(estimate(sketchOf(ids('u', 50)))).toBe(50);
  });

  it('stays within a few percent for large audiences', () => {
    for (const n of [10_000, 200_000]) {
      const error = Math.abs(estimate(sketchOf(ids('s', n))) - n) / n;
      expect(error).toBeLessThan(0.05);
    }
  });

  it('a merge counts the union: people in both halves once', () => {
    const a = sketchOf(ids('u', 3_000));
    const b = sketchOf(ids('u', 3_000).slice(1_000).concat(ids('v', 1_000)));
    const union = estimate(mergeSketch(a, b));
    expect(Math.abs(union - 4_000) / 4_000).toBeLessThan(0.05);
    expect(() => mergeSketch(emptySketch(), new Uint8Array(3))).toThrow();
    expect(emptySketch()).toHaveLength(SKETCH_BYTES);
  });
});
