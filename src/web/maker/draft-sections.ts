// The draft page's sections below the profile, in the page's one form (each
// button saves every edit on the page): FAQs, founders with co-founder
// invites, company and founder links, the founder story, milestones, SEO and
// the competitor comparison. Repeated rows are named by the tool's paths
// (`faqs.1.answer`), so a refusal lands on its control; the longest text a
// control takes is read from the tool's schema.
import type { z } from 'zod';
import { SOCIAL_PLATFORMS, type SocialPlatform } from '../../drafts/drafter/fields.js';
import { STORY_SECTIONS } from '../../listings/profile.js';
import { founder, milestone, seo, story } from '../../../tools/drafts/schemas.js';
import { faq } from '../../../tools/listings/schemas.js';
import { control, errorsFor } from '../ui/fields.js';
import { html, type SafeHtml } from '../ui/html.js';
import { ACCEPTED_FORMATS, IMAGE_LIMITS } from '../../media/process.js';
import { localPath } from '../ui/public-page.js';
import { IMAGE_FILE_TYPES } from '../ui/uploads.js';
import {
  type FaqRow,
  type FounderRow,
  founderPhotoControl,
  MAX_FAQ_ROWS,
  MAX_FOUNDER_ROWS,
  MAX_MILESTONE_ROWS,
  type MilestoneRow,
} from './draft-forms.js';
import { COMMON_PLATFORMS, FIELD_LABELS, isFieldName, STORY_LABELS } from './draft-labels.js';
import {
  type DraftRender,
  draftPath,
  editorButton,
  evidenceBlock,
  sectionButton,
  sectionNotice,
} from './draft-parts.js';
import { PLATFORM_LABELS } from '../ui/platforms.js';

/** A string schema's longest length (through optional and nullable), for a control's maxlength. */
function maxOf(schema: z.ZodType): number | undefined {
  const s = schema as unknown as { maxLength?: number | null; unwrap?: () => z.ZodType };
  if (typeof s.maxLength === 'number') return s.maxLength;
  return s.unwrap ? maxOf(s.unwrap()) : undefined;
}

const BOUNDS = {
  question: maxOf(faq.shape.question),
  answer: maxOf(faq.shape.answer),
  founderName: maxOf(founder.shape.name),
  founderTitle: maxOf(founder.shape.title),
  founderBio: maxOf(founder.shape.bio),
  milestoneTitle: maxOf(milestone.shape.title),
  milestoneDescription: maxOf(milestone.shape.description),
  milestoneUrl: maxOf(milestone.shape.url),
  seoTitle: maxOf(seo.shape.title),
  seoMeta: maxOf(seo.shape.meta),
  story: maxOf(story.shape.story),
};

export function draftSections(r: DraftRender): SafeHtml {
  return html`${faqSection(r)}
${foundersSection(r)}
${socialsSection(r)}
${storySection(r)}
${milestonesSection(r)}
${seoSection(r)}
${competitorSection(r)}`;
}

const section = (id: string, title: string, intro: SafeHtml | string, body: SafeHtml) =>
  html`<section class="draft-section" id="${id}" aria-labelledby="${id}-heading">
<h2 id="${id}-heading">${title}</h2>
<p class="draft-intro">${intro}</p>
${body}</section>`;

/**
 * Rows of a repeated group: the filled ones and a blank or two, then the rest
 * (up to the most the tool takes) folded away, open when one of them has
 * something in it or a problem.
 */
function rows<T>(
  r: DraftRender,
  group: string,
  filled: T[],
  opts: { max: number; blank: number; more: string },
  render: (row: T | undefined, i: number) => SafeHtml,
): SafeHtml {
  const shown = Math.min(opts.max, filled.length + opts.blank);
  const folded = Array.from({ length: opts.max - shown }, (_, j) => shown + j);
  const open = folded.some((i) => errorsFor(r.problem, `${group}.${i}`).length > 0 || filled[i] !== undefined);
  return html`${Array.from({ length: shown }, (_, i) => render(filled[i], i))}
${folded.length > 0 ? html`<details class="draft-more"${open ? html` open` : ''}><summary>${opts.more}</summary>${folded.map((i) => render(filled[i], i))}</details>` : ''}`;
}

// --- FAQs --------------------------------------------------------------------

