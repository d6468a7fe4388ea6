// The badge SVG route: every shape, mode and size is well-formed XML with the
// names escaped; only earned badges are served; bad options are 400s.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badgeRouter } from '../../src/http/badges.js';
import { anonymous } from '../../src/auth/caller.js';
import { invokeTool } from '../../src/registry/invoke.js';
import { setSetting } from '../../src/directory/settings.js';
import getBadges from '../../tools/directory/get_badges.js';
import { testContext, type TestContext } from '../helpers/context.js';
import { directory } from '../helpers/directory.js';
import { given } from '../helpers/given.js';
import { launches } from '../helpers/launches.js';
import { paidFeaturedWeek } from '../helpers/orders.js';

const WEIRD = 'A & B <script>"x"</script>';

interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

/**
 * A strict XML 1.0 well-formedness check (no DTDs): one root, balanced tags,
 * quoted unique attributes, and no raw `<`, `>` or `&` outside markup except
 * entity references. Returns the tree with entities decoded.
 */
function parseXml(source: string): XmlElement {
  const decode = (raw: string, where: string) => {
    if (/[<>]/.test(raw)) throw new Error(`raw < or > in ${where}: ${raw}`);
    const bad = raw.match(/&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/);
    if (bad) throw new Error(`raw & in ${where}: ${raw}`);
    return raw.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/g, (_, e: string) =>
      e === 'amp'
        ? '&'
        : e === 'lt'
          ? '<'
          : e === 'gt'
            ? '>'
            : e === 'quot'
              ? '"'
              : e === 'apos'
                ? "'"
                : String.fromCodePoint(e[1] === 'x' ? parseInt(e.slice(2), 16) : Number(e.slice(1))),
    );
  };
  if (/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/.test(source)) throw new Error('control character in document');
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  let i = source.startsWith('<?xml') ? source.indexOf('?>') + 2 : 0;
  const NAME = /[A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?/y;
  while (i < source.length) {
    const lt = source.indexOf('<', i);
    const text = source.slice(i, lt === -1 ? source.length : lt);
    if (stack.length === 0 && text.trim() !== '') throw new Error(`text outside the root: ${text}`);
    if (stack.length > 0) stack[stack.length - 1].text += decode(text, 'text');
    if (lt === -1) break;
    if (source.startsWith('<!--', lt)) {
      const end = source.indexOf('-->', lt);
      if (end === -1) throw new Error('unclosed comment');
      i = end + 3;
      continue;
    }
    if (source.startsWith('</', lt)) {
      NAME.lastIndex = lt + 2;
      const name = NAME.exec(source)?.[0];
      const close = source.indexOf('>', lt);
      if (!name || source.slice(lt + 2 + name.length, close).trim() !== '') throw new Error(`bad end tag at ${lt}`);
      const open = stack.pop();
      if (open?.name !== name) throw new Error(`</${name}> closes <${open?.name}>`);
      i = close + 1;
      continue;
    }
    NAME.lastIndex = lt + 1;
    const name = NAME.exec(source)?.[0];
    if (!name) throw new Error(`bad tag at ${lt}`);
    const element: XmlElement = { name, attributes: {}, children: [], text: '' };
    let j = lt + 1 + name.length;
    const ATTR = /\s+([A-Za-z_][\w.:-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/y;
    for (;;) {
      ATTR.lastIndex = j;
      const m = ATTR.exec(source);
      if (!m) break;
      if (m[1] in element.attributes) throw new Error(`duplicate attribute ${m[1]}`);
      element.attributes[m[1]] = decode(m[2] ?? m[3], `attribute ${m[1]}`);
      j = ATTR.lastIndex;
    }
    const rest = /\s*(\/?)>/y;
    rest.lastIndex = j;
    const end = rest.exec(source);
    if (!end) throw new Error(`malformed tag <${name}> at ${lt}: ${source.slice(lt, lt + 80)}`);
    if (stack.length > 0) stack[stack.length - 1].children.push(element);
    else if (root) throw new Error('second root element');
    else root = element;
    if (!end[1]) stack.push(element);
    i = rest.lastIndex;
  }
  if (stack.length > 0) throw new Error(`unclosed <${stack[stack.length - 1].name}>`);
  if (!root) throw new Error('no root element');
  return root;
}

const find = (el: XmlElement, name: string): XmlElement[] => [
  ...(el.name === name ? [el] : []),
  ...el.children.flatMap((c) => find(c, name)),
];

let ctx: TestContext;
let server: Server;
let base: string;
beforeAll(async () => {
  ctx = await testContext();
  const g = given(ctx);
  const d = directory(ctx);
  await setSetting(ctx.db, 'site_name', `Launch & <Board> "it's"`, ctx.clock.now());
  const weirdOwner = await d.user({ email: 'me@weird.dev' });
  const weird = await g.listing({
    slug: 'weird',
    fields: { name: WEIRD, plan: 'paid', domain: 'weird.dev', owner_id: weirdOwner },
  });
  await paidFeaturedWeek(ctx, { userId: weirdOwner, listingId: weird, week: '2026-11-16' });
  await launches(ctx).award({ listing: weird, week: '2026-11-02', rank: 2 });
  await launches(ctx).award({ listing: weird, week: '2026-11-09', rank: 1 });
  await g.listing({ slug: 'plain', fields: { name: 'Plain' } });
  await g.listing({ slug: 'long-name', fields: { name: `${'Extraordinarily '.repeat(8)}Long\u0001 Name 🚀` } });
  await g.listing({ slug: 'upcoming', status: 'scheduled' });
  await g.listing({ slug: 'draft-one', status: 'draft' });
  const app = express();
  app.use(badgeRouter(ctx));
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r));
  await ctx?.close();
});

