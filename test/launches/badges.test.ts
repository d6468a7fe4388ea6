import { describe, expect, it } from 'vitest';
import { badgeDimensions, badgeImageUrl, escapeXml } from '../../src/launches/badges.js';

describe('escapeXml', () => {
  it('escapes the five XML specials', () => {
    expect(escapeXml(`A & B <script>"x"</script> it's`)).toBe(
      'A &amp; B &lt;script&gt;&quot;x&quot;&lt;/script&gt; it&#39;s',
    );
  });

  it('drops characters XML 1.0 forbids and keeps the rest of Unicode', () => {
    expect(escapeXml('a\u0000b\u0008c\u000Bd\u001Fe\uFFFEf')).toBe('abcdef');
    expect(escapeXml('tab\tnew\nline\r')).toBe('tab\tnew\nline\r');
    expect(escapeXml('lone \uD83D and \uDE80 surrogates')).toBe('lone  and  surrogates');
    expect(escapeXml('rocket 🚀, Zoë, 東京')).toBe('rocket 🚀, Zoë, 東京');
  });
});

describe('badge sizes and URLs', () => {
  it('scales each shape by size', () => {
    expect(badgeDimensions('standard', 'm')).toEqual({ viewWidth: 250, viewHeight: 54, width: 250, height: 54 });
    expect(badgeDimensions('standard', 's')).toMatchObject({ width: 200, height: 43 });
    expect(badgeDimensions('square', 'l')).toMatchObject({ width: 150, height: 150 });
  });

  it('puts the style, and the week for an award, in the image URL', () => {
    const style = { shape: 'pill', mode: 'dark', size: 's' } as const;
    expect(badgeImageUrl('https://lb.example', 'acme', { kind: 'listed', week: null }, style)).toBe(
      'https://lb.example/badges/acme/listed.svg?shape=pill&mode=dark&size=s',
    );
    expect(badgeImageUrl('https://lb.example', 'acme', { kind: 'launch-of-the-week', week: '2026-11-09' }, style)).toBe(
      'https://lb.example/badges/acme/launch-of-the-week.svg?shape=pill&mode=dark&size=s&week=2026-11-09',
    );
  });
});
