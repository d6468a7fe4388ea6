// The in-memory index over listings' short fields (name, tagline, keywords):
// BM25 with field boosts, prefix matches, and typo tolerance through a
// deletion dictionary (SymSpell-style), so a typo is a few hash lookups.
//
// Why not MiniSearch (issue 9, measured at 100k listings): its fuzzy search
// walks the term tree at every query (20–90 ms for a typo), and it scores a
// common word's postings through per-field maps and result objects (27 ms for
// a word in 20k taglines). Here a term's postings are two parallel arrays
// (listing slot, weight computed when the listing is added), so scoring a
// common word is one pass over them, and ranking takes only the top candidates.
//
// Each listing has a dense slot number, so a query scores into typed arrays
// indexed by slot that the index keeps from query to query: a word in 20k
// listings costs no Map of 20k entries (their garbage collection was most
// of the search latency's tail).

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

/** One term's postings: the slots of the listings that have the term, and its weight in each. */
interface Postings {
  slots: number[];
  weights: number[];
}

/** The best matches of a query, and how many listings matched in all. */
export interface TopMatches {
  matched: number;
  /** The highest raw relevance of all matches (0 when none). */
  highest: number;
  /** Listing id → raw relevance of the `limit` best matches (ties at the cut: lower ids), of `status` only when given. */
  best: Map<number, number>;
}

/** (slot, score) pairs in typed arrays that grow as needed and are reused by every query. */
class ScoredSlots {
  slots = new Int32Array(1024);
  scores = new Float64Array(1024);
  length = 0;

  push(slot: number, score: number): void {
    if (this.length === this.slots.length) {
      this.slots = grown(this.slots, this.length * 2);
      this.scores = grown(this.scores, this.length * 2);
    }
    this.slots[this.length] = slot;
    this.scores[this.length] = score;
    this.length++;
  }
}

/** A run of entries of a ScoredSlots: [start, end). */
interface Span {
  start: number;
  end: number;
}

/** A copy of `array` with room for `size` values. */
function grown<T extends Int32Array | Float64Array | Uint8Array>(array: T, size: number): T {
  const bigger = new (array.constructor as new (n: number) => T)(size);
  bigger.set(array);
  return bigger;
}

export class ShortFieldIndex {
  /** term → the listings that have it, with the term's boosted BM25 frequency part in each. */
  readonly #postings = new Map<string, Postings>();
  readonly #slotOf = new Map<number, number>();
  /** By slot: the listing id, its terms and status (undefined: a free slot). */
  readonly #idAt: number[] = [];
  readonly #termsAt: (string[] | undefined)[] = [];
  readonly #statusAt: (IndexedStatus | undefined)[] = [];
  /** By slot: where each of its terms' postings holds it (in the order of #termsAt), so removing it takes no search. */
  readonly #positionsAt: (number[] | undefined)[] = [];
  readonly #freeSlots: number[] = [];
  /** Each term of four letters or more with one letter deleted → the terms it came from. */
  readonly #deletionsOf = new Map<string, string[]>();
  /** Every term, sorted, for prefix lookups; may hold removed terms (skipped) until the next rebuild. */
  #sorted: string[] = [];
  /** New terms not yet merged into #sorted. */
  #pending: string[] = [];
  #removedSinceSort = 0;

  // Scratch space of a query, by slot; all zero between queries.
  /** A listing's best score for the word being matched, then its sum over the query's words. */
  #score = new Float64Array(1024);
  /** How many of the query's words a listing has matched so far. */
  #wordsMatched = new Uint8Array(1024);
  /** Each word's matches, then the query's, one after the other. */
  readonly #found = new ScoredSlots();
  /** A copy of the scores for quickselect (which reorders). */
  #selection = new Float64Array(1024);

  /** Indexed listings by status. */
  readonly #counts = new Map<IndexedStatus, number>();

  get size(): number {
    return this.#slotOf.size;
  }

  /** How many indexed listings have `status`. */
  count(status: IndexedStatus): number {
    return this.#counts.get(status) ?? 0;
  }

  has(id: number): boolean {
    return this.#slotOf.has(id);
  }

  statusOf(id: number): IndexedStatus | undefined {
    const slot = this.#slotOf.get(id);
    return slot === undefined ? undefined : this.#statusAt[slot];
  }

