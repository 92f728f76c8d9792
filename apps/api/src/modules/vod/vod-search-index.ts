import type { SearchWord } from './vod-search.js';

/*
 * The VOD search answered in memory, exactly as the database answers it (vod.repository.ts: terms
 * and list), from what the database itself computed:
 *  - each item's search_doc (the tsvector, read as text: lexemes, positions, weights), its date and
 *    its titles as ranks (dense_rank in the database's collation, so ties and order are the
 *    database's own);
 *  - the channel's lexicon (vod_search_words) with each word's trigrams (pg_trgm's show_trgm), its
 *    rank in the collation and its two whole-word tsqueries;
 *  - for each typed word (a pure function of the word, kept in a bounded memo): vod_fold, its two
 *    prefix tsqueries and its trigrams.
 * In memory are only set operations and arithmetic done the way PostgreSQL does them: `@@` of an
 * OR of lexemes (exact or prefix), pg_trgm's similarity (a float4 ratio of shared trigrams) against
 * the threshold, the three closest words by similarity then collation, and ts_rank's calc_rank_or
 * with its float4 rounding, operands sorted and made unique by lexeme as tsrank.c does. Anything
 * outside that (a tsquery that is not a single lexeme, a LIKE wildcard in a folded word, one lexeme
 * both exact and prefix in a relevance sort) is not answered here: the caller asks the database.
 */

/** What the database says of a typed word: pure, so kept across channels and versions. */
export interface WordForm {
  fold: string;
  /** to_tsquery('english'|'french', quote_literal(fold) || ':*')::text; '' for a stop word. */
  en: string;
  fr: string;
  /** show_trgm(fold). */
  trigrams: string[];
}

export interface IndexItemRow {
  id: number;
  date_rank: number;
  en_rank: number;
  fr_rank: number;
  category_id: number | null;
  search_doc: string;
}

export interface IndexWordRow {
  word: string;
  rank: number;
  trigrams: string[];
  /** to_tsquery('english'|'french', quote_literal(word))::text. */
  en: string;
  fr: string;
}

export interface IndexSnapshot {
  version: string;
  /** pg_trgm.similarity_threshold (show_limit()). */
  threshold: number;
  items: IndexItemRow[];
  words: IndexWordRow[];
}

export interface IndexOrder {
  field: 'date' | 'title' | 'relevance';
  direction: 'asc' | 'desc';
  locale: 'en' | 'fr';
}

export interface IndexAnswer {
  ids: number[];
  total: number;
}

interface Operand {
  lexeme: string;
  prefix: boolean;
}

/** A typo is corrected to at most this many of the closest known words (as the repository). */
const CORRECTIONS_PER_WORD = 3;

/** ts_rank's default weights, D C B A, as float4. */
const WEIGHTS = [Math.fround(0.1), Math.fround(0.2), Math.fround(0.4), 1];
const f32 = Math.fround;

/** Code point order, which is UTF-8 byte order: the order of a tsvector's lexemes. */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    // Surrogates (D800–DFFF) stand for code points above every BMP unit.
    if (x >= 0xd800) x = x <= 0xdfff ? x + 0x2000 : x - 0x800;
    if (y >= 0xd800) y = y <= 0xdfff ? y + 0x2000 : y - 0x800;
    return x - y;
  }
  return a.length - b.length;
}

/**
 * A tsquery text that is one lexeme (`'word'` or `'word':*`); null for '' (a stop word: nothing);
 * undefined for anything else (operators, weights), which this index does not answer.
 */
export function parseSingleLexeme(text: string): Operand | null | undefined {
  if (text === '') return null;
  if (text[0] !== "'") return undefined;
  let lexeme = '';
  let i = 1;
  for (;;) {
    if (i >= text.length) return undefined;
    const c = text[i] as string;
    if (c === '\\') {
      lexeme += text[i + 1] ?? '';
      i += 2;
    } else if (c === "'") {
      if (text[i + 1] === "'") {
        lexeme += "'";
        i += 2;
      } else {
        i += 1;
        break;
      }
    } else {
      lexeme += c;
      i += 1;
    }
  }
  const rest = text.slice(i);
  if (rest === '') return { lexeme, prefix: false };
  if (rest === ':*') return { lexeme, prefix: true };
  return undefined;
}

/** One posting list: the items holding a lexeme, and what the lexeme adds to each one's rank. */
interface Posting {
  items: Int32Array;
  /** calc_rank_or's term for the lexeme in the item (a double, added to a float4 sum). */
  rank: Float64Array;
}

