// The draft page as a person sees it: while the site is read, a status that
// refreshes itself; when reading failed, why and a retry; when ready, the
// head (name, site, completeness, what is missing, submit) and the profile
// form: each field with its state, its evidence and its own Lock / Restore /
// Redraft buttons inside the one form, so unsaved edits go along with them.
import type { Response } from 'express';
import type { WebSession } from '../../auth/sessions.js';
import { type FieldName, isListField, maxLength, PROFILE_FIELDS } from '../../drafts/drafter/fields.js';
import type { DraftView } from '../../drafts/views.js';
import { IMAGE_LIMITS, ACCEPTED_FORMATS } from '../../media/process.js';
import { control, controlId, errorsFor, plainMessage, problemSummary } from '../ui/fields.js';
import { html, noticeBox, plural, type SafeHtml, sendPage } from '../ui/html.js';
import { localPath } from '../ui/public-page.js';
import { IMAGE_FILE_TYPES } from '../ui/uploads.js';
import { fieldText } from './draft-forms.js';
import {
  FIELD_GROUPS,
  FIELD_HINTS,
  FIELD_LABELS,
  isFieldName,
  labelOfPath,
  LOGO_FILE,
  STATE_LABELS,
  STATE_MEANINGS,
} from './draft-labels.js';
import {
  type DraftRender,
  draftForm,
  EDITOR_FORM,
  editorButton,
  draftPath,
  evidenceBlock,
  pageLink,
  sectionNotice,
  webHref,
} from './draft-parts.js';
import { draftSections } from './draft-sections.js';

/** How often the page reloads itself while the site is read and drafted. */
export const REFRESH_SECONDS = 3;

const nameOf = (view: DraftView) => (typeof view.fields.name.value === 'string' ? view.fields.name.value : null);

export function sendDraftPage(res: Response, session: WebSession, r: DraftRender, status?: number): void {
  const working = r.view.status === 'crawling' || r.view.status === 'drafting';
  const body = r.view.status === 'ready' ? readyBody(r) : r.view.status === 'failed' ? failedBody(r) : workingBody(r);
  sendPage(res, {
    status,
    title: working
      ? workingTitle(r.view)
      : r.view.status === 'failed'
        ? FAILED_TITLE
        : (nameOf(r.view) ?? r.view.domain),
    csrfToken: r.csrfToken,
    signedInAs: session.email,
    customHeading: true,
    refreshSeconds: working && !r.problem && r.autoRefresh !== false ? REFRESH_SECONDS : undefined,
    body: html`<div class="draft-page">${body}</div>`,
  });
}

const workingTitle = (view: DraftView) =>
  view.status === 'crawling' ? 'Reading your site…' : 'Drafting your listing…';

const siteLink = (view: DraftView) => {
  const href = webHref(view.url);
  return href ? html`<a href="${href}" rel="nofollow noopener noreferrer">${view.domain}</a>` : view.domain;
};

// --- Reading and drafting ----------------------------------------------------

/** The head of a draft that is not ready: whose site it is and what is happening (or that it failed). */
export const shortHead = (view: DraftView, title: string) =>
  html`<header class="draft-head"><div class="draft-head-main"><p class="draft-kicker"><span>Draft of ${siteLink(view)}</span></p>
<h1>${title}</h1></div></header>`;

/** While the site is read and drafted: the status line and the three stages, the current one marked. */
export function workingProgress(view: DraftView): SafeHtml {
  const read = view.pages.length;
  const stage = (done: boolean, current: boolean, title: string, detail: string) =>
    html`<li class="${done ? 'done' : current ? 'current' : ''}"${current ? html` aria-current="step"` : ''}><strong>${title}</strong><span class="muted">${detail}</span></li>`;
  return html`<p class="draft-working-status" id="working-status"><span class="draft-spinner" aria-hidden="true"></span>${view.status === 'crawling' ? 'Reading your site' : 'Drafting your listing from what your site says'}${read > 0 ? html` · ${plural(read, 'page')} read` : ''}</p>
<ol class="draft-stages">
${stage(view.status === 'drafting', view.status === 'crawling', 'Read your site', read > 0 ? `${plural(read, 'page')} read` : 'Home, pricing, about, features, FAQ… obeying robots.txt')}
${stage(false, view.status === 'drafting', 'Draft your listing', 'Every value quotes the page it came from; what your site does not say stays blank')}
${stage(false, false, 'Review and submit', 'Edit, lock or redraft any field, then submit it as your listing')}
</ol>`;
}