const svg = (path: string) => fetch(`${base}${path}`);

describe('GET /badges/{slug}/{kind}.svg', () => {
  const shapes = ['standard', 'outline', 'pill', 'banner', 'square'] as const;
  const modes = ['light', 'dark', 'auto'] as const;
  const sizes = ['s', 'm', 'l'] as const;
  const kinds = ['listed', 'launched', 'featured', 'verified', 'launch-of-the-week'] as const;

  it('serves every earned badge in every shape, mode and size as well-formed XML with the names escaped', async () => {
    let checked = 0;
    for (const kind of kinds) {
      for (const shape of shapes) {
        for (const mode of modes) {
          for (const size of sizes) {
            const res = await svg(`/badges/weird/${kind}.svg?shape=${shape}&mode=${mode}&size=${size}`);
            expect(res.status, `${kind} ${shape} ${mode} ${size}`).toBe(200);
            const body = await res.text();
            const root = parseXml(body);
            expect(root.name).toBe('svg');
            expect(root.attributes.xmlns).toBe('http://www.w3.org/2000/svg');
            const [title] = find(root, 'title');
            expect(title.text).toContain(WEIRD);
            expect(root.attributes['aria-label']).toBe(title.text);
            expect(title.text).toContain(`Launch & <Board> "it's"`);
            expect(
              find(root, 'text')
                .map((t) => t.text)
                .join(' '),
            ).toContain('Launch & <Board>');
            expect(find(root, 'script')).toEqual([]);
            expect(body).not.toContain('<script');
            const style = find(root, 'style')[0].text;
            expect(style.includes('@media (prefers-color-scheme: dark)')).toBe(mode === 'auto');
            checked++;
          }
        }
      }
    }
    expect(checked).toBe(kinds.length * shapes.length * modes.length * sizes.length);
  });

  it('sends the SVG headers', async () => {
    const res = await svg('/badges/plain/launched.svg');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it("draws the size asked for, in the shape's own proportions", async () => {
    const root = async (q: string) => parseXml(await (await svg(`/badges/plain/listed.svg?${q}`)).text()).attributes;
    expect(await root('')).toMatchObject({ width: '250', height: '54', viewBox: '0 0 250 54' });
    expect(await root('shape=banner&size=l')).toMatchObject({ width: '585', height: '75', viewBox: '0 0 468 60' });
    expect(await root('shape=square&size=s')).toMatchObject({ width: '96', height: '96' });
  });

  it('uses dark colours in dark mode and light ones in light mode', async () => {
    const style = async (mode: string) =>
      find(parseXml(await (await svg(`/badges/plain/listed.svg?mode=${mode}`)).text()), 'style')[0].text;
    expect(await style('dark')).toContain('#0d1117');
    expect(await style('dark')).not.toContain('#ffffff');
    expect(await style('light')).toContain('#ffffff');
    expect(await style('light')).not.toContain('#0d1117');
    expect(await style('auto')).toMatch(/#ffffff.*@media \(prefers-color-scheme: dark\)\{.*#0d1117/);
  });

  it('shortens a long name on the banner but keeps it whole in the title, dropping characters XML forbids', async () => {
    const root = parseXml(await (await svg('/badges/long-name/listed.svg?shape=banner')).text());
    const title = find(root, 'title')[0].text;
    expect(title).toContain('Long Name 🚀');
    expect(title).not.toContain('\u0001');
    const texts = find(root, 'text').map((t) => t.text);
    expect(texts.some((t) => t.startsWith('Extraordinarily') && t.endsWith('…'))).toBe(true);
  });

  it('serves the award of the week asked for, the newest without a week', async () => {
    const rankIn = async (q: string) =>
      find(parseXml(await (await svg(`/badges/weird/launch-of-the-week.svg${q}`)).text()), 'title')[0].text;
    expect(await rankIn('?week=2026-11-02')).toContain('Launch of the Week #2');
    expect(await rankIn('?week=2026-11-09')).toContain('Launch of the Week #1');
    expect(await rankIn('')).toContain('week of 2026-11-09');
    expect((await svg('/badges/weird/launch-of-the-week.svg?week=2026-10-26')).status).toBe(404);
    expect((await svg('/badges/plain/listed.svg?week=2026-10-26')).status).toBe(200); // ignored by other kinds
  });

  it('answers 404 for a badge the listing may not show, and for unknown or non-public listings', async () => {
    for (const path of [
      '/badges/plain/featured.svg',
      '/badges/plain/verified.svg',
      '/badges/plain/launch-of-the-week.svg',
      '/badges/upcoming/launched.svg',
      '/badges/draft-one/listed.svg',
      '/badges/no-such-listing/listed.svg',
      '/badges/plain/gold.svg',
      '/badges/Bad_Slug/listed.svg',
    ]) {
      const res = await svg(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/problem\+json/);
    }
    expect((await svg('/badges/upcoming/listed.svg')).status).toBe(200);
  });

  it('answers 400 naming a bad option, and ignores unknown ones', async () => {
    for (const query of ['shape=round', 'mode=sepia', 'size=xl', 'week=last', 'shape=pill&shape=square']) {
      const res = await svg(`/badges/plain/listed.svg?${query}`);
      expect(res.status, query).toBe(400);
      expect((await res.json()).errors[0].path).toBe(query.split('=')[0]);
    }
    expect((await svg('/badges/plain/listed.svg?v=2')).status).toBe(200);
  });

  it('serves every image URL get_badges hands out', async () => {
    const body = (
      await invokeTool(ctx, getBadges, { slug: 'weird', shape: 'pill', mode: 'dark', size: 's' }, anonymous())
    ).body as any;
    expect(body.items).toHaveLength(6);
    for (const badge of body.items) {
      const res = await fetch(badge.image_url.replace(ctx.config.publicUrl, base));
      expect(res.status, badge.image_url).toBe(200);
      const root = parseXml(await res.text());
      expect(root.attributes).toMatchObject({ width: String(badge.width), height: String(badge.height) });
    }
  });
});

describe('the strict XML check itself', () => {
  it('rejects what a careless badge would produce', () => {
    expect(() => parseXml('<svg><title>A & B</title></svg>')).toThrow(/raw &/);
    expect(() => parseXml('<svg><title>A <script>x</script></title></svg>')).not.toThrow(); // well-formed, caught by the script check
    expect(() => parseXml('<svg><title>A < B</title></svg>')).toThrow();
    expect(() => parseXml('<svg aria-label="say "hi""></svg>')).toThrow();
    expect(() => parseXml('<svg><g></svg>')).toThrow();
    expect(() => parseXml('<svg a="1" a="2"/>')).toThrow(/duplicate/);
    expect(parseXml('<svg a="&lt;&amp;&#39;"><t>x &gt; y</t></svg>').attributes.a).toBe("<&'");
  });
});
