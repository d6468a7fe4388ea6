import { describe, expect, it } from 'vitest';
import { unsettledFields } from '../../src/drafts/unsettled.js';
import { draftOf, page, siteOf } from './drafter/site-of.js';

const draftedAndUnsure = (body: string, unread: Parameters<typeof unsettledFields>[1] = []) => {
  const site = siteOf({ '/': page(`<h1>Lumen</h1><p>Status pages you own.</p>${body}`, '<title>Lumen</title>') });
  const { gated } = draftOf(site);
  return { gated, unsure: unsettledFields(site, unread, gated) };
};

describe('unsettledFields: empty fields the site may still state', () => {
  it('calls no fact unsure on a site that was read whole and says nothing of it', () => {
    const { gated, unsure } = draftedAndUnsure('<p>Made for teams.</p>');
    expect(gated.fields.country.value).toBeNull();
    for (const field of ['country', 'city', 'founded_year', 'contact_email', 'pricing_model', 'stage'] as const)
      expect(unsure.has(field)).toBe(false);
  });

  it('keeps the fields of a linked page that was not read out of "not found"', () => {
    const { unsure } = draftedAndUnsure('', [{ url: 'https://lumen.example/pricing', kind: 'pricing' }]);
    expect([...unsure]).toEqual(expect.arrayContaining(['pricing_model', 'pricing_summary']));
    expect(unsure.has('country')).toBe(false);
    const about = draftedAndUnsure('', [{ url: 'https://lumen.example/impressum', kind: 'about' }]).unsure;
    expect([...about]).toEqual(expect.arrayContaining(['country', 'city', 'founded_year', 'contact_email', 'stage']));
  });

  it('keeps a field out of "not found" when a read page holds a candidate the drafter could not quote as a value', () => {
    const { gated, unsure } = draftedAndUnsure('<p>Write to us: hello (at) lumen (dot) example</p>');
    expect(gated.fields.contact_email.value).toBeNull();
    expect(unsure.has('contact_email')).toBe(true);
  });

  it('never calls a drafted field unsure', () => {
    const { gated, unsure } = draftedAndUnsure('<p>Mail hello@lumen.example. Founded in 2019.</p>');
    expect(gated.fields.contact_email.value).toBe('hello@lumen.example');
    expect(unsure.has('contact_email')).toBe(false);
    expect(unsure.has('founded_year')).toBe(false);
  });
});
