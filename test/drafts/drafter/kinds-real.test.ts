// Kinds of mistakes the real-site corpus showed, each on HTML written
// here: free tools and donations, pay what and when you want, quotes on request;
// where a company is in other languages and legal forms; features sections and
// lead-in lists; people from imprints and team cards; the product's own accounts
// and mailboxes; stages said in a sentence; lines that only look like taglines.
import { describe, expect, it } from 'vitest';
import { draftOf, everything, page, siteOf } from './site-of.js';

const one = (body: string, head = '<title>Lumen</title>') => draftOf(siteOf({ '/': page(body, head) })).gated;
const withPage = (home: string, path: string, body: string) =>
  draftOf(
    siteOf({
      '/': page(`<h1>Lumen</h1><p>Status pages you own.</p>${home}`, '<title>Lumen</title>'),
      [path]: page(body, '<title>Lumen</title>'),
    }),
  ).gated;

describe('pricing: free tools, donations, pay what you want, quotes on request', () => {
  it('reads "it is and will always be free" as a free product, quoted', () => {
    const gated = one('<h1>Lumen</h1><p>Lumen uses the MIT license. It is and will always be free.</p>');
    expect(gated.fields.pricing_model.value).toBe('free');
    expect(gated.fields.pricing_model.evidence[0]!.quote).toBe('It is and will always be free.');
  });

  it('reads a request for donations on any page as a free product, with the request in the summary', () => {
    const gated = withPage(
      '<a href="/support">Support us</a>',
      '/support',
      '<h1>Support</h1><p>Lumen is built by volunteers. If you like it, please consider donating to the project.</p>',
    );
    expect(gated.fields.pricing_model.value).toBe('free');
    expect(gated.fields.pricing_summary.value).toContain('please consider donating');
  });

  it('reads "pay what and when you want" in the description as pay what you want', () => {
    const gated = one(
      '<h1>Lumen</h1><p>Analytics without cookies.</p>',
      '<title>Lumen</title><meta name="description" content="Simple analytics. Get started today and pay what and when you want!">',
    );
    expect(gated.fields.pricing_model.value).toBe('pay-what-you-want');
  });

  it('reads a French quote on request as contact sales', () => {
    const gated = withPage(
      '<a href="/tarifs">Tarifs</a>',
      '/tarifs',
      '<h1>Tarifs</h1><p>Chaque entreprise est différente. Demandez un devis personnalisé.</p>',
    );
    expect(gated.fields.pricing_model.value).toBe('contact sales');
  });
});

describe('where the company is', () => {
  it('reads "a non-profit company at Finland" and "registered in the Czech Republic" run into the next line', () => {
    expect(one('<h1>Lumen</h1><p>Lumen is a non-profit company at Finland.</p>').fields.country.value).toBe('FI');
    const cz = one('<h1>Lumen</h1><p>Lumen s.r.o.<br>Registered in the Czech Republic<br>Company ID: 123</p>');
    expect(cz.fields.country.value).toBe('CZ');
  });

  it('reads country names in the languages sites are written in, and a flag after the place', () => {
    const fr = one('<h1>Lumen</h1><p>Notre équipe basée à Lyon, France répond vite.</p>');
    expect([fr.fields.city.value, fr.fields.country.value]).toEqual(['Lyon', 'FR']);
    const flag = one('<h1>Lumen</h1><p>Made in Hossegor 🇫🇷</p>');
    expect([flag.fields.city.value, flag.fields.country.value]).toEqual(['Hossegor', 'FR']);
  });

  it('reads a German imprint by its law, and its postcode line as the city', () => {
    const gated = withPage(
      '<footer><a href="/impressum">Impressum</a></footer>',
      '/impressum',
      '<h1>Impressum</h1><p>Angaben gemäß § 5 TMG</p><p>Anna Schmidt<br>Hauptstraße 5<br>17109 Demmin</p>',
    );
    expect([gated.fields.city.value, gated.fields.country.value]).toEqual(['Demmin', 'DE']);
  });

  it('reads a VAT number as the country it was issued in', () => {
    expect(one('<h1>Lumen</h1><p>VAT Number: FI34047245</p>').fields.country.value).toBe('FI');
  });

  it('quotes a JSON-LD address by its lines when its country is a code', () => {
    const ld = JSON.stringify({
      '@type': 'Organization',
      name: 'Lumen',
      address: {
        '@type': 'PostalAddress',
        streetAddress: 'Churerstrasse 105',
        addressLocality: 'Pfäffikon',
        addressCountry: 'CH',
      },
    });
    const gated = one('<h1>Lumen</h1>', `<title>Lumen</title><script type="application/ld+json">${ld}</script>`);
    expect(gated.fields.country.value).toBe('CH');
    expect(gated.fields.country.evidence.map((e) => e.quote)).toContain('Churerstrasse 105');
  });

  it("never takes the hosting provider's address for the company's", () => {
    const gated = withPage(
      '<footer><a href="/mentions-legales">Mentions légales</a></footer>',
      '/mentions-legales',
      '<h1>Mentions légales</h1><h2>Hébergement</h2><p>Le site est hébergé par :</p><p>Vercel Inc.<br>440 N Barranca Ave #4133, Covina, CA 91723, USA</p>',
    );
    expect(gated.fields.country.value).toBeNull();
    expect(gated.fields.city.value).toBeNull();
  });
});

