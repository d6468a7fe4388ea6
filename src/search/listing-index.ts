// The in-memory index over the short texts that describe a listing: name,
// tagline, categories (with their ancestors), keywords and tags, short
// description, features, USPs and attributes, FAQ questions, pricing model
// and founders' names. (Long text, the description, is the database's
// full-text index's: kept in memory it cost a gigabyte and 40 s to build at
// 100k listings; search.ts merges its matches word by word, see search().)
// BM25 with field weights over word stems (text.ts), so
// "invoices" finds "invoicing"; prefix matches on the last word as people
// type; typo tolerance through a deletion dictionary (SymSpell-style) over
// the words as written, so a typo is a few hash lookups.
//
// A multi-word query ranks listings that match every word above those that
// match some (each word may match through its stem, a prefix or a typo),
// then by score; two query words found side by side in a short field
// ("time tracking") add a phrase bonus, the tie-break between listings that
// match the same words. Stop words are not indexed and never decide a match.
//
// Why this shape (measured at 100k listings): a term's postings are
// two parallel arrays (listing slot, weight computed when the listing is
// added), so scoring a common word is one pass over them; a query scores
// into typed arrays indexed by slot that the index keeps from query to
// query, so a word in 20k listings costs no Map of 20k entries.
//
// Removing a listing marks its slot dead; its postings are skipped until a
// compaction (after enough removals) drops them all in one pass, which costs
// far less memory than remembering where each listing sits in each postings
// list.
import { isStopWord, stem, tokens } from './text.js';

/** Per field: its weight, and its typical length in words for BM25's length normalisation. */
export const FIELDS = {
  name: { weight: 4, typicalWords: 2 },
  /** The primary category's name. */
  category: { weight: 2.5, typicalWords: 2 },
  /** Secondary categories, and every category's ancestors. */
  otherCategories: { weight: 1.5, typicalWords: 4 },
  /** Keywords and tags. */
  keywords: { weight: 1.5, typicalWords: 6 },
  tagline: { weight: 1.5, typicalWords: 8 },
  shortDescription: { weight: 1.2, typicalWords: 25 },
  /** Features and USPs. */
  features: { weight: 1, typicalWords: 30 },
  /** The category attributes the listing has ("Self-hostable", "SSO"). */
  attributes: { weight: 1.2, typicalWords: 6 },
  pricingModel: { weight: 1, typicalWords: 1 },
  founders: { weight: 1, typicalWords: 4 },
  /** FAQ questions. */
  faqs: { weight: 0.8, typicalWords: 40 },
} as const;
export type Field = keyof typeof FIELDS;

/** Fields short enough that two words side by side are a phrase worth a bonus, and the word as written a term. */
const PHRASE_FIELDS: readonly Field[] = [
  'name',
  'category',
  'otherCategories',
  'keywords',
  'tagline',
  'shortDescription',
  'features',
  'attributes',
];
const FIELD_LIST = (Object.keys(FIELDS) as Field[]).map(
  (field) => [field, { ...FIELDS[field], phrase: PHRASE_FIELDS.includes(field) }] as const,
);

/** A 32-bit hash (FNV-1a) of "a b": phrases are keyed by it, so a million of them cost no strings. */
function phraseKey(a: string, b: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < a.length; i++) h = Math.imul(h ^ a.charCodeAt(i), 0x01000193);
  h = Math.imul(h ^ 32, 0x01000193);
  for (let i = 0; i < b.length; i++) h = Math.imul(h ^ b.charCodeAt(i), 0x01000193);
  return h | 0;
}

/** A listing as the index reads it: each field's texts (a list field is one text per item). */
export type ListingDocument = Partial<Record<Field, readonly string[]>>;

