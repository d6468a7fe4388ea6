// Kinds of mistakes the grown real-site corpus showed (third pass),
// each on HTML written here: plan cards and comparison tables, press kits and
// imprints, accounts a page names as its own, copies in another language,
// accordions, runs of cards, and what belongs to a host, a post or a résumé.
import { describe, expect, it } from 'vitest';
import { draftOf, page, siteOf } from './site-of.js';

const withPricing = (body: string) =>
  draftOf(
    siteOf({
      '/': page('<h1>Lumen</h1><p>Status pages you own.</p><a href="/pricing">Pricing</a>', '<title>Lumen</title>'),
      '/pricing': page(body, '<title>Pricing</title>'),
    }),
  ).gated;

describe('pricing: plan cards', () => {
  it('joins a price alone on its line with the terms below it and names it by the card heading', () => {
    const gated = withPricing(`
      <h1>Simple pricing</h1>
      <div class="card"><h3>Free</h3><p>Try Lumen</p><div>$0</div><div>Forever free</div><ul><li>1 page</li></ul></div>
      <div class="card"><h3>Monthly</h3><p>For regular users</p><div>$9.99</div><div>per month</div><ul><li>Unlimited pages</li></ul></div>
      <div class="card"><h3>Lifetime</h3><p>Starting at</p><div>99€</div><div>One-time Payment</div></div>`);
    expect(gated.fields.pricing_model.value).toBe('freemium');
    expect(gated.fields.pricing_summary.value).toBe(
      'Free: $0 Forever free; Monthly: $9.99 per month; Lifetime: 99€ One-time Payment',
    );
    expect(gated.fields.pricing_summary.evidence.map((e) => e.quote)).toContain('$9.99 per month');
  });

  it('leaves out a table comparing our years with what others cost, but keeps a comparison of our own plans', () => {
    const gated = withPricing(`
      <h1>Price</h1><p>€49,90 una volta · IVA inclusa</p>
      <h2>Confronto</h2><table><tr><td>Anno 1</td><td>€49,90</td><td>~€290</td></tr>
        <tr><td>Anno 2</td><td>€0</td><td>~€290</td></tr></table>
      <h2>Domande</h2><p>Acquista — €49,90</p>`);
    expect(gated.fields.pricing_model.value).toBe('one-time');
    expect(gated.fields.pricing_summary.value).toBe('€49,90 una volta · IVA inclusa');

    const plans = withPricing(`
      <h1>Plans</h1><h3>Pro</h3><div>$12</div><div>per month</div>
      <h2>Compare plans &amp; features</h2><table><tr><td>Basic</td><td>$0 Forever free</td></tr></table>`);
    expect(plans.fields.pricing_model.value).toBe('freemium');
  });

  it("leaves a card's ribbon out of its plan's name", () => {
    const gated = withPricing(
      '<h1>Pricing</h1><div><span class="ribbon">Most popular</span> <span>Team</span></div><div>$29</div><div>per month</div>',
    );
    expect(gated.fields.pricing_summary.value).toBe('Team: $29 per month');
  });

  it('reads one-time terms in the languages sites are written in', () => {
    for (const terms of ['einmalig', 'paiement unique', 'pago único', 'una tantum'])
      expect(
        withPricing(`<h1>Preise</h1><h3>Lizenz</h3><div>29 €</div><div>${terms}</div>`).fields.pricing_model.value,
      ).toBe('one-time');
  });
});

