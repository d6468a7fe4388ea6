// cutToFit: how submit_draft shortens a draft value to the listing's bound
// (the warning saying so is tested in test/tools/drafts/submit_draft.test.ts).
import { describe, expect, it } from 'vitest';
import { cutToFit } from '../../src/drafts/submit.js';

describe('cutToFit', () => {
  it('keeps a value that fits as it is', () => {
    expect(cutToFit('Invoices that chase themselves', 30)).toBe('Invoices that chase themselves');
  });

  it('cuts at the last word that fits and marks the cut, within the bound', () => {
    const cut = cutToFit('Freemium with a paid plan for growing teams', 40);
    expect(cut).toBe('Freemium with a paid plan for growing…');
    expect(cut.length).toBeLessThanOrEqual(40);
  });

  it('cuts inside a word too long to leave out, never through a character', () => {
    expect(cutToFit(`Hi ${'x'.repeat(50)}`, 20)).toBe(`Hi ${'x'.repeat(16)}…`);
    // 19 code units would end in the first half of an emoji: it goes whole.
    expect(cutToFit(`${'a'.repeat(18)}😀😀`, 20)).toBe(`${'a'.repeat(18)}…`);
  });
});
