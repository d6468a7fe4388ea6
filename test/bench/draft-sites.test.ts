// The draft-quality benchmark's own integrity (bench/drafts.ts):
// every fixture site has a truth file that parses and judges every draft
// field with known names only, every fact's evidence is really on the site,
// the sites' links lead to pages, and the scorer's matching and judging
// behave on cases small enough to check by hand. Never the scores: the
// benchmark reports quality, tests do not assert it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  fileForPath,
  foldSpace,
  hasPermalinkNoise,
  htmlFiles,
  judgeFaq,
  judgeFounder,
  judgeSocial,
  judgeValue,
  loadTruth,
  matches,
  normalizeUrl,
  pageText,
  type SiteTruth,
  SITES_DIR,
  scoreDraft,
  siteLinks,
  siteNames,
  tally,
  TRUTH_FIELDS,
  truthProblems,
} from '../../bench/drafts.js';
import { demoCategories } from '../../db/seed/demo-data.js';
import { PROFILE_FIELDS } from '../../src/drafts/drafter/fields.js';

const CATEGORIES = demoCategories.flatMap((c) => [c.name, ...c.subs.map(([, name]) => name)]);
const sites = siteNames();

/** Every text on a site's pages, one string per page. */
function siteTexts(name: string): string[] {
  const root = join(SITES_DIR, name);
  return htmlFiles(root).map((file) =>
    foldSpace(pageText(readFileSync(join(root, file), 'utf8'), `http://127.0.0.1/${file}`)),
  );
}

describe('the fixture sites', () => {
  it('are at least twelve, each with a homepage and a truth file', () => {
    expect(sites.length).toBeGreaterThanOrEqual(12);
    for (const name of sites) {
      expect(fileForPath(join(SITES_DIR, name), '/'), name).not.toBeNull();
      expect(() => loadTruth(join(SITES_DIR, name)), name).not.toThrow();
    }
  });

  it('judge exactly the draft fields the drafter knows', () => {
    expect([...TRUTH_FIELDS]).toEqual([...PROFILE_FIELDS]);
  });

  it.each(sites)('%s: its truth parses, names only known fields and categories, and judges every field', (name) => {
    const truth = loadTruth(join(SITES_DIR, name));
    expect(truth.site).toBe(name);
    expect(truthProblems(truth, CATEGORIES)).toEqual([]);
  });

  it.each(sites)('%s: every piece of evidence in its truth is on one of its pages', (name) => {
    const truth = loadTruth(join(SITES_DIR, name));
    const texts = siteTexts(name);
    const evidence = [
      ...Object.entries(truth.fields).flatMap(([field, f]) => [
        ...(f.evidence ?? []).map((e) => [field, e] as const),
        ...(f.facts ?? []).flatMap((fact) => fact.evidence.map((e) => [field, e] as const)),
      ]),
      ...(['faqs', 'founders', 'socials'] as const).flatMap((g) =>
        (truth[g].facts ?? []).flatMap((fact) => (fact.evidence ?? []).map((e) => [g, e] as const)),
      ),
    ];
    expect(evidence.length).toBeGreaterThan(10);
    const missing = evidence.filter(([, e]) => !texts.some((t) => t.includes(foldSpace(e))));
    expect(missing).toEqual([]);
  });

  it.each(sites)('%s: its same-site links lead to pages, except the broken ones its truth lists', (name) => {
    const root = join(SITES_DIR, name);
    const truth = loadTruth(root);
    const broken = siteLinks(root)
      .filter((l) => fileForPath(root, l.path) === null)
      .map((l) => l.path);
    expect([...new Set(broken)].sort()).toEqual([...(truth.broken_links ?? [])].sort());
  });
});