describe('the company in its press kit, and accounts it names as its own', () => {
  it('reads a press kit as the company speaking: the maker, the city and the country', () => {
    const { gated } = draftOf(
      siteOf({
        '/': page(
          '<h1>Lumen</h1><p>Status pages you own.</p><a href="/presskit">Press Kit</a>',
          '<title>Lumen</title>',
        ),
        '/presskit': page(
          '<h1>Press Kit</h1><section class="presskit"><h2>About the developer</h2><p>Lumen is built by Ines Moreau (she/her), an iOS developer from Utrecht, The Netherlands.</p></section>',
          '<title>Lumen - Press Kit</title>',
        ),
      }),
    );
    expect(gated.founders.map((f) => [f.name, f.title])).toEqual([['Ines Moreau', null]]);
    expect([gated.fields.city.value, gated.fields.country.value]).toEqual(['Utrecht', 'NL']);
  });

  it('takes a rel="me" Mastodon account as the custom link and the X card tag when it carries the name', () => {
    const { gated } = draftOf(
      siteOf({
        '/': page(
          '<h1>Lumen</h1><p>Status pages you own.</p><a href="https://social.example/@someone">A friend</a><a rel="me" href="https://floss.social/@lumen"></a>',
          '<title>Lumen</title><meta name="twitter:site" content="@LumenHQ">',
        ),
      }),
    );
    expect(gated.company_socials).toMatchObject({ custom: 'https://floss.social/@lumen', x: 'https://x.com/LumenHQ' });
    expect(gated.company_socials_evidence.x?.[0]?.quote).toBe('@LumenHQ');
    const template = draftOf(
      siteOf({ '/': page('<h1>Lumen</h1>', '<title>Lumen</title><meta name="twitter:site" content="@vercel">') }),
    ).gated;
    expect(template.company_socials.x).toBeUndefined();
  });
});

describe('what belongs to someone or something else', () => {
  it('leaves out the addresses of an imprint section about the host, and reads "Headquarters: City, Region"', () => {
    const imprint = draftOf(
      siteOf({
        '/': page('<h1>Lumen</h1><p>Status pages you own.</p><a href="/mentions-legales">Mentions légales</a>'),
        '/mentions-legales': page(`<h1>Mentions légales</h1><p>Lumen est édité par Ines Moreau.</p>
          <h2>Hébergement</h2><p>Le site est hébergé par :</p><p>Vercel Inc.</p><p>440 N Barranca Ave #4133</p><p>Covina, CA 91723</p>
          <p>Gestion du domaine :</p><p>Hostinger International Ltd.</p><p>61 Lordou Vironos Street</p><p>6023 Larnaca</p>`),
      }),
    ).gated;
    expect([imprint.fields.city.value, imprint.fields.country.value]).toEqual([null, null]);
    const hq = draftOf(siteOf({ '/': page('<h1>Lumen</h1><p>Americas Headquarters: Rochester, New York</p>') })).gated;
    expect(hq.fields.city.value).toBe('Rochester');
  });

  it('reads only the page language of copies a script switches between', () => {
    const { gated } = draftOf(
      siteOf({
        '/': page('<h1>Lumen</h1><p>Pagine di stato.</p><a href="/prezzi">Prezzi</a>').replace(
          'lang="en"',
          'lang="it"',
        ),
        '/prezzi': page(
          '<h1>Prezzi</h1><div><span data-lang-it>Prova gratuita</span><span data-lang-en>Free trial</span></div><div>0 €</div><div>per 30 giorni</div><div><h3>Licenza</h3><div>2.400 €</div><div>una tantum</div></div>',
        ).replace('lang="en"', 'lang="it"'),
      }),
    );
    expect(gated.fields.pricing_summary.value).toBe('Prova gratuita: 0 € per 30 giorni; Licenza: 2.400 € una tantum');
    // Nothing to pay for 30 days is a trial: the product is sold once, not freemium.
    expect(gated.fields.pricing_model.value).toBe('one-time');
  });

  it('leaves out an estimate of what a price comes to, a roadmap headed "Coming soon", a video in a post and a résumé\'s "since"', () => {
    const { gated } = draftOf(
      siteOf({
        '/': page(`<h1>Lumen</h1><p>Status pages you own.</p><a href="/pricing">Pricing</a><a href="/about">About</a><a href="/blog/launch">Launch post</a>
          <section><h2>Coming soon</h2><p>Voice search — ask by voice.</p></section>`),
        '/pricing': page(
          '<h1>Pricing</h1><p>€2,400 one-time.</p><p>To put it in perspective: €2,400 one-time is about €200/month over the first year.</p>',
        ),
        '/about': page("<h1>About</h1><h3>Jo Park</h3><p>Led Lumen's European expansion since 2015.</p>"),
        '/blog/launch': page('<h1>We launched</h1><video src="/media/launch.mp4"></video>'),
      }),
    );
    expect(gated.fields.pricing_summary.value).toBe('€2,400 one-time.');
    expect(gated.fields.stage.value).toBeNull();
    expect(gated.fields.demo_video_url.value).toBeNull();
    expect(gated.fields.founded_year.value).toBeNull();
  });
});

