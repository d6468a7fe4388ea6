// "Did you mean" corrects words the index does not know, never a word it
// knows, however rare: a search for the one listing about clout is not
// turned into "cloud" because many listings say that. Only the unknown word
// changes; the rest of the query stays as written.
import { describe, expect, it } from 'vitest';
import tool from '../../tools/directory/search_listings.js';
import { given } from '../helpers/given.js';
import { servedTools } from '../helpers/server.js';

const served = servedTools({
  tools: [tool],
  seed: async (ctx) => {
    const g = given(ctx);
    for (let i = 0; i < 25; i++)
      await g.listing({
        slug: `cloud-${i}`,
        fields: { name: `Nimbus ${i}`, tagline: 'Cloud backups for small teams' },
      });
    await g.listing({ slug: 'sway', fields: { name: 'Sway', tagline: 'Clout tracking for creators' } });
  },
});

const search = async (q: string) =>
  (await (await fetch(`${served.server.url}/api/v1/listings?q=${encodeURIComponent(q)}`)).json()) as {
    items: { slug: string }[];
    did_you_mean: { q: string } | null;
  };

describe('did you mean', () => {
  it('leaves a word the index knows, however rare, and corrects one it does not', async () => {
    const clout = await search('clout');
    expect(clout.items[0]?.slug).toBe('sway');
    expect(clout.did_you_mean).toBeNull();
    expect((await search('backusp')).did_you_mean?.q).toBe('backups');
  });

  it('keeps the rest of the query as written: capitals, hyphens, stop words and accents', async () => {
    expect((await search('Cloud  backusp for small-teams')).did_you_mean?.q).toBe('Cloud backups for small-teams');
    expect((await search('Backusp')).did_you_mean?.q).toBe('backups');
    // Read as the index reads it, accents folded: the word as typed is the one replaced.
    expect((await search('Backüsp for teams')).did_you_mean?.q).toBe('backups for teams');
  });
});
