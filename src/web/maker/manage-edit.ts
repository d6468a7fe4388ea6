// The "Edit listing" forms of the management page: the profile, this site's
// headline and search text (with `apply_to`), links and FAQs, each its own
// form that sends update_my_listing only what the person changed. Inputs are
// named by the tool's paths (fields.tagline, socials.x, faqs.0.question), so
// a refusal lands on its field; the length limits shown come from the tool's
// own schema.
import type { Request } from 'express';
import { SOCIAL_PLATFORMS } from '../../drafts/drafter/fields.js';
import { PRICING_MODELS } from '../../drafts/evidence.js';
import { type OwnListing, SITE_FIELDS as LISTING_SITE_FIELDS } from '../../listings/my-listings.js';
import type { ownListingFields } from '../../../tools/listings/schemas.js';
import type { Problem } from '../ui/act.js';
import { control, controlId, errorsFor, plainMessage, problemSummary } from '../ui/fields.js';
import { field, fields } from '../ui/forms.js';
import { csrfField, html, type SafeHtml } from '../ui/html.js';
import { maxLengthIn } from './dashboard-ui.js';
import { platformName } from '../ui/platforms.js';

export const EDIT_PARTS = ['profile', 'site', 'links', 'faqs'] as const;
export type EditPart = (typeof EDIT_PARTS)[number];

type FieldName = keyof typeof ownListingFields.shape;
type Kind = 'text' | 'textarea' | 'url' | 'email' | 'number' | 'list';

/** Each profile field: its label, how it is typed, and a hint. */
const FIELDS: Record<FieldName, { label: string; kind: Kind; hint?: string; rows?: number }> = {
  tagline: { label: 'Tagline', kind: 'text', hint: 'One line that says what it does.' },
  short_description: { label: 'Short description', kind: 'textarea', rows: 2 },
  description: { label: 'Description', kind: 'textarea', rows: 8 },
  pricing_model: {
    label: 'Pricing model',
    kind: 'text',
    hint: `One of ${PRICING_MODELS.join(', ')}`,
  },
  pricing_summary: { label: 'Pricing summary', kind: 'text', hint: 'e.g. “Free for 3 projects, $12/month after”.' },
  country: { label: 'Country', kind: 'text', hint: 'Two-letter code, e.g. DE or US.' },
  city: { label: 'City', kind: 'text' },
  founded_year: { label: 'Year founded', kind: 'number' },
  demo_video_url: { label: 'Demo video link', kind: 'url', hint: 'A YouTube, Vimeo or other video page.' },
  contact_email: { label: 'Contact email', kind: 'email' },
  features: { label: 'Features', kind: 'list', hint: 'One a line, up to 20.' },
  usps: { label: 'What sets it apart', kind: 'list', hint: 'One a line, up to 20.' },
  keywords: { label: 'Keywords', kind: 'list', hint: 'One a line, up to 20: words people search for.' },
  headline: { label: 'Headline on this site', kind: 'text' },
  summary: { label: 'Summary on this site', kind: 'textarea', rows: 5 },
  seo_title: { label: 'Search title', kind: 'text', hint: 'The page title search engines show.' },
  seo_description: { label: 'Search description', kind: 'textarea', rows: 2, hint: 'The snippet under the title.' },
};

/** The fields on this site only (my-listings.ts SITE_FIELDS), and the profile: every other field, in FIELDS' order. */
const SITE_FIELDS: readonly FieldName[] = LISTING_SITE_FIELDS;
const PROFILE_FIELDS = (Object.keys(FIELDS) as FieldName[]).filter((n) => !SITE_FIELDS.includes(n));

const MAX_FAQS = 10;

/** A label for any path update_my_listing may name. */
export function editLabel(path: string): string {
  const [head, key, sub] = path.split('.');
  if (head === 'fields' && key && key in FIELDS) return FIELDS[key as FieldName].label;
  if (head === 'socials' && key) return `${platformName(key)} link`;
  if (head === 'faqs' && key && /^\d+$/.test(key))
    return `FAQ ${Number(key) + 1} ${sub === 'answer' ? 'answer' : 'question'}`;
  if (head === 'faqs') return 'FAQs';
  if (head === 'apply_to') return 'Other sites';
  return path;
}

// --- The values: as stored, and as the form sent them ------------------------

type Faq = { question: string; answer: string };

/** The form's values for one listing: each field as text, lists one item a line. */
export interface EditValues {
  fields: Record<FieldName, string>;
  socials: Record<string, string>;
  faqs: Faq[];
  apply_to: string[];
}

const lines = (items: readonly string[]) => items.join('\n');