  add(id: number, status: IndexedStatus, fields: ShortFields): void {
    if (this.has(id)) this.remove(id);
    const weights = new Map<string, number>();
    for (const field of Object.keys(FIELD_BOOST) as Field[]) {
      const words = tokens(fields[field]);
      const counts = new Map<string, number>();
      for (const w of words) counts.set(w, (counts.get(w) ?? 0) + 1);
      const norm = K1 * (1 - B + (B * words.length) / TYPICAL_WORDS[field]);
      for (const [w, tf] of counts)
        weights.set(w, (weights.get(w) ?? 0) + (FIELD_BOOST[field] * tf * (K1 + 1)) / (tf + norm));
    }
    const slot = this.#takeSlot(id);
    const positions: number[] = [];
    for (const [term, weight] of weights) {
      let postings = this.#postings.get(term);
      if (!postings) {
        postings = { slots: [], weights: [] };
        this.#postings.set(term, postings);
        this.#addTerm(term);
      }
      positions.push(postings.slots.length);
      postings.slots.push(slot);
      postings.weights.push(weight);
    }
    this.#termsAt[slot] = [...weights.keys()];
    this.#positionsAt[slot] = positions;
    this.#statusAt[slot] = status;
    this.#counts.set(status, this.count(status) + 1);
  }