const K1 = 1.2;
const B = 0.75;
// What a match by anything but the word itself counts for (the word: 1).
/** A word the last query word begins, as people type. */
const PREFIX_WEIGHT = 0.7;
/** A word one edit away, when the query word may itself be a typo. */
const TYPO_WEIGHT = 0.6;
/** Another form of the same root found within the typo budget ("tracker" for "tracking"). */
const FORM_WEIGHT = 0.65;
/** A longer word beginning with the query word's stem ("hostable" for "hosted"). */
const STEM_FORM_WEIGHT = 0.5;
/** Two edits away counts for this share of one edit away. */
const SECOND_EDIT = 0.7;
/** A root shorter than this is too short to call another word its form ("riri" is no root of "ririos"). */
const MIN_ROOT = 5;
/** Two query words side by side in a phrase field: a bonus of this, per idf of the phrase. */
const PHRASE_WEIGHT = 0.5;
/** Prefix expansion of the last word: at most this many words, the most frequent first. */
const MAX_PREFIX_WORDS = 50;
/** Words longer than this are not put in the deletion dictionary (no typo matching). */
const MAX_TYPO_WORD = 24;
/** A query word whose stem is in fewer listings than this is looked up for typos as well (it may itself be one). */
const TYPO_CHECK_BELOW = 3;
/** Typo and form variants of a query word looked up outside the index, at most. */
const MAX_VARIANTS = 3;
/** At most this many query words count. */
const MAX_QUERY_WORDS = 12;
/** Ranks listings by words matched first: larger than any score. */
const TIER = 1e6;

export type IndexedStatus = 'live' | 'scheduled';
const STATUS_CODE: Record<IndexedStatus, number> = { live: 1, scheduled: 2 };
const STATUS_OF = [undefined, 'live', 'scheduled'] as const;

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

/** How one query word was matched: the stems it found, each with how much a match counts (1 the word itself, less a prefix or typo). */
export interface QueryWord {
  word: string;
  terms: Map<string, number>;
  /** Indexed words (as written) it matched by typo or as another form, the nearest first: what to look for elsewhere. */
  variants: string[];
}

/** The best matches of a query. */
export interface QueryResult {
  /** Listing id → relevance in (0, 1] of the `limit` best (ties at the cut: lower ids), best first. */
  best: Map<number, number>;
  /** Listings of the status asked for that match at least one word. */
  matched: number;
  /** Of those, the ones that match every word. */
  complete: number;
  /** Listing id (of `best`) → which of `words` it matched, anywhere: bit i for words[i]. */
  wordsOf: Map<number, number>;
  /** The query's words as matched (stop words left out, unless the query is nothing else). */
  words: QueryWord[];
}

/** A growable list of numbers in a typed array, reused by every query. */
class Scratch<T extends Int32Array | Float64Array> {
  length = 0;
  constructor(public values: T) {}

  push(value: number): void {
    if (this.length === this.values.length) this.values = grown(this.values, this.length * 2);
    this.values[this.length++] = value;
  }
}

/** A copy of `array` with room for `size` values. */
function grown<T extends Int32Array | Float64Array | Uint8Array>(array: T, size: number): T {
  const bigger = new (array.constructor as new (n: number) => T)(size);
  bigger.set(array);
  return bigger;
}

export class ListingIndex {
  /**
   * Term → the listings that have it, with its weighted BM25 frequency part
   * in each. A term is a stem, or "=word" for a word as written in a short
   * field (when it is not its own stem).
   */
  readonly #postings = new Map<string, Postings>();
  /**
   * Phrases, by phraseKey of two stems side by side in a short field → the
   * slot, or slots, that have them (a hash collision only adds a rare, small
   * bonus: phrases break ties).
   */
  readonly #phrases = new Map<number, number | number[]>();
  readonly #docWeights = new Map<string, number>();
  readonly #fieldCounts = new Map<string, number>();
  readonly #docPhrases = new Set<number>();
  /** Words as written → their "=word" terms (dropped with their words at compaction). */
  readonly #exactTerms = new Map<string, string>();
  /** Every indexed word as written (lower-cased) → its stem: prefixes and typos are matched on words, scored on stems. */
  readonly #stemOf = new Map<string, string>();
  /** The words of #stemOf found as written (the others are only stems): a correction offers those first. */
  readonly #written = new Set<string>();
  /** Each word of four letters or more with one letter deleted → the words it came from. */
  readonly #deletionsOf = new Map<string, string[]>();
  /** Every word, sorted, for prefix lookups; may hold dropped words (skipped) until the next rebuild. */
  #sorted: string[] = [];
  /** New words not yet merged into #sorted. */
  #pending: string[] = [];
  #sortedStale = false;