export function currentValues(listing: OwnListing, demoVideoUrl: string | null): EditValues {
  return {
    fields: {
      tagline: listing.tagline ?? '',
      short_description: listing.short_description ?? '',
      description: listing.description ?? '',
      pricing_model: listing.pricing.model ?? '',
      pricing_summary: listing.pricing.summary ?? '',
      country: listing.country ?? '',
      city: listing.city ?? '',
      founded_year: listing.founded_year === null ? '' : String(listing.founded_year),
      demo_video_url: demoVideoUrl ?? '',
      contact_email: listing.contact_email ?? '',
      features: lines(listing.features),
      usps: lines(listing.usps),
      keywords: lines(listing.keywords),
      headline: listing.headline ?? '',
      summary: listing.summary ?? '',
      seo_title: listing.seo.title ?? '',
      seo_description: listing.seo.description ?? '',
    },
    socials: { ...listing.socials },
    faqs: listing.faqs.map(({ question, answer }) => ({ question, answer })),
    apply_to: [],
  };
}

/** Browsers send a textarea's line breaks as CRLF: read them as the \n that was stored, and trim. */
const clean = (text: string) => text.replace(/\r\n?/g, '\n').trim();

/** One part's values as the form sent them (the other parts keep `current`). */
export function submittedValues(req: Request, part: EditPart, current: EditValues): EditValues {
  const next: EditValues = { ...current, fields: { ...current.fields }, apply_to: [] };
  if (part === 'profile' || part === 'site') {
    for (const name of part === 'profile' ? PROFILE_FIELDS : SITE_FIELDS)
      next.fields[name] = clean(field(req, `fields.${name}`, 40_000));
    if (part === 'site') next.apply_to = fields(req, 'apply_to');
  }
  if (part === 'links') {
    next.socials = {};
    for (const p of SOCIAL_PLATFORMS) {
      const url = clean(field(req, `socials.${p}`, 2000));
      if (url) next.socials[p] = url;
    }
  }
  if (part === 'faqs') {
    next.faqs = [];
    for (let i = 0; i < MAX_FAQS; i++) {
      const question = clean(field(req, `faqs.${i}.question`, 4000));
      const answer = clean(field(req, `faqs.${i}.answer`, 10_000));
      // An empty pair is a blank slot; half a pair is sent, for the tool to name the missing half.
      if (question || answer) next.faqs.push({ question, answer });
    }
  }
  return next;
}

