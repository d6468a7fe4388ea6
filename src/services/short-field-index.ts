// The in-memory index over listings' short fields (name, tagline, keywords):
// BM25 with field boosts, prefix matches, and typo tolerance through a
// deletion dictionary (SymSpell-style), so a typo is a few hash lookups.
//
// Why not MiniSearch (issue 9, measured at 100k listings): its fuzzy search
// walks the term tree at every query (20–90 ms for a typo), and it scores a
// common word's postings through per-field maps and result objects (27 ms for
// a word in 20k taglines). Here a term's postings are one Map of listing id to
// a weight computed when the listing is added, so scoring a common word is a
// pass over that map, and ranking takes only the top candidates.

/** Field boosts: a word in the name counts most, then keywords, then the tagline. */
const FIELD_BOOST = { name: 3, keywords: 1.5, tagline: 1 } as const;
type Field = keyof typeof FIELD_BOOST;
/** Typical field lengths in words, for BM25's length normalisation. */
const TYPICAL_WORDS: Record<Field, number> = { name: 2, keywords: 3, tagline: 8 };
const K1 = 1.2;
const B = 0.75;
/** A prefix or typo match counts for less than the word itself. */
const PREFIX_WEIGHT = 0.5;
const TYPO_WEIGHT = 0.45;
/** Prefix expansion of one word: at most this many terms, the most frequent first. */
const MAX_PREFIX_TERMS = 50;
/** Words longer than this are not put in the deletion dictionary (no typo matching). */
const MAX_TYPO_WORD = 24;

export interface ShortFields {
  name: string;
  tagline: string;
  keywords: string;
}

export type IndexedStatus = 'live' | 'scheduled';

