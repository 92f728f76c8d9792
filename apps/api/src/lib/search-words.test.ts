import { describe, expect, it } from 'vitest';
import { searchBoxWords } from './search-words.js';

describe('searchBoxWords', () => {
  it('lower-cases every word, each once', () => {
    expect(searchBoxWords('Wolv', 8)).toEqual(['wolv']);
    expect(searchBoxWords('Lakeshore  WOLVES lakeshore', 8)).toEqual(['lakeshore', 'wolves']);
  });

  it('keeps letters of any script and digits, drops everything tsquery could parse', () => {
    expect(searchBoxWords('Collège Saint-Laurent U18', 8)).toEqual([
      'collège',
      'saint',
      'laurent',
      'u18',
    ]);
    expect(searchBoxWords("a' | b & !c:* (d) <-> \\", 8)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('gives nothing when nothing searchable is left, and caps the word count', () => {
    expect(searchBoxWords(' -- !! ', 8)).toEqual([]);
    expect(searchBoxWords('a b c d e f g h i j', 8)).toHaveLength(8);
  });
});
