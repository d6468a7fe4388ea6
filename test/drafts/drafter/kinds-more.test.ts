// More kinds of extractor mistakes (second pass): a site's own mark
// as its logo, selling points that are claims (not section names, trial terms
// or the product's definition), a free pilot that is not a free product,
// machine vocabulary as tags, a side repository as the code host, and a
// customer's statistic quoted inline; Australian and Dutch addresses, plan
// cards priced in words, a name held inside another. Each site is HTML written here.
import { describe, expect, it } from 'vitest';
import { draftOf, everything, page, siteOf } from './site-of.js';

describe('logo: the mark in the brand link before the browser icons', () => {
  it('takes the image of the link to the home page', () => {
    const { gated } = draftOf(
      siteOf({
        '/': page(
          `<header><a href="/" class="brand"><img src="/img/lumen-mark.svg" alt="Lumen"></a>
             <nav><a href="/pricing">Pricing</a></nav></header>
           <h1>Lumen</h1><p>Status pages you own.</p>
           <section class="logos"><img src="/img/customers/acme.svg" alt="Acme"></section>`,
          '<title>Lumen</title><link rel="icon" href="/favicon.ico"><link rel="apple-touch-icon" href="/touch.png">',
        ),
      }),
    );
    expect(gated.fields.logo_url.value).toBe('https://lumen.example/img/lumen-mark.svg');
  });

  it('takes an image called a logo in the header when no link holds one, and a favicon when neither is there', () => {
    const withHeader = draftOf(
      siteOf({
        '/': page(
          '<header><img src="/static/logo-wide.png" alt=""><nav><a href="/docs">Docs</a></nav></header><h1>Lumen</h1>',
          '<title>Lumen</title><link rel="icon" href="/favicon.ico">',
        ),
      }),
    );
    expect(withHeader.gated.fields.logo_url.value).toBe('https://lumen.example/static/logo-wide.png');
    const bare = draftOf(
      siteOf({
        '/': page(
          '<h1>Lumen</h1><p><img src="/shot.png" alt="A screenshot"></p>',
          '<title>Lumen</title><link rel="icon" href="/favicon.ico">',
        ),
      }),
    );
    expect(bare.gated.fields.logo_url.value).toBe('https://lumen.example/favicon.ico');
  });
});

describe('selling points: claims, not section names, price terms or the definition', () => {
  const { gated } = draftOf(
    siteOf({
      '/': page(
        `<h1>Lumen</h1>
         <p>Lumen is an open-source status page for small teams.</p>
         <h2 id="why">Why Lumen? <a class="headerlink" href="#why">¶</a></h2>
         <ul><li>Your incidents stay in your own database.</li><li>Pages load without any JavaScript.</li></ul>
         <h2>Quiet by default</h2><p>No pop-ups, no sounds, nothing you did not ask for.</p>
         <h2>What it does</h2><p>It shows whether your services are up.</p>
         <h2>Lumen in three minutes</h2><p>A short tour.</p>
         <h2>Works with the tools you already have</h2><p>Slack, email and webhooks.</p>
         <p>Every plan starts with a free trial of 30 days.</p>
         <p>Hosting is free for open-source projects.</p>
         <p>GDPR-compliant, hosted in the EU.</p>`,
        '<title>Lumen</title>',
      ),
    }),
  );

  it('keeps the reasons of a "Why …?" section, claim headings and claim sentences', () => {
    expect(gated.fields.usps.value).toEqual([
      'Your incidents stay in your own database.',
      'Pages load without any JavaScript.',
      'GDPR-compliant, hosted in the EU.',
      'Quiet by default',
    ]);
  });

  it('leaves out trial and price terms, the product definition and section titles', () => {
    const usps = (gated.fields.usps.value as string[]).join(' | ');
    for (const not of ['free trial', 'Hosting is free', 'Lumen is an', 'What it does', 'three minutes', 'Works with'])
      expect(usps).not.toContain(not);
  });
});

