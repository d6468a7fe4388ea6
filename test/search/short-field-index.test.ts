import { describe, expect, it } from 'vitest';
import { editDistance, ShortFieldIndex } from '../../src/search/short-field-index.js';

function indexOf(listings: Record<number, string>): ShortFieldIndex {
  const index = new ShortFieldIndex();
  for (const [id, name] of Object.entries(listings)) index.add(Number(id), 'live', { name, tagline: '', keywords: '' });
  return index;
}
const ids = (scores: Map<number, number>) => [...scores.keys()].sort((a, b) => a - b);

describe('ShortFieldIndex', () => {
  const index = indexOf({ 1: 'Notion', 2: 'Obsidian', 3: 'Figma', 4: 'Linear', 5: 'Notely notes', 6: 'Note' });

  it('finds words and the words they begin', () => {
    expect(ids(index.search('notion', { typos: false }))).toEqual([1]);
    expect(ids(index.search('obsid', { typos: false }))).toEqual([2]);
    expect(ids(index.search('note', { typos: false }))).toEqual([5, 6]);
  });

  it('ranks the word itself above words it begins', () => {
    const scores = index.search('note', { typos: false });
    expect(scores.get(6)!).toBeGreaterThan(scores.get(5)!);
  });

  it('matches typos only when asked: a changed, missing, extra or swapped letter', () => {
    expect(ids(index.search('lineer', { typos: false }))).toEqual([]);
    expect(ids(index.search('lineer', { typos: true }))).toEqual([4]);
    expect(ids(index.search('obsidan', { typos: true }))).toEqual([2]);
    expect(ids(index.search('notiion', { typos: true }))).toEqual([1]);
    expect(ids(index.search('figam', { typos: true }))).toEqual([3]);
    expect(ids(index.search('ontion', { typos: true }))).toEqual([1]);
  });

  it('allows two edits from five letters (extra letters, or one extra and one changed), one at four, none below', () => {
    expect(ids(index.search('liinearr', { typos: true }))).toEqual([4]);
    expect(ids(index.search('lixnearr', { typos: true }))).toEqual([4]);
    expect(ids(index.search('fgma', { typos: true }))).toEqual([3]);
    expect(ids(index.search('fgm', { typos: true }))).toEqual([]);
    expect(ids(index.search('xxgma', { typos: true }))).toEqual([]);
  });

  it('requires every word of the query', () => {
    expect(ids(index.search('notely notes', { typos: false }))).toEqual([5]);
    expect(ids(index.search('notion figma', { typos: true }))).toEqual([]);
  });

  it('weighs the name above keywords above the tagline', () => {
    const fields = new ShortFieldIndex();
    fields.add(1, 'live', { name: 'Atlas', tagline: '', keywords: '' });
    fields.add(2, 'live', { name: 'Other', tagline: '', keywords: 'atlas' });
    fields.add(3, 'live', { name: 'Third', tagline: 'maps like an atlas', keywords: '' });
    const scores = fields.search('atlas', { typos: false });
    expect(scores.get(1)!).toBeGreaterThan(scores.get(2)!);
    expect(scores.get(2)!).toBeGreaterThan(scores.get(3)!);
  });

  it('forgets removed listings and their words, and re-indexes a changed one', () => {
    const changing = indexOf({ 1: 'Zebrafinch', 2: 'Zebra' });
    changing.remove(1);
    expect(changing.has(1)).toBe(false);
    expect(ids(changing.search('zebrafinch', { typos: true }))).toEqual([]);
    expect(ids(changing.search('zebr', { typos: false }))).toEqual([2]);
    changing.add(2, 'scheduled', { name: 'Quagga', tagline: '', keywords: '' });
    expect(ids(changing.search('zebra', { typos: true }))).toEqual([]);
    expect(ids(changing.search('quag', { typos: false }))).toEqual([2]);
    expect(changing.statusOf(2)).toBe('scheduled');
    expect(changing.size).toBe(1);
    expect([changing.count('live'), changing.count('scheduled')]).toEqual([0, 1]);
  });

  it('keeps prefix lookups right as many words come and go', () => {
    const growing = new ShortFieldIndex();
    for (let i = 0; i < 500; i++) growing.add(i, 'live', { name: `word${i} common`, tagline: '', keywords: '' });
    for (let i = 0; i < 500; i += 2) growing.remove(i);
    expect(ids(growing.search('word1', { typos: false })).length).toBeGreaterThan(0);
    expect(ids(growing.search('word12', { typos: false }))).toEqual([121, 123, 125, 127, 129]);
    expect(growing.search('common', { typos: false }).size).toBe(250);
  });
});

