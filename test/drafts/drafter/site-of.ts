// A crawled site made from HTML written in a test: each page parsed as the
// crawler parses it (extractPage, evidenceText), then drafted by the built-in
// extractor and passed through the evidence gate. No server, no fixtures.
import { evidenceText } from '../../../src/drafts/crawler/facts.js';
import { extractPage } from '../../../src/drafts/crawler/page.js';
import { extractProposal } from '../../../src/drafts/drafter/builtin.js';
import type { DraftProposal, SiteEvidence } from '../../../src/drafts/drafter/fields.js';
import { buildCorpus, type GatedDraft, gateProposal } from '../../../src/drafts/evidence.js';

export const CATEGORIES = [
  'Developer Tools',
  'Design',
  'Design Systems',
  'Security',
  'Editors',
  'Productivity',
  'Finance',
  'Invoicing',
  'Payments',
  'Website Builders',
  'Storefronts',
  'Analytics',
  'CRM',
];

/** `pages`: path → HTML, the first being the homepage. */
export function siteOf(pages: Record<string, string>, origin = 'https://lumen.example'): SiteEvidence {
  const crawled = Object.entries(pages).map(([path, html]) => {
    const url = new URL(path, origin).href;
    const facts = extractPage(html, url);
    return { url, title: facts.title, text: evidenceText(facts), facts };
  });
  return { url: crawled[0]!.url, pages: crawled };
}

/** A page: a head with `head` inside, a body with `body` inside. */
export const page = (body: string, head = '<title>Page</title>') =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8">${head}</head><body>${body}</body></html>`;

export function draftOf(site: SiteEvidence, categories = CATEGORIES): { proposal: DraftProposal; gated: GatedDraft } {
  const proposal = extractProposal({ site, categories });
  return { proposal, gated: gateProposal(proposal, buildCorpus(site.pages), categories) };
}

/** Every value of a gated draft, field by field (null when not found). */
export const valuesOf = (gated: GatedDraft) =>
  Object.fromEntries(Object.entries(gated.fields).map(([f, v]) => [f, v.value]));

/** All the text a gated draft holds (values, evidence, FAQs, founders, socials), to look for what must not be there. */
export function everything(gated: GatedDraft): string {
  return JSON.stringify([gated.fields, gated.faqs, gated.founders, gated.company_socials]);
}