/** The pages read so far, folded away. */
export const pagesRead = (view: DraftView) =>
  view.pages.length > 0
    ? html`<details class="draft-pages"><summary>Pages read so far</summary><ul>${view.pages.map((p) => html`<li>${p.title ? html`${p.title}: ` : ''}${pageLink(p.url)}</li>`)}</ul></details>`
    : '';

function workingBody(r: DraftRender): SafeHtml {
  const { view } = r;
  return html`${shortHead(view, workingTitle(view))}
${problemSummary(r.problem, labelOfPath)}
<section class="draft-working" aria-labelledby="working-status">
${workingProgress(view)}
${
  r.autoRefresh === false
    ? html`<p>This usually takes about a minute. Automatic refresh is off: refresh when you are ready, or <a href="${draftPath(view)}">turn it back on</a>.</p>`
    : html`<p>This usually takes about a minute. The page refreshes itself every ${REFRESH_SECONDS} seconds (<a href="${draftPath(view, '?refresh=off')}">stop refreshing</a>).</p>`
}
<p><a class="button secondary" href="${draftPath(view)}${r.autoRefresh === false ? '?refresh=off' : ''}">Refresh</a></p>
${pagesRead(view)}
</section>`;
}

export const FAILED_TITLE = 'We could not read your site';

/** Why reading the site failed, under its heading. */
export const failureReason = (view: DraftView) => html`<h2 id="failed-why">What went wrong</h2>
<p class="error" role="alert">${view.failure_reason ?? 'Reading the site failed.'}</p>`;

function failedBody(r: DraftRender): SafeHtml {
  const { view } = r;
  return html`${shortHead(view, FAILED_TITLE)}
${problemSummary(r.problem, labelOfPath)}
<section class="draft-working draft-failed" aria-labelledby="failed-why">
${failureReason(view)}
<p>If you have fixed it (for example allowed our crawler in robots.txt, or the site is back up), try again. Or submit another address.</p>
<div class="draft-failed-actions">${draftForm(r, '/retry', html`<button type="submit">Try again</button>`)}
<a class="button secondary" href="/submit">Submit another URL</a></div>
</section>`;
}

// --- Ready: head and profile ---------------------------------------------------

/** Where "Still missing" leads for each item: the field's control, or the first row of a section. */
function missingHref(item: string): string {
  if (isFieldName(item)) return `#${controlId(`fields.${item}`)}`;
  if (item === 'faqs') return `#${controlId('faqs.0.question')}`;
  if (item === 'founders') return `#${controlId('founders.0.name')}`;
  return '#profile';
}

export const missingLabel = (item: string) =>
  isFieldName(item) ? FIELD_LABELS[item] : item === 'faqs' ? 'FAQs' : item === 'founders' ? 'Founders' : item;

function submitBox(r: DraftRender): SafeHtml {
  const { view } = r;
  if (view.listing_id !== null) {
    const listing = `/my/listings/${view.listing_id}`;
    return html`<div class="draft-submit"><p class="draft-submitted"><strong>Submitted as your listing.</strong> Changes you save here update it too.</p>
<p class="draft-submit-links"><a class="button" href="${listing}/launch">Choose how to launch</a> <a href="${listing}">Manage the listing</a></p></div>`;
  }
  return html`<div class="draft-submit">${editorButton(r, '/submit', 'Submit as my listing')}
<p class="hint">Saves your edits and makes it your listing. Nothing is published or charged yet: next you choose a free or a paid launch.</p></div>`;
}