describe('features: cards however they are marked up', () => {
  it('reads a run of cards written as plain lines (title, a short line, a sentence), not the section headings around them', () => {
    const { gated } = draftOf(
      siteOf({
        '/': page(`<h1>Lumen</h1><p>Status pages you own.</p>
          <h2>Status pages that work for everyone</h2>
          <div><div>Fair Alerts, Every Time</div><div>Zero missed pages</div><p>Route each alert to whoever is on call.</p></div>
          <div><div>Sketch</div><p>Draw incidents on a timeline.</p></div>
          <div><div>Organize</div><p>Group your pages in folders.</p></div>
          <h2>Ready to start?</h2>`),
      }),
    );
    expect(gated.fields.features.value).toEqual([
      'Fair Alerts, Every Time: Route each alert to whoever is on call.',
      'Sketch: Draw incidents on a timeline.',
      'Organize: Group your pages in folders.',
    ]);
  });

  it('reads h2 feature headings that make a claim ("Priority Mic — Never lose your input again.")', () => {
    const { gated } = draftOf(
      siteOf({
        '/': page(`<h1>Lumen</h1><p>Status pages you own.</p>
          <h2>Portable Commands — Your commands now work everywhere.</h2><p>Point Lumen at any folder of commands.</p>
          <h2>Priority Mic — Never lose your input to Bluetooth again.</h2><p>Set your preferred input once and it stays.</p>
          <h2>Draw on screenshots. Paste the result.</h2><p>Circle the problem and paste it anywhere.</p>`),
      }),
    );
    expect(gated.fields.features.value).toHaveLength(3);
    expect((gated.fields.features.value as string[])[1]).toContain(
      'Priority Mic — Never lose your input to Bluetooth again.',
    );
  });
});

describe('FAQs: accordions as sites build them', () => {
  it('reads questions in buttons and answers in closed panels, full-width question marks, and no template samples', () => {
    const { gated } = draftOf(
      siteOf({
        '/': page('<h1>Lumen</h1><p>Status pages you own.</p><a href="/faq">FAQ</a>'),
        '/faq': page(`<h1>Frequently asked questions</h1>
          <div class="faq"><button class="faq__question">Is Lumen free?</button><div class="faq__answer">Yes, Lumen has a free plan.</div></div>
          <div class="faq"><div class="q">Can I sync with iCloud?</div><div style="display: none">Yes, on the Plus plan.</div></div>
          <details><summary>Macで使えますか？</summary><p>いいえ、Windows専用です。</p></details>
          <div class="faq"><div class="q">Question?</div><div style="display: none">Long answer</div></div>`),
      }),
    );
    expect(gated.faqs.map((f) => [f.question, f.answer]).sort()).toEqual([
      ['Can I sync with iCloud?', 'Yes, on the Plus plan.'],
      ['Is Lumen free?', 'Yes, Lumen has a free plan.'],
      ['Macで使えますか？', 'いいえ、Windows専用です。'],
    ]);
  });
});

describe('where the company is and who is behind it, as imprints write it', () => {
  const imprint = (body: string, home = '') =>
    draftOf(
      siteOf({
        '/': page(`<h1>Lumen</h1><p>Status pages you own.</p>${home}<a href="/impressum">Impressum</a>`),
        '/impressum': page(`<h1>Impressum</h1>${body}`),
      }),
    ).gated;

  it('reads the person after "Angaben gemäß § 5 TMG" and a city run into its country, without a street word', () => {
    const gated = imprint(
      '<p>Angaben gemäß § 5 TMG</p><p>Ludwig Montag<br>E-Mail: lm@lumen.example<br>In den Benden 5<br>53894 Mechernich<br>Germany</p>',
    );
    expect(gated.founders.map((f) => f.name)).toEqual(['Ludwig Montag']);
    expect([gated.fields.city.value, gated.fields.country.value]).toEqual(['Mechernich', 'DE']);
  });

  it('takes the country from the letters before a postcode and a Swiss register, a US state after a city', () => {
    const swiss = imprint(
      '<p>Lumen AG<br>Geibelstrasse 35<br>CH-8037 Zürich</p><p>Die Lumen AG ist im Handelsregister des Kantons Zürich eingetragen.</p>',
    );
    expect([swiss.fields.city.value, swiss.fields.country.value]).toEqual(['Zürich', 'CH']);
    const us = draftOf(siteOf({ '/': page('<h1>Lumen</h1><p>Andrew is based in San Francisco, CA.</p>') })).gated;
    expect([us.fields.city.value, us.fields.country.value]).toEqual(['San Francisco', 'US']);
  });

  it('stops a name at the label run into it, and takes the homepage author tag only when it is a person', () => {
    const gated = imprint('<p>Directeur de la publication : Antoine Achille Domaine principal : lumen.example</p>');
    expect(gated.founders.map((f) => f.name)).toEqual(['Antoine Achille']);
    const author = (who: string) =>
      draftOf(siteOf({ '/': page('<h1>Lumen</h1>', `<title>Lumen</title><meta name="author" content="${who}">`) }))
        .gated.founders;
    expect(author('Pete Batard').map((f) => f.name)).toEqual(['Pete Batard']);
    expect(author('Lumen Team')).toEqual([]);
  });
});

