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
/** Rows of served pages kept with an index (about 0.9 kB each: 10 000 hold ~9.4 MB). */
export const ROWS_PER_INDEX = 10_000;
const ROW_BYTES = 1_024;

export interface EngineAnswer {
  rows: VodItemRow[];
  total: number;
}

/**
 * VOD searches answered from an in-process index per channel (vod-search-index.ts), exact at every
 * search: each search reads the channel's search version (bumped by triggers at every write that
 * can change an answer or a listed row, migrations 0015 and 0017), and a version other than the
 * index's means the index is rebuilt and the page found again. The rows of served pages are kept
 * with the index (same version); the others are read by id in one statement with the version. So a
 * write committed before a search is seen by it in every process. The version reads of concurrent
 * searches are shared, but only with a read that began after the search did (never with one
 * already under way, which might predate the write).
 *
 * Memory: one index per searched channel, about 12 bytes per (item, distinct word of the item)
 * plus the lexicon (measured: 5.1 MB for the bench's 10 000 items), and at most ROWS_PER_INDEX
 * rows (~0.9 kB each, so at most ~9.4 MB); all together at most `maxBytes`
 * (least recently searched dropped first), and no index at all for a channel with more than
 * `maxItems` published items (the database answers). `undefined` from `search` means "ask the
 * database": a search this index does not answer.
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
  /** Per channel: the version read under way, and the one queued behind it. */
  const gates = new Map<
    number,
    { running: Promise<string> | null; next: Promise<string> | null }
  >();
  /** Rows of served pages, per index (the version is the index's). */
  const rowsOf = new WeakMap<ChannelSearchIndex, Map<number, VodItemRow>>();

  function startRead(gate: { running: Promise<string> | null }, channelId: number) {
    const read: Promise<string> = deps.repo.searchVersion(channelId).finally(() => {
      if (gate.running === read) gate.running = null;
    });
    gate.running = read;
    return read;
  }

  /** The channel's version as of a read that began after this call. */
  function versionOf(channelId: number): Promise<string> {
    let gate = gates.get(channelId);
    if (!gate) {
      gate = { running: null, next: null };
      gates.set(channelId, gate);
    }
    const running = gate.running;
    if (!running) return startRead(gate, channelId);
    const g = gate;
    g.next ??= running
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        g.next = null;
        return startRead(g, channelId);
      });
    return g.next;
  }

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
    for (const i of indexes.values()) total += i.bytes + ROWS_PER_INDEX * ROW_BYTES;
    for (const [id, i] of indexes) {
      if (total <= maxBytes || id === channelId) break;
      indexes.delete(id);
      total -= i.bytes + ROWS_PER_INDEX * ROW_BYTES;
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
        stale = index.version;
        if ((await versionOf(channelId)) !== index.version) continue;
        let kept = rowsOf.get(index);
        if (!kept) {
          kept = new Map();
          rowsOf.set(index, kept);
        }
        const missing = found.ids.filter((id) => !kept.has(id));
        if (missing.length > 0) {
          const { version, rows } = await deps.repo.pageRows(channelId, missing);
          if (version !== index.version) continue;
          for (const row of rows) kept.set(row.id, row);
        }
        const rows: VodItemRow[] = [];
        for (const id of found.ids) {
          const row = kept.get(id);
          if (!row) return undefined;
          // Most recently served last: the oldest go first.
          kept.delete(id);
          kept.set(id, row);
          rows.push(row);
        }
        while (kept.size > ROWS_PER_INDEX) kept.delete(kept.keys().next().value as number);
        return { rows, total: found.total };
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
