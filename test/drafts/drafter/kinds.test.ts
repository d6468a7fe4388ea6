// The built-in extractor by kind of mistake: noise taken as
// content, other people's words, someone else's facts, pricing and category
// vocabulary, missed patterns (founders, location, prices, contact), taglines
// and features like an editor, and evidence kept as the page writes it. Each
// site is a few lines of HTML written here; every value must still be quoted
// from the page.
import { describe, expect, it } from 'vitest';
import { normalizeForMatch } from '../../../src/drafts/evidence.js';
import { draftOf, everything, page, siteOf, valuesOf } from './site-of.js';

/** Every kept value's quotes are on the page they name, as that page writes them. */
function expectQuotedFromSite(site: ReturnType<typeof siteOf>, gated: ReturnType<typeof draftOf>['gated']) {
  for (const field of Object.values(gated.fields))
    for (const e of field.evidence) {
      const text = site.pages.find((p) => p.url === e.url)!.text.replace(/\s+/g, ' ');
      expect(text).toContain(e.quote);
    }
}

describe('noise: heading permalink marks', () => {
  const site = siteOf({
    '/': page(
      `<h1>Inkwell <a class="headerlink" href="#inkwell" title="Permalink">¶</a></h1>
       <p>Inkwell is a Markdown editor for writers who want quiet.</p>
       <h3 id="reader">Reader<a class="headerlink" href="#reader">¶</a></h3><p>A calm reading view for every draft.</p>
       <h3 id="summary"><a href="#summary" aria-hidden="true">#</a> Summary</h3><p>One paragraph on top of each chapter.</p>
       <h3>Focus mode <span class="anchor">¶</span></h3><p>Hides everything but the sentence you write.</p>
       <h3 id="c">Export to C#</h3><p>Scripts for your own build, in the language you like.</p>
       <h2 id="faq">Is it free? <a href="#faq">🔗</a></h2><p>Yes, the editor is free for personal use.</p>
       <h2>Does it sync? ¶</h2><div>Through any folder you already sync.</div>`,
      '<title>Inkwell ¶</title>',
    ),
  });
  const { gated } = draftOf(site);

  it('strips ¶ § # and 🔗 from every value and keeps the words ("C#" stays)', () => {
    expect(gated.fields.features.value).toEqual([
      'Reader: A calm reading view for every draft.',
      'Summary: One paragraph on top of each chapter.',
      'Focus mode',
      'Export to C#',
    ]);
    expect(gated.fields.name.value).toBe('Inkwell');
    expect(everything(gated)).not.toMatch(/[¶🔗]|"#|# /u);
    expectQuotedFromSite(site, gated);
  });

  it('reads a heading ending "? ¶" as a question', () => {
    expect(gated.faqs.map((f) => [f.question, f.answer])).toEqual([
      ['Is it free?', 'Yes, the editor is free for personal use.'],
      ['Does it sync?', 'Through any folder you already sync.'],
    ]);
  });
});

describe("other people's words", () => {
  const home = page(
    `<header><nav><a href="/">Tallyho</a><a href="/pricing">Pricing</a></nav></header>
     <main>
       <section class="hero"><h1>Invoices that chase themselves</h1>
         <p>Tallyho sends your invoices and reminds late payers for you.</p></section>
       <section class="features">
         <h3>Payment reminders</h3><p>Polite reminders on the schedule you choose.</p>
         <h3>Bank matching</h3><p>Incoming payments matched to invoices.</p>
       </section>
       <section class="testimonials">
         <h3>Best purchase this year</h3>
         <p>I stopped writing awkward emails the week I signed up. My clients pay faster than ever.</p>
         <p>Maria Klein, illustrator · <a href="https://x.com/mariaklein">@mariaklein</a></p>
       </section>
       <blockquote><p>We cut our overdue invoices in half within a month, with no extra work for anyone on the team.</p>
         <cite>Jo Bloggs, CEO at Foodly</cite></blockquote>
       <p>I was sceptical of yet another tool, but it paid for itself in the first week of using it.</p>
       <p>— Ken Adams, freelance developer</p>
       <p>“Tallyho is the only invoicing tool my accountant ever praised to me.” — Priya Shah</p>
       <div><h2>As seen in</h2><ul><li>TechCrunch</li><li>The Verge</li></ul></div>
       <p>Our parser builds on <a href="https://github.com/someone/csv-fast">csv-fast by someone</a>, thank you.</p>
     </main>
     <footer><a href="https://github.com/tallyho-app">GitHub</a><a href="https://x.com/tallyhoapp">X</a></footer>`,
    '<title>Tallyho — Invoices that chase themselves</title>',
  );
  const site = siteOf({ '/': home }, 'https://tallyho.example');
  const { gated } = draftOf(site);

  it('never builds the description, features or USPs from testimonials, quotes or press strips', () => {
    expect(gated.fields.description.value).toBe('Tallyho sends your invoices and reminds late payers for you.');
    expect(gated.fields.features.value).toEqual(['Payment reminders', 'Bank matching']);
    const text = everything(gated);
    for (const theirs of [
      'awkward emails',
      'overdue invoices',
      'sceptical',
      'accountant',
      'TechCrunch',
      'Best purchase',
    ])
      expect(text).not.toContain(theirs);
  });

  it("takes the company's own accounts, not a reviewer's handle or a side repository", () => {
    expect(gated.company_socials).toEqual({
      github: 'https://github.com/tallyho-app',
      x: 'https://x.com/tallyhoapp',
    });
  });

  it('never takes a reviewer as a founder', () => {
    expect(gated.founders).toEqual([]);
  });

  it("does not take a stranger's account in body text, even outside a testimonial, when the nav has none", () => {
    const bare = siteOf(
      {
        '/': page(
          `<main><h1>Quill</h1><p>Quill turns notes into outlines. Thanks to <a href="https://x.com/janedoe">Jane</a> for the idea,
           and to <a href="https://github.com/other/markdown-it">markdown-it</a>.</p>
           <p>Follow <a href="https://x.com/quillnotes">Quill on X</a>.</p></main>`,
        ),
      },
      'https://quill.example',
    );
    expect(draftOf(bare).gated.company_socials).toEqual({ x: 'https://x.com/quillnotes' });
  });

  it('does not take a repository the footer credits for the code host', () => {
    const credited = siteOf(
      {
        '/': page(
          `<h1>Quill</h1><p>Quill turns notes into outlines.</p>
           <footer><a href="https://github.com/withastro/astro">Built with Astro</a>
             <a href="https://github.com/quill-notes/app" aria-label="GitHub"><svg></svg></a></footer>`,
        ),
      },
      'https://getquill.example',
    );
    expect(draftOf(credited).gated.company_socials).toEqual({ github: 'https://github.com/quill-notes/app' });
    const creditOnly = siteOf({
      '/': page('<h1>Quill</h1><footer><a href="https://github.com/withastro/astro">Built with Astro</a></footer>'),
    });
    expect(draftOf(creditOnly).gated.company_socials).toEqual({});
  });
});

describe("someone else's facts", () => {
  const site = siteOf(
    {
      '/': page(
        `<h1>Status pages you own</h1>
         <p>Lumen is an open-source status page for small teams. Unlike Statuspage, which locks your history away, Lumen keeps every incident in your own database.</p>
         <p>Lumen works with Shopify, WordPress and Webflow sites.</p>`,
        '<title>Lumen — status pages</title>',
      ),
      '/pricing': page(
        `<h1>Pricing</h1>
         <p>Unlike Statuspage's $99 plan, Lumen Cloud costs $29 a month.</p>
         <p>Atlassian charges $399 per month for the same features.</p>
         <p>Card payments are processed by Stripe (2.9% + $0.30 per transaction).</p>
         <section><h2>Lumen vs. Statuspage</h2>
           <table><tr><th></th><th>Lumen</th><th>Statuspage</th></tr><tr><td>Price</td><td>$29</td><td>$99</td></tr></table>
         </section>`,
        '<title>Pricing | Lumen</title>',
      ),
    },
    'https://lumen.example',
  );
  const { gated } = draftOf(site);

  it("quotes the part of a comparison that is about the product, never the competitor's price or name", () => {
    expect(gated.fields.pricing_summary.value).toBe('Lumen Cloud costs $29 a month.');
    expect(gated.fields.pricing_model.value).toBe('subscription');
    const text = everything(gated);
    for (const theirs of ['$99', '$399', 'Statuspage', 'Atlassian', '$0.30', 'Stripe'])
      expect(text).not.toContain(theirs);
  });

  it('keeps the own sentences of a paragraph that compares', () => {
    expect(gated.fields.description.evidence.map((e) => e.quote)).toEqual([
      'Lumen is an open-source status page for small teams.',
      'Lumen works with Shopify, WordPress and Webflow sites.',
    ]);
  });

  it('does not take integrations or page builders for what the product is', () => {
    expect(gated.fields.categories.value).toBeNull();
    const built = draftOf(
      siteOf({
        '/': page(
          '<h1>Status pages you own</h1><p>Lumen is a status page. <a href="https://framer.com/">Made in Framer</a></p>',
          '<title>Lumen — status pages</title><meta property="og:site_name" content="Framer">',
        ),
      }),
    ).gated;
    expect(built.fields.name.value).toBe('Lumen');
    expect(everything(built)).not.toContain('Framer');
  });

  it("never takes a customer's story for the company's: its founder, city or prices", () => {
    const { gated: story } = draftOf(
      siteOf({
        '/': page(
          '<h1>Formly</h1><p>Formly builds forms people finish.</p><a href="/customers/centralperk">Customers</a>',
        ),
        '/customers/centralperk': page(
          '<h1>Centralperk</h1><p>Centralperk, a coffee chain founded by Gunther Meyer, is based in Seattle, Washington. Its old tool cost $300 a month.</p>',
        ),
      }),
    );
    expect(story.founders).toEqual([]);
    expect(valuesOf(story)).toMatchObject({ city: null, country: null, pricing_summary: null, founded_year: null });
  });
});

describe('vocabulary: the pricing model and categories', () => {
  const pricing = (body: string) =>
    draftOf(
      siteOf({
        '/': page('<h1>Lumen</h1><p>Status pages you own.</p><a href="/pricing">Pricing</a>', '<title>Lumen</title>'),
        '/pricing': page(body, '<title>Pricing | Lumen</title>'),
      }),
    ).gated.fields;

  it('never calls a licence a pricing model: open source without prices has none, and is a tag', () => {
    const { gated } = draftOf(
      siteOf({
        '/': page('<h1>Lumen</h1><p>Lumen is an open-source status page for teams who host it themselves.</p>'),
      }),
    );
    expect(gated.fields.pricing_model.value).toBeNull();
    expect(gated.fields.tags.value).toEqual(['open source']);
    expect(
      draftOf(siteOf({ '/': page('<h1>Lumen</h1><p>Lumen is free and open source, for everyone.</p>') })).gated.fields
        .pricing_model.value,
    ).toBe('free');
  });

  it.each([
    ['<p>Pay what you want, from $5.</p>', 'pay-what-you-want', 'Pay what you want, from $5.'],
    [
      '<p>Pro: $15/year.</p><p>Start with a free trial of 15 days.</p>',
      'subscription',
      'Pro: $15/year.; Start with a free trial of 15 days.',
    ],
    ['<p>Lifetime licence: $49, one-time payment.</p>', 'one-time', 'Lifetime licence: $49, one-time payment.'],
    ['<p>$0.50 per 1,000 emails sent.</p>', 'usage-based', '$0.50 per 1,000 emails sent.'],
    [
      '<h2>Enterprise</h2><p>Custom pricing for large teams. Contact sales.</p>',
      'contact sales',
      'Custom pricing for large teams.',
    ],
    [
      '<ul><li>Free: $0 for one page</li><li>Team: €29 per month</li></ul>',
      'freemium',
      'Free: $0 for one page; Team: €29 per month',
    ],
  ])('%s → %s', (body, model, summary) => {
    const fields = pricing(body);
    expect(fields.pricing_model.value).toBe(model);
    expect(fields.pricing_summary.value).toBe(summary);
  });

  it('puts an hourly rate in the summary but not in the model', () => {
    const fields = pricing('<p>Lumen is free to self-host.</p><p>Consulting: 100 euro/h.</p>');
    expect(fields.pricing_model.value).toBe('free');
    expect(fields.pricing_summary.value).toBe('Consulting: 100 euro/h.');
  });

  it('chooses categories from what the product is, not from keyword hits', () => {
    const { gated } = draftOf(
      siteOf({
        '/': page(
          `<h1>Write without noise</h1><p>Inkwell is a Markdown editor for long-form writers.</p>
           <h2>Editors' Picks</h2><p>Our favourite essays written with it.</p>
           <p>A responsive design that works on every screen, and a strict Content Security Policy.</p>`,
          '<title>Inkwell — write without noise</title>',
        ),
      }),
    );
    expect(gated.fields.categories.value).toEqual(['Editors']);
  });
});

describe('the stage of the product, not of a feature or a post', () => {
  const stage = (pages: Record<string, string>) => draftOf(siteOf(pages)).gated.fields.stage.value;

  it('reads the hero, a badge or a sentence about the product', () => {
    expect(
      stage({ '/': page('<span>Public beta</span><h1>Orbit</h1><p>Plan sprints without the spreadsheet.</p>') }),
    ).toBe('beta');
    expect(
      stage({
        '/': page(
          '<h1>Orbit</h1><p>Orbit plans sprints.</p><h2>Roadmap</h2><p>We are now in early access: join the waitlist.</p>',
        ),
      }),
    ).toBe('early access');
  });

  it('ignores a feature in beta, a changelog and "out of beta"', () => {
    expect(
      stage({
        '/': page(
          '<h1>Orbit</h1><p>Orbit plans sprints.</p><h3>AI estimates (beta)</h3><p>Mobile app coming soon.</p><p>Orbit is out of beta since March.</p>',
        ),
        '/changelog': page('<h1>Changelog</h1><p>2.3 beta: new boards.</p>'),
      }),
    ).toBeNull();
  });
});

describe('missed patterns: founders', () => {
  const founders = (pages: Record<string, string>) => draftOf(siteOf(pages)).gated.founders;

  it('finds "developed by", "CEO:", "founded by … and …" and team cards with roles', () => {
    expect(founders({ '/': page('<h1>Inkwell</h1><p>Inkwell is developed by Ana Lima in Lisbon.</p>') })).toMatchObject(
      [{ name: 'Ana Lima', title: null }],
    );
    expect(
      founders({
        '/': page('<h1>Acme</h1>'),
        '/imprint': page('<h1>Imprint</h1><p>Acme Labs GmbH. CEO: Ben Okafor.</p>'),
      }),
    ).toMatchObject([{ name: 'Ben Okafor', title: 'CEO' }]);
    expect(
      founders({ '/': page('<h1>Acme</h1><p>Acme was founded by Sara Chen and Tom Ruiz in 2020.</p>') }).map(
        (f) => f.name,
      ),
    ).toEqual(['Sara Chen', 'Tom Ruiz']);
    expect(
      founders({
        '/': page('<h1>Lumen</h1><a href="/people">Team</a>'),
        '/people': page(
          '<h1>The people behind Lumen</h1><h3>Ines Moreau</h3><p>Founder. Ines ran operations at a host for ten years.</p><h3>Tomás Rocha</h3><p>Co-founder and lead developer.</p><h3>Lee Park</h3><p>Support engineer.</p>',
        ),
      }),
    ).toEqual([
      expect.objectContaining({
        name: 'Ines Moreau',
        title: 'Founder',
        bio: 'Ines ran operations at a host for ten years.',
      }),
      expect.objectContaining({ name: 'Tomás Rocha', title: 'Co-founder and lead developer' }),
    ]);
  });

  it('takes "© YEAR NAME" only as a weak signal: a person, and nothing else names a founder', () => {
    expect(founders({ '/': page('<h1>Quill</h1><footer>© 2024 Jane Doe</footer>') })).toMatchObject([
      { name: 'Jane Doe', title: null },
    ]);
    expect(
      founders({ '/': page('<h1>Quill</h1><footer>© 2024 Quill Software GmbH. All rights reserved.</footer>') }),
    ).toEqual([]);
    expect(
      founders({ '/': page('<h1>Quill</h1><p>Quill is made by Ana Lima.</p><footer>© 2024 Jane Doe</footer>') }).map(
        (f) => f.name,
      ),
    ).toEqual(['Ana Lima']);
  });
});

describe('missed patterns: where the company is', () => {
  const where = (pages: Record<string, string>) => {
    const v = valuesOf(draftOf(siteOf(pages)).gated);
    return { city: v.city, country: v.country };
  };

  it('reads a postal address and a register line on an imprint', () => {
    expect(
      where({
        '/': page('<h1>Lumen</h1><footer><a href="/legal/notice">Imprint</a></footer>'),
        '/legal/notice': page('<h1>Imprint</h1><p>Lumen Software GmbH, Hafenstraße 12, 20457 Hamburg, Germany.</p>'),
      }),
    ).toEqual({ city: 'Hamburg', country: 'DE' });
    expect(
      where({
        '/': page('<h1>Lumen</h1>'),
        '/impressum': page('<h1>Impressum</h1><p>Registered at Amtsgericht München, HRB 98765.</p>'),
      }),
    ).toEqual({ city: 'München', country: 'DE' });
    expect(
      where({
        '/': page('<h1>Acme</h1><footer><address>500 Howard Street, San Francisco, CA 94105</address></footer>'),
      }),
    ).toEqual({ city: 'San Francisco', country: 'US' });
  });

  it('is not where the servers are, nor the language it is built in', () => {
    expect(
      where({
        '/': page(
          '<h1>Acme</h1><p>Our servers are in Toronto. All data is hosted in Frankfurt, Germany. Built in Rust.</p><p>Our servers are located in Toronto, Canada.</p>',
        ),
      }),
    ).toEqual({ city: null, country: null });
    expect(where({ '/': page('<h1>Acme</h1><p>We are a team of six, based in Lyon, France.</p>') })).toEqual({
      city: 'Lyon',
      country: 'FR',
    });
  });
});

describe('missed patterns: contact email', () => {
  it('takes a mailto with only an icon and an aria-label, the company address before a privacy or a foreign one', () => {
    const { gated } = draftOf(
      siteOf(
        {
          '/': page(
            `<h1>Lumen</h1><p>Data questions: <a href="mailto:privacy@lumen.example">privacy@lumen.example</a></p>
             <p>Built with help from <a href="mailto:jo@agency.example">jo@agency.example</a></p>
             <footer><a href="mailto:hello@lumen.example?subject=Hi" aria-label="Email us"><svg></svg></a></footer>`,
            '<title>Lumen</title>',
          ),
        },
        'http://127.0.0.1:4000',
      ),
    );
    expect(gated.fields.contact_email.value).toBe('hello@lumen.example');
  });
});

describe('taglines and features like an editor', () => {
  it('prefers a short hero line or og:description to a long SEO question heading, and never repeats the name', () => {
    const seo = draftOf(
      siteOf({
        '/': page(
          '<h1>What is the best self-hosted status page for small teams who care about uptime in 2025?</h1><p>Lumen is an open-source status page.</p>',
          '<title>Lumen</title><meta property="og:description" content="Status pages you own.">',
        ),
      }),
    ).gated;
    expect(seo.fields.tagline.value).toBe('Status pages you own.');
    const named = draftOf(
      siteOf({
        '/': page(
          '<h1>Lumen</h1><p>Calm status pages for small teams</p><p>Lumen is an open-source status page you run yourself.</p>',
          '<title>Lumen</title>',
        ),
      }),
    ).gated;
    expect(named.fields.name.value).toBe('Lumen');
    expect(named.fields.tagline.value).toBe('Calm status pages for small teams');
  });

  it('makes a feature of a heading with its sentence, never of a bare word', () => {
    const { gated } = draftOf(
      siteOf({
        '/': page('<h1>Lumen</h1><a href="/features">Features</a>'),
        '/features': page(
          '<h1>Features</h1><h2>Timeline</h2><p>Post updates as an incident unfolds. Subscribers see each one.</p><h2>Alerts</h2><h2>Subscriber alerts</h2><p>Email and SMS.</p>',
        ),
      }),
    );
    expect(gated.fields.features.value).toEqual([
      'Timeline: Post updates as an incident unfolds.',
      'Subscriber alerts',
    ]);
  });
});

describe('evidence fidelity', () => {
  it('keeps a quote as the page writes it: typographic apostrophes and quotes stay', () => {
    const site = siteOf({
      '/': page(
        '<h1>We’re the “calm” status page</h1><p>Lumen’s pages load in under a second, everywhere you’d look.</p>',
        '<title>Lumen</title>',
      ),
    });
    const { gated } = draftOf(site);
    expect(gated.fields.tagline.value).toBe('We’re the “calm” status page');
    expect(gated.fields.tagline.evidence[0]!.quote).toBe('We’re the “calm” status page');
    expect(gated.fields.description.evidence[0]!.quote).toBe(
      'Lumen’s pages load in under a second, everywhere you’d look.',
    );
    expect(normalizeForMatch(gated.fields.tagline.evidence[0]!.quote)).toBe(`We're the "calm" status page`);
  });

  it('gives each social link a quote: its text and address as on the page', () => {
    const { gated } = draftOf(
      siteOf({
        '/': page(
          '<h1>Lumen</h1><footer><a href="https://github.com/lumen-status/lumen">Source on GitHub</a></footer>',
        ),
      }),
    );
    expect(gated.company_socials_evidence.github).toEqual([
      { quote: 'Source on GitHub https://github.com/lumen-status/lumen', url: 'https://lumen.example/' },
    ]);
  });
});
