import { describe, expect, it } from 'vitest';
import { searchWords } from './vod-search.js';

describe('searchWords', () => {
  it('keeps letters and digits of any script, lower-cased, each once', () => {
    expect(searchWords('Hockey  U18 hockey')).toEqual([
      { text: 'hockey', isFuzzy: true },
      { text: 'u18', isFuzzy: false },
    ]);
    expect(searchWords('Léa Tremblay').map((w) => w.text)).toEqual(['léa', 'tremblay']);
  });

  it('drops query operators and punctuation, so no input breaks a query', () => {
    expect(searchWords("hockey & !( ' :* | <-> \\")).toEqual([{ text: 'hockey', isFuzzy: true }]);
    expect(searchWords('!!! ... ???')).toEqual([]);
  });

  it('forgives typos only in words long enough to tell them apart', () => {
    expect(searchWords('été goal hocky').map((w) => w.isFuzzy)).toEqual([false, true, true]);
  });

  it('reads at most eight words', () => {
    expect(searchWords('a b c d e f g h i j')).toHaveLength(8);
  });
});
