import { describe, expect, it } from 'vitest';
import { toPrefixTsQuery } from './prefix-ts-query.js';

describe('toPrefixTsQuery', () => {
  it('makes every word a lower-case prefix, all required', () => {
    expect(toPrefixTsQuery('Wolv')).toBe("'wolv':*");
    expect(toPrefixTsQuery('Lakeshore  WOLVES')).toBe("'lakeshore':* & 'wolves':*");
  });

  it('keeps letters of any script and digits, drops everything tsquery could parse', () => {
    expect(toPrefixTsQuery('Collège Saint-Laurent U18')).toBe(
      "'collège':* & 'saint':* & 'laurent':* & 'u18':*",
    );
    expect(toPrefixTsQuery("a' | b & !c:* (d)")).toBe("'a':* & 'b':* & 'c':* & 'd':*");
  });

  it('gives null when nothing searchable is left, and caps the word count', () => {
    expect(toPrefixTsQuery(' -- !! ')).toBeNull();
    expect(toPrefixTsQuery('a b c d e f g h i j')?.split(' & ')).toHaveLength(8);
  });
});