describe('pricing: a free period is not a free product', () => {
  it('a pilot at no cost leaves the model to contact sales, with the page words as the summary', () => {
    const { gated } = draftOf(
      siteOf({
        '/': page('<h1>Lumen</h1><p>Status pages for hospitals.</p><a href="/pricing">Pricing</a>'),
        '/pricing': page(
          `<h1>Pricing</h1><p>Pricing depends on your sites. Contact sales for a quote.</p>
           <p>Every deployment starts with a 30-day pilot on your own network, at no cost.</p>`,
        ),
      }),
    );
    expect(gated.fields.pricing_model.value).toBe('contact sales');
    expect(gated.fields.pricing_summary.value).toBe('Contact sales for a quote.');
  });
});

describe('tags: machine vocabulary is not a maker tag', () => {
  it("drops schema.org's applicationCategory enumeration, keeps the keywords", () => {
    const ld = JSON.stringify({
      '@context': 'https://schema.org',
      '@type': 'SoftwareApplication',
      name: 'Lumen',
      applicationCategory: 'BusinessApplication',
      keywords: 'status page, uptime',
    });
    const { gated } = draftOf(
      siteOf({
        '/': page('<h1>Lumen</h1>', `<title>Lumen</title><script type="application/ld+json">${ld}</script>`),
      }),
    );
    expect(gated.fields.tags.value).toEqual(['status page', 'uptime']);
  });
});

describe('socials: a side repository is not the code host', () => {
  it('skips a repository named beyond the product and labelled as that other thing', () => {
    const { gated } = draftOf(
      siteOf({
        '/': page(
          `<h1>Lumen</h1><p>Status pages you own.</p>
           <footer><a href="https://github.com/lumenhq/lumen-importer" aria-label="Our importer on GitHub"><svg></svg></a>
             <a href="https://x.com/lumenhq">X</a></footer>`,
        ),
      }),
    );
    expect(gated.company_socials).toEqual({ x: 'https://x.com/lumenhq' });
  });

  it('keeps the product repository and a brand repository labelled as the code', () => {
    const { gated } = draftOf(
      siteOf({
        '/': page(`<h1>Lumen</h1><footer><a href="https://github.com/lumenhq/lumen-server">GitHub</a></footer>`),
      }),
    );
    expect(gated.company_socials).toEqual({ github: 'https://github.com/lumenhq/lumen-server' });
  });
});

describe("other people's words: a statistic with a quotation and its source", () => {
  it('keeps a customer line quoted inside a block out of the description', () => {
    const { gated } = draftOf(
      siteOf({
        '/': page(
          `<h1>Lumen</h1><p>Lumen is a status page for hospitals. It shows which services are down.</p>
           <section class="stat"><p class="n">64%</p>
             <p>fewer support tickets in a quarter. “For the first time our clinicians knew before they called us.”</p>
             <p class="source">Jordan Pike, CIO, Valley Health</p></section>
           <p>Lumen runs in your own data centre.</p>`,
        ),
      }),
    );
    expect(everything(gated)).not.toContain('For the first time');
    expect(gated.fields.description.value).toContain('Lumen is a status page for hospitals.');
  });
});

describe('founders: "founded in YEAR by A (role), who …, and B (role)"', () => {
  it('finds both names with the roles in brackets, across a year and a description of the first', () => {
    const { gated } = draftOf(
      siteOf({
        '/': page('<h1>Lumen</h1><p>Status pages you own.</p>'),
        '/about': page(
          `<h1>About</h1><p>Lumen is a Danish company. We were founded in 2021 by Ida Holm (CEO), a nurse who
           got tired of pagers, and Omar Said (CTO), who used to run hospital networks.</p>`,
        ),
      }),
    );
    expect(gated.founders.map((f) => [f.name, f.title])).toEqual([
      ['Ida Holm', 'CEO'],
      ['Omar Said', 'CTO'],
    ]);
  });

  it('takes a description without brackets too, and the founder title from the verb', () => {
    const { gated } = draftOf(
      siteOf({
        '/': page(
          '<h1>Lumen</h1><p>Lumen was founded in 2019 by Mara Lind, a carpenter, and Jonas Berg, who wrote the first version.</p>',
        ),
      }),
    );
    expect(gated.founders.map((f) => [f.name, f.title])).toEqual([
      ['Mara Lind', 'Founder'],
      ['Jonas Berg', 'Founder'],
    ]);
  });
});