/** A ready draft's name, site, tagline and how it was drafted. */
export function draftHeadMain(view: DraftView): SafeHtml {
  const tagline = typeof view.fields.tagline.value === 'string' ? view.fields.tagline.value : null;
  return html`<div class="draft-head-main"><p class="draft-kicker"><span>Draft listing for ${siteLink(view)}</span> <span class="draft-badge">${view.listing_id === null ? 'Ready to review' : 'Submitted'}</span></p>
<h1>${nameOf(view) ?? view.domain}</h1>
${tagline ? html`<p class="draft-tagline">${tagline}</p>` : ''}
<p class="muted draft-read">Drafted from ${plural(view.pages.length, 'page')} of your site${view.drafter ? html` by the ${view.drafter === 'builtin' ? 'built-in extractor' : `${view.drafter} model`}` : ''}. Every value shows the words it was taken from.</p></div>`;
}

/** Completeness and what is still missing, each item a link to where it is filled in (`hrefOf`). */
export function draftMeter(view: DraftView, hrefOf: (item: string) => string): SafeHtml {
  return html`<div class="draft-meter"><label for="completeness">Completeness <strong>${view.completeness}%</strong></label>
<progress id="completeness" max="100" value="${view.completeness}">${view.completeness}%</progress>
${
  view.missing.length > 0
    ? html`<p class="draft-missing">Still missing: ${view.missing.map((m, i) => html`${i > 0 ? ', ' : ''}<a href="${hrefOf(m)}">${missingLabel(m)}</a>`)}</p>`
    : html`<p class="draft-missing">Nothing missing.</p>`
}</div>`;
}

function head(r: DraftRender): SafeHtml {
  return html`<header class="draft-head">
${draftHeadMain(r.view)}
<div class="draft-head-side">
${draftMeter(r.view, missingHref)}
${submitBox(r)}</div>
</header>`;
}

const SECTION_LINKS: [string, string][] = [
  ['profile', 'Profile'],
  ['faqs', 'FAQs'],
  ['founders', 'Founders'],
  ['socials', 'Links'],
  ['story', 'Story'],
  ['milestones', 'Milestones'],
  ['seo', 'SEO'],
  ['competitor', 'Competitor'],
];

function readyBody(r: DraftRender): SafeHtml {
  return html`${head(r)}
${problemSummary(r.problem, labelOfPath)}
${r.notice && !r.notice.field && !r.notice.section ? noticeBox(r.notice.text) : ''}
<nav class="draft-nav" aria-label="Sections of the draft"><ul>${SECTION_LINKS.map(([id, label]) => html`<li><a href="#${id}">${label}</a></li>`)}</ul></nav>
${draftForm(r, '', html`${profileSection(r)}${draftSections(r)}`, { id: EDITOR_FORM, className: 'draft-editor', keepsEdits: true })}
<section class="draft-section draft-final" id="submit" aria-labelledby="submit-heading">
<h2 id="submit-heading">${r.view.listing_id === null ? 'Done reviewing?' : 'Your listing'}</h2>
${submitBox(r)}</section>`;
}

/** The profile fields in the groups the page shows them in; any field no group names comes last, under "More". */
export function profileGroups(): { title: string; fields: readonly FieldName[] }[] {
  const grouped = new Set(FIELD_GROUPS.flatMap((g) => g.fields));
  const rest = PROFILE_FIELDS.filter((f) => !grouped.has(f));
  return rest.length > 0 ? [...FIELD_GROUPS, { title: 'More', fields: rest }] : [...FIELD_GROUPS];
}

