// The site's stylesheet: one real file, linked from every page at a URL named
// after its content and cached for a year.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { STYLESHEET_HREF } from '../../../src/web/ui/assets.js';
import { servedTestContext } from '../../helpers/server.js';

const served = servedTestContext();
const get = (path: string) => fetch(`${served.server.url}${path}`);

describe('the site stylesheet', () => {
  it('is linked by pages at its content-hashed URL instead of inline CSS', async () => {
    for (const path of ['/', '/sign-in', '/launches']) {
      const page = await (await get(path)).text();
      expect(page).toContain(`<link rel="stylesheet" href="${STYLESHEET_HREF}">`);
      expect(page).not.toContain('<style>');
    }
    expect(STYLESHEET_HREF).toMatch(/^\/assets\/style\.[0-9a-f]{12}\.css$/);
  });

  it('is served as CSS with a long immutable cache, byte for byte the file', async () => {
    const res = await get(STYLESHEET_HREF);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toBe(readFileSync(new URL('../../../src/web/ui/style.css', import.meta.url), 'utf8'));
  });

  it('answers 404 for a stylesheet URL of another content', async () => {
    expect((await get('/assets/style.000000000000.css')).status).toBe(404);
  });
});
