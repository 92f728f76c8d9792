const MAX_SEARCH_WORDS = 8;

/**
 * Words of a search box as a full-text prefix query: 'st bren' → `'st':* & 'bren':*`, for
 * to_tsquery('simple', ...). Only letters and digits survive, so the text is always valid tsquery
 * syntax whatever the user typed; null when nothing searchable is left.
 */
export function toPrefixTsQuery(search: string): string | null {
  const words =
    search
      .normalize('NFC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length === 0) return null;
  return words
    .slice(0, MAX_SEARCH_WORDS)
    .map((w) => `'${w}':*`)
    .join(' & ');
}
