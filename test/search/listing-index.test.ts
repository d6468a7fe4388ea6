import { describe, expect, it } from 'vitest';
import { editDistance, ListingIndex, type ListingDocument } from '../../src/search/listing-index.js';
import { stem, tokens } from '../../src/search/text.js';

function indexOf(docs: Record<number, ListingDocument>): ListingIndex {
  const index = new ListingIndex();
  for (const [id, doc] of Object.entries(docs)) index.add(Number(id), 'live', doc);
  return index;
}
const ids = (index: ListingIndex, q: string, limit = 10) => [...index.search(q, { status: 'live', limit }).best.keys()];

describe('text', () => {
  it('splits words, folds case and accents, and stems with Porter2', () => {
    expect(tokens('Café Crème — Note-taking, 3D app')).toEqual(['cafe', 'creme', 'note', 'taking', '3d', 'app']);
    expect(['invoices', 'invoicing', 'calendars'].map(stem)).toEqual(['invoic', 'invoic', 'calendar']);
  });
});

describe('editDistance', () => {
  it('counts an adjacent swap as one edit and stops past the budget', () => {
    expect(editDistance('prodcutivity', 'productivity', 2)).toBe(1);
    expect(editDistance('calender', 'calendar', 2)).toBe(1);
    expect(editDistance('abcdef', 'uvwxyz', 2)).toBe(3);
  });
});

describe('ListingIndex', () => {
  const index = indexOf({
    1: { name: ['Dayplan'], category: ['Calendars'], otherCategories: ['Productivity'] },
    2: { name: ['Hourglass'], tagline: ['Simple time tracking for freelancers'] },
    3: { name: ['Clockwise'], tagline: ['Tracking for freelancers, any time'] },
    4: { name: ['Notely'], features: ['Notes that sync'], faqs: ['Is there a free plan?'] },
  });

  it('matches word forms, prefixes of the last word only, and typos', () => {
    expect(ids(index, 'calendar')).toEqual([1]);
    expect(ids(index, 'calen')).toEqual([1]);
    expect(ids(index, 'calen productivity')).toEqual([1]);
    expect(ids(index, 'calender')).toEqual([1]);
    expect(ids(index, 'note')).toEqual([4]);
    // Not a prefix when another word follows.
    expect(ids(index, 'cal notes')).toEqual([4]);
  });

  it('ranks every word matched above some, phrases breaking the tie', () => {
    const found = index.search('time tracking', { status: 'live', limit: 10 });
    // Both match both words; Hourglass has them side by side.
    expect([...found.best.keys()].slice(0, 2)).toEqual([2, 3]);
    expect(found.complete).toBe(2);
    const scores = [...found.best.values()];
    expect(scores[0]).toBe(1);
    expect(scores.every((s, i) => i === 0 || s <= scores[i - 1]!)).toBe(true);
  });

  it('leaves stop words out unless the query is nothing else', () => {
    expect(ids(index, 'is there a notes app')).toEqual([4]);
    expect(index.queryWords('the').map((w) => w.word)).toEqual(['the']);
  });

  it('offers indexed words within the typo budget, nearest and most common first', () => {
    expect(index.typoWords('hourglas')).toEqual(['hourglass']);
    expect(index.typoWords('dog')).toEqual([]);
  });

  it('keeps only the status asked for', () => {
    const mixed = new ListingIndex();
    mixed.add(1, 'live', { name: ['Orbit'] });
    mixed.add(2, 'scheduled', { name: ['Orbit two'] });
    expect([...mixed.search('orbit', { status: 'scheduled', limit: 10 }).best.keys()]).toEqual([2]);
    expect(mixed.count('live')).toBe(1);
  });
});

describe('ListingIndex as listings come and go', () => {
  it('forgets removed listings, reuses their slots after compaction, and bumps its version', () => {
    const index = new ListingIndex();
    const versions = [index.version];
    for (let round = 0; round < 5; round++) {
      const name = round === 0 ? 'Firstround' : 'Gadget';
      for (let id = 1; id <= 300; id++) index.add(id, 'live', { name: [`${name} ${id}`], tagline: ['A widget'] });
      for (let id = 1; id <= 300; id += 2) index.remove(id);
      versions.push(index.version);
    }
    index.compact();
    expect(new Set(versions).size).toBe(versions.length);
    expect(index.size).toBe(150);
    const found = ids(index, 'widget', 1000);
    expect(found).toHaveLength(150);
    expect(found.every((id) => id % 2 === 0)).toBe(true);
    expect(ids(index, 'firstround')).toEqual([]);
    expect(index.statusOf(1)).toBeUndefined();
    // An update replaces the listing's words.
    index.add(2, 'live', { name: ['Renamed'] });
    expect(ids(index, 'renamed')).toEqual([2]);
    expect(ids(index, 'widget', 1000)).not.toContain(2);
  });
});
