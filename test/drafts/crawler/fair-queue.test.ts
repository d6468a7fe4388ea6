import { describe, expect, it } from 'vitest';
import { FairQueue } from '../../../src/drafts/crawler/html-worker-pool.js';

describe('FairQueue', () => {
  it('serves owners in turn, each owner in order', () => {
    const q = new FairQueue<string>();
    for (const [owner, item] of [
      ['a', 'a1'],
      ['a', 'a2'],
      ['a', 'a3'],
      ['b', 'b1'],
      ['c', 'c1'],
      ['b', 'b2'],
    ])
      q.add(owner!, item!);
    expect(q.size).toBe(6);
    const order = Array.from({ length: 6 }, () => q.take());
    expect(order).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3']);
    expect(q.take()).toBeUndefined();
    expect(q.size).toBe(0);
  });

  it('drains everything still waiting', () => {
    const q = new FairQueue<number>();
    q.add('x', 1);
    q.add('y', 2);
    q.add('x', 3);
    expect(q.drain().sort()).toEqual([1, 2, 3]);
    expect(q.size).toBe(0);
  });
});