describe('ShortFieldIndex.top', () => {
  // Ten listings with the same name score the same: the cut falls among ties.
  const same = new ShortFieldIndex();
  for (let id = 10; id >= 1; id--)
    same.add(id, id % 3 === 0 ? 'scheduled' : 'live', { name: 'Atlas', tagline: '', keywords: '' });

  it('keeps the best matches, ties at the cut going to the lower ids, and counts every match', () => {
    const found = same.top('atlas', { typos: false, limit: 4 });
    expect(found.matched).toBe(10);
    expect([...found.best.keys()].sort((a, b) => a - b)).toEqual([1, 2, 3, 4]);
  });

  it('puts better matches above the cut before ties', () => {
    const index = indexOf({ 1: 'Atlas', 2: 'Atlas', 3: 'Atlas', 4: 'Atlas maps', 5: 'Atlas' });
    index.add(6, 'live', { name: 'Atlas', tagline: '', keywords: 'atlas' });
    const found = index.top('atlas', { typos: false, limit: 2 });
    expect([...found.best.keys()].sort((a, b) => a - b)).toEqual([1, 6]);
    expect(found.highest).toBe(found.best.get(6));
  });

  it('drops other statuses after the cut, so the cut does not depend on the status asked for', () => {
    const found = same.top('atlas', { typos: false, limit: 4, status: 'live' });
    expect(found.matched).toBe(10);
    expect([...found.best.keys()].sort((a, b) => a - b)).toEqual([1, 2, 4]);
    expect(found.highest).toBe(found.best.get(1));
  });
});

describe('ShortFieldIndex as listings come and go', () => {
  it('scores like an index built afresh from the listings that stayed', () => {
    const words = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'theta', 'iota'];
    const fieldsOf = (id: number, round: number) => ({
      name: `${words[id % 8]} ${words[(id * 3 + round) % 8]}`,
      tagline: `${words[(id + round) % 8]} ${words[(id * 5) % 8]} ${words[(id * 7 + 1) % 8]}`,
      keywords: words[(id + 2 * round) % 8]!,
    });
    const churned = new ShortFieldIndex();
    const final = new Map<number, ReturnType<typeof fieldsOf>>();
    for (let id = 1; id <= 200; id++) {
      churned.add(id, 'live', fieldsOf(id, 0));
      final.set(id, fieldsOf(id, 0));
    }
    for (let id = 1; id <= 200; id += 3) {
      churned.remove(id);
      final.delete(id);
    }
    for (let id = 2; id <= 200; id += 4) {
      churned.add(id, 'live', fieldsOf(id, 1));
      final.set(id, fieldsOf(id, 1));
    }
    for (let id = 1; id <= 200; id += 6) {
      churned.add(id, 'live', fieldsOf(id, 2));
      final.set(id, fieldsOf(id, 2));
    }
    const fresh = new ShortFieldIndex();
    for (const [id, fields] of final) fresh.add(id, 'live', fields);
    const sorted = (scores: Map<number, number>) => [...scores].sort((a, b) => a[0] - b[0]);
    for (const q of [...words, 'alpha beta', 'gam', 'thetta', 'zeta iota delta']) {
      expect(sorted(churned.search(q, { typos: true }))).toEqual(sorted(fresh.search(q, { typos: true })));
    }
    expect(churned.size).toBe(fresh.size);
  });
});

describe('editDistance', () => {
  it('counts changes, insertions, deletions and adjacent swaps, stopping past the maximum', () => {
    expect(editDistance('notion', 'notion', 2)).toBe(0);
    expect(editDistance('notion', 'ontion', 2)).toBe(1);
    expect(editDistance('notion', 'notin', 2)).toBe(1);
    expect(editDistance('linear', 'lnaer', 2)).toBe(2);
    expect(editDistance('linear', 'xxxxxx', 2)).toBe(3);
    expect(editDistance('a', 'abcd', 1)).toBe(2);
  });
});
