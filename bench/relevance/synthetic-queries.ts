// Queries over the synthetic directory (bench/synthetic.ts), made by a seeded
// generator from the listings' names, so what each query should find is known
// by construction: a listing is named "<Brand> <word>" with a made-up word, and
// a query for that word, a typo of it, a prefix of it or the whole name must
// bring up the listings carrying it in their name (not the thousands that only
// mention it in their description).
import { commonWords, namePrefixes, random, vocabulary } from '../synthetic.js';
import type { RelevanceQuery } from './queries.js';
import { typosOf, withinOneEdit } from './typos.js';

interface SyntheticName {
  slug: string;
  brand: string;
  word: string;
}

/** loadSyntheticListings names a listing `${brand} ${word}` and slugs it `${brand}-${word}-${i}`, lowercased. */
function nameOf(slug: string): SyntheticName {
  const [brand, word] = slug.split('-');
  const prefix = namePrefixes.find((p) => p.toLowerCase() === brand);
  if (!prefix || !word) throw new Error(`synthetic slug ${slug} is not <brand>-<word>-<n>: the generator changed`);
  return { slug, brand: prefix, word };
}

const knownWords = [...new Set([...vocabulary, ...commonWords, ...namePrefixes.map((p) => p.toLowerCase())])];

/** `word` with two different neighbours swapped, from the third letter on: "notion" -> "noiton", "loom" -> "lomo". */
function swapFirstPair(word: string): string {
  for (let i = 2; i < word.length - 1; i++)
    if (word[i] !== word[i + 1]) return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
  return word;
}

/** A typo that is one edit from `word` and from no other word the data uses, so it can only mean `word`. */
function unambiguousTypo(word: string, rnd: () => number): string | undefined {
  const candidates = typosOf(word).filter(
    (typo) => typo.length >= 4 && knownWords.every((known) => known === word || !withinOneEdit(known, typo)),
  );
  return candidates.length === 0 ? undefined : candidates[Math.floor(rnd() * candidates.length)];
}

/** The shortest prefix (4 letters at least, short of the whole word) no other word the data uses starts with. */
function unambiguousPrefix(word: string): string | undefined {
  for (let n = 4; n < word.length; n++) {
    const prefix = word.slice(0, n);
    if (knownWords.every((known) => known === word || !known.startsWith(prefix))) return prefix;
  }
  return undefined;
}

/**
 * `perKind` queries of each kind over the listings `slugs` (as loadSyntheticListings
 * returned them), drawn by a generator seeded with `seed`: the same slugs give the same queries.
 */
export function syntheticQueries(slugs: readonly string[], opts: { seed?: number; perKind?: number } = {}) {
  const rnd = random(opts.seed ?? 22);
  const perKind = opts.perKind ?? 8;
  const names = slugs.map(nameOf);
  const byWord = new Map<string, SyntheticName[]>();
  for (const n of names) byWord.set(n.word, [...(byWord.get(n.word) ?? []), n]);

  /**
   * Every listing with the target's word in its name: all exact (2) for a query
   * about the word, or only those of the same brand when the query names both (the others fit, 1).
   */
  const gradesFor = (target: SyntheticName, wholeName: boolean) =>
    Object.fromEntries(byWord.get(target.word)!.map((n) => [n.slug, !wholeName || n.brand === target.brand ? 2 : 1]));

  type Make = (t: SyntheticName) => { q: string; why: string; wholeName: boolean } | undefined;
  const kinds: [group: string, make: Make][] = [
    ['name', (t) => ({ q: `${t.brand} ${t.word}`, why: 'the whole name', wholeName: true })],
    ['name word', (t) => ({ q: t.word, why: 'the made-up word of a name', wholeName: false })],
    [
      'typo of name word',
      (t) => {
        const typo = unambiguousTypo(t.word, rnd);
        return typo === undefined ? undefined : { q: typo, why: `a typo of "${t.word}"`, wholeName: false };
      },
    ],
    [
      'brand + typo',
      (t) => {
        const typo = unambiguousTypo(t.word, rnd);
        const q = `${t.brand.toLowerCase()} ${typo}`;
        return typo === undefined ? undefined : { q, why: `"${t.brand} ${t.word}" mistyped`, wholeName: true };
      },
    ],
    [
      'brand typo + word',
      (t) => {
        const brand = swapFirstPair(t.brand.toLowerCase());
        return { q: `${brand} ${t.word}`, why: `"${t.brand} ${t.word}" mistyped`, wholeName: true };
      },
    ],
    [
      'prefix of name word',
      (t) => {
        const prefix = unambiguousPrefix(t.word);
        return prefix === undefined ? undefined : { q: prefix, why: `the start of "${t.word}"`, wholeName: false };
      },
    ],
  ];

  const queries: RelevanceQuery[] = [];
  const used = new Set<string>();
  for (const [group, make] of kinds) {
    // Words of 6+ letters: shorter made-up words leave a typo nothing to tell it apart by.
    for (let made = 0, tries = 0; made < perKind && tries < perKind * 200; tries++) {
      const target = names[Math.floor(rnd() * names.length)]!;
      if (target.word.length < 6 || used.has(target.word)) continue;
      const query = make(target);
      if (!query) continue;
      used.add(target.word);
      queries.push({ q: query.q, group, why: query.why, grades: gradesFor(target, query.wholeName) });
      made++;
    }
  }
  return queries;
}
