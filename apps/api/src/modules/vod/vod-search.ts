import { VOD_SEARCH_MAX_WORDS } from '@rudy/contracts';
import { searchBoxWords } from '../../lib/search-words.js';

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

/** The words of the library's search box (searchBoxWords), each marked fuzzy or not. */
export function searchWords(search: string): SearchWord[] {
  return searchBoxWords(search, VOD_SEARCH_MAX_WORDS).map((text) => ({
    text,
    // Counted in code points: 'été' is three letters.
    isFuzzy: (text.match(/./gu) ?? []).length >= TYPO_MIN_LETTERS,
  }));
}