function profileSection(r: DraftRender): SafeHtml {
  const groups = profileGroups();
  const saveBar = (where: string) =>
    html`<div class="draft-savebar draft-savebar-${where}"><p class="muted">Every button on this page saves all your edits, in every section.</p><button type="submit" name="intent" value="save">Save changes</button></div>`;
  return html`<section class="draft-section" id="profile" aria-labelledby="profile-heading">
<h2 id="profile-heading">Profile</h2>
<p class="draft-intro">What your listing says. <strong>Lock</strong> keeps a value from redrafts, <strong>Restore AI value</strong> brings back what was drafted, <strong>Redraft from site</strong> reads your pages for it again, and <strong>Undo</strong> brings back what a restore or redraft replaced.</p>
${sectionNotice(r, 'profile')}
<div class="draft-fields">${saveBar('top')}
${groups.map((g) => html`<fieldset class="draft-group"><legend>${g.title}</legend>${g.fields.map((f) => profileField(r, f))}</fieldset>`)}
${saveBar('bottom')}</div>
</section>`;
}

function controlFor(f: FieldName, attrs: SafeHtml, value: string): SafeHtml {
  if (isListField(f)) {
    const rows = Math.min(10, Math.max(3, value.split('\n').length + 1));
    return html`<textarea ${attrs} rows="${rows}">${value}</textarea>`;
  }
  if (f === 'description') return html`<textarea ${attrs} rows="10" maxlength="${maxLength(f)}">${value}</textarea>`;
  if (f === 'short_description')
    return html`<textarea ${attrs} rows="3" maxlength="${maxLength(f)}">${value}</textarea>`;
  const type = f === 'contact_email' ? 'email' : f === 'demo_video_url' || f === 'logo_url' ? 'url' : 'text';
  const mode = f === 'founded_year' ? html` inputmode="numeric"` : '';
  return html`<input ${attrs} type="${type}"${mode} maxlength="${maxLength(f)}" value="${value}">`;
}

/**
 * Beside the logo link: the logo when it is one uploaded here, and a file
 * control whose button posts the whole form (every edit with it) as
 * multipart to /drafts/:id/logo, which puts the upload's address in the link.
 */
function logoUpload(r: DraftRender, link: string): SafeHtml {
  const own = link.startsWith(`${r.publicUrl}/media/`) ? localPath(link) : null;
  return html`<div class="logo-upload">${own ? html`<img class="logo logo-upload-preview" src="${own}" alt="Your uploaded logo" width="64" height="64">` : ''}
<div>${control({
    path: LOGO_FILE,
    label: 'Or upload your logo',
    value: undefined,
    kind: 'file',
    accept: IMAGE_FILE_TYPES,
    hint: `${ACCEPTED_FORMATS}, at most ${IMAGE_LIMITS.maxBytes / 1024 / 1024} MB; it is shown as a square. Uploading saves your other edits too.`,
    problem: r.problem,
  })}
<button type="submit" class="secondary" name="intent" value="upload" formenctype="multipart/form-data" formaction="${draftPath(r.view, '/logo')}#field-logo_url">Upload logo</button></div></div>`;
}

export const shortText = (value: string | string[] | null) => {
  const s = Array.isArray(value) ? value.join(', ') : (value ?? '');
  return s.length > 240 ? `${s.slice(0, 240)}…` : s;
};

const CATEGORY_HINT = html`One per line. <strong>The first line is your primary category</strong>; a free listing keeps that one, a paid one up to four. Use the names of <a href="/categories">our categories</a>.`;

const categoryNames = (r: DraftRender) =>
  html`<details class="draft-category-names"><summary>Category names you can use</summary><p>${r.categories.join(' · ')}</p></details>`;

