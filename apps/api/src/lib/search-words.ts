/** A search box is not a document: words past this many are ignored. */
export const SEARCH_BOX_MAX_WORDS = 8;

/**
 * The words of a search box: runs of letters and digits (any script), lower-cased, each once, the
 * first `max` only. Punctuation and query operators vanish, so no input can break a query; an
 * empty list means nothing to search. Accents stay: the database folds both sides (vod_fold).
 */
export function searchBoxWords(search: string, max = SEARCH_BOX_MAX_WORDS): string[] {
  const found =
    search
      .normalize('NFC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(found)].slice(0, max);
}

/** A listing's search filter: the words, or undefined (no filter) when none is left. */
export function searchFilterWords(search: string | undefined): string[] | undefined {
  const words = search === undefined ? [] : searchBoxWords(search);
  return words.length > 0 ? words : undefined;
}