describe('matching', () => {
  it('reads a plain string as the whole value, ignoring case, spacing and a final stop, but not typography', () => {
    expect(matches('Tiny habits, kept', ' tiny  habits, kept. ')).toBe(true);
    expect(matches('Tiny habits, kept', 'Tiny habits, kept forever')).toBe(false);
    expect(matches('Grégoire N’Diaye', 'Grégoire N’Diaye')).toBe(true);
    expect(matches('Grégoire N’Diaye', "Grégoire N'Diaye")).toBe(false);
  });

  it('reads `has` as every part anywhere and `re` as a case-blind pattern, typography folded', () => {
    expect(matches({ has: ['$4', '$7', 'free'] }, 'Solo: Free; Team: $4/user; Business: $7/user')).toBe(true);
    expect(matches({ has: ['$4', '$7', 'free'] }, 'Team: $4/user; Business: $7/user')).toBe(false);
    expect(matches({ has: ["tomorrow's orders"] }, 'turns tomorrow’s orders into')).toBe(true);
    expect(matches({ re: '\\$12\\b' }, 'hosting from $12 a month')).toBe(true);
    expect(matches({ re: '\\$12\\b' }, 'hosting from $120 a month')).toBe(false);
  });

  it('compares social links without scheme, www or trailing slash differences', () => {
    expect(normalizeUrl('http://www.Instagram.com/kindlinghabits/')).toBe('https://instagram.com/kindlinghabits');
  });

  it('sees heading permalink marks', () => {
    for (const v of ['Summary ¶', 'Reader 🔗', 'Quick start #', '# Quick start', 'Which carriers do you support? ¶'])
      expect(hasPermalinkNoise(v), v).toBe(true);
    for (const v of ['C# support', 'Plan #2 of 3', 'Tiny habits, kept.']) expect(hasPermalinkNoise(v), v).toBe(false);
  });
});

/** A small truth written for these cases. */
const truth: SiteTruth = {
  site: 'hand',
  shape: 'hand cases',
  fields: {
    ...Object.fromEntries(PROFILE_FIELDS.map((f) => [f, { status: 'absent' }])),
    name: { status: 'stated', accept: ['Acme'], evidence: ['Acme'] },
    tagline: { status: 'stated', accept: ['Invoices that chase themselves'], evidence: ['x'] },
    country: { status: 'stated', accept: ['IE'], evidence: ['x'] },
    pricing_model: { status: 'stated', accept: ['subscription'], partial: ['paid'], evidence: ['x'] },
    features: {
      status: 'stated',
      facts: [
        { accept: [{ has: ['reminders'] }], evidence: ['Automatic reminders'] },
        { accept: [{ has: ['bank'] }], partial: ['Sync'], evidence: ['Bank sync'] },
      ],
      accept: [{ has: ['portal'] }],
    },
    tags: { status: 'open', accept: [{ re: 'invoic' }] },
  },
  faqs: {
    status: 'stated',
    facts: [{ question: [{ has: ['import invoices'] }], answer: [{ has: ['CSV'] }], evidence: ['x'] }],
  },
  founders: { status: 'stated', facts: [{ name: ['Mara Lind'], title: [{ re: 'CEO' }], evidence: ['x'] }] },
  socials: { status: 'stated', facts: [{ platform: ['x'], accept: ['https://x.com/acme'], evidence: ['x'] }] },
  traps: [
    { fields: ['country'], match: ['CA'], why: 'where the servers are' },
    { fields: ['socials'], match: [{ re: 'x\\.com/reviewer' }], why: "a reviewer's handle" },
    { fields: ['*'], match: [{ has: ['$29'] }], why: "a competitor's price" },
  ],
} as SiteTruth;

