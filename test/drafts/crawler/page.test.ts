// What a page yields, by kind: heading permalinks and their marks left out,
// FAQ questions that end in a mark, other people's words (testimonials,
// quotes, press and comparison sections) told apart from the product's, the
// links inside them and the hero's links marked, line breaks kept as spaces.
import { describe, expect, it } from 'vitest';
import { pageKind } from '../../../src/drafts/crawler/choose.js';
import { stripMarks } from '../../../src/drafts/crawler/facts.js';
import { extractPage } from '../../../src/drafts/crawler/page.js';

const parse = (body: string) =>
  extractPage(`<!doctype html><html><head><title>T</title></head><body>${body}</body></html>`, 'https://a.example/');
const othersOf = (facts: ReturnType<typeof parse>) => (facts.othersAt ?? []).map((i) => facts.blocks[i]);

describe('heading permalinks', () => {
  it('leaves anchor-only links and ¶ § # 🔗 marks out of headings, blocks and list items', () => {
    const facts = parse(`
      <h2 id="a">Reader<a class="headerlink" href="#a" title="Permalink to this headline">¶</a></h2>
      <h2 id="b"><a href="#b" aria-hidden="true" class="anchor">#</a> Summary</h2>
      <h3>Focus mode <span>¶</span></h3>
      <h3 id="c">Sync <a href="#c">🔗</a></h3>
      <h3>§ Sources</h3>
      <h3>Learn C#</h3>
      <h3><a href="#d">Linked heading</a></h3>
      <ul><li>Export ¶</li></ul>`);
    expect(facts.headings.map((h) => h.text)).toEqual([
      'Reader',
      'Summary',
      'Focus mode',
      'Sync',
      'Sources',
      'Learn C#',
      'Linked heading',
    ]);
    expect(facts.blocks).toEqual(facts.headings.map((h) => h.text).concat('Export'));
    expect(facts.listItems).toEqual(['Export']);
  });

  it('keeps what only looks like a mark: "C#", "§ 5 TMG", "#1 in the store"', () => {
    expect(stripMarks('Learn C#')).toBe('Learn C#');
    expect(stripMarks('§ 5 TMG')).toBe('§ 5 TMG');
    expect(stripMarks('#1 in the store')).toBe('#1 in the store');
    expect(stripMarks('Is it free? ¶')).toBe('Is it free?');
    expect(stripMarks('🔗 Pricing')).toBe('Pricing');
  });

  it('reads "Is it free? ¶" and a question with a permalink as questions', () => {
    const facts = parse(`
      <h3 id="q1">Is it free? <a class="headerlink" href="#q1">¶</a></h3><p>Yes, for personal use.</p>
      <h3>Can I export? ¶</h3><ul><li>To Markdown and PDF.</li></ul>
      <dl><dt>Does it sync? §</dt><dd>Through any folder.</dd></dl>
      <details><summary>Is there an API? ¶</summary><p>Yes, a REST API.</p></details>`);
    expect(facts.faqs).toEqual([
      { question: 'Is it free?', answer: 'Yes, for personal use.' },
      { question: 'Can I export?', answer: 'To Markdown and PDF.' },
      { question: 'Does it sync?', answer: 'Through any folder.' },
      { question: 'Is there an API?', answer: 'Yes, a REST API.' },
    ]);
  });
});

