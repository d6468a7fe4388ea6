// Form and query values: read whole, never cut; over the bound is a 400 naming the field.
import type { Request } from 'express';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../src/errors.js';
import { field, fields, queryString } from '../../../src/web/ui/forms.js';

const post = (body: Record<string, unknown>) => ({ body, query: {} }) as unknown as Request;
const get = (query: Record<string, unknown>) => ({ query }) as unknown as Request;

function refusal(read: () => unknown): AppError {
  try {
    read();
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('field', () => {
  it('returns a value up to its bound whole', () => {
    expect(field(post({ name: 'x'.repeat(120) }), 'name', 120)).toBe('x'.repeat(120));
    expect(field(post({}), 'name', 120)).toBe('');
  });

  it('refuses a longer value with a 400 naming the field, instead of cutting it', () => {
    const err = refusal(() => field(post({ name: 'x'.repeat(121) }), 'name', 120));
    expect(err.status).toBe(400);
    expect(err.errors).toEqual([{ path: 'name', message: 'must be at most 120 characters' }]);
  });

  it('refuses text that is not acceptable, naming the field', () => {
    const err = refusal(() => field(post({ bio: 'a\u0000b' }), 'bio', 100));
    expect(err.errors[0].path).toBe('bio');
  });
});

describe('queryString', () => {
  it('refuses an over-long query value instead of cutting it', () => {
    expect(queryString(get({ q: 'abc' }), 'q', 3)).toBe('abc');
    expect(refusal(() => queryString(get({ q: 'abcd' }), 'q', 3)).errors[0]).toEqual({
      path: 'q',
      message: 'must be at most 3 characters',
    });
  });
});

describe('fields', () => {
  it('reads one value or many', () => {
    expect(fields(post({ tag: 'a' }), 'tag')).toEqual(['a']);
    expect(fields(post({ tag: ['a', 'b'] }), 'tag')).toEqual(['a', 'b']);
  });
});