describe('own comparisons, free to start, sponsors asked for, team sections', () => {
  it("reads a comparison of the product's own plans (a free plan there makes it freemium)", () => {
    const gated = withPricing(`<h1>Plans</h1><h3>Plus</h3><div>0.99€</div><div>billed per month</div>
      <section class="pricing-comparison-section"><div class="comparison-table"><div>Basic</div><div>0€ Free</div></div>
      <h2>FAQ</h2><p>Yes, Lumen has a free plan.</p></section>`);
    expect(gated.fields.pricing_model.value).toBe('freemium');
  });

  it('reads "free to start" in other languages and a request for sponsors as a free product', () => {
    const start = draftOf(siteOf({ '/': page('<h1>Lumen</h1><p>Grátis para começar · Sem spam</p>') })).gated;
    expect(start.fields.pricing_model.value).toBe('free');
    const sponsor = draftOf(
      siteOf({ '/': page('<h1>Lumen</h1><p>We welcome any financial support to help us fund the project.</p>') }),
    ).gated;
    expect(sponsor.fields.pricing_model.value).toBe('free');
  });

  it("does not read a Team section's people as features", () => {
    const { gated } = draftOf(
      siteOf({
        '/': page(`<h1>Lumen</h1><p>Status pages you own.</p><h2>Team</h2>
          <h3>Emanuel Mahler</h3><p>Founder and developer of the platform since 2015.</p>
          <h3>Paola Dürlewanger</h3><p>Project manager for our largest customers.</p>`),
      }),
    );
    expect(gated.fields.features.value).toBeNull();
  });
});

describe('headings broken over lines', () => {
  it('reads a line break in an h1 as a space, so the tagline is quoted as the page shows it', () => {
    const { gated } = draftOf(
      siteOf({
        '/': page('<h1>Bestehen.<br>Nicht büffeln.</h1><p>Lernzettel für die IHK-Prüfung.</p>', '<title>Lumen</title>'),
      }),
    );
    expect(gated.fields.tagline.value).toBe('Bestehen. Nicht büffeln.');
  });
});

describe('team cards that name people by their handle', () => {
  it('reads "Nickname: handle" over "Role: …" as a maker', () => {
    const { gated } = draftOf(
      siteOf({
        '/': page('<h1>Lumen</h1><p>Status pages you own.</p><a href="/team">Team</a>'),
        '/team': page(
          '<h1>Team</h1><h2>Project Maintainer</h2><p>Nickname: sledgehammer999</p><p>Role: Project maintainer and main developer</p>',
        ),
      }),
    );
    expect(gated.founders.map((f) => [f.name, f.title])).toEqual([
      ['sledgehammer999', 'Project maintainer and main developer'],
    ]);
  });
});

describe('plans that cost the same', () => {
  it('keeps two named plans at one price, and drops a bare line repeating it', () => {
    const gated = withPricing(
      '<h1>Pricing</h1><h3>Team</h3><div>$10</div><div>per month</div><h3>Agency</h3><div>$10</div><div>per month</div><p>Buy now — $10</p>',
    );
    expect(gated.fields.pricing_summary.value).toBe('Team: $10 per month; Agency: $10 per month');
  });
});
