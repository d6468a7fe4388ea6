import { describe, expect, it } from 'vitest';
import { VersionedCache } from '../../src/platform/versioned-cache.js';

describe('VersionedCache', () => {
  const parts = { faqs: [] };

  it('answers only for the version an entry was built at', () => {
    const cache = new VersionedCache<typeof parts>(10);
    cache.set(1, 3, parts);
    expect(cache.get(1, 3)).toBe(parts);
    expect(cache.get(1, 4)).toBeUndefined();
    expect(cache.get(2, 3)).toBeUndefined();
  });

  it('drops the least recently used entry when full', () => {
    const cache = new VersionedCache<typeof parts>(2);
    cache.set(1, 0, parts);
    cache.set(2, 0, parts);
    cache.get(1, 0);
    cache.set(3, 0, parts);
    expect(cache.get(2, 0)).toBeUndefined();
    expect(cache.get(1, 0)).toBe(parts);
    expect(cache.size).toBe(2);
  });
});
