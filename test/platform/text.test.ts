// The one text rule (src/platform/text.ts): control characters and unpaired
// surrogates are refused, by dot path; ordinary text of any script passes.
import { describe, expect, it } from 'vitest';
import { textProblem, textProblems } from '../../src/platform/text.js';

describe('textProblem', () => {
  it.each(['plain', 'tab\there', 'lines\r\nand\nmore', 'Zürich · 東京 · emoji 🚀', ''])('accepts %j', (value) => {
    expect(textProblem(value)).toBeNull();
  });

  it.each([
    'a\u0000b',
    'bell\u0007',
    'esc\u001b[31m',
    'del\u007f',
    'next line\u0085',
    'lone \ud800',
    'lone \udc00 low',
  ])('refuses %j', (value) => {
    expect(textProblem(value)).toMatch(/control characters|unpaired surrogate/);
  });
});

describe('textProblems', () => {
  it('names every offending string and key by dot path', () => {
    expect(
      textProblems({
        fields: { tagline: 'a\u0000b', city: 'Berlin' },
        features: ['ok', 'bad\u001b'],
        'k\u0000': 1,
      }).map((e) => e.path),
    ).toEqual(['fields.tagline', 'features.1', 'k\u0000']);
    expect(textProblems('x\u0000')).toEqual([{ path: '(body)', message: expect.any(String) }]);
    expect(textProblems({ n: 1, b: true, z: null })).toEqual([]);
  });
});
