// The relevance benchmark's metrics (bench/relevance/metrics.ts), checked on
// rankings small enough to score by hand.
import { describe, expect, it } from 'vitest';
import {
  dcg,
  hitAt,
  meanScores,
  ndcgAt,
  recallAt,
  reciprocalRankAt,
  scoreQuery,
} from '../../bench/relevance/metrics.js';
import { typosOf, withinOneEdit } from '../../bench/relevance/typos.js';

// One query: two listings are exactly what was asked for, one fits.
const grades = { cal: 2, dar: 2, fit: 1 };

describe('hit@k', () => {
  it('is 1 when any relevant listing is in the top k', () => {
    expect(hitAt(3, ['x', 'y', 'fit'], grades)).toBe(1);
  });

  it('is 0 when the only relevant listing is below the top k', () => {
    expect(hitAt(2, ['x', 'y', 'cal'], grades)).toBe(0);
    expect(hitAt(10, [], grades)).toBe(0);
  });
});

describe('recall@k', () => {
  it('divides the relevant listings found by the number relevant', () => {
    expect(recallAt(10, ['cal', 'x', 'fit'], grades)).toBeCloseTo(2 / 3);
  });

  it('divides by k when more are relevant than the top k can hold', () => {
    expect(recallAt(2, ['cal', 'x', 'dar'], grades)).toBe(0.5);
    expect(recallAt(2, ['cal', 'dar'], grades)).toBe(1);
  });

  it('counts a listing returned twice once', () => {
    expect(recallAt(10, ['cal', 'cal'], grades)).toBeCloseTo(1 / 3);
  });
});

describe('reciprocal rank', () => {
  it('is one over the rank of the first relevant listing, whatever its grade', () => {
    expect(reciprocalRankAt(10, ['cal'], grades)).toBe(1);
    expect(reciprocalRankAt(10, ['x', 'y', 'fit', 'cal'], grades)).toBeCloseTo(1 / 3);
  });

  it('is 0 when no relevant listing is in the top k', () => {
    expect(reciprocalRankAt(3, ['x', 'y', 'z', 'cal'], grades)).toBe(0);
  });
});

describe('nDCG@k', () => {
  it('sums gains 2^grade - 1 discounted by log2(rank + 1)', () => {
    // 3/log2(2) + 0 + 1/log2(4) = 3 + 0.5
    expect(dcg([2, 0, 1])).toBeCloseTo(3.5);
  });

  it('is 1 for the ideal order and less when a fit outranks an exact match', () => {
    expect(ndcgAt(10, ['cal', 'dar', 'fit'], grades)).toBeCloseTo(1);
    expect(ndcgAt(10, ['dar', 'cal', 'fit', 'x'], grades)).toBeCloseTo(1);
    // ideal: 3 + 3/log2(3) + 1/2 = 5.3928; got fit, cal, dar: 1 + 3/log2(3) + 3/2 = 4.3928
    const ideal = 3 + 3 / Math.log2(3) + 0.5;
    expect(ndcgAt(10, ['fit', 'cal', 'dar'], grades)).toBeCloseTo((1 + 3 / Math.log2(3) + 1.5) / ideal);
  });

  it('compares the top k with the ideal top k only', () => {
    // Ideal top 1 is an exact match (gain 3); a fit in first place earns 1.
    expect(ndcgAt(1, ['fit', 'cal'], grades)).toBeCloseTo(1 / 3);
  });

  it('gives a listing returned twice its gain once', () => {
    // got cal, cal: 3 + 0; ideal 5.3928
    expect(ndcgAt(10, ['cal', 'cal'], grades)).toBeCloseTo(3 / (3 + 3 / Math.log2(3) + 0.5));
  });

  it('is 0 for nothing relevant found, and for a query that expects nothing', () => {
    expect(ndcgAt(10, ['x', 'y'], grades)).toBe(0);
    expect(ndcgAt(10, ['x'], {})).toBe(0);
  });
});

describe('scores over queries', () => {
  it('scores one query with every metric at k = 10', () => {
    const scores = scoreQuery(['x', 'cal'], { cal: 2 });
    expect(scores).toMatchObject({ hit: 1, recall: 1, reciprocalRank: 0.5 });
    expect(scores.ndcg).toBeCloseTo(1 / Math.log2(3));
  });

  it('averages each metric: hit rate, mean recall, MRR, mean nDCG', () => {
    const mean = meanScores([
      { hit: 1, recall: 1, reciprocalRank: 1, ndcg: 1 },
      { hit: 0, recall: 0, reciprocalRank: 0, ndcg: 0 },
      { hit: 1, recall: 0.5, reciprocalRank: 0.5, ndcg: 0.25 },
    ]);
    expect(mean.hit).toBeCloseTo(2 / 3);
    expect(mean.recall).toBeCloseTo(0.5);
    expect(mean.reciprocalRank).toBeCloseTo(0.5);
    expect(mean.ndcg).toBeCloseTo(1.25 / 3);
    expect(meanScores([])).toEqual({ hit: 0, recall: 0, reciprocalRank: 0, ndcg: 0 });
  });
});

describe('the synthetic queries’ typos', () => {
  it('accepts one insertion, deletion, substitution or swap of neighbours, and nothing further', () => {
    expect(withinOneEdit('mineta', 'miineta')).toBe(true);
    expect(withinOneEdit('mineta', 'mieta')).toBe(true);
    expect(withinOneEdit('mineta', 'mipeta')).toBe(true);
    expect(withinOneEdit('mineta', 'mient')).toBe(false);
    expect(withinOneEdit('mineta', 'mnieta')).toBe(true);
    expect(withinOneEdit('mipeta', 'miineta')).toBe(false);
    expect(withinOneEdit('mineta', 'mineta')).toBe(true);
  });

  it('makes typos one edit away that keep the first letter', () => {
    const typos = typosOf('kalo');
    expect(typos).toEqual(expect.arrayContaining(['klo', 'kaalo', 'klao', 'kal', 'kaloo']));
    for (const typo of typos) {
      expect(typo[0]).toBe('k');
      expect(withinOneEdit('kalo', typo) && typo !== 'kalo').toBe(true);
    }
  });
});