  readonly #slotOf = new Map<number, number>();
  /** By slot: the listing id (-1: free), its status code (0: dead or free) and how many postings it holds. */
  readonly #idAt: number[] = [];
  #statusAt = new Uint8Array(1024);
  readonly #postingsAt: number[] = [];
  readonly #freeSlots: number[] = [];
  #livePostings = 0;
  #deadPostings = 0;
  readonly #counts = new Map<IndexedStatus, number>();
  #version = 0;

  // Scratch space of a query, by slot; all zero between queries.
  /** A listing's best score for the word being matched. */
  #wordScore = new Float64Array(1024);
  /** A listing's score summed over the query's words. */
  #score = new Float64Array(1024);
  /** How many of the query's words a listing has matched. */
  #wordsMatched = new Uint8Array(1024);
  /** Which of the query's words a listing has matched (bit i: word i; MAX_QUERY_WORDS fit). */
  #wordMask = new Int32Array(1024);
  /** The slots matched by the word being matched, then by any word. */
  readonly #wordSlots = new Scratch(new Int32Array(1024));
  readonly #matchedSlots = new Scratch(new Int32Array(1024));
  /** Ranking keys of the matches, for quickselect (which reorders). */
  readonly #keys = new Scratch(new Float64Array(1024));

  get size(): number {
    return this.#slotOf.size;
  }