/** A field's text as update_my_listing takes it: lists as arrays, the year as a number (or null). */
function toolValue(name: FieldName, text: string): unknown {
  const kind = FIELDS[name].kind;
  if (kind === 'list')
    return text
      .split('\n')
      .map((s) => s.trim())
      .filter(Boolean);
  if (kind === 'number') return text === '' ? null : /^\d{1,4}$/.test(text) ? Number(text) : text;
  return text;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The update_my_listing input for one part: only what differs from the
 * listing as stored. With `apply_to`, every site field is sent, so the
 * other sites get the text as shown even where this listing already has it.
 * Null when nothing changed.
 */
export function editInput(
  listingId: number,
  part: EditPart,
  current: EditValues,
  next: EditValues,
): Record<string, unknown> | null {
  if (part === 'profile' || part === 'site') {
    const names = part === 'profile' ? PROFILE_FIELDS : SITE_FIELDS;
    const applying = part === 'site' && next.apply_to.length > 0;
    const changed = names.filter(
      (n) => applying || !sameJson(toolValue(n, current.fields[n]), toolValue(n, next.fields[n])),
    );
    if (changed.length === 0) return null;
    const sent = Object.fromEntries(changed.map((n) => [n, toolValue(n, next.fields[n])]));
    return { listing_id: listingId, fields: sent, ...(applying ? { apply_to: next.apply_to } : {}) };
  }
  if (part === 'links') {
    const sorted = (o: Record<string, string>) => Object.fromEntries(Object.entries(o).sort());
    return sameJson(sorted(current.socials), sorted(next.socials))
      ? null
      : { listing_id: listingId, socials: next.socials };
  }
  return sameJson(current.faqs, next.faqs) ? null : { listing_id: listingId, faqs: next.faqs };
}

// --- The forms ---------------------------------------------------------------

export interface EditState {
  part: EditPart;
  values: EditValues;
  problem: Problem;
}

function fieldControl(name: FieldName, value: string, problem: Problem | null | undefined): SafeHtml {
  const spec = FIELDS[name];
  return control({
    path: `fields.${name}`,
    label: spec.label,
    value,
    kind: spec.kind === 'list' ? 'textarea' : spec.kind,
    rows: spec.rows ?? (spec.kind === 'list' ? 4 : undefined),
    hint: spec.hint,
    problem,
    maxlength:
      spec.kind === 'list' || spec.kind === 'number' ? undefined : maxLengthIn('update_my_listing', 'fields', name),
  });
}

/** Which part's fold starts open: the one just refused, or the one just saved (`?open=`). */
export function openPart(value: unknown): EditPart | null {
  return typeof value === 'string' && (EDIT_PARTS as readonly string[]).includes(value) ? (value as EditPart) : null;
}

const PART_TITLES: Record<EditPart, string> = {
  profile: 'Profile',
  site: 'Headline and search text on this site',
  links: 'Links',
  faqs: 'FAQs',
};

/** One part's form, folded under a summary of what it holds now. */
function partForm(
  listingId: number,
  part: EditPart,
  opts: { csrfToken: string; problem?: Problem; open: boolean; summary: string },
  inner: SafeHtml,
): SafeHtml {
  return html`<details class="manage-fold" id="edit-${part}"${opts.open ? ' open' : ''}><summary><span class="manage-fold-title">${PART_TITLES[part]}</span> <span class="dash-meta">${opts.summary}</span></summary>
<form method="post" action="/my/listings/${listingId}/edit/${part}">${csrfField(opts.csrfToken)}
${problemSummary(opts.problem, editLabel)}${inner}</form></details>`;
}

const filled = (values: EditValues, names: readonly FieldName[]) => names.filter((n) => values.fields[n] !== '').length;

/** The four edit forms; the one the person just sent (`state`) shows their input and its problems. */
export function editSection(
  listingId: number,
  current: EditValues,
  siblingSites: string[],
  csrfToken: string,
  state: EditState | null,
  open: EditPart | null,
): SafeHtml {
  const of = (part: EditPart) => ({
    v: state?.part === part ? state.values : current,
    p: state?.part === part ? state.problem : undefined,
    open: state?.part === part || open === part,
  });
  const profile = of('profile');
  const site = of('site');
  const links = of('links');
  const faqs = of('faqs');
  const faqRows = [...faqs.v.faqs];
  if (faqRows.length < MAX_FAQS) faqRows.push({ question: '', answer: '' });
  const applyErrors = errorsFor(site.p, 'apply_to');
  const control1 = (n: FieldName) => fieldControl(n, profile.v.fields[n], profile.p);
  const linkCount = Object.keys(current.socials).length;
  return html`<section aria-labelledby="edit"><h2 id="edit">Edit listing</h2>
<p class="muted">Edits publish at once and are kept in the version history below. Each form saves only what you changed in it.</p>

${partForm(
  listingId,
  'profile',
  {
    csrfToken,
    problem: profile.p,
    open: profile.open,
    summary: `${filled(current, PROFILE_FIELDS)} of ${PROFILE_FIELDS.length} filled in`,
  },
  html`${control1('tagline')}${control1('short_description')}${control1('description')}
<div class="manage-grid">${(['pricing_model', 'pricing_summary', 'country', 'city', 'founded_year', 'contact_email', 'demo_video_url'] as FieldName[]).map(control1)}</div>
<div class="manage-grid">${(['features', 'usps', 'keywords'] as FieldName[]).map(control1)}</div>
<button type="submit">Save profile</button>`,
)}

${partForm(
  listingId,
  'site',
  {
    csrfToken,
    problem: site.p,
    open: site.open,
    summary: `${filled(current, SITE_FIELDS)} of ${SITE_FIELDS.length} filled in`,
  },
  html`${SITE_FIELDS.map((n) => fieldControl(n, site.v.fields[n], site.p))}
${
  siblingSites.length > 0
    ? html`<fieldset id="${controlId('apply_to')}"><legend>Also on your other sites</legend>
${applyErrors.length > 0 ? html`<p class="field-error">${applyErrors.map((e) => plainMessage(e.message)).join(' ')}</p>` : ''}
<p class="hint">Copies these four fields, as shown, to this company’s listings there. Nothing else travels.</p>
${siblingSites.map(
  (key) =>
    html`<label><input type="checkbox" name="apply_to" value="${key}"${site.v.apply_to.includes(key) ? ' checked' : ''}> ${key}</label>`,
)}</fieldset>`
    : ''
}
<button type="submit">Save headline and search text</button>`,
)}

${partForm(
  listingId,
  'links',
  { csrfToken, problem: links.p, open: links.open, summary: linkCount === 0 ? 'none yet' : `${linkCount} set` },
  html`<p class="hint">The product’s website and social profiles. Leave a box empty to remove that link.</p>
<div class="manage-grid">${SOCIAL_PLATFORMS.map((p) =>
    control({
      path: `socials.${p}`,
      label: platformName(p),
      value: links.v.socials[p] ?? '',
      kind: 'url',
      problem: links.p,
      placeholder: 'https://',
    }),
  )}</div>
<button type="submit">Save links</button>`,
)}

${partForm(
  listingId,
  'faqs',
  {
    csrfToken,
    problem: faqs.p,
    open: faqs.open,
    summary: current.faqs.length === 0 ? 'none yet' : `${current.faqs.length} of ${MAX_FAQS}`,
  },
  html`<p class="hint">Questions people ask, with your answers. Empty both boxes of one to remove it; save to get another empty one.</p>
${faqRows.map(
  (f, i) => html`<fieldset class="manage-faq"><legend>Question ${i + 1}</legend>
${control({ path: `faqs.${i}.question`, label: 'Question', value: f.question, problem: faqs.p, maxlength: maxLengthIn('update_my_listing', 'faqs', '0', 'question') })}
${control({ path: `faqs.${i}.answer`, label: 'Answer', value: f.answer, kind: 'textarea', rows: 3, problem: faqs.p, maxlength: maxLengthIn('update_my_listing', 'faqs', '0', 'answer') })}</fieldset>`,
)}
<button type="submit">Save FAQs</button>`,
)}
</section>`;
}