/**
 * calc_rank_or's term for one lexeme of an item, from its positions' weights in order:
 * (wjm + resj - wjm / (jm+1)²) / 1.64493406685, each step rounded as float4 like tsrank.c.
 */
export function lexemeRankTerm(weights: number[]): number {
  let resj = 0;
  let wjm = -1;
  let jm = 0;
  weights.forEach((weight, j) => {
    const w = WEIGHTS[weight] as number;
    resj = f32(resj + f32(w / ((j + 1) * (j + 1))));
    if (w > wjm) {
      wjm = w;
      jm = j;
    }
  });
  return f32(f32(wjm + resj) - f32(wjm / ((jm + 1) * (jm + 1)))) / 1.64493406685;
}

/**
 * The lexemes of a tsvector's text ('a':1A,2 'b':3B): each with its positions' weights (3 = A …
 * 0 = D; a lexeme without positions counts as one of weight D, as tsrank.c's POSNULL).
 */
export function parseTsvector(text: string): { lexeme: string; weights: number[] }[] {
  const out: { lexeme: string; weights: number[] }[] = [];
  let i = 0;
  while (i < text.length) {
    if (text[i] === ' ') {
      i++;
      continue;
    }
    if (text[i] !== "'") throw new Error(`tsvector text not understood at ${i}`);
    let lexeme = '';
    i++;
    for (;;) {
      const c = text[i];
      if (c === undefined) throw new Error('tsvector text ends inside a lexeme');
      if (c === '\\') {
        lexeme += text[i + 1] ?? '';
        i += 2;
      } else if (c === "'") {
        if (text[i + 1] === "'") {
          lexeme += "'";
          i += 2;
        } else {
          i++;
          break;
        }
      } else {
        lexeme += c;
        i++;
      }
    }
    const weights: number[] = [];
    if (text[i] === ':') {
      i++;
      for (;;) {
        while (i < text.length && text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57) i++;
        const w = text[i];
        if (w === 'A' || w === 'B' || w === 'C' || w === 'D') {
          weights.push(w === 'A' ? 3 : w === 'B' ? 2 : w === 'C' ? 1 : 0);
          i++;
        } else {
          weights.push(0);
        }
        if (text[i] !== ',') break;
        i++;
      }
    } else {
      weights.push(0);
    }
    out.push({ lexeme, weights });
  }
  return out;
}