function faqSection(r: DraftRender): SafeHtml {
  const viewRows = r.view.faqs;
  const filled: (FaqRow & { evidence?: (typeof viewRows)[number]['evidence'] })[] = r.kept?.faqs ?? viewRows;
  const row = (f: (typeof filled)[number] | undefined, i: number) =>
    html`<fieldset class="draft-row"><legend>FAQ ${i + 1}</legend>
${control({ path: `faqs.${i}.question`, label: 'Question', value: f?.question, problem: r.problem, maxlength: BOUNDS.question })}
${control({ path: `faqs.${i}.answer`, label: 'Answer', value: f?.answer, kind: 'textarea', rows: 3, problem: r.problem, maxlength: BOUNDS.answer })}
${f?.evidence ? evidenceBlock(f.evidence) : ''}</fieldset>`;
  return section(
    'faqs',
    'FAQs',
    `Questions people ask before they try it. Up to ${MAX_FAQ_ROWS}; five good ones are plenty. Empty rows are dropped; saving replaces them all.`,
    html`${sectionNotice(r, 'faqs')}${rows(r, 'faqs', filled, { max: MAX_FAQ_ROWS, blank: filled.length > 0 ? 1 : 2, more: 'More FAQ rows' }, row)}
${sectionButton('faqs', 'Save FAQs')}`,
  );
}

// --- Founders and invites ----------------------------------------------------

/**
 * A founder's photo: the one stored here with a box to remove it, and a file
 * control whose button posts the whole form (every edit with it) as
 * multipart to /drafts/:id/founders/N/photo, which stores the file and saves it.
 */
function founderPhoto(r: DraftRender, i: number, f: FounderRow | undefined): SafeHtml {
  const photo = f?.avatar_url ? localPath(f.avatar_url) : null;
  const name = f?.name || `founder ${i + 1}`;
  return html`<div class="founder-photo">${
    photo
      ? html`<img class="founder-photo-preview" src="${photo}" alt="Photo of ${name}" width="64" height="64">
<input type="hidden" name="founders.${i}.avatar_url" value="${f?.avatar_url ?? ''}">
<label class="checkbox"><input type="checkbox" name="founders.${i}.remove_photo" value="on"${f?.remove_photo ? ' checked' : ''}> Remove photo</label>`
      : ''
  }
<div>${control({
    path: founderPhotoControl(i),
    label: photo ? 'Replace photo' : 'Photo',
    value: undefined,
    kind: 'file',
    accept: IMAGE_FILE_TYPES,
    hint: `${ACCEPTED_FORMATS}, at most ${IMAGE_LIMITS.maxBytes / 1024 / 1024} MB; shown as a square.`,
    problem: r.problem,
  })}
<button type="submit" class="secondary" name="intent" value="photo" formenctype="multipart/form-data" formaction="${draftPath(r.view, `/founders/${i}/photo`)}#founders">Upload photo<span class="visually-hidden"> of ${name}</span></button></div></div>`;
}

function foundersSection(r: DraftRender): SafeHtml {
  const { view } = r;
  const filled: (FounderRow & { evidence?: (typeof view.founders)[number]['evidence'] })[] =
    r.kept?.founders ??
    view.founders.map((f) => ({ ...f, title: f.title ?? '', bio: f.bio ?? '', avatar_url: f.avatar_url ?? '' }));
  const row = (f: (typeof filled)[number] | undefined, i: number) =>
    html`<fieldset class="draft-row draft-row-founder"><legend>Founder ${i + 1}${i === 0 ? ' (primary)' : ''}</legend>
<div class="draft-row-pair">${control({ path: `founders.${i}.name`, label: 'Name', value: f?.name, problem: r.problem, maxlength: BOUNDS.founderName })}
${control({ path: `founders.${i}.title`, label: 'Role', value: f?.title, problem: r.problem, maxlength: BOUNDS.founderTitle, placeholder: 'e.g. Co-founder & CEO' })}</div>
${control({ path: `founders.${i}.bio`, label: 'Bio', value: f?.bio, kind: 'textarea', rows: 3, problem: r.problem, maxlength: BOUNDS.founderBio })}
${founderPhoto(r, i, f)}
${f?.evidence ? evidenceBlock(f.evidence) : ''}</fieldset>`;
  const invitesTotal = view.invites.sent + view.invites.left;
  const invite = html`<div class="draft-invite" id="invite">
<h3>Invite a co-founder</h3>
<p>They get an email with a link to add their own profile, which joins the listing when you submit it. ${view.invites.sent} of ${invitesTotal} invites sent, ${view.invites.left} left.</p>
${
  view.invited_founders.length > 0
    ? html`<p><strong>Joined through an invite:</strong></p><ul class="draft-invited">${view.invited_founders.map((f) => html`<li><strong>${f.name}</strong>${f.title ? html`, ${f.title}` : ''}</li>`)}</ul>`
    : ''
}
${sectionNotice(r, 'invite')}
${
  view.invites.left > 0
    ? html`<div class="draft-inline-form">${control({ path: 'email', label: 'Co-founder’s email', value: r.kept?.email, kind: 'email', problem: r.problem, autocomplete: 'off' })}
${editorButton(r, '/invite', 'Send invite')}</div>`
    : html`<p class="muted">No invites left for this draft.</p>`
}</div>`;
  return section(
    'founders',
    'Founders',
    `The people behind it, up to ${MAX_FOUNDER_ROWS}. The first is the primary founder. Empty rows are dropped; saving replaces them all.`,
    html`${sectionNotice(r, 'founders')}${rows(r, 'founders', filled, { max: MAX_FOUNDER_ROWS, blank: 1, more: 'More founder rows' }, row)}
${sectionButton('founders', 'Save founders')}
${invite}`,
  );
}

