// Kinds of mistakes the grown real-site corpus showed (issue 35, third pass),
// each on HTML written here: plan cards whose price, terms and name sit on
// lines of their own, a table comparing years of ours with others' prices,
// one-time terms in other languages, and a button repeating a price.
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