function lowerBound(sorted: string[], key: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareCodePoints(sorted[mid] as string, key) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Items in the order (rank, id) ascending: each item's place in that order. */
function placesBy(ranks: Int32Array, ids: Int32Array): { order: Int32Array; place: Int32Array } {
  const order = Int32Array.from(ranks.keys());
  order.sort(
    (a, b) =>
      (ranks[a] as number) - (ranks[b] as number) || (ids[a] as number) - (ids[b] as number),
  );
  const place = new Int32Array(order.length);
  order.forEach((item, at) => {
    place[item] = at;
  });
  return { order, place };
}

/** One channel's library at one version, searchable without the database. */
export class ChannelSearchIndex {
  readonly version: string;
  readonly itemCount: number;
  private readonly threshold: number;
  private readonly ids: Int32Array;
  private readonly categories: Int32Array;
  private readonly lexemes: string[];
  private readonly postings: Posting[];
  private readonly byDate: { order: Int32Array; place: Int32Array };
  private readonly byTitle: Record<'en' | 'fr', { order: Int32Array; place: Int32Array }>;
  /** The lexicon in code point order (LIKE 'x%' is a byte prefix). */
  private readonly words: IndexWordRow[];
  private readonly wordsSorted: string[];
  /** Trigram → indexes into `words` holding it. */
  private readonly trigramWords = new Map<string, number[]>();
  /** Scratch, one search at a time (searches run synchronously). */
  private readonly seen: Int32Array;
  private readonly hits: Uint8Array;
  private stamp = 0;
  /** Rough bytes held, for the memory budget. */
  readonly bytes: number;

  constructor(snapshot: IndexSnapshot) {
    this.version = snapshot.version;
    this.threshold = snapshot.threshold;
    const n = snapshot.items.length;
    this.itemCount = n;
    this.ids = new Int32Array(n);
    this.categories = new Int32Array(n);
    const dateRanks = new Int32Array(n);
    const enRanks = new Int32Array(n);
    const frRanks = new Int32Array(n);
    const lists = new Map<string, { items: number[]; rank: number[] }>();
    let postingCount = 0;
    snapshot.items.forEach((row, at) => {
      this.ids[at] = row.id;
      this.categories[at] = row.category_id ?? -1;
      dateRanks[at] = row.date_rank;
      enRanks[at] = row.en_rank;
      frRanks[at] = row.fr_rank;
      for (const { lexeme, weights } of parseTsvector(row.search_doc)) {
        let list = lists.get(lexeme);
        if (!list) {
          list = { items: [], rank: [] };
          lists.set(lexeme, list);
        }
        list.items.push(at);
        list.rank.push(lexemeRankTerm(weights));
        postingCount++;
      }
    });
    this.lexemes = [...lists.keys()].sort(compareCodePoints);
    this.postings = this.lexemes.map((lexeme) => {
      const list = lists.get(lexeme) as { items: number[]; rank: number[] };
      return { items: Int32Array.from(list.items), rank: Float64Array.from(list.rank) };
    });
    this.byDate = placesBy(dateRanks, this.ids);
    this.byTitle = { en: placesBy(enRanks, this.ids), fr: placesBy(frRanks, this.ids) };
    this.words = [...snapshot.words].sort((a, b) => compareCodePoints(a.word, b.word));
    this.wordsSorted = this.words.map((w) => w.word);
    this.words.forEach((w, at) => {
      for (const t of w.trigrams) {
        const list = this.trigramWords.get(t);
        if (list) list.push(at);
        else this.trigramWords.set(t, [at]);
      }
    });
    this.seen = new Int32Array(n);
    this.hits = new Uint8Array(n);
    let lexemeChars = 0;
    for (const l of this.lexemes) lexemeChars += l.length;
    let wordChars = 0;
    for (const w of this.words) wordChars += w.word.length * 2 + w.trigrams.length * 8 + 64;
    // Postings 12 bytes each, 6 arrays of items, lexeme strings and their lists, the lexicon.
    this.bytes =
      postingCount * 12 +
      n * 6 * 4 +
      n * 5 +
      this.lexemes.length * (2 * 16 + 64) +
      lexemeChars * 2 +
      wordChars * 2;
  }

  /**
   * The typo corrections of a folded word, as the repository's terms() query: none when a known
   * word starts with it; else the known words whose similarity reaches the threshold, closest
   * first, then in collation order, three at most.
   */
  private corrections(form: WordForm): IndexWordRow[] {
    const start = lowerBound(this.wordsSorted, form.fold);
    if (this.wordsSorted[start]?.startsWith(form.fold)) return [];
    const shared = new Map<number, number>();
    for (const t of new Set(form.trigrams)) {
      for (const w of this.trigramWords.get(t) ?? []) shared.set(w, (shared.get(w) ?? 0) + 1);
    }
    const found: { word: IndexWordRow; similarity: number }[] = [];
    const len = form.trigrams.length;
    for (const [at, count] of shared) {
      const word = this.words[at] as IndexWordRow;
      const similarity = f32(count / (len + word.trigrams.length - count));
      if (similarity >= this.threshold) found.push({ word, similarity });
    }
    found.sort((a, b) => b.similarity - a.similarity || a.word.rank - b.word.rank);
    return found.slice(0, CORRECTIONS_PER_WORD).map((f) => f.word);
  }

  /** The posting lists an operand reaches, in lexeme order. */
  private postingsOf(op: Operand): Posting[] {
    const at = lowerBound(this.lexemes, op.lexeme);
    if (!op.prefix) return this.lexemes[at] === op.lexeme ? [this.postings[at] as Posting] : [];
    const out: Posting[] = [];
    for (
      let i = at;
      i < this.lexemes.length && (this.lexemes[i] as string).startsWith(op.lexeme);
      i++
    ) {
      out.push(this.postings[i] as Posting);
    }
    return out;
  }

  /**
   * The page of a search: ids in the listing's order and the number of matches; undefined when
   * the search holds something this index does not answer (the caller asks the database).
   */
  search(
    words: SearchWord[],
    forms: ReadonlyMap<string, WordForm>,
    categoryId: number | undefined,
    order: IndexOrder,
    page: { offset: number; limit: number },
  ): IndexAnswer | undefined {
    // Each word: the OR of its operands (its prefix stems, or its corrections' stems).
    const perWord: Operand[][] = [];
    for (const word of words) {
      const form = forms.get(word.text);
      if (!form) return undefined;
      const texts = [form.en, form.fr];
      if (word.isFuzzy) {
        if (/[%_\\]/.test(form.fold)) return undefined;
        for (const c of this.corrections(form)) texts.push(c.en, c.fr);
      }
      const ops = new Map<string, Operand>();
      for (const text of texts) {
        const op = parseSingleLexeme(text);
        if (op === undefined) return undefined;
        if (op) ops.set(`${op.prefix ? '*' : '='}${op.lexeme}`, op);
      }
      perWord.push([...ops.values()]);
    }

    // Items matching every word.
    const stamp0 = this.stamp;
    this.stamp += perWord.length + 1;
    if (this.stamp > 0x3fffffff) {
      this.seen.fill(0);
      this.stamp = perWord.length + 1;
      return this.search(words, forms, categoryId, order, page);
    }
    let matched: number[] = [];
    perWord.forEach((ops, w) => {
      // Items that matched every earlier word carry stamp0 + w; this word moves them on one.
      const before = stamp0 + w;
      const after = before + 1;
      for (const op of ops) {
        for (const posting of this.postingsOf(op)) {
          const items = posting.items;
          for (let k = 0; k < items.length; k++) {
            const item = items[k] as number;
            if (w === 0 ? this.seen[item] !== after : this.seen[item] === before) {
              this.seen[item] = after;
            }
          }
        }
      }
    });
    const last = stamp0 + perWord.length;
    const wanted = categoryId;
    const scan = (item: number) =>
      this.seen[item] === last && (wanted === undefined || this.categories[item] === wanted);
    const n = this.itemCount;
    const end = page.offset + page.limit;

    if (order.field === 'relevance') {
      for (let item = 0; item < n; item++) if (scan(item)) matched.push(item);
      const ranks = this.ranks(perWord, matched);
      if (!ranks) return undefined;
      const dir = order.direction === 'asc' ? 1 : -1;
      matched.sort(
        (a, b) =>
          dir * ((ranks.get(a) as number) - (ranks.get(b) as number)) ||
          dir * ((this.ids[a] as number) - (this.ids[b] as number)),
      );
      return {
        ids: matched.slice(page.offset, end).map((i) => this.ids[i] as number),
        total: matched.length,
      };
    }

    // Date and title: the precomputed order, walked from the page's side.
    const sorted = order.field === 'date' ? this.byDate : this.byTitle[order.locale];
    const asc = order.direction === 'asc';
    let total = 0;
    const pageItems: number[] = [];
    for (let at = 0; at < n; at++) {
      const item = sorted.order[asc ? at : n - 1 - at] as number;
      if (!scan(item)) continue;
      if (total >= page.offset && total < end) pageItems.push(item);
      total++;
    }
    matched = pageItems;
    return { ids: matched.map((i) => this.ids[i] as number), total };
  }

  /**
   * ts_rank(search_doc, q1 || q2 …) of the matched items, as tsrank.c's calc_rank_or: the
   * query's operands sorted by lexeme bytes and made unique by lexeme (undefined when one lexeme
   * is both exact and prefix: which one PostgreSQL keeps is its sort's business), then per operand
   * and per lexeme it reaches, in order, the item's term added to a float4 sum, divided by the
   * number of operands.
   */
  private ranks(perWord: Operand[][], matched: number[]): Map<number, number> | undefined {
    const unique = new Map<string, Operand>();
    for (const ops of perWord) {
      for (const op of ops) {
        const had = unique.get(op.lexeme);
        if (had && had.prefix !== op.prefix) return undefined;
        unique.set(op.lexeme, op);
      }
    }
    const operands = [...unique.values()].sort((a, b) => compareCodePoints(a.lexeme, b.lexeme));
    const sums = new Map<number, number>();
    for (const item of matched) sums.set(item, 0);
    for (const op of operands) {
      for (const posting of this.postingsOf(op)) {
        for (let k = 0; k < posting.items.length; k++) {
          const item = posting.items[k] as number;
          const sum = sums.get(item);
          if (sum !== undefined) sums.set(item, f32(sum + (posting.rank[k] as number)));
        }
      }
    }
    const size = operands.length;
    for (const [item, sum] of sums) sums.set(item, size > 0 ? f32(sum / size) : sum);
    return sums;
  }
}