function fieldButtons(f: FieldName, r: DraftRender): SafeHtml {
  const stored = r.view.fields[f];
  const label = FIELD_LABELS[f];
  // A page answered in place (a question, a refusal) opens at this field, not at the top.
  const here = html` formaction="${draftPath(r.view)}#field-${f}"`;
  const button = (intent: string, text: string) =>
    html`<button type="submit" name="intent" value="${intent}:${f}" class="secondary"${here}>${text}<span class="visually-hidden"> ${label}</span></button>`;
  const locked = stored.state === 'override';
  const same = JSON.stringify(stored.value) === JSON.stringify(stored.ai_value);
  const restore =
    stored.state === 'edited' || stored.state === 'deleted'
      ? button('restore', 'Restore AI value')
      : locked
        ? button('restore', same ? 'Unlock' : 'Restore AI value')
        : '';
  if (r.confirmRedraft === f)
    return html`<div class="draft-actions draft-confirm" role="alert"><p>Redrafting replaces your text with what your site says (Undo brings it back until you edit the field). Redraft ${label} anyway?</p><button type="submit" name="intent" value="save">Keep my text and save</button> <button type="submit" name="intent" value="regenerate:${f}:confirmed" class="secondary"${here}>Yes, redraft from site<span class="visually-hidden"> ${label}</span></button></div>`;
  const undo = r.view.undoable.includes(f) ? button('undo', 'Undo') : '';
  return html`<div class="draft-actions">${undo}${locked ? '' : button('lock', 'Lock')}${restore}${locked ? '' : button('regenerate', 'Redraft from site')}</div>`;
}

function profileField(r: DraftRender, f: FieldName): SafeHtml {
  const stored = r.view.fields[f];
  const path = `fields.${f}`;
  const id = controlId(path);
  const errors = errorsFor(r.problem, path);
  const hint = f === 'categories' ? CATEGORY_HINT : FIELD_HINTS[f];
  const stateId = `${id}-state`;
  const describedBy = [stateId, hint ? `${id}-hint` : '', errors.length > 0 ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  const attrs = html`id="${id}" name="${path}" aria-describedby="${describedBy}" autocomplete="off"${errors.length > 0 ? html` aria-invalid="true"` : ''}`;
  const value = r.kept?.profile?.[f] ?? fieldText(stored.value);
  return draftFieldBlock(r.view, f, {
    label: html`<label for="${id}">${FIELD_LABELS[f]}</label>`,
    stateId,
    invalid: errors.length > 0,
    main: html`${r.notice?.field === f ? noticeBox(r.notice.text) : ''}
${hint ? html`<div class="hint" id="${id}-hint">${hint}</div>` : ''}
${errors.length > 0 ? html`<p class="field-error" id="${id}-error">${errors.map((e) => plainMessage(e.message)).join(' ')}</p>` : ''}
${controlFor(f, attrs, value)}
${f === 'categories' ? categoryNames(r) : ''}${f === 'logo_url' ? logoUpload(r, value) : ''}`,
    actions: fieldButtons(f, r),
  });
}

/**
 * One profile field as the page and the MCP App (draft-review.ts) show it:
 * its label and state beside `main` (the page's control, the App's value),
 * then the quotes it came from, what the AI drafted when that differs, and
 * `actions` (the page's buttons).
 */
export function draftFieldBlock(
  view: DraftView,
  f: FieldName,
  parts: { label: SafeHtml; stateId?: string; invalid?: boolean; main: SafeHtml; actions?: SafeHtml },
): SafeHtml {
  const stored = view.fields[f];
  const aiDiffers = stored.ai_value !== null && JSON.stringify(stored.ai_value) !== JSON.stringify(stored.value);
  return html`<div class="draft-field draft-field-${stored.state}${parts.invalid ? ' invalid' : ''}" id="field-${f}">
<div class="draft-field-side">${parts.label}
<p class="draft-state-line"${parts.stateId ? html` id="${parts.stateId}"` : ''}><span class="draft-state draft-state-${stored.state}">${STATE_LABELS[stored.state]}</span>${stored.state === 'ai' ? '' : html`<span class="draft-state-meaning">${STATE_MEANINGS[stored.state]}</span>`}</p></div>
<div class="draft-field-main">
${parts.main}
${evidenceBlock(stored.evidence)}
${aiDiffers ? html`<p class="draft-ai-value"><span class="draft-evidence-label">AI drafted:</span> <q>${shortText(stored.ai_value)}</q></p>` : ''}
${parts.actions ?? ''}
</div></div>`;
}
