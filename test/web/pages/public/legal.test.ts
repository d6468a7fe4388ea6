// The Terms and Privacy pages show the admin's Markdown (the defaults until
// it is set), with raw HTML shown as text, and every page links to them.
import { describe, expect, it } from 'vitest';
import { setSetting } from '../../../../src/directory/settings.js';
import { servedTestContext } from '../../../helpers/server.js';

const served = servedTestContext();
const get = async (path: string) => (await fetch(`${served.server.url}${path}`)).text();

describe('the Terms and Privacy pages', () => {
  it('say what this software does with data until the admin sets their own text', async () => {
    const privacy = await get('/privacy');
    expect(privacy).toContain('<h1>Privacy</h1>');
    expect(privacy).toContain('robots.txt');
    expect(privacy).toContain('never the password itself');
    expect(await get('/terms')).toContain('One vote per person per listing');
  });

  it('show the text the admin set, raw HTML as text', async () => {
    await setSetting(
      served.ctx.db,
      'terms_markdown',
      '# Our rules\nBe kind. <script>alert(1)</script>',
      served.ctx.clock.now(),
    );
    const terms = await get('/terms');
    expect(terms).toContain('<h2>Our rules</h2>');
    expect(terms).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(terms).not.toContain('One vote per person per listing');
  });

  it('are linked from every page footer and from sign-up', async () => {
    for (const path of ['/', '/sign-up']) {
      const page = await get(path);
      expect(page, path).toContain('<a href="/terms">Terms</a>');
      expect(page, path).toContain('<a href="/privacy">Privacy</a>');
    }
  });
});