describe('addresses, plan cards priced in words and a name held in another (the f-* dev sites’ kinds)', () => {
  const withContact = (contact: string, head = '<title>Lumen</title>') =>
    draftOf(
      siteOf({
        '/': page('<h1>Lumen</h1><p>Status pages you own.</p><a href="/contact">Contact</a>', head),
        '/contact': page(contact, '<title>Contact | Lumen</title>'),
      }),
    ).gated;

  it('reads an Australian address (city, state, postcode) and never a phone number’s label as the city', () => {
    const gated = withContact(
      `<h1>Contact</h1><div><strong>Phone:</strong> (03) 9005 4950<br><strong>Fax:</strong> (03) 8677 2941<br><br>
       Level 8, 616 St Kilda Rd<br>Melbourne<br>Victoria, 3004</div>`,
    );
    expect(gated.fields.city.value).toBe('Melbourne');
    expect(gated.fields.country.value).toBe('AU');
  });

  it('reads a Dutch postcode and a city written with ’s- and its name in brackets, and KVK in capitals', () => {
    const gated = withContact(
      `<h1>Imprint</h1><p><strong>Lumen</strong><br>Keizersgracht 12<br>2511KP ’s-Gravenhage (The Hague), Netherlands</p>
       <p>KVK number: <strong>12345678</strong></p>`,
    );
    expect(gated.fields.city.value).toBe('’s-Gravenhage');
    expect(gated.fields.country.value).toBe('NL');
  });

  it('reads the country a legal entity’s postal line ends with', () => {
    const gated = withContact('<h1>Privacy</h1><p>Postal mail: Lumen Labs LLC, Delaware, United States.</p>');
    expect(gated.fields.country.value).toBe('US');
  });

  it('reads plan cards priced in words: a free plan beside plans on request is freemium, each plan named', () => {
    const { gated } = draftOf(
      siteOf({
        '/': page('<h1>Lumen</h1><p>Status pages you own.</p><a href="/precios">Precios</a>'),
        '/precios': page(
          `<h1>Precios</h1>
           <div class="plan"><h3>Piloto</h3><p>Gratis</p><p>Hasta 30 monitores</p></div>
           <div class="plan"><h3>Profesional</h3><p>Consultar</p><p>Monitores ilimitados</p></div>
           <div class="plan"><h3>Enterprise</h3><p>A medida</p><p>SSO y SLA</p></div>`,
          '<title>Precios | Lumen</title>',
        ),
      }),
    );
    expect(gated.fields.pricing_model.value).toBe('freemium');
    expect(gated.fields.pricing_summary.value).toBe('Piloto: Gratis; Profesional: Consultar; Enterprise: A medida');
  });

  it('never takes a lone "Free" button for a plan', () => {
    const { gated } = draftOf(
      siteOf({
        '/': page('<h1>Lumen</h1><p>Status pages you own.</p><a href="/pricing">Pricing</a>'),
        '/pricing': page('<h1>Pricing</h1><p>Ask us what it costs.</p><p>Free</p>', '<title>Pricing | Lumen</title>'),
      }),
    );
    expect(gated.fields.pricing_summary.value ?? '').not.toContain('Free');
  });

  it('names the product by the title part holding a shorter one every title shares ("POS" in "ImPOS")', () => {
    const { gated } = draftOf(
      siteOf({
        '/': page('<p>Point of sale for restaurants.</p>', '<title>POS - Point of Sale Systems | ImPOS</title>'),
        '/about': page('<h1>About</h1>', '<title>About us | ImPOS</title>'),
        '/contact': page('<h1>Contact</h1>', '<title>Contact | ImPOS</title>'),
      }),
    );
    expect(gated.fields.name.value).toBe('ImPOS');
  });

  it('reads a founder named after whose they are, the brand’s or "our", and never another company’s', () => {
    const founders = (text: string) =>
      draftOf(siteOf({ '/': page(`<h1>Lumen</h1><p>Status pages you own.</p><p>${text}</p>`) })).gated.founders;
    expect(founders('Webinar: setting up alerts, presented by Lumen owner and founder Ines Moreau.')).toEqual([
      expect.objectContaining({ name: 'Ines Moreau', title: 'Owner and founder' }),
    ]);
    expect(founders('Say hello to our co-founder Jonas Berg at the meetup.')).toEqual([
      expect.objectContaining({ name: 'Jonas Berg', title: 'Co-founder' }),
    ]);
    expect(founders('As Slack founder Stewart Butterfield once said, work should be calm.') ?? []).toEqual([]);
  });
});
