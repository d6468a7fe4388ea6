// "Not found" only when it is so. A field the drafter left empty is
// public as not stated on the website (not_found_on_website) only when the site
// was read where it would say so and nothing read looks like it does. Otherwise
// the field is `unsure`: empty, and the maker is asked to check, but nobody is
// told the site is silent. Two reasons make a field unsure: a page of the kind
// that states it was linked but not read (the page budget ran out, it failed to
// load), or a page that was read holds a candidate the drafter could not settle
// with a quote (an address, a price, an email, "founded in …").
import type { PageKind } from './crawler/choose.js';
import type { EvidencePage, FieldName, SiteEvidence } from './drafter/fields.js';
import type { GatedDraft } from './evidence.js';

/** A linked page the crawl did not read, and what kind of page its link promised. */
export interface UnreadPage {
  url: string;
  kind: PageKind;
}

/** The kinds of page that state a field, beyond the homepage. */
const STATED_ON: Partial<Record<FieldName, PageKind[]>> = {
  pricing_model: ['pricing'],
  pricing_summary: ['pricing'],
  country: ['about', 'contact'],
  city: ['about', 'contact'],
  founded_year: ['about'],
  contact_email: ['contact', 'about'],
  features: ['features'],
  stage: ['about'],
};

const PLACE_WORDS =
  /\b(based in|located in|headquartered|hq|offices? in|registered in|made in|built in|impressum|imprint|address|adresse|anschrift|sitz|ansässig|basée?s? à|situé|sede|ubicad)/i;
const POSTCODE_LINE =
  /(?:^|[\s,])\d{4,5}\s+\p{Lu}\p{L}{2,}|\p{Lu}\p{L}+,\s*[A-Z]{2}\s+\d{5}|\b[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}\b/mu;

/** Text on a read page that may state a field. */
const TEXT_CANDIDATES: Partial<Record<FieldName, (text: string) => boolean>> = {
  country: (t) => PLACE_WORDS.test(t) || POSTCODE_LINE.test(t),
  city: (t) => PLACE_WORDS.test(t) || POSTCODE_LINE.test(t),
  founded_year: (t) =>
    /\b(founded|established|since|started in|launched in|gegründet|seit|depuis|fond[ée]e? en|desde)\b[^.\n]{0,30}\b(19|20)\d{2}\b/i.test(
      t,
    ),
  pricing_model: (t) => PRICE_HINT.test(t),
  pricing_summary: (t) => PRICE_HINT.test(t),
  contact_email: (t) =>
    /[\p{L}\p{N}._%+-]+(?:@|\s?[([]at[)\]]\s?)[\p{L}\p{N}-]+(?:\.|\s?[([]dot[)\]]\s?)\p{L}{2,}/iu.test(t),
  stage: (t) => /\b(beta|alpha|early access|wait ?list|pilot|pre-launch|coming soon|profitable|lancement)\b/i.test(t),
  demo_video_url: (t) =>
    /youtube\.com\/(?:watch|embed)|youtu\.be\/|vimeo\.com\/\d|loom\.com\/share|\.(?:mp4|webm)\b/i.test(t),
};
const says = (test: (text: string) => boolean) => (page: EvidencePage) => test(page.text);
/** A page that says what the product is: a heading or a description the drafter could not settle. */
const introduces = (page: EvidencePage) =>
  page.facts.headings.some((h) => h.level === 1) ||
  !!page.facts.meta.description ||
  !!page.facts.meta['og:description'];

/** What on a read page may state each field: text the drafter would have to settle before calling it absent. */
const CANDIDATES: Partial<Record<FieldName, (page: EvidencePage) => boolean>> = {
  name: (p) => !!p.facts.title || introduces(p),
  tagline: introduces,
  short_description: introduces,
  description: introduces,
  features: (p) => p.facts.listItems.length >= 3,
  logo_url: (p) => p.facts.icons.length > 0,
  ...Object.fromEntries(Object.entries(TEXT_CANDIDATES).map(([f, test]) => [f, says(test)])),
};

const PRICE_HINT =
  /[$€£¥]\s?\d|\d\s?(?:€|\$|£|eur|usd|chf)\b|\b(pricing|per month|\/mo(?:nth)?\b|donat|pay what|kostenlos|gratuit|gratis|devis|quote|free (?:plan|tier|forever|and open)|open[- ]source)/i;

/**
 * The empty fields of a gated draft that are not known to be absent: a page that would state them was not read,
 * or a read page holds a candidate for them.
 */
export function unsettledFields(site: SiteEvidence, unread: UnreadPage[], gated: GatedDraft): Set<FieldName> {
  const out = new Set<FieldName>();
  const unreadKinds = new Set(unread.map((p) => p.kind));
  for (const [field, proposal] of Object.entries(gated.fields) as [FieldName, GatedDraft['fields'][FieldName]][]) {
    if (proposal.value !== null) continue;
    if ((STATED_ON[field] ?? []).some((kind) => unreadKinds.has(kind))) out.add(field);
    const candidate = CANDIDATES[field];
    if (candidate && site.pages.some((p) => candidate(p))) out.add(field);
  }
  return out;
}