// --- Links -------------------------------------------------------------------

function socialsForm(r: DraftRender, group: 'company_socials' | 'founder_socials', title: string): SafeHtml {
  const links = r.kept?.[group] ?? r.view[group];
  const input = (p: SocialPlatform) => {
    const field = control({
      path: `${group}.${p}`,
      label: PLATFORM_LABELS[p],
      value: links[p],
      kind: 'url',
      problem: r.problem,
      placeholder: 'https://',
      autocomplete: 'off',
    });
    // Where the site shows a drafted company link (not after the maker's own, unsaved typing).
    const evidence = group === 'company_socials' && !r.kept ? (r.view.company_socials_evidence[p] ?? []) : [];
    return evidence.length > 0 ? html`<div>${field}${evidenceBlock(evidence)}</div>` : field;
  };
  const shown = SOCIAL_PLATFORMS.filter((p) => COMMON_PLATFORMS.includes(p) || links[p]);
  const folded = SOCIAL_PLATFORMS.filter((p) => !shown.includes(p));
  const open = folded.some((p) => errorsFor(r.problem, `${group}.${p}`).length > 0);
  const who = group === 'company_socials' ? 'company' : 'founder';
  return html`<div class="draft-subsection" id="${group}"><h3>${title}</h3>
${sectionNotice(r, group)}
<div class="draft-grid">${shown.map(input)}</div>
${folded.length > 0 ? html`<details class="draft-more"${open ? html` open` : ''}><summary>More platforms</summary><div class="draft-grid">${folded.map(input)}</div></details>` : ''}
${sectionButton(group, `Save ${who} links`)}</div>`;
}

function socialsSection(r: DraftRender): SafeHtml {
  return section(
    'socials',
    'Links',
    'Where people find you elsewhere: full links starting with https://. Empty ones are dropped; saving replaces the set.',
    html`${socialsForm(r, 'company_socials', 'Company links')}
${socialsForm(r, 'founder_socials', 'Founder links')}`,
  );
}

// --- Story -------------------------------------------------------------------

function storySection(r: DraftRender): SafeHtml {
  const text = r.kept?.story ?? r.view.story;
  const controls = STORY_SECTIONS.map((s) =>
    control({
      path: `story.${s}`,
      label: STORY_LABELS[s],
      value: text[s],
      kind: s === 'title' ? 'text' : 'textarea',
      rows: s === 'story' ? 6 : 3,
      problem: r.problem,
      maxlength: BOUNDS.story,
    }),
  );
  return section(
    'story',
    'Founder story',
    'How it started and where it is going, in your words. Write only the parts you want; an emptied part is removed. Shown on your listing with a paid launch.',
    html`${sectionNotice(r, 'story')}${controls[0]}<div class="draft-grid draft-grid-wide">${controls.slice(1)}</div>
${sectionButton('story', 'Save story')}`,
  );
}

// --- Milestones --------------------------------------------------------------