/** The words of a text, lower-cased, without punctuation. */
export function tokens(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Edits allowed per query word: none for short words (too many false friends), one for four letters, two beyond. */
export function typoBudget(word: string): number {
  return word.length <= 3 ? 0 : word.length === 4 ? 1 : 2;
}

/** Optimal string alignment distance (Levenshtein plus adjacent swaps), or max + 1 once it exceeds `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prevPrev: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prevPrev[j - 2]! + 1);
      row.push(d);
      rowMin = Math.min(rowMin, d);
    }
    if (rowMin > max) return max + 1;
    prevPrev = prev;
    prev = row;
  }
  return prev[b.length]!;
}

/** The word with one letter removed, each way. */
function deletions(word: string): string[] {
  const out = new Set<string>();
  for (let i = 0; i < word.length; i++) out.add(word.slice(0, i) + word.slice(i + 1));
  return [...out];
}

export class ShortFieldIndex {
  /** term → (listing id → the term's boosted BM25 frequency part in that listing). */
  readonly #postings = new Map<string, Map<number, number>>();
  readonly #termsOf = new Map<number, string[]>();
  readonly #status = new Map<number, IndexedStatus>();
  /** Each term of four letters or more with one letter deleted → the terms it came from. */
  readonly #deletionsOf = new Map<string, string[]>();
  /** Every term, sorted, for prefix lookups; may hold removed terms (skipped) until the next rebuild. */
  #sorted: string[] = [];
  /** New terms not yet merged into #sorted. */
  #pending: string[] = [];
  #removedSinceSort = 0;

  get size(): number {
    return this.#termsOf.size;
  }

  has(id: number): boolean {
    return this.#termsOf.has(id);
  }

  statusOf(id: number): IndexedStatus | undefined {
    return this.#status.get(id);
  }

  add(id: number, status: IndexedStatus, fields: ShortFields): void {
    if (this.has(id)) this.remove(id);
    const weights = new Map<string, number>();
    for (const field of Object.keys(FIELD_BOOST) as Field[]) {
      const words = tokens(fields[field]);
      const counts = new Map<string, number>();
      for (const w of words) counts.set(w, (counts.get(w) ?? 0) + 1);
      const norm = K1 * (1 - B + (B * words.length) / TYPICAL_WORDS[field]);
      for (const [w, tf] of counts) weights.set(w, (weights.get(w) ?? 0) + (FIELD_BOOST[field] * tf * (K1 + 1)) / (tf + norm));
    }
    for (const [term, weight] of weights) {
      let postings = this.#postings.get(term);
      if (!postings) {
        postings = new Map();
        this.#postings.set(term, postings);
        this.#addTerm(term);
      }
      postings.set(id, weight);
    }
    this.#termsOf.set(id, [...weights.keys()]);
    this.#status.set(id, status);
  }

  remove(id: number): void {
    for (const term of this.#termsOf.get(id) ?? []) {
      const postings = this.#postings.get(term)!;
      postings.delete(id);
      if (postings.size === 0) {
        this.#postings.delete(term);
        this.#removeTerm(term);
      }
    }
    this.#termsOf.delete(id);
    this.#status.delete(id);
  }

  /**
   * Raw relevance by listing id of the listings matching every word of `q`
   * (a word matches itself, terms it begins, and with `typos`, terms within
   * its typo budget). A word's score in a listing is its best match's.
   */
  search(q: string, opts: { typos: boolean }): Map<number, number> {
    const words = [...new Set(tokens(q))].slice(0, 12);
    if (words.length === 0) return new Map();
    const perWord = words.map((w) => this.#matchWord(w, opts.typos));
    if (perWord.length === 1) return perWord[0]!;
    perWord.sort((a, b) => a.size - b.size);
    const [first, ...rest] = perWord;
    const result = new Map<number, number>();
    for (const [id, score] of first!) {
      let total = score;
      for (const other of rest) {
        const s = other.get(id);
        if (s === undefined) {
          total = -1;
          break;
        }
        total += s;
      }
      if (total >= 0) result.set(id, total);
    }
    return result;
  }

  #matchWord(word: string, typos: boolean): Map<number, number> {
    const expansions: [string, number][] = [];
    if (this.#postings.has(word)) expansions.push([word, 1]);
    for (const term of this.#prefixTerms(word)) expansions.push([term, PREFIX_WEIGHT]);
    if (typos) for (const term of this.#typoTerms(word)) expansions.push([term, TYPO_WEIGHT]);
    const scores = new Map<number, number>();
    const n = this.size;
    for (const [term, weight] of expansions) {
      const postings = this.#postings.get(term)!;
      const idf = Math.log(1 + (n - postings.size + 0.5) / (postings.size + 0.5));
      const factor = weight * idf;
      if (scores.size === 0) {
        // The first expansion (usually the only one) needs no comparison.
        for (const [id, tf] of postings) scores.set(id, factor * tf);
        continue;
      }
      for (const [id, tf] of postings) {
        const s = factor * tf;
        const had = scores.get(id);
        if (had === undefined || s > had) scores.set(id, s);
      }
    }
    return scores;
  }

  /** Terms that begin with `word` (not `word` itself), the most frequent first, capped. */
  #prefixTerms(word: string): string[] {
    const sorted = this.#sortedTerms();
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (sorted[mid]! <= word) lo = mid + 1;
      else hi = mid;
    }
    const found: string[] = [];
    for (let i = lo; i < sorted.length && sorted[i]!.startsWith(word); i++) {
      if (this.#postings.has(sorted[i]!)) found.push(sorted[i]!);
    }
    if (found.length <= MAX_PREFIX_TERMS) return found;
    return found.sort((a, b) => this.#postings.get(b)!.size - this.#postings.get(a)!.size).slice(0, MAX_PREFIX_TERMS);
  }

  /**
   * Indexed terms within the word's typo budget (other than the word): a
   * term and the word match when one equals the other with a letter deleted,
   * both do after one deletion each (a changed or swapped letter), or the
   * word has two letters too many, or one too many and one changed.
   * Candidates are confirmed by their edit distance. Two edits the other way
   * (a term two letters longer, two changed letters) would need every
   * term's two-letter deletions in memory, and are left out: one slip per
   * word is by far the common case.
   */
  #typoTerms(word: string): string[] {
    const budget = typoBudget(word);
    if (budget === 0 || word.length > MAX_TYPO_WORD) return [];
    const candidates = new Set<string>(this.#deletionsOf.get(word));
    const once = deletions(word);
    const variants = budget >= 2 ? [...once, ...new Set(once.flatMap(deletions))] : once;
    for (const v of variants) {
      if (this.#postings.has(v)) candidates.add(v);
      for (const term of this.#deletionsOf.get(v) ?? []) candidates.add(term);
    }
    candidates.delete(word);
    return [...candidates].filter((term) => editDistance(word, term, budget) <= budget);
  }

  #addTerm(term: string): void {
    this.#pending.push(term);
    if (term.length >= 4 && term.length <= MAX_TYPO_WORD) {
      for (const d of deletions(term)) {
        const from = this.#deletionsOf.get(d);
        if (from) from.push(term);
        else this.#deletionsOf.set(d, [term]);
      }
    }
  }

  #removeTerm(term: string): void {
    this.#removedSinceSort++;
    if (term.length >= 4 && term.length <= MAX_TYPO_WORD) {
      for (const d of deletions(term)) {
        const from = this.#deletionsOf.get(d)?.filter((t) => t !== term);
        if (from && from.length > 0) this.#deletionsOf.set(d, from);
        else this.#deletionsOf.delete(d);
      }
    }
  }

  /** The sorted term list, merging new terms (one by one when few, by re-sorting when many) and dropping removed ones now and then. */
  #sortedTerms(): string[] {
    const pending = this.#pending;
    const rebuild = pending.length > 64 || this.#removedSinceSort > Math.max(1000, this.#sorted.length / 10);
    if (rebuild) {
      this.#sorted = [...this.#postings.keys()].sort();
      this.#removedSinceSort = 0;
    } else {
      for (const term of pending) {
        let lo = 0;
        let hi = this.#sorted.length;
        while (lo < hi) {
          const mid = (lo + hi) >>> 1;
          if (this.#sorted[mid]! < term) lo = mid + 1;
          else hi = mid;
        }
        if (this.#sorted[lo] !== term) this.#sorted.splice(lo, 0, term);
      }
    }
    this.#pending = [];
    return this.#sorted;
  }
}
