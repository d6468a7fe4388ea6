// highlightWords: the search page's <mark> on matched words.
import { describe, expect, it } from 'vitest';
import { highlightWords } from '../../../src/web/ui/highlight.js';

const marked = (text: string, matched: string[]) => highlightWords(text, matched).value;

describe('highlightWords', () => {
  it('marks whole words whatever their case, never parts of words', () => {
    expect(marked('Notes, notebook and NOTES', ['notes'])).toBe('<mark>Notes</mark>, notebook and <mark>NOTES</mark>');
  });

  it('marks a word as the text spells it when the match folded its accents', () => {
    expect(marked('Le Café à Zürich', ['cafe', 'zurich'])).toBe('Le <mark>Café</mark> à <mark>Zürich</mark>');
    // A decomposed accent stays inside its mark.
    expect(marked('Cafe\u0301 time', ['cafe'])).toBe('<mark>Cafe\u0301</mark> time');
  });

  it('escapes everything around and inside the marks', () => {
    expect(marked('<b>Tom & "Jerry"</b>', ['tom', 'b'])).toBe(
      '&lt;<mark>b</mark>&gt;<mark>Tom</mark> &amp; &quot;Jerry&quot;&lt;/<mark>b</mark>&gt;',
    );
    expect(marked('<i>x</i>', [])).toBe('&lt;i&gt;x&lt;/i&gt;');
  });
});
