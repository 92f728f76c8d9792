import { describe, expect, it } from 'vitest';
import {
  compareCodePoints,
  lexemeRankTerm,
  parseSingleLexeme,
  parseTsvector,
} from './vod-search-index.js';

describe('VOD search index parsing', () => {
  it('reads a tsvector text: quotes, escapes, positions and weights', () => {
    expect(parseTsvector(`'hockey':1A,5B,9 'l''équipe':2A 'a\\\\b':3C 'nopos'`)).toEqual([
      { lexeme: 'hockey', weights: [3, 2, 0] },
      { lexeme: "l'équipe", weights: [3] },
      { lexeme: 'a\\b', weights: [1] },
      { lexeme: 'nopos', weights: [0] },
    ]);
  });

  it('answers only tsqueries of one lexeme, exact or prefix', () => {
    expect(parseSingleLexeme(`'hockey':*`)).toEqual({ lexeme: 'hockey', prefix: true });
    expect(parseSingleLexeme(`'it''s'`)).toEqual({ lexeme: "it's", prefix: false });
    expect(parseSingleLexeme('')).toBeNull();
    expect(parseSingleLexeme(`'1' <-> '2'`)).toBeUndefined();
    expect(parseSingleLexeme(`'a':*A`)).toBeUndefined();
    expect(parseSingleLexeme(`'a' | 'b'`)).toBeUndefined();
  });

  it('orders strings by code point (UTF-8 byte order), not UTF-16 unit', () => {
    // U+FF21 is one UTF-16 unit above the surrogates of U+1F600, but a smaller code point.
    expect(compareCodePoints('\uFF21', '\u{1F600}')).toBeLessThan(0);
    expect('\uFF21' < '\u{1F600}').toBe(false);
    expect(compareCodePoints('abc', 'abd')).toBeLessThan(0);
    expect(compareCodePoints('ab', 'abc')).toBeLessThan(0);
  });

  it("computes ts_rank's term of a lexeme as tsrank.c, in float4 steps", () => {
    // One A position: (1 + 1 - 1) / 1.64493406685.
    expect(lexemeRankTerm([3])).toBe(1 / 1.64493406685);
    // A then B: resj = 1 + 0.4/4 in float4.
    const resj = Math.fround(1 + Math.fround(Math.fround(0.4) / 4));
    expect(lexemeRankTerm([3, 2])).toBe(Math.fround(Math.fround(1 + resj) - 1) / 1.64493406685);
  });
});