describe('judging', () => {
  it('tells right, partly right, wrong, invented and trap values apart', () => {
    expect(judgeValue(truth, 'name', 'Acme').verdict).toBe('full');
    expect(judgeValue(truth, 'tagline', 'Invoices that chase themselves ¶').verdict).toBe('partial');
    expect(judgeValue(truth, 'pricing_model', 'paid').verdict).toBe('partial');
    expect(judgeValue(truth, 'pricing_model', 'open-source').verdict).toBe('wrong');
    expect(judgeValue(truth, 'country', 'CA')).toMatchObject({ verdict: 'trap', why: 'where the servers are' });
    expect(judgeValue(truth, 'city', 'Toronto').verdict).toBe('invented');
    expect(judgeValue(truth, 'tags', 'invoicing').verdict).toBe('full');
    expect(judgeValue(truth, 'tags', 'accounting').verdict).toBe('wrong');
    expect(judgeValue(truth, 'features', 'Unlike Rival’s $29 plan, reminders are free').verdict).toBe('trap');
    const extra = judgeValue(truth, 'features', 'Client portal');
    expect([extra.verdict, extra.fact]).toEqual(['full', undefined]);
    expect(judgeValue(truth, 'features', 'Sync')).toMatchObject({ verdict: 'partial', fact: 1 });
    expect(judgeValue(truth, 'features', 'Reminders ¶')).toMatchObject({ verdict: 'partial', fact: 0 });
    expect(judgeValue(truth, 'features', 'Automatic reminders')).toMatchObject({ verdict: 'full', fact: 0 });
  });

  it('judges FAQs, founders and socials', () => {
    expect(judgeFaq(truth, 'Can I import invoices?', 'Yes, from a CSV file.').verdict).toBe('full');
    expect(judgeFaq(truth, 'Can I import invoices? ¶', 'Yes, from a CSV file.').verdict).toBe('partial');
    expect(judgeFaq(truth, 'Can I import invoices?', 'Yes.').verdict).toBe('partial');
    expect(judgeFounder(truth, 'Mara Lind', 'Co-founder & CEO').verdict).toBe('full');
    expect(judgeFounder(truth, 'Mara Lind', null)).toMatchObject({ verdict: 'partial', why: 'title missing' });
    expect(judgeFounder(truth, 'Dana Whitfield', null).verdict).toBe('wrong');
    expect(judgeSocial(truth, 'x', 'https://twitter.com/acme').verdict).toBe('wrong');
    expect(judgeSocial(truth, 'x', 'https://www.x.com/acme/').verdict).toBe('full');
    expect(judgeSocial(truth, 'custom', 'https://x.com/acme').verdict).toBe('partial');
    expect(judgeSocial(truth, 'x', 'https://x.com/reviewer').verdict).toBe('trap');
  });

  it('scores a whole draft: precision over values, recall over facts, quotes checked on their page', () => {
    const page = 'http://127.0.0.1:1/';
    const text = pageText(
      '<title>Acme</title><h1>Invoices that chase themselves</h1><p>Automatic reminders for late payers. We’re in Cork.</p>',
      page,
    );
    const scored = scoreDraft(
      truth,
      {
        fields: {
          name: { value: 'Acme', evidence: [{ quote: 'Acme', url: page }] },
          tagline: {
            value: 'Invoices that chase themselves',
            evidence: [{ quote: 'Invoices that chase themselves', url: page }],
          },
          features: {
            value: ['Automatic reminders', 'Dark mode'],
            evidence: [{ quote: 'Automatic reminders', url: page }],
          },
          city: { value: 'Cork', evidence: [{ quote: "We're in Cork", url: page }] },
          founded_year: { value: '2019', evidence: [{ quote: 'since 2019', url: 'http://elsewhere.example/' }] },
        },
        faqs: [],
        founders: [],
        company_socials: { website: page, x: 'https://x.com/acme' },
      },
      { text: (url) => (url === page ? text : null), read: [page], all: [{ url: page, text }] },
    );
    const t = tally(scored.judged, scored.facts);
    // name, tagline, 2 features, city, founded_year, x: 7 values; name, tagline, reminders, x right.
    expect(t).toMatchObject({ drafted: 7, full: 4, wrong: 1, invented: 2 });
    // Stated: name, tagline, country, pricing_model, 2 features, the FAQ, the founder, x.
    expect(t).toMatchObject({ stated: 9, recalledFull: 4, missed: 5 });
    expect(scored.quotes.map((q) => q.problem)).toEqual([
      'quote differs from the page in its typography (’ “ – …)',
      'names a page that is not on the site',
    ]);
  });
});