function milestonesSection(r: DraftRender): SafeHtml {
  const { view } = r;
  const intro =
    'Dated moments of your journey: launches, releases, funding. Shown on your listing with a paid launch. Empty rows are dropped; saving replaces them all.';
  const filled: MilestoneRow[] =
    r.kept?.milestones ??
    view.milestones.map((m) => ({ date: m.date, title: m.title, description: m.description ?? '', url: m.url ?? '' }));
  const row = (m: MilestoneRow | undefined, i: number) =>
    html`<fieldset class="draft-row"><legend>Milestone ${i + 1}</legend>
<div class="draft-row-milestone">${control({ path: `milestones.${i}.date`, label: 'Date', value: m?.date, kind: 'date', problem: r.problem })}
${control({ path: `milestones.${i}.title`, label: 'Title', value: m?.title, problem: r.problem, maxlength: BOUNDS.milestoneTitle })}
${control({ path: `milestones.${i}.url`, label: 'Link (https)', value: m?.url, kind: 'url', problem: r.problem, maxlength: BOUNDS.milestoneUrl, placeholder: 'https://' })}</div>
${control({ path: `milestones.${i}.description`, label: 'Description', value: m?.description, kind: 'textarea', rows: 2, problem: r.problem, maxlength: BOUNDS.milestoneDescription })}</fieldset>`;
  return section(
    'milestones',
    'Milestones',
    intro,
    html`${sectionNotice(r, 'milestones')}${rows(r, 'milestones', filled, { max: MAX_MILESTONE_ROWS, blank: 1, more: 'More milestone rows' }, row)}
${sectionButton('milestones', 'Save milestones')}`,
  );
}

// --- SEO -----------------------------------------------------------------------

function seoSection(r: DraftRender): SafeHtml {
  const typed = r.kept?.seo ?? { title: r.view.seo.title ?? '', meta: r.view.seo.meta ?? '' };
  return section(
    'seo',
    'Search engines',
    'How your listing page shows in search results. Empty a line to leave it to us.',
    html`${sectionNotice(r, 'seo')}${control({ path: 'seo.title', label: 'Search title', value: typed.title, hint: `The headline in search results, at most ${BOUNDS.seoTitle} characters.`, problem: r.problem, maxlength: BOUNDS.seoTitle })}
${control({ path: 'seo.meta', label: 'Search description', value: typed.meta, kind: 'textarea', rows: 3, hint: `The lines under it, at most ${BOUNDS.seoMeta} characters.`, problem: r.problem, maxlength: BOUNDS.seoMeta })}
${sectionButton('seo', 'Save SEO')}`,
  );
}

// --- Competitor ----------------------------------------------------------------

const cell = (value: string | string[] | null) =>
  value === null || (Array.isArray(value) && value.length === 0)
    ? html`<span class="muted">Not stated</span>`
    : Array.isArray(value)
      ? html`<ul class="draft-cell-list">${value.map((v) => html`<li>${v}</li>`)}</ul>`
      : value;

function comparisonBlock(r: DraftRender): SafeHtml | '' {
  const c = r.view.competitor;
  if (!c) return '';
  const theirs = c.name ?? c.url;
  if (c.status === 'reading') {
    return html`<p class="draft-working-status"><span class="draft-spinner" aria-hidden="true"></span>Reading ${c.url}… <a href="${draftPath(r.view)}#competitor">Refresh</a> in a few seconds to see the comparison.</p>`;
  }
  if (c.status === 'failed') {
    return html`<p class="error">We could not read ${c.url}: ${c.failure_reason ?? 'the site did not answer'}. Check the address and compare again.</p>`;
  }
  const ours = typeof r.view.fields.name.value === 'string' ? r.view.fields.name.value : 'Your draft';
  return html`<div class="table-scroll"><table class="draft-compare"><caption>${ours} and ${theirs}, as each site states it</caption>
<thead><tr><th scope="col">Field</th><th scope="col">${ours}</th><th scope="col">${theirs}</th></tr></thead>
<tbody>${c.rows.map((row) => html`<tr><th scope="row">${isFieldName(row.field) ? FIELD_LABELS[row.field] : row.field}</th><td>${cell(row.ours)}</td><td>${cell(row.theirs)}</td></tr>`)}</tbody></table></div>
${c.shared_features.length > 0 ? html`<p><strong>Features you both list:</strong> ${c.shared_features.join(', ')}</p>` : ''}`;
}

function competitorSection(r: DraftRender): SafeHtml {
  const value = r.kept?.competitor_url ?? r.view.competitor?.url ?? '';
  return section(
    'competitor',
    'Compare with a competitor',
    'Give a competitor’s website: we read it the same way and put both side by side, so you see what your listing says that theirs does not.',
    html`${sectionNotice(r, 'competitor')}<div class="draft-inline-form">${control({ path: 'competitor_url', label: 'Competitor’s website', value, kind: 'url', hint: 'Empty it and press Compare to remove the comparison.', problem: r.problem, placeholder: 'https://', autocomplete: 'off' })}
${sectionButton('competitor', 'Compare')}</div>
${comparisonBlock(r)}`,
  );
}