  /** Bumped by every change: results computed at one version hold while it does. */
  get version(): number {
    return this.#version;
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
    return slot === undefined ? undefined : STATUS_OF[this.#statusAt[slot]!];
  }

  /** In how many listings a stem appears (dead ones included until the next compaction). */
  frequency(term: string): number {
    return this.#postings.get(term)?.slots.length ?? 0;
  }

  add(id: number, status: IndexedStatus, doc: ListingDocument): void {
    if (this.has(id)) this.remove(id);
    // Scratch maps reused from listing to listing: a build adds 100k of them.
    const weights = this.#docWeights;
    const counts = this.#fieldCounts;
    const phrases = this.#docPhrases;
    weights.clear();
    phrases.clear();
    for (const [field, { weight, typicalWords, phrase }] of FIELD_LIST) {
      const texts = doc[field];
      if (!texts || texts.length === 0) continue;
      counts.clear();
      let length = 0;
      for (const text of texts) {
        let previous: string | null = null;
        for (const word of tokens(text)) {
          if (isStopWord(word)) continue;
          const s = stem(word);
          this.#addWord(word, s);
          counts.set(s, (counts.get(s) ?? 0) + 1);
          length++;
          if (!phrase) continue;
          // In short fields the word as written is a term too, so the very word outranks others of its stem.
          if (s !== word) {
            const exact = this.#exactTerm(word);
            counts.set(exact, (counts.get(exact) ?? 0) + 1);
          }
          if (previous !== null && previous !== s) phrases.add(phraseKey(previous, s));
          previous = s;
        }
      }
      const norm = K1 * (1 - B + (B * length) / typicalWords);
      for (const [term, tf] of counts)
        weights.set(term, (weights.get(term) ?? 0) + (weight * tf * (K1 + 1)) / (tf + norm));
    }
    const slot = this.#takeSlot(id);
    for (const [term, weight] of weights) {
      let postings = this.#postings.get(term);
      if (!postings) {
        postings = { slots: [], weights: [] };
        this.#postings.set(term, postings);
      }
      postings.slots.push(slot);
      postings.weights.push(weight);
    }
    for (const key of phrases) {
      const had = this.#phrases.get(key);
      if (had === undefined) this.#phrases.set(key, slot);
      else if (typeof had === 'number') this.#phrases.set(key, [had, slot]);
      else had.push(slot);
    }
    this.#postingsAt[slot] = weights.size + phrases.size;
    this.#livePostings += weights.size + phrases.size;
    this.#statusAt[slot] = STATUS_CODE[status];
    this.#counts.set(status, this.count(status) + 1);
    this.#version++;
  }

  remove(id: number): void {
    const slot = this.#slotOf.get(id);
    if (slot === undefined) return;
    const status = STATUS_OF[this.#statusAt[slot]!]!;
    this.#counts.set(status, this.count(status) - 1);
    this.#statusAt[slot] = 0;
    this.#slotOf.delete(id);
    this.#livePostings -= this.#postingsAt[slot]!;
    this.#deadPostings += this.#postingsAt[slot]!;
    this.#version++;
    if (this.#deadPostings > Math.max(100_000, this.#livePostings / 4)) this.compact();
  }

  /** Drops dead listings' postings, the terms and words nothing holds any more, and frees their slots. */
  compact(): void {
    const alive = this.#statusAt;
    for (const [term, postings] of this.#postings) {
      let kept = 0;
      for (let i = 0; i < postings.slots.length; i++) {
        if (alive[postings.slots[i]!] === 0) continue;
        postings.slots[kept] = postings.slots[i]!;
        postings.weights[kept++] = postings.weights[i]!;
      }
      if (kept === 0) this.#postings.delete(term);
      else {
        postings.slots.length = kept;
        postings.weights.length = kept;
      }
    }
    for (const [key, held] of this.#phrases) {
      const kept = (typeof held === 'number' ? [held] : held).filter((slot) => alive[slot] !== 0);
      if (kept.length === 0) this.#phrases.delete(key);
      else this.#phrases.set(key, kept.length === 1 ? kept[0]! : kept);
    }
    for (const [word, s] of this.#stemOf) if (!this.#postings.has(s)) this.#dropWord(word);
    for (let slot = 0; slot < this.#idAt.length; slot++) {
      if (alive[slot] === 0 && this.#idAt[slot] !== -1) {
        this.#idAt[slot] = -1;
        this.#freeSlots.push(slot);
      }
    }
    this.#deadPostings = 0;
  }

  /**
   * The `limit` best listings of `status` for `q`, and how many matched. A
   * word matches its stem, words it begins (the last word only, as the
   * query is being typed), and words within its typo budget when its own
   * stem is rare or unknown.
   */
  search(q: string, opts: { status: IndexedStatus; limit: number }): QueryResult {
    return this.rank(this.queryWords(q), opts);
  }

  /**
   * As search(), for query words from queryWords(), with, per word, scores
   * of matches found outside the index (listing id → score on the index's
   * scale), added to the word's score in each listing.
   */
  rank(
    words: QueryWord[],
    opts: { status: IndexedStatus; limit: number; elsewhere?: readonly Map<number, number>[] },
  ): QueryResult {
    const wanted = STATUS_CODE[opts.status];
    const matchedSlots = this.#matchedSlots;
    const score = this.#score;
    const wordsMatched = this.#wordsMatched;
    matchedSlots.length = 0;
    for (const [i, { terms }] of words.entries()) this.#matchWord(terms, wanted, 1 << i, opts.elsewhere?.[i]);
    // Phrases: query words side by side (as stems) found side by side.
    for (let i = 0; i + 1 < words.length; i++) {
      const held = this.#phrases.get(phraseKey(stem(words[i]!.word), stem(words[i + 1]!.word)));
      if (held === undefined) continue;
      const slots = typeof held === 'number' ? [held] : held;
      const bonus = PHRASE_WEIGHT * this.#idf(slots.length);
      for (const slot of slots) if (wordsMatched[slot]! > 0) score[slot] += bonus;
    }
    const keys = this.#keys;
    keys.length = 0;
    let complete = 0;
    let highest = 0;
    for (let i = 0; i < matchedSlots.length; i++) {
      const slot = matchedSlots.values[i]!;
      if (wordsMatched[slot] === words.length) complete++;
      if (score[slot]! > highest) highest = score[slot]!;
      keys.push(wordsMatched[slot]! * TIER + score[slot]!);
    }
    const best = this.#best(words.length, highest, opts.limit);
    const wordsOf = new Map<number, number>();
    for (const id of best.keys()) wordsOf.set(id, this.#wordMask[this.#slotOf.get(id)!]!);
    for (let i = 0; i < matchedSlots.length; i++) {
      const slot = matchedSlots.values[i]!;
      score[slot] = 0;
      wordsMatched[slot] = 0;
      this.#wordMask[slot] = 0;
    }
    return { best, matched: matchedSlots.length, complete, wordsOf, words };
  }

  /** The query's words (stop words left out unless there is nothing else), each with the terms it matches. */
  queryWords(q: string): QueryWord[] {
    const all = [...new Set(tokens(q))].slice(0, MAX_QUERY_WORDS);
    const content = all.filter((w) => !isStopWord(w));
    const words = content.length > 0 ? content : all;
    return words.map((word, i) => this.#termsOf(word, i === words.length - 1));
  }

  /** Indexed words within the word's typo budget (not the word itself), the nearest and most frequent first. */
  typoWords(word: string): string[] {
    const budget = typoBudget(word);
    if (budget === 0 || word.length > MAX_TYPO_WORD) return [];
    // A word and an indexed one match when one equals the other with a letter
    // deleted, both do after one deletion each (a changed or swapped letter),
    // or the query word has two letters too many, or one too many and one
    // changed. Two edits the other way would need every word's two-letter
    // deletions in memory: one slip per word is by far the common case.
    const candidates = new Set<string>(this.#deletionsOf.get(word));
    const once = deletions(word);
    const variants = budget >= 2 ? [...once, ...new Set(once.flatMap(deletions))] : once;
    for (const v of variants) {
      if (this.#stemOf.has(v)) candidates.add(v);
      for (const w of this.#deletionsOf.get(v) ?? []) candidates.add(w);
    }
    candidates.delete(word);
    const found = [...candidates]
      .filter((w) => this.#postings.has(this.#stemOf.get(w)!))
      .map((w) => ({
        w,
        distance: editDistance(word, w, budget),
        frequency: this.frequency(this.#stemOf.get(w)!),
        written: this.#written.has(w) ? 0 : 1,
      }))
      .filter((c) => c.distance <= budget);
    // Nearest first, then the most common, then words as written before bare stems.
    found.sort(
      (a, b) => a.distance - b.distance || b.frequency - a.frequency || a.written - b.written || (a.w < b.w ? -1 : 1),
    );
    return found.map((c) => c.w);
  }

  /** The stem of an indexed word (undefined when no listing has it). */
  stemOfWord(word: string): string | undefined {
    const s = this.#stemOf.get(word);
    return s !== undefined && this.#postings.has(s) ? s : undefined;
  }

  /**
   * The stems a query word matches: its own; other forms of the same root
   * (words its stem begins, and stems within its typo budget where one stem
   * begins the other: "tracker" and "tracking" → "track"); the last word's
   * prefixes; and any stem within its typo budget when its own is rare or
   * unknown and it begins no word (it may be a typo).
   */
  #termsOf(word: string, isLast: boolean): QueryWord {
    const terms = new Map<string, number>();
    const variants: string[] = [];
    const expand = (term: string, weight: number) => {
      if (this.#postings.has(term) && weight > (terms.get(term) ?? 0)) terms.set(term, weight);
    };
    const own = stem(word);
    expand(own, 1);
    expand(this.#exactTerm(word), 1);
    // Longer forms of the same stem ("host" of "hosted" → "hostable").
    if (own.length >= 4)
      for (const w of this.#prefixWords(own))
        if (w.length <= own.length + 4) expand(this.#stemOf.get(w)!, STEM_FORM_WEIGHT);
    // A last word that begins indexed words is being typed, not mistyped.
    const typed = isLast ? this.#prefixWords(word) : [];
    for (const w of typed) expand(this.#stemOf.get(w)!, PREFIX_WEIGHT);
    const mayBeTypo = this.frequency(own) < TYPO_CHECK_BELOW && typed.length === 0;
    for (const w of this.typoWords(word)) {
      const theirs = this.#stemOf.get(w)!;
      const root = theirs.length < own.length ? theirs : own;
      const sameRoot = root.length >= MIN_ROOT && (theirs.startsWith(own) || own.startsWith(theirs));
      if (!sameRoot && !mayBeTypo) continue;
      const nearness = editDistance(word, w, 2) <= 1 ? 1 : SECOND_EDIT;
      expand(theirs, (sameRoot ? FORM_WEIGHT : TYPO_WEIGHT) * nearness);
      if (this.#written.has(w) && variants.length < MAX_VARIANTS) variants.push(w);
    }
    return { word, terms, variants };
  }

  #idf(frequency: number): number {
    const n = this.size;
    return Math.log(1 + (n - frequency + 0.5) / (frequency + 0.5));
  }

  /** Scores one query word's terms into #score, the best term per listing, and counts the word as matched there. */
  #matchWord(
    terms: Map<string, number>,
    wanted: number,
    bit: number,
    elsewhere: Map<number, number> | undefined,
  ): void {
    const status = this.#statusAt;
    const wordScore = this.#wordScore;
    const wordSlots = this.#wordSlots;
    wordSlots.length = 0;
    for (const [term, weight] of terms) {
      const { slots, weights } = this.#postings.get(term)!;
      const factor = weight * this.#idf(slots.length);
      for (let i = 0; i < slots.length; i++) {
        const slot = slots[i]!;
        if (status[slot] !== wanted) continue;
        const s = factor * weights[i]!;
        // Scores are positive: zero means the listing is not found yet.
        const had = wordScore[slot]!;
        if (had === 0) wordSlots.push(slot);
        if (s > had) wordScore[slot] = s;
      }
    }
    // Another field of the listing: it adds to the best of the index's.
    for (const [id, s] of elsewhere ?? []) {
      const slot = this.#slotOf.get(id);
      if (slot === undefined || status[slot] !== wanted || !(s > 0)) continue;
      if (wordScore[slot] === 0) wordSlots.push(slot);
      wordScore[slot] += s;
    }
    for (let i = 0; i < wordSlots.length; i++) {
      const slot = wordSlots.values[i]!;
      if (this.#wordsMatched[slot] === 0) this.#matchedSlots.push(slot);
      this.#wordsMatched[slot]!++;
      this.#wordMask[slot] |= bit;
      this.#score[slot] += wordScore[slot]!;
      wordScore[slot] = 0;
    }
  }

  /**
   * Listing id → relevance of the `limit` best matches (keys in #keys, in
   * the order of #matchedSlots; ties at the cut: lower ids). Relevance is
   * (words matched − 1 + score / highest score) / words: in (0, 1], and in
   * the ranking's order.
   */
  #best(wordCount: number, highest: number, limit: number): Map<number, number> {
    const slots = this.#matchedSlots.values;
    const keys = this.#keys.values;
    const count = this.#matchedSlots.length;
    // Computed from the slot's own figures: taken back out of a key, the score would lose its last digits.
    const relevance = (slot: number) =>
      (this.#wordsMatched[slot]! - 1 + this.#score[slot]! / (highest || 1)) / wordCount;
    /** [slot, key] of the best, then [id, relevance]. */
    const ranked: [number, number][] = [];
    if (limit <= 0) return new Map();
    if (count <= limit) {
      for (let i = 0; i < count; i++) ranked.push([slots[i]!, keys[i]!]);
    } else {
      const selection = new Float64Array(keys.subarray(0, count));
      const threshold = kthLargest(selection, limit);
      const tied: number[] = [];
      const tiedSlot = new Map<number, number>();
      for (let i = 0; i < count; i++) {
        if (keys[i]! > threshold) ranked.push([slots[i]!, keys[i]!]);
        else if (keys[i] === threshold) {
          tied.push(this.#idAt[slots[i]!]!);
          tiedSlot.set(this.#idAt[slots[i]!]!, slots[i]!);
        }
      }
      // The ties with the lowest ids fill the places left.
      const lastTied = nthLowest(tied, limit - ranked.length);
      for (const id of tied) if (id <= lastTied) ranked.push([tiedSlot.get(id)!, threshold]);
    }
    const idAt = this.#idAt;
    ranked.sort((a, b) => b[1] - a[1] || idAt[a[0]]! - idAt[b[0]]!);
    return new Map(ranked.map(([slot]) => [idAt[slot]!, relevance(slot)]));
  }

  /** The term of a word as written ("=word"): one string per word however often it is read. */
  #exactTerm(word: string): string {
    let term = this.#exactTerms.get(word);
    if (term === undefined) {
      term = `=${word}`;
      this.#exactTerms.set(word, term);
    }
    return term;
  }

  #takeSlot(id: number): number {
    const slot = this.#freeSlots.pop() ?? this.#idAt.length;
    this.#idAt[slot] = id;
    this.#slotOf.set(id, slot);
    if (slot >= this.#statusAt.length) {
      const size = this.#statusAt.length * 2;
      this.#statusAt = grown(this.#statusAt, size);
      this.#wordScore = grown(this.#wordScore, size);
      this.#score = grown(this.#score, size);
      this.#wordsMatched = grown(this.#wordsMatched, size);
      this.#wordMask = grown(this.#wordMask, size);
    }
    return slot;
  }

  /** Indexes a word as written and its stem (so typos are also matched against stems: "calender" → "calendar" of "Calendars"). */
  #addWord(word: string, s: string): void {
    // A word's stem never changes: once seen as written, there is nothing to add (the common case, one lookup).
    if (this.#written.has(word)) return;
    this.#written.add(word);
    this.#addTypoWord(word, s);
    if (s !== word) this.#addTypoWord(s, s);
  }

  #addTypoWord(word: string, s: string): void {
    if (this.#stemOf.get(word) === s) return;
    if (!this.#stemOf.has(word)) {
      this.#pending.push(word);
      if (word.length >= 4 && word.length <= MAX_TYPO_WORD) {
        for (const d of deletions(word)) {
          const from = this.#deletionsOf.get(d);
          if (from) from.push(word);
          else this.#deletionsOf.set(d, [word]);
        }
      }
    }
    this.#stemOf.set(word, s);
  }

  #dropWord(word: string): void {
    this.#stemOf.delete(word);
    this.#written.delete(word);
    this.#exactTerms.delete(word);
    this.#sortedStale = true;
    if (word.length >= 4 && word.length <= MAX_TYPO_WORD) {
      for (const d of deletions(word)) {
        const from = this.#deletionsOf.get(d)?.filter((w) => w !== word);
        if (from && from.length > 0) this.#deletionsOf.set(d, from);
        else this.#deletionsOf.delete(d);
      }
    }
  }

  /** Indexed words that begin with `word` (not `word` itself), the most frequent first, capped. */
  #prefixWords(word: string): string[] {
    const sorted = this.#sortedWords();
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (sorted[mid]! <= word) lo = mid + 1;
      else hi = mid;
    }
    const found: string[] = [];
    for (let i = lo; i < sorted.length && sorted[i]!.startsWith(word); i++) {
      if (this.stemOfWord(sorted[i]!) !== undefined) found.push(sorted[i]!);
    }
    if (found.length <= MAX_PREFIX_WORDS) return found;
    const frequency = (w: string) => this.frequency(this.#stemOf.get(w)!);
    return found.sort((a, b) => frequency(b) - frequency(a)).slice(0, MAX_PREFIX_WORDS);
  }

  /** The sorted word list, merging new words (one by one when few, by re-sorting when many). */
  #sortedWords(): string[] {
    const pending = this.#pending;
    if (this.#sortedStale || pending.length > 64) {
      this.#sorted = [...this.#stemOf.keys()].sort();
      this.#sortedStale = false;
    } else {
      for (const word of pending) {
        let lo = 0;
        let hi = this.#sorted.length;
        while (lo < hi) {
          const mid = (lo + hi) >>> 1;
          if (this.#sorted[mid]! < word) lo = mid + 1;
          else hi = mid;
        }
        if (this.#sorted[lo] !== word) this.#sorted.splice(lo, 0, word);
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
