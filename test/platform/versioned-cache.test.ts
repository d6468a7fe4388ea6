import { describe, expect, it } from 'vitest';
import { VersionedCache, VersionedValue } from '../../src/platform/versioned-cache.js';

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

describe('VersionedValue', () => {
  const built = (value: string) => async () => value;

  it('keeps a value while its version holds, for less than its maximum age', async () => {
    const cached = new VersionedValue<string>({ maxAgeMs: 1000 });
    expect(await cached.get(1, 0, built('a'))).toBe('a');
    expect(await cached.get(1, 999, built('b'))).toBe('a');
    expect(await cached.get(1, 1000, built('c'))).toBe('c');
    expect(await cached.get(2, 1000, built('d'))).toBe('d');
    // A clock set back does not make a value from its future current.
    expect(await cached.get(2, 500, built('e'))).toBe('e');
  });

  it('follows a new version at once after a quick build, and at most every minRebuildMs after a slow one', async () => {
    let spent = 0;
    const options = { maxAgeMs: 60_000, minRebuildMs: 10_000, slowBuildMs: 50, timer: () => spent };
    const takes = (ms: number, value: string) => async () => {
      spent += ms;
      return value;
    };
    const cached = new VersionedValue<string>(options);
    expect(await cached.get(1, 0, takes(5, 'quick'))).toBe('quick');
    expect(await cached.get(2, 1, takes(80, 'slow'))).toBe('slow');
    // Built slowly at t=1: versions 3 and 4 wait until it is 10 s old.
    expect(await cached.get(3, 5_000, takes(80, 'too soon'))).toBe('slow');
    expect(await cached.get(4, 10_000, takes(80, 'too soon'))).toBe('slow');
    expect(await cached.get(4, 10_001, takes(5, 'v4'))).toBe('v4');
    expect(await cached.get(5, 10_002, takes(5, 'v5'))).toBe('v5');
  });

  it('builds once for concurrent readers of the same version', async () => {
    const cached = new VersionedValue<string>({ maxAgeMs: 1000 });
    let builds = 0;
    let finish!: (value: string) => void;
    const slow = () => {
      builds++;
      return new Promise<string>((resolve) => {
        finish = resolve;
      });
    };
    const readers = [cached.get(1, 0, slow), cached.get(1, 10, slow)];
    finish('once');
    expect(await Promise.all(readers)).toEqual(['once', 'once']);
    expect(builds).toBe(1);
  });

  it('lets no slow build of an older version replace a newer value', async () => {
    const cached = new VersionedValue<string>({ maxAgeMs: 1000 });
    let finishOld!: (value: string) => void;
    const old = cached.get(1, 0, () => new Promise<string>((resolve) => (finishOld = resolve)));
    expect(await cached.get(2, 0, built('new'))).toBe('new');
    finishOld('old');
    expect(await old).toBe('old');
    expect(await cached.get(2, 1, built('rebuilt'))).toBe('new');
  });

  it('forgets a failed build, so the next reader tries again', async () => {
    const cached = new VersionedValue<string>({ maxAgeMs: 1000 });
    await expect(cached.get(1, 0, () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cached.get(1, 0, built('up'))).toBe('up');
  });
});