describe('features: a features section and a list after a lead-in', () => {
  it('reads the blocks under a Features heading, each title with its sentence', () => {
    const gated = one(`<h1>Lumen</h1><p>Status pages you own.</p><h2>Features</h2>
      <div><div>Incident timeline</div><div>Every update in order, with its time.</div></div>
      <div><div>Scheduled maintenance</div><div>Tell people before you take things down.</div></div>
      <div><div>Custom domains</div><div>Serve your page from your own address.</div></div>`);
    expect(gated.fields.features.value).toEqual([
      'Incident timeline: Every update in order, with its time.',
      'Scheduled maintenance: Tell people before you take things down.',
      'Custom domains: Serve your page from your own address.',
    ]);
  });

  it('reads a list announced by a lead-in ending with a colon', () => {
    const gated = one(`<h1>Lumen</h1><p>Lumen provides:</p>
      <ul><li>Space-efficient storage of backups.</li><li>Secure, authenticated encryption.</li><li>Mountable backups with FUSE.</li></ul>`);
    expect(gated.fields.features.value).toEqual([
      'Space-efficient storage of backups.',
      'Secure, authenticated encryption.',
      'Mountable backups with FUSE.',
    ]);
  });

  it('never takes "About Lumen" or "Lumen Features" for a feature', () => {
    const gated = one(
      '<h1>Lumen</h1><h3>About Lumen</h3><p>Lumen shows status.</p><h3>Lumen Features</h3><p>Many.</p><h3>Help Lumen</h3><p>Donate.</p>',
    );
    expect(gated.fields.features.value ?? []).not.toContain('About Lumen');
    expect(gated.fields.features.value ?? []).not.toContain('Lumen Features');
  });
});

describe('people: imprints, cards and credits', () => {
  it('reads a responsible person with the role in brackets, an owner (Inh.) and an appositive', () => {
    expect(one('<h1>Lumen</h1><p>Responsible person: Jana Nováková (Founder)</p>').founders).toMatchObject([
      { name: 'Jana Nováková', title: 'Founder' },
    ]);
    expect(one('<h1>Lumen</h1><p>Illustrationen bei Lumen – Inh. Anna Schmidt.</p>').founders).toMatchObject([
      { name: 'Anna Schmidt', title: 'Inhaber' },
    ]);
    expect(
      one("<h1>Lumen</h1><p>Muster EDV is the company of Thomas Muster, Lumen's lead developer and maintainer.</p>")
        .founders,
    ).toMatchObject([{ name: 'Thomas Muster' }]);
  });

  it('reads a labelled team card and a role above the name, and "YEAR © All rights reserved NAME"', () => {
    expect(
      one('<h1>Lumen</h1><h3>Founder</h3><p>Name: Christophe Dumez</p><p>Role: Project founder and developer</p>')
        .founders,
    ).toMatchObject([{ name: 'Christophe Dumez', title: 'Project founder and developer' }]);
    expect(one('<h1>Lumen</h1><p>Developer</p><p>Timon Harz</p>').founders).toMatchObject([
      { name: 'Timon Harz', title: 'Developer' },
    ]);
    expect(one('<h1>Lumen</h1><footer><p>2024 © All rights reserved Timon Harz</p></footer>').founders).toMatchObject([
      { name: 'Timon Harz' },
    ]);
  });

  it('never takes a packager or a street for a maker', () => {
    const gated =
      one(`<h1>Lumen</h1><p>These ebuilds are maintained by <a href="mailto:m@example.org">Mikle Kolyada</a>.</p>
      <p>The slackbuild script is maintained by David Woodfall.</p><p>Maximilian Veit<br>Churerstrasse 105</p>`);
    expect(gated.founders).toEqual([]);
  });
});

describe("the product's own accounts and mailboxes", () => {
  it('takes the accounts structured data names, and never a sponsors page for an account', () => {
    const ld = JSON.stringify({ '@type': 'Organization', name: 'Lumen', sameAs: ['https://twitter.com/getlumen'] });
    const gated = one(
      '<h1>Lumen</h1><footer><a href="https://github.com/sponsors/lumen">Sponsor us</a></footer>',
      `<title>Lumen</title><script type="application/ld+json">${ld}</script>`,
    );
    expect(gated.company_socials.x).toBe('https://twitter.com/getlumen');
    expect(gated.company_socials.github).toBeUndefined();
  });

  it('takes the repository the site links to most as its code, whatever its suffix', () => {
    const gated =
      one(`<h1>Lumen</h1><p>Read the <a href="https://github.com/lumenorg/lumen-lite">installation guide</a>,
      the <a href="https://github.com/lumenorg/lumen-lite/wiki">wiki</a> and the
      <a href="https://github.com/lumenorg/lumen-lite/releases">releases</a>.</p>`);
    expect(gated.company_socials.github).toBe('https://github.com/lumenorg/lumen-lite');
  });

  it("reads an email written in the text, and never a mailing list's address", () => {
    expect(one('<h1>Lumen</h1><p>E-Mail: hallo@lumen.example</p>').fields.contact_email.value).toBe(
      'hallo@lumen.example',
    );
    expect(one('<h1>Lumen</h1><p>Subscribe: lumen+subscribe@groups.io</p>').fields.contact_email.value).toBeNull();
  });
});