describe("other people's words", () => {
  const facts = parse(`
    <header><nav><a href="/">Acme</a><a href="https://github.com/acme/acme">GitHub</a></nav></header>
    <main>
      <section class="hero"><h1>Invoices that chase themselves</h1><p>Acme sends your invoices.</p>
        <a href="https://x.com/acmehq">Follow us</a></section>
      <h2>Features</h2><p>Reminders on your schedule.</p>
      <div class="testimonial-card"><p>Acme changed how we bill.</p><a href="https://x.com/janedoe">@janedoe</a></div>
      <figure><blockquote>Best tool ever.</blockquote><figcaption>Kim Lee</figcaption></figure>
      <div itemscope itemtype="https://schema.org/Review"><p>Five stars from our whole team.</p></div>
      <div><h2>What our customers say</h2><p>I use it every single day.</p><p>Maria K., designer</p></div>
      <p>“I switched from Excel and never looked back.” — Paul Smith</p>
      <p>I was sceptical at first, honestly.</p><p>— Jo Bloggs, CTO at Foo</p>
      <h2>As seen in</h2><p>TechCrunch and The Verge.</p>
      <h2>Acme vs. Ledgerly</h2><table><tr><td>Price</td><td>$9</td><td>$99</td></tr></table>
      <h2>Pricing</h2><p>$9 a month.</p>
    </main>
    <footer><p>© 2025 Acme</p></footer>`);

  it('lists testimonials, quotes, reviews, press and comparison sections apart from the product’s own words', () => {
    expect(othersOf(facts)).toEqual([
      'Acme changed how we bill.',
      '@janedoe',
      'Best tool ever.',
      'Kim Lee',
      'Five stars from our whole team.',
      'What our customers say',
      'I use it every single day.',
      'Maria K., designer',
      '“I switched from Excel and never looked back.” — Paul Smith',
      'I was sceptical at first, honestly.',
      '— Jo Bloggs, CTO at Foo',
      'As seen in',
      'TechCrunch and The Verge.',
      'Acme vs. Ledgerly',
      'Price',
      '$9',
      '$99',
    ]);
    for (const own of ['Acme sends your invoices.', 'Reminders on your schedule.', '$9 a month.', '© 2025 Acme'])
      expect(othersOf(facts)).not.toContain(own);
    expect(facts.headings.filter((h) => h.quoted).map((h) => h.text)).toEqual([
      'What our customers say',
      'As seen in',
      'Acme vs. Ledgerly',
    ]);
  });

  it("marks a link inside someone's words, and a link in the hero", () => {
    expect(facts.links.find((l) => l.href === 'https://x.com/janedoe')).toMatchObject({ quoted: true, area: 'body' });
    expect(facts.links.find((l) => l.href === 'https://x.com/acmehq')).toMatchObject({ hero: true, area: 'body' });
    expect(facts.links.find((l) => l.href === 'https://github.com/acme/acme')).toEqual({
      href: 'https://github.com/acme/acme',
      text: 'GitHub',
      area: 'nav',
    });
  });

  it('marks only links that stand alone in the hero, not a name in a sentence under the h1', () => {
    const flat = parse(
      '<main><h1>Quill</h1><p>Thanks to <a href="https://x.com/jane">Jane</a> for the idea.</p><p><a href="https://github.com/quill/app">Star on GitHub</a></p><h2>More</h2><p><a href="https://x.com/quillnotes">X</a></p></main>',
    );
    expect(flat.links.map((l) => [l.href, l.hero ?? false])).toEqual([
      ['https://x.com/jane', false],
      ['https://github.com/quill/app', true],
      ['https://x.com/quillnotes', false],
    ]);
  });

  it('does not take the product speaking in the first person for a testimonial without an attribution', () => {
    const own = parse('<h1>Lumen</h1><p>I built Lumen because status pages cost too much.</p><h2>Features</h2>');
    expect(othersOf(own)).toEqual([]);
  });
});

describe('blocks', () => {
  it('keeps a line break as a space ("Ehrenstraße 45<br>50672 Köln")', () => {
    expect(parse('<p>Kaffeeklatsch UG<br>Ehrenstraße 45<br/>50672 Köln</p>').blocks).toEqual([
      'Kaffeeklatsch UG Ehrenstraße 45 50672 Köln',
    ]);
  });

  it('lists menu and button blocks apart', () => {
    const facts = parse(
      '<nav><a href="/">Home</a> <a href="/oss">Open source</a></nav><button>Start free trial</button><p>Lumen is open source.</p>',
    );
    expect((facts.chromeAt ?? []).map((i) => facts.blocks[i])).toEqual(['Home Open source', 'Start free trial']);
  });
});

describe('page kinds', () => {
  it('reads sponsor and donation pages as pricing', () => {
    expect(pageKind(new URL('https://a.example/sponsor'), 'Sponsor')).toBe('pricing');
    expect(pageKind(new URL('https://a.example/x'), 'Donate')).toBe('pricing');
  });
});

describe('tabs', () => {
  it('reads only the open tab panel when its siblings say which is open (a template leaves plans in the others)', () => {
    const facts = extractPage(
      `<div class="w-tab-content">
        <div role="tabpanel" class="pricing-tab-pane w-tab-pane w--tab-active"><p>Plus: 12.99€ a year</p><ul><li>Sync on all devices</li></ul></div>
        <div role="tabpanel" class="pricing-tab-pane w-tab-pane"><p>Starting at: $249USD</p><ul><li>Lorem ipsum dolor</li></ul></div>
      </div>
      <div><div role="tabpanel"><p>A panel with no open sibling stays.</p></div></div>`,
      'https://lumen.example/pricing',
    );
    expect(facts.blocks).toContain('Plus: 12.99€ a year');
    expect(facts.blocks).toContain('A panel with no open sibling stays.');
    expect(facts.blocks.join(' ')).not.toContain('$249USD');
    expect(facts.listItems).toEqual(['Sync on all devices']);
  });
});

describe('pictures that say what they show', () => {
  it('keeps visible images with alt text as absolute links, leaving out hidden ones and other people’s words', () => {
    const facts = parse(`
      <h2>Team</h2>
      <img src="/team/ines.jpg" alt="Ines Moreau">
      <img src="https://cdn.example/deco.png" alt="">
      <img src="/hidden.jpg" alt="Someone Hidden" hidden>
      <section><h2>What our customers say</h2><blockquote><img src="/quote.jpg" alt="Paul Client"><p>“Great.”</p></blockquote></section>`);
    expect(facts.images).toEqual([{ src: 'https://a.example/team/ines.jpg', alt: 'Ines Moreau' }]);
  });
});