  remove(id: number): void {
    const slot = this.#slotOf.get(id);
    if (slot === undefined) return;
    this.#termsAt[slot]!.forEach((term, k) => {
      const postings = this.#postings.get(term)!;
      const at = this.#positionsAt[slot]![k]!;
      // Order within postings does not matter: the last entry takes the removed one's place.
      const lastSlot = postings.slots.pop()!;
      const lastWeight = postings.weights.pop()!;
      if (at < postings.slots.length) {
        postings.slots[at] = lastSlot;
        postings.weights[at] = lastWeight;
        this.#positionsAt[lastSlot]![this.#termsAt[lastSlot]!.indexOf(term)] = at;
      }
      if (postings.slots.length === 0) {
        this.#postings.delete(term);
        this.#removeTerm(term);
      }
    });
    const status = this.#statusAt[slot]!;
    this.#counts.set(status, this.count(status) - 1);
    this.#slotOf.delete(id);
    this.#termsAt[slot] = undefined;
    this.#positionsAt[slot] = undefined;
    this.#statusAt[slot] = undefined;
    this.#freeSlots.push(slot);
  }

  /**
   * Raw relevance by listing id of every listing matching every word of `q`
   * (a word matches itself, terms it begins, and with `typos`, terms within
   * its typo budget). A word's score in a listing is its best match's.
   */
  search(q: string, opts: { typos: boolean }): Map<number, number> {
    return this.top(q, { ...opts, limit: Infinity }).best;
  }

  /**
   * As search(), but only the `limit` best matches (ties at the cut: lower
   * ids), and how many matched. With `status`, the best of every status are
   * taken, then those of other statuses dropped: the index knows each
   * match's status here, where a lookup by id afterwards would cost a cache
   * miss per candidate.
   */
  top(q: string, opts: { typos: boolean; limit: number; status?: IndexedStatus }): TopMatches {
    const words = [...new Set(tokens(q))].slice(0, 12);
    this.#found.length = 0;
    const matches = this.#matchAll(words, opts.typos);
    return { matched: matches.end - matches.start, ...this.#best(matches, opts.limit, opts.status) };
  }

  #takeSlot(id: number): number {
    const slot = this.#freeSlots.pop() ?? this.#idAt.length;
    this.#idAt[slot] = id;
    this.#slotOf.set(id, slot);
    if (slot >= this.#score.length) {
      this.#score = grown(this.#score, this.#score.length * 2);
      this.#wordsMatched = grown(this.#wordsMatched, this.#wordsMatched.length * 2);
    }
    return slot;
  }

  /** The listings matching every word, with their summed scores, appended to #found. */
  #matchAll(words: string[], typos: boolean): Span {
    const perWord = words.map((w) => this.#matchWord(w, typos));
    if (perWord.length <= 1) return perWord[0] ?? { start: 0, end: 0 };
    // The word with the fewest matches drives; the sum runs from it in order of size.
    perWord.sort((a, b) => a.end - a.start - (b.end - b.start));
    const found = this.#found;
    const sum = this.#score;
    const matched = this.#wordsMatched;
    perWord.forEach(({ start, end }, k) => {
      for (let i = start; i < end; i++) {
        const slot = found.slots[i]!;
        // Only listings that matched every word before this one go on.
        if (matched[slot] === k) {
          sum[slot] += found.scores[i]!;
          matched[slot] = k + 1;
        }
      }
    });
    const { start, end } = perWord[0]!;
    const result = { start: found.length, end: found.length };
    for (let i = start; i < end; i++) {
      const slot = found.slots[i]!;
      if (matched[slot] === perWord.length) found.push(slot, sum[slot]!);
    }
    result.end = found.length;
    for (const span of perWord) {
      for (let i = span.start; i < span.end; i++) {
        sum[found.slots[i]!] = 0;
        matched[found.slots[i]!] = 0;
      }
    }
    return result;
  }

  /** The listings matching one word, with their scores (the best of the word's expansions), appended to #found. */
  #matchWord(word: string, typos: boolean): Span {
    const expansions: [string, number][] = [];
    if (this.#postings.has(word)) expansions.push([word, 1]);
    for (const term of this.#prefixTerms(word)) expansions.push([term, PREFIX_WEIGHT]);
    if (typos) for (const term of this.#typoTerms(word)) expansions.push([term, TYPO_WEIGHT]);
    const found = this.#found;
    const best = this.#score;
    const start = found.length;
    const n = this.size;
    for (const [term, weight] of expansions) {
      const { slots, weights } = this.#postings.get(term)!;
      const idf = Math.log(1 + (n - slots.length + 0.5) / (slots.length + 0.5));
      const factor = weight * idf;
      for (let i = 0; i < slots.length; i++) {
        const slot = slots[i]!;
        const s = factor * weights[i]!;
        // Scores are positive: zero means the listing is not found yet.
        const had = best[slot]!;
        if (had === 0) found.push(slot, 0);
        if (s > had) best[slot] = s;
      }
    }
    for (let i = start; i < found.length; i++) {
      const slot = found.slots[i]!;
      found.scores[i] = best[slot]!;
      best[slot] = 0;
    }
    return { start, end: found.length };
  }

  /** Listing id → score of the `limit` best of `matches` (ties at the cut: lower ids) that have `status` (any when undefined), and the highest score. */
  #best(
    matches: Span,
    limit: number,
    status: IndexedStatus | undefined,
  ): { best: Map<number, number>; highest: number } {
    const { slots, scores } = this.#found;
    const kept = (slot: number) => status === undefined || this.#statusAt[slot] === status;
    const best = new Map<number, number>();
    let highest = 0;
    for (let i = matches.start; i < matches.end; i++) if (scores[i]! > highest) highest = scores[i]!;
    const count = matches.end - matches.start;
    if (count <= limit) {
      for (let i = matches.start; i < matches.end; i++)
        if (kept(slots[i]!)) best.set(this.#idAt[slots[i]!]!, scores[i]!);
      return { best, highest };
    }
    if (this.#selection.length < count) this.#selection = new Float64Array(count);
    const selection = this.#selection.subarray(0, count);
    selection.set(scores.subarray(matches.start, matches.end));
    const threshold = kthLargest(selection, limit);
    let above = 0;
    const tiedSlots: number[] = [];
    const tiedIds: number[] = [];
    for (let i = matches.start; i < matches.end; i++) {
      const slot = slots[i]!;
      if (scores[i]! > threshold) {
        above++;
        if (kept(slot)) best.set(this.#idAt[slot]!, scores[i]!);
      } else if (scores[i] === threshold) {
        tiedSlots.push(slot);
        tiedIds.push(this.#idAt[slot]!);
      }
    }
    // The ties with the lowest ids fill the places left.
    const lastTied = nthLowest(tiedIds, limit - above);
    for (let j = 0; j < tiedIds.length; j++)
      if (tiedIds[j]! <= lastTied && kept(tiedSlots[j]!)) best.set(tiedIds[j]!, threshold);
    return { best, highest };
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
    return found
      .sort((a, b) => this.#postings.get(b)!.slots.length - this.#postings.get(a)!.slots.length)
      .slice(0, MAX_PREFIX_TERMS);
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

/** The k-th largest value (1-based) by quickselect; reorders `values`. */
export function kthLargest(values: Float64Array, k: number): number {
  let lo = 0;
  let hi = values.length - 1;
  const target = values.length - k;
  while (lo < hi) {
    const pivot = values[(lo + hi) >>> 1]!;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (values[i]! < pivot) i++;
      while (values[j]! > pivot) j--;
      if (i <= j) {
        [values[i], values[j]] = [values[j]!, values[i]!];
        i++;
        j--;
      }
    }
    if (target <= j) hi = j;
    else if (target >= i) lo = i;
    else break;
  }
  return values[target]!;
}

/**
 * The n-th lowest of distinct `ids` (Infinity when there are no more than
 * n): the ids up to it are the n lowest. Scores tie by the thousand (a
 * common word weighs the same in every tagline of the same length), so the
 * lowest ids among ties are selected rather than sorted.
 */
export function nthLowest(ids: number[], n: number): number {
  if (ids.length <= n) return Infinity;
  if (n <= 0) return -Infinity;
  // The n-th largest of the negated ids. (A loop: Float64Array.from is several times slower.)
  const negated = new Float64Array(ids.length);
  for (let i = 0; i < ids.length; i++) negated[i] = -ids[i]!;
  return -kthLargest(negated, n);
}
