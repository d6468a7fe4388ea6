// How search reads text: words (lower-cased, accents folded), their stems
// (Porter2, the Snowball English stemmer, from a library) and the stop words
// that never decide a match. The index and the query go through the same
// functions, so a listing's "Invoices" and a visitor's "invoicing" meet at
// "invoic".
import stemWord from 'wink-porter2-stemmer';
import { eng as englishStopWords } from 'stopword';

/** The words of a text, lower-cased, accents folded ("Café" → "cafe"), without punctuation. */
export function tokens(text: string): string[] {
  const lower = text.toLowerCase();
  // Plain ASCII (nearly all text) skips the folding pass and the slower Unicode-aware split.
  if (/^[\x00-\x7f]*$/.test(lower)) return lower.match(/[a-z0-9]+/g) ?? [];
  return (
    lower
      .normalize('NFD')
      .replace(/\p{M}+/gu, '')
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/** Stems seen so far: a directory's vocabulary is small next to its word count, so each word is stemmed once. */
const stems = new Map<string, string>();
const STEM_MEMORY = 200_000;

/** A word's stem ("calendars" → "calendar", "invoicing" → "invoic"); digits and very long words are kept as they are. */
export function stem(word: string): string {
  let s = stems.get(word);
  if (s !== undefined) return s;
  s = word.length > 40 || /\d/.test(word) ? word : stemWord(word);
  if (stems.size >= STEM_MEMORY) stems.clear();
  stems.set(word, s);
  return s;
}

const STOP_WORDS = new Set(englishStopWords);

export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word);
}
