// Ranking metrics for the relevance benchmark (issue 22): how well one ranked
// list of slugs answers a query, given graded judgements (slug -> 2 exact,
// 1 fits; anything absent is not relevant), and their means over queries.

/** Graded judgements of one query: slug -> grade (> 0 is relevant). */
export type Grades = Readonly<Record<string, number>>;

export interface QueryScores {
  /** 1 when at least one relevant listing is in the top k, else 0. */
  hit: number;
  /** Relevant listings in the top k ÷ the most the top k could hold (min of relevant, k). */
  recall: number;
  /** 1 / rank of the first relevant listing in the top k, 0 when there is none. */
  reciprocalRank: number;
  /** DCG of the top k ÷ DCG of the ideal top k, with gain 2^grade − 1 and discount log2(rank + 1). */
  ndcg: number;
}

const gradeOf = (grades: Grades, slug: string) => (Object.hasOwn(grades, slug) ? grades[slug]! : 0);
const relevantCount = (grades: Grades) => Object.values(grades).filter((g) => g > 0).length;

export function hitAt(k: number, ranked: readonly string[], grades: Grades): number {
  return ranked.slice(0, k).some((slug) => gradeOf(grades, slug) > 0) ? 1 : 0;
}

export function recallAt(k: number, ranked: readonly string[], grades: Grades): number {
  const possible = Math.min(relevantCount(grades), k);
  if (possible === 0) return 0;
  return [...new Set(ranked.slice(0, k))].filter((slug) => gradeOf(grades, slug) > 0).length / possible;
}

export function reciprocalRankAt(k: number, ranked: readonly string[], grades: Grades): number {
  const index = ranked.slice(0, k).findIndex((slug) => gradeOf(grades, slug) > 0);
  return index < 0 ? 0 : 1 / (index + 1);
}

/** Discounted cumulative gain of grades listed in rank order. */
export function dcg(gradesInRankOrder: readonly number[]): number {
  return gradesInRankOrder.reduce((sum, grade, i) => sum + (2 ** grade - 1) / Math.log2(i + 2), 0);
}

export function ndcgAt(k: number, ranked: readonly string[], grades: Grades): number {
  const ideal = dcg(
    Object.values(grades)
      .filter((g) => g > 0)
      .sort((a, b) => b - a)
      .slice(0, k),
  );
  if (ideal === 0) return 0;
  // A slug listed twice earns its gain once.
  const seen = new Set<string>();
  const gained = ranked.slice(0, k).map((slug) => {
    if (seen.has(slug)) return 0;
    seen.add(slug);
    return gradeOf(grades, slug);
  });
  return dcg(gained) / ideal;
}

export function scoreQuery(ranked: readonly string[], grades: Grades, k = 10): QueryScores {
  return {
    hit: hitAt(k, ranked, grades),
    recall: recallAt(k, ranked, grades),
    reciprocalRank: reciprocalRankAt(k, ranked, grades),
    ndcg: ndcgAt(k, ranked, grades),
  };
}

/** The mean of each metric (hit rate, mean recall, MRR, mean nDCG); all 0 for no queries. */
export function meanScores(scores: readonly QueryScores[]): QueryScores {
  const mean = (pick: (s: QueryScores) => number) =>
    scores.length === 0 ? 0 : scores.reduce((sum, s) => sum + pick(s), 0) / scores.length;
  return {
    hit: mean((s) => s.hit),
    recall: mean((s) => s.recall),
    reciprocalRank: mean((s) => s.reciprocalRank),
    ndcg: mean((s) => s.ndcg),
  };
}
