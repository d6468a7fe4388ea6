// The demo seed's randomness: a small, fast, seedable PRNG (mulberry32), so
// the same seed gives the same directory, with the few ways the seed draws.

export interface Random {
  /** A number in [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** `n` distinct items in random order. */
  sample<T>(items: readonly T[], n: number): T[];
  /** One of the keys of "a:3 b:1", by weight. */
  weighted(spec: string): string;
}

export function random(seed: number): Random {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const sample = <T>(items: readonly T[], n: number): T[] => {
    // Fisher–Yates, stopped once the first n places are drawn
    const copy = [...items];
    const take = Math.min(n, copy.length);
    for (let i = 0; i < take; i++) {
      const j = i + Math.floor(next() * (copy.length - i));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy.slice(0, take);
  };
  const specs = new Map<string, [string, number][]>();
  const weighted = (spec: string) => {
    let parsed = specs.get(spec);
    if (!parsed) {
      // "contact sales:1" holds a space in its key: split on the weights, not on spaces
      parsed = [...spec.matchAll(/\s*([^:]+):(\d+)/g)].map((m) => [m[1]!.trim(), Number(m[2])] as [string, number]);
      specs.set(spec, parsed);
    }
    let roll = next() * parsed.reduce((sum, [, w]) => sum + w, 0);
    for (const [key, w] of parsed) {
      roll -= w;
      if (roll < 0) return key;
    }
    return parsed.at(-1)![0];
  };
  return { next, int, pick, sample, weighted };
}
