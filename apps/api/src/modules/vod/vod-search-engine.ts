import { ChannelSearchIndex, type IndexOrder, type WordForm } from './vod-search-index.js';
import type { SearchWord } from './vod-search.js';
import type { VodItemRow, VodPage, VodRepository } from './vod.repository.js';

/** Past this many published items a channel is searched by the database (memory bound). */
export const INDEX_MAX_ITEMS = 100_000;
/** All channels' indexes together; the least recently searched go first. */
export const INDEX_MAX_BYTES = 256 * 1024 * 1024;
/** Typed words whose fold, stems and trigrams are remembered (a pure function of the word). */
const WORD_FORMS_MAX = 20_000;
/** A page whose version moved this many times in a row is asked of the database instead. */
const ATTEMPTS = 3;
/** A channel too large for an index is counted again after this long. */
const TOO_LARGE_RECHECK_MS = 60_000;

export interface EngineAnswer {
  rows: VodItemRow[];
  total: number;
}

/**
 * VOD searches answered from an in-process index per channel (vod-search-index.ts), exact at every
 * search: the page's rows are read in one statement with the channel's search version (bumped by
 * triggers at every write that can change an answer, migration 0015), and a version other than
 * the index's means the index is rebuilt and the page found again. So a write committed before a
 * search is seen by it in every process, with one small query per search (the page's rows by id)
 * instead of the typo corrections and the count and sort of every match.
 *
 * Memory: one index per searched channel, about 12 bytes per (item, distinct word of the item)
 * plus the lexicon; all together at most `maxBytes` (least recently searched dropped first), and no
 * index at all for a channel with more than `maxItems` published items (the database answers).
 * `undefined` from `search` means "ask the database": a search this index does not answer.
 */
export function createVodSearchEngine(deps: {
  repo: VodRepository;
  maxItems?: number;
  maxBytes?: number;
  now?: () => number;
}) {
  const maxItems = deps.maxItems ?? INDEX_MAX_ITEMS;
  const maxBytes = deps.maxBytes ?? INDEX_MAX_BYTES;
  const now = deps.now ?? Date.now;
  /** Most recently searched last. */
  const indexes = new Map<number, ChannelSearchIndex>();
  const building = new Map<number, Promise<ChannelSearchIndex | null>>();
  const tooLarge = new Map<number, number>();
  const forms = new Map<string, WordForm>();

  async function formsOf(words: SearchWord[]): Promise<Map<string, WordForm>> {
    const out = new Map<string, WordForm>();
    const missing: string[] = [];
    for (const w of words) {
      const form = forms.get(w.text);
      if (form) {
        forms.delete(w.text);
        forms.set(w.text, form);
        out.set(w.text, form);
      } else missing.push(w.text);
    }
    if (missing.length > 0) {
      for (const [text, form] of await deps.repo.wordForms(missing)) {
        out.set(text, form);
        forms.set(text, form);
      }
      while (forms.size > WORD_FORMS_MAX) forms.delete(forms.keys().next().value as string);
    }
    return out;
  }

  function keep(channelId: number, index: ChannelSearchIndex) {
    indexes.delete(channelId);
    indexes.set(channelId, index);
    let total = 0;
    for (const i of indexes.values()) total += i.bytes;
    for (const [id, i] of indexes) {
      if (total <= maxBytes || id === channelId) break;
      indexes.delete(id);
      total -= i.bytes;
    }
  }

  /** The channel's index, rebuilt when it is at `stale`; null when the channel is too large. */
  async function indexOf(
    channelId: number,
    stale: string | null,
  ): Promise<ChannelSearchIndex | null> {
    const current = indexes.get(channelId);
    if (current && current.version !== stale) {
      indexes.delete(channelId);
      indexes.set(channelId, current);
      return current;
    }
    const checkedAt = tooLarge.get(channelId);
    if (checkedAt !== undefined && now() - checkedAt < TOO_LARGE_RECHECK_MS) return null;
    let pending = building.get(channelId);
    if (!pending) {
      pending = (async () => {
        const snapshot = await deps.repo.indexSnapshot(channelId);
        if (snapshot.items.length > maxItems) {
          tooLarge.set(channelId, now());
          indexes.delete(channelId);
          return null;
        }
        tooLarge.delete(channelId);
        const index = new ChannelSearchIndex(snapshot);
        keep(channelId, index);
        return index;
      })().finally(() => building.delete(channelId));
      building.set(channelId, pending);
    }
    return pending;
  }

  return {
    async search(
      channelId: number,
      words: SearchWord[],
      categoryId: number | undefined,
      order: IndexOrder,
      page: VodPage,
    ): Promise<EngineAnswer | undefined> {
      const known = await formsOf(words);
      let stale: string | null = null;
      for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
        const index = await indexOf(channelId, stale);
        if (!index) return undefined;
        const found = index.search(words, known, categoryId, order, page);
        if (!found) return undefined;
        const { version, rows } = await deps.repo.pageRows(channelId, found.ids);
        if (version === index.version) return { rows, total: found.total };
        stale = index.version;
      }
      return undefined;
    },

    /** Indexes held now (tests and diagnostics). */
    stats() {
      return [...indexes].map(([channelId, i]) => ({
        channelId,
        version: i.version,
        items: i.itemCount,
        bytes: i.bytes,
      }));
    },
  };
}
export type VodSearchEngine = ReturnType<typeof createVodSearchEngine>;
