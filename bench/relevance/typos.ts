// One-edit typos, for the synthetic relevance queries: the typos a person
// makes of a word, and the check that a typo is one edit from a word.

/** True when b is a one-edit typo of a (insert, delete, substitute or swap two neighbours) or equal. */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < Math.min(a.length, b.length) && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** Typos of `word`: a letter dropped, doubled or swapped with the next, never the first (people rarely mistype that one). */
export function typosOf(word: string): string[] {
  const out: string[] = [];
  for (let i = 1; i < word.length; i++) {
    out.push(word.slice(0, i) + word.slice(i + 1));
    out.push(word.slice(0, i) + word[i] + word.slice(i));
    if (i < word.length - 1 && word[i] !== word[i + 1])
      out.push(word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2));
  }
  return out;
}