describe('stages said in a sentence, years and lines that only look like taglines', () => {
  it('reads first pilot customers as a pilot stage, quoted', () => {
    const gated = one(
      '<h1>Lumen</h1><p>Status pages you own.</p><p>We work with our first pilot customers under NDA.</p>',
    );
    expect(gated.fields.stage.value).toBe('pilot');
  });

  it('never dates the product by a year in quoted words about something else', () => {
    const gated = one(
      '<h1>Lumen</h1><p>Tatort is "a police series that has been running continuously since 1970 on German TV."</p>',
    );
    expect(gated.fields.founded_year.value).toBeNull();
  });

  it('never takes an install label, a figure or a sponsor credit for the tagline', () => {
    const gated = one(
      '<h1>Lumen</h1><p>Sponsored by</p><p>290 Plugins</p><ul><li>Lumen for Chrome</li><li>Lumen for Firefox</li></ul>',
    );
    expect(gated.fields.tagline.value ?? '').not.toMatch(/^(Sponsored by|290 Plugins|Lumen for (Chrome|Firefox))$/);
    expect(everything(gated)).not.toContain('"value":"290 Plugins"');
  });
});

describe('FAQs written as plain lines, and lead-in questions in other languages', () => {
  it('reads questions written as bold lines with the answer under each, on an FAQ page', () => {
    const gated = withPage(
      '<a href="/faq">FAQ</a>',
      '/faq',
      `<h1>Frequently Asked Questions</h1>
       <p><b>Is this a bug?</b></p><p>No, that is the expected behaviour.</p>
       <p><b>How can I be notified of new releases?</b></p><p>You can join the mailing list!</p>`,
    );
    expect(gated.faqs.map((f) => [f.question, f.answer])).toEqual([
      ['Is this a bug?', 'No, that is the expected behaviour.'],
      ['How can I be notified of new releases?', 'You can join the mailing list!'],
    ]);
  });

  it('never takes "Vous avez d\'autres questions ?" for a question of the FAQ', () => {
    const gated = withPage(
      '<a href="/faq">FAQ</a>',
      '/faq',
      `<h1>FAQ</h1><h3>Combien coûte Lumen ?</h3><p>Sur devis.</p><h3>Où sont mes données ?</h3><p>En France.</p>
       <h3>Vous avez d'autres questions ?</h3><p>Notre équipe répond.</p>`,
    );
    expect(gated.faqs.map((f) => f.question)).toEqual(['Combien coûte Lumen ?', 'Où sont mes données ?']);
  });
});

describe('more kinds from the second dev set', () => {
  it('reads "Based in …" at the start of a sentence, a developer from a place, and "Fatto in Italia"', () => {
    expect(one('<h1>Lumen</h1><p>Based in the United States. Available globally.</p>').fields.country.value).toBe('US');
    const nl = one('<h1>Lumen</h1><p>Lumen is made by an iOS developer from Utrecht, The Netherlands.</p>');
    expect([nl.fields.city.value, nl.fields.country.value]).toEqual(['Utrecht', 'NL']);
    expect(one('<h1>Lumen</h1><footer><p>Fatto in Italia</p></footer>').fields.country.value).toBe('IT');
  });

  it('reads a closed test as early access', () => {
    const gated = one('<h1>Lumen</h1><p>Status pages you own.</p><p>O app já está rodando em teste fechado.</p>');
    expect(gated.fields.stage.value).toBe('early access');
  });

  it('never takes a market figure for a price, nor "Our Vision" for a feature', () => {
    const gated = withPage(
      '<a href="/pricing">Pricing</a>',
      '/pricing',
      '<h1>Pricing</h1><p>O agro movimenta R$ 1,3 tri por ano.</p><p>Grátis para começar.</p>',
    );
    expect(gated.fields.pricing_summary.value ?? '').not.toContain('1,3 tri');
    const estimate = withPage(
      '<a href="/prezzi">Prezzi</a>',
      '/prezzi',
      '<h1>Prezzi</h1><p>Costo</p><p>€49,90 una volta</p><p>~€290/anno</p>',
    );
    expect(estimate.fields.pricing_summary.value).toContain('€49,90');
    expect(estimate.fields.pricing_summary.value).not.toContain('€290');
    const vision = one('<h1>Lumen</h1><h3>Our Vision</h3><p>A calm web.</p><h3>Our Goal</h3><p>Less noise.</p>');
    expect(vision.fields.features.value ?? []).not.toContain('Our Vision');
  });
});
