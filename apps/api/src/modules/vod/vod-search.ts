import { VOD_SEARCH_MAX_WORDS } from '@rudy/contracts';

/**
 * Below this many letters a word is too short for trigrams to tell a typo from another word
 * ('goa' is as close to 'goal' as to 'boa'); such words match by prefix only.
 */
export const TYPO_MIN_LETTERS = 4;

export interface SearchWord {
  /** Letters and digits only, lower case: safe inside to_tsquery whatever the user typed. */
  text: string;
  /** Long enough to be matched with typos forgiven. */
  isFuzzy: boolean;
}

/**
 * The words of a search box: runs of letters and digits (any script), lower-cased, first few only,
 * each once. Accents stay: the database folds both sides the same way (vod_fold). Punctuation
 * and operators vanish, so no input can break a query; an empty list means nothing to search.
 */
export function searchWords(search: string): SearchWord[] {
  const found =
    search
      .normalize('NFC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(found)].slice(0, VOD_SEARCH_MAX_WORDS).map((text) => ({
    text,
    // Counted in code points: 'été' is three letters.
    isFuzzy: (text.match(/./gu) ?? []).length >= TYPO_MIN_LETTERS,
  }));
}
