// Text on share cards: only what Inter can draw, cut by measured width with
// an ellipsis, wrapped at spaces, and measured close to what resvg draws.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type * as ResvgJs from '@resvg/resvg-js';
import { loadShareFonts } from '../../../src/web/share/fonts.js';
import { drawable, fitSize, fitWidth, leadingSentences, svgText, wrap } from '../../../src/web/share/text.js';

const fonts = loadShareFonts();
const { regular, bold } = fonts;

describe('the Inter metrics', () => {
  it('reads advance widths: a wide letter is wider than a narrow one, and widths scale with size', () => {
    expect(bold.width('W', 100)).toBeGreaterThan(bold.width('i', 100));
    expect(bold.width('Launchboard', 80)).toBeCloseTo(2 * bold.width('Launchboard', 40), 6);
    expect(bold.width('Launchboard', 40)).toBeGreaterThan(regular.width('Launchboard', 40));
  });

  it('knows which characters Inter has: Latin, Cyrillic and Greek, not CJK or emoji', () => {
    for (const c of 'aZé€ЖΩ…–') expect(regular.covers(c.codePointAt(0)!), c).toBe(true);
    for (const c of ['日', '😀', '\u0000']) expect(regular.covers(c.codePointAt(0)!), c).toBe(false);
  });

  it('measures within 3 % of the width resvg draws', () => {
    const resvg = createRequire(import.meta.url)('@resvg/resvg-js') as typeof ResvgJs;
    for (const [face, weight, text] of [
      [bold, 'bold', 'Acme & Co: the Launch of the Week'],
      [regular, 'regular', 'Ship faster with “quotes” — Ελληνικά, Русский'],
    ] as const) {
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="2000" height="100" font-family="Inter">${svgText(0, 80, text, { size: 60, weight, fill: '#000' })}</svg>`;
      const drawn = new resvg.Resvg(svg, {
        font: { loadSystemFonts: false, fontFiles: fonts.files, defaultFontFamily: 'Inter' },
      }).getBBox()!;
      const measured = face.width(text, 60);
      expect(Math.abs(measured - (drawn.x + drawn.width)) / measured, text).toBeLessThan(0.03);
    }
  });
});

describe('drawable', () => {
  it('leaves out what Inter cannot draw and folds white space', () => {
    expect(drawable('🚀  Rocket\tlaunch 日本 app', regular)).toBe('Rocket launch app');
    expect(drawable('日本語', regular)).toBe('');
  });

  it('bounds the work on very long text', () => {
    expect(drawable('a'.repeat(10_000), regular).length).toBeLessThanOrEqual(400);
  });
});

describe('fitting text', () => {
  it('keeps text that fits and cuts longer text, at a word end when one is near, to fit by measure', () => {
    expect(fitWidth('Gizmo', bold, 40, 500)).toBe('Gizmo');
    const long = 'The Extraordinarily Long Product Name That Never Ends';
    const cut = fitWidth(long, bold, 40, 500);
    expect(bold.width(cut, 40)).toBeLessThanOrEqual(500);
    expect(cut).toMatch(/…$/);
    const kept = cut.slice(0, -1);
    expect(long.startsWith(kept) && long[kept.length]).toBe(' ');
    expect(fitWidth('Supercalifragilisticexpialidocious', bold, 40, 200)).toMatch(/^Super\w+…$/);
  });

  it('shrinks to fit before it cuts', () => {
    expect(fitSize('Launchboard', bold, 400, 80, 40)).toEqual({ text: 'Launchboard', size: expect.any(Number) });
    expect(fitSize('Launchboard', bold, 400, 80, 40).size).toBeLessThan(80);
    expect(fitSize('Launchboard '.repeat(5), bold, 400, 80, 40).text).toMatch(/…$/);
  });

  it('wraps at spaces into at most the given lines, the last cut when text is left', () => {
    const lines = wrap('one two three four five six seven eight nine ten eleven twelve', regular, 40, 300, 2);
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(regular.width(line, 40)).toBeLessThanOrEqual(300);
    expect(lines[1]).toMatch(/…$/);
    expect(wrap('short', regular, 40, 300, 2)).toEqual(['short']);
    expect(wrap('', regular, 40, 300, 2)).toEqual([]);
  });

  it('prefers whole leading sentences to a cut one', () => {
    const text = 'A directory of products. Makers submit by website URL, an AI drafts the profile, and they launch.';
    expect(leadingSentences(text, regular, 38, 600, 1)).toBe('A directory of products.');
    expect(leadingSentences(text, regular, 38, 2000, 2)).toBe(text);
  });
});

describe('svgText', () => {
  it('escapes text for XML', () => {
    expect(svgText(10, 20, 'Acme <b> & "Co"', { size: 30, weight: 'bold', fill: '#000' })).toBe(
      '<text x="10" y="20" font-size="30" font-weight="700" fill="#000">Acme &lt;b&gt; &amp; &quot;Co&quot;</text>',
    );
  });
});
