// The real-site corpus and its scorer: every manifest and truth list is well formed
// (without the sites themselves, which come from Git mirrors CI does not have), and
// the scorer judges values and facts as bench/real-sites/README.md says.
import { describe, expect, it } from 'vitest';
import { corpusSites } from '../../bench/real-sites/corpus.js';
import { addUp, emptyTotals, judgeFact, type RealTruth, scoreRealDraft } from '../../bench/real-sites/score.js';
import { PROFILE_FIELDS, SOCIAL_PLATFORMS } from '../../src/drafts/drafter/fields.js';

const PATHS = new Set<string>([
  ...PROFILE_FIELDS,
  'faqs',
  'founders',
  'company_socials',
  ...SOCIAL_PLATFORMS.map((p) => `company_socials.${p}`),
]);

describe('the real-site corpus', () => {
  const ours = corpusSites().filter((s) => s.manifest);

  it('has a dev part and a held-out part of at least ten sites each', () => {
    expect(ours.filter((s) => s.part === 'dev').length).toBeGreaterThanOrEqual(10);
    expect(ours.filter((s) => s.part === 'held-out').length).toBeGreaterThanOrEqual(10);
  });

  it('never holds one repository in both parts', () => {
    const repos = (part: string) => new Set(ours.filter((s) => s.part === part).map((s) => s.manifest!.repo));
    const dev = repos('dev');
    expect([...repos('held-out')].filter((r) => dev.has(r))).toEqual([]);
  });

  it.each(ours.map((s) => [`${s.part}/${s.name}`, s] as const))(
    '%s: a pinned manifest and a truth list that fits it',
    (_, site) => {
      const m = site.manifest!;
      expect(m.repo).toMatch(/^[\w.-]+\/[\w.-]+$/);
      expect(m.commit).toMatch(/^[0-9a-f]{40}$/);
      expect(m.files).toContain('index.html');
      for (const file of m.files) expect(file).not.toMatch(/^\/|\.\.|\.(?:js|mp4|webm|woff2?)$/);
      const t = site.truth;
      expect(Object.keys(t.stated).length).toBeGreaterThan(0);
      for (const [id, fact] of Object.entries(t.stated)) {
        for (const path of fact.fields) expect(PATHS.has(path), `${id}: ${path}`).toBe(true);
        expect(fact.accept?.length || fact.all?.length, `${id} needs accept or all`).toBeTruthy();
        for (const page of fact.pages ?? []) expect(m.files, `${id}: ${page}`).toContain(page);
        for (const needle of [...(fact.accept ?? []), ...(fact.all ?? []).flat()])
          if (needle.startsWith('re:')) expect(() => new RegExp(needle.slice(3), 'iu')).not.toThrow();
      }
      for (const path of t.absent) expect(PATHS.has(path), path).toBe(true);
    },
  );
});

describe('scoring a draft against a truth list', () => {
  const truth: RealTruth = {
    site: 'lumen',
    stated: {
      R1: { what: 'name', fields: ['name'], accept: ['lumen'], pages: ['index.html'] },
      R2: {
        what: 'pricing',
        fields: ['pricing_model', 'pricing_summary'],
        accept: ['$9'],
        reject: ['one-time'],
        pages: ['pricing/index.html'],
      },
      R3: {
        what: 'features',
        fields: ['features'],
        all: [['sync'], ['offline'], ['export']],
        min: 2,
        pages: ['index.html'],
      },
      R4: { what: 'GitHub', fields: ['company_socials'], accept: ['github.com/lumen/lumen'], pages: ['index.html'] },
      R5: { what: 'country', fields: ['country'], accept: ['re:^(de|germany)$'], pages: ['impressum/index.html'] },
    },
    absent: ['founded_year'],
    forbidden: { company_socials: ['github.com/sponsor-co'] },
    forbidden_any: ['lorem ipsum'],
  };
  const draft = (
    fields: Record<string, string | string[] | null>,
    socials: Record<string, string> = {},
    notFound: string[] = [],
  ) => ({
    status: 'ready',
    fields: Object.fromEntries(Object.entries(fields).map(([f, value]) => [f, { value }])),
    faqs: [],
    founders: [],
    company_socials: { website: 'https://lumen.example/', ...socials },
    not_found_on_website: notFound,
  });

  it('needs every group of a list fact up to its minimum, and makes a reject needle only partly right', () => {
    expect(judgeFact(truth.stated.R3!, 'Sync; Offline mode')).toBe('full');
    expect(judgeFact(truth.stated.R3!, 'Sync')).toBe('partial');
    expect(judgeFact(truth.stated.R3!, 'Themes')).toBe('wrong');
    expect(judgeFact(truth.stated.R2!, 'one-time | $9 a month')).toBe('partial');
  });

  it('counts invented values, traps and links the list does not hold, and leaves unjudgeable values out', () => {
    const score = scoreRealDraft(
      truth,
      draft(
        { name: 'Lumen', founded_year: '2019', keywords: ['status'], tagline: 'Lorem ipsum dolor' },
        { github: 'https://github.com/sponsor-co', x: 'https://x.com/someone' },
      ),
      ['https://lumen.example/'],
    );
    const verdict = (path: string) => score.values.find((v) => v.path === path)?.verdict;
    expect(verdict('name')).toBe('full');
    expect(verdict('founded_year')).toBe('invented');
    expect(verdict('tagline')).toBe('trap');
    expect(verdict('company_socials.github')).toBe('trap');
    expect(verdict('company_socials.x')).toBe('wrong');
    expect(verdict('keywords')).toBe('unjudged');
    const t = addUp(score, emptyTotals());
    expect([t.drafted, t.full, t.invented, t.trap, t.wrong, t.unjudged]).toEqual([5, 1, 1, 2, 1, 1]);
  });

  it('calls a missed fact a false not-found only when get_draft says not found and a page stating it was read', () => {
    const read = ['https://lumen.example/', 'https://lumen.example/impressum/'];
    const said = scoreRealDraft(truth, draft({ name: 'Lumen' }, {}, ['country']), read);
    expect(said.facts.find((f) => f.id === 'R5')).toMatchObject({ result: 'missed', falseNotFound: true });
    const unread = scoreRealDraft(truth, draft({ name: 'Lumen' }, {}, ['country']), ['https://lumen.example/']);
    expect(unread.facts.find((f) => f.id === 'R5')!.falseNotFound).toBe(false);
    const unsure = scoreRealDraft(truth, draft({ name: 'Lumen' }), read);
    expect(unsure.facts.find((f) => f.id === 'R5')!.falseNotFound).toBe(false);
  });
});
