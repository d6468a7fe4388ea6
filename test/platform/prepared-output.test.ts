import { describe, expect, it } from 'vitest';
import { cachedOutput, PreparedOutput } from '../../src/platform/prepared-output.js';

describe('PreparedOutput', () => {
  const cached = cachedOutput({ slug: 'hookly', tags: ['a', 'b'] });

  it('adds the per-call fields last, to the object and to the cached JSON alike', () => {
    const out = new PreparedOutput(cached, { views: 7 });
    expect(out.body()).toEqual({ slug: 'hookly', tags: ['a', 'b'], views: 7 });
    expect(out.json()).toBe('{"slug":"hookly","tags":["a","b"],"views":7}');
  });

  it('keeps one validator whatever the per-call fields, and another for other cached content', () => {
    expect(new PreparedOutput(cached, { views: 1 }).etag).toBe(new PreparedOutput(cached, { views: 2 }).etag);
    expect(new PreparedOutput(cachedOutput({ slug: 'other' }), { views: 1 }).etag).not.toBe(
      new PreparedOutput(cached, { views: 1 }).etag,
    );
    expect(new PreparedOutput(cached, { views: 1 }).etag).toMatch(/^W\/"[\w-]+"$/);
  });

  it('serialises with either side empty', () => {
    expect(new PreparedOutput(cached, {}).json()).toBe(cached.json);
    expect(new PreparedOutput(cachedOutput({}), { views: 3 }).json()).toBe('{"views":3}');
  });

  it('freezes what it caches, nested objects included', () => {
    expect(() => (cached.value.tags as string[]).push('c')).toThrow(TypeError);
  });
});
