// Listings for the site team: find any listing by name, slug or domain, in
// any status; on one listing, hide it from the site (or show it again) and
// edit its public fields, each with a reason that goes into its history (the
// owner sees it there and is mailed). The edit takes exactly what the owner's
// update_my_listing takes: its input schema checks the fields, so the bounds
// live in one place.
import express, { type Request, type Response, type Router } from 'express';
import { z } from 'zod';
import { ownListingFields } from '../../../tools/listings/schemas.js';
import { REASON_MAX } from '../../accounts/reasons.js';
import type { Context } from '../../context.js';
import type { FieldError } from '../../errors.js';
import { adminListing, adminListings, HIDDEN, LISTING_STATUSES } from '../../listings/moderation.js';
import { PUBLIC_STATUSES } from '../../listings/summary.js';
import { parseJsonText } from '../../platform/json-text.js';
import { maxLengthIn } from '../maker/dashboard-ui.js';
import { editLabel } from '../maker/manage-edit.js';
import type { Problem } from '../ui/act.js';
import { control, problemSummary } from '../ui/fields.js';
import { field, queryString, OPERATION_FIELD_MAX } from '../ui/forms.js';
import { csrfField, html, plural, SafeHtml } from '../ui/html.js';
import {
  adminGet,
  adminOf,
  adminPost,
  noticeOf,
  pageOf,
  pager,
  pill,
  positiveId,
  scrollTable,
  sendAdminPage,
  type Tone,
  when,
} from './common.js';
import { perform } from '../ui/act.js';
import { ellipsize } from '../../platform/text.js';

const PER_PAGE = 50;

const TONES: Record<string, Tone> = {
  draft: 'info',
  awaiting_badge: 'wait',
  scheduled: 'info',
  live: 'ok',
  [HIDDEN]: 'bad',
  rejected: 'bad',
  archived: 'quiet',
};
const statusPill = (status: string) => pill(status.replace(/_/g, ' '), TONES[status] ?? 'quiet');
const isPublic = (status: string) => (PUBLIC_STATUSES as readonly string[]).includes(status);

const NOTICES = {
  hidden: () => 'Listing hidden: it is gone from every public page, search, feed and the API. The owner was mailed.',
  shown: () => 'Listing shown again. The owner was mailed.',
  edited: (n: number) => `Saved ${plural(n, 'changed field')}. The owner was mailed your reason.`,
  unchanged: () => 'Nothing differed from the listing, so nothing was saved.',
};

// --- The edit form: the owner's fields, typed from update_my_listing's schema --

type FieldName = keyof typeof ownListingFields.shape;
const FIELD_NAMES = Object.keys(ownListingFields.shape) as FieldName[];
const LIST_FIELDS = ['features', 'usps', 'keywords'] as const satisfies readonly FieldName[];
const isList = (name: FieldName) => (LIST_FIELDS as readonly string[]).includes(name);

function unwrap(schema: z.ZodType): z.ZodType {
  let s = schema;
  while (s instanceof z.ZodOptional || s instanceof z.ZodNullable) s = s.unwrap() as z.ZodType;
  return s;
}
const isNumber = (name: FieldName) => unwrap(ownListingFields.shape[name] as z.ZodType) instanceof z.ZodNumber;

/** The listing's current value of a field, as the form shows it. */
function shownValue(listing: Record<string, unknown>, name: FieldName): string {
  const value = listing[name];
  if (isList(name)) return parseJsonText<string[]>(typeof value === 'string' ? value : '[]', []).join('\n');
  return value === null || value === undefined ? '' : String(value);
}

/** A field's text as update_my_listing takes it: lists one item a line, the year as a number or null. */
function toolValue(name: FieldName, text: string): unknown {
  if (isList(name))
    return text
      .split('\n')
      .map((s) => s.trim())
      .filter(Boolean);
  if (isNumber(name)) return text === '' ? null : /^\d{1,4}$/.test(text) ? Number(text) : text;
  return text;
}

const clean = (text: string) => text.replace(/\r\n?/g, '\n').trim();

/** The fields the form changed (as the tool takes them), and the form's text of every field. */
function submittedFields(req: Request, listing: Record<string, unknown>) {
  const texts = {} as Record<FieldName, string>;
  const changed: Record<string, unknown> = {};
  const sent = (req.body ?? {}) as Record<string, unknown>;
  for (const name of FIELD_NAMES) {
    // A field the form did not send is left as it is, never cleared.
    const text = Object.hasOwn(sent, `fields.${name}`)
      ? clean(field(req, `fields.${name}`, 40_000))
      : shownValue(listing, name);
    texts[name] = text;
    const next = toolValue(name, text);
    if (JSON.stringify(next) !== JSON.stringify(toolValue(name, shownValue(listing, name)))) changed[name] = next;
  }
  return { texts, changed };
}

/** How each field is typed in (the rest: one line of text). */
const KINDS: Partial<Record<FieldName, 'textarea' | 'url' | 'email'>> = {
  short_description: 'textarea',
  description: 'textarea',
  summary: 'textarea',
  seo_description: 'textarea',
  demo_video_url: 'url',
  contact_email: 'email',
};

function fieldControl(name: FieldName, value: string, problem: Problem | undefined): SafeHtml {
  const max = maxLengthIn('update_my_listing', 'fields', name);
  return control({
    path: `fields.${name}`,
    label: editLabel(`fields.${name}`),
    value,
    kind: isList(name) ? 'textarea' : isNumber(name) ? 'number' : (KINDS[name] ?? 'text'),
    rows: name === 'description' || name === 'summary' ? 8 : isList(name) ? 4 : 2,
    hint: isList(name) ? 'One a line, up to 20.' : undefined,
    maxlength: max,
    problem,
  });
}

const problemOf = (error: string | undefined, errors: FieldError[] | undefined, status = 400): Problem | undefined =>
  error ? { status, message: error, errors: errors ?? [] } : undefined;

/** The reason box of one form; the visibility form's gets its own id (the edit form's stays the one its problems link to). */
function reasonControl(form: string, value: string, problem: Problem | undefined, hint: string): SafeHtml {
  const box = control({
    path: 'reason',
    label: 'Reason (the owner sees it)',
    value,
    kind: 'textarea',
    rows: 2,
    maxlength: REASON_MAX,
    required: true,
    hint,
    problem,
  });
  return form === 'edit' ? box : new SafeHtml(box.value.replaceAll('"f-reason', `"f-${form}-reason`));
}

export function listingRoutes(ctx: Context): Router {
  const router = express.Router();

  router.get(
    '/admin/listings',
    adminGet(async (req, res) => {
      const q = queryString(req, 'q', 200).trim();
      const status = (LISTING_STATUSES as readonly string[]).includes(req.query.status as string)
        ? (req.query.status as string)
        : '';
      const page = pageOf(req);
      const result = await adminListings(ctx, { q, status: status || undefined, page, per_page: PER_PAGE });
      const rows = result.items.map(
        (
          l,
        ) => html`<tr><th scope="row"><a href="/admin/listings/${l.id}">${l.name}</a><br><span class="muted">${l.slug}</span></th>
<td>${statusPill(l.status)}</td><td>${l.owner ?? html`<span class="muted">none</span>`}</td><td>${l.votes}</td><td>${when(l.updated_at)}</td>
<td>${isPublic(l.status) ? html`<a href="/listings/${l.slug}" aria-label="Public page of ${l.name}">Public page</a>` : html`<span class="muted">not public</span>`}</td></tr>`,
      );
      sendAdminPage(res, {
        path: '/admin/listings',
        title: 'Listings',
        body: html`<form class="admin-filter" method="get" action="/admin/listings" role="search">
<div><label for="listings-q">Name, slug or domain</label><input id="listings-q" type="search" name="q" maxlength="200" value="${q}"></div>
<div><label for="listings-status">Status</label><select id="listings-status" name="status"><option value="">Any status</option>${LISTING_STATUSES.map(
          (s) => html`<option value="${s}"${s === status ? ' selected' : ''}>${s.replace(/_/g, ' ')}</option>`,
        )}</select></div>
<button type="submit">Find listings</button></form>
<p>${plural(result.total, 'listing')}${q || status ? (result.total === 1 ? ' matches' : ' match') : ''}, the latest changed first.</p>
${
  result.items.length === 0
    ? html`<p>No listings found.</p>`
    : scrollTable(
        'Listings',
        html`<table><caption class="visually-hidden">Listings</caption><thead><tr><th scope="col">Listing</th><th scope="col">Status</th><th scope="col">Owner</th><th scope="col">Votes</th><th scope="col">Changed</th><th scope="col">On the site</th></tr></thead>
<tbody>${rows}</tbody></table>`,
      )
}
${pager(req, page, PER_PAGE, result.total)}`,
      });
    }),
  );

  const render = async (
    req: Request,
    res: Response,
    opts: { error?: string; status?: number; errors?: FieldError[] } = {},
  ) => {
    const admin = adminOf(res);
    const id = positiveId(req.params.id, 'listing');
    const { listing, owner, history } = await adminListing(ctx, id);
    const row = listing as unknown as Record<string, unknown>;
    const posted = req.method === 'POST';
    const form = posted ? (req.path.split('/').pop() ?? '') : '';
    const problem = problemOf(opts.error, opts.errors, opts.status);
    const editProblem = form === 'edit' ? problem : undefined;
    const values = {} as Record<FieldName, string>;
    for (const name of FIELD_NAMES)
      values[name] = form === 'edit' ? clean(field(req, `fields.${name}`, 40_000)) : shownValue(row, name);
    const reasonFor = (which: string) => (form === which ? field(req, 'reason', 10_000) : '');
    const hidden = listing.status === HIDDEN;
    const visibility = hidden ? 'unhide' : 'hide';

    sendAdminPage(res, {
      path: `/admin/listings/${id}`,
      title: `Listing: ${listing.name}`,
      status: opts.status,
      error: form === 'edit' ? null : opts.error,
      notice: posted ? null : noticeOf(req, NOTICES),
      body: html`<p><a href="/admin/listings">← All listings</a></p>
<dl class="admin-facts">
<div><dt>Status</dt><dd>${statusPill(listing.status)}${hidden && listing.hidden_status ? html` <span class="muted">(was ${listing.hidden_status.replace(/_/g, ' ')})</span>` : ''}</dd></div>
<div><dt>Slug</dt><dd>${isPublic(listing.status) ? html`<a href="/listings/${listing.slug}">${listing.slug}</a>` : listing.slug}</dd></div>
<div><dt>Website</dt><dd>${/^https?:\/\//i.test(listing.url) ? html`<a href="${listing.url}" rel="nofollow noopener noreferrer">${listing.domain}</a>` : listing.url}</dd></div>
<div><dt>Owner</dt><dd>${owner ? html`<a href="/admin/users/${owner.id}">${owner.email}</a>` : html`<span class="muted">none (unclaimed)</span>`}</dd></div>
<div><dt>Votes</dt><dd>${listing.votes_count}${Number(listing.votes_discounted) > 0 ? html` <span class="muted">(${listing.votes_discounted} discounted)</span>` : ''}</dd></div>
<div><dt>Plan</dt><dd>${listing.plan}</dd></div>
</dl>
${
  hidden
    ? html`<p class="admin-hidden-note"><strong>Hidden</strong> ${when(listing.hidden_at)}: <q>${listing.hidden_reason ?? ''}</q></p>`
    : ''
}

<section aria-labelledby="visibility" class="card"><h2 id="visibility">${hidden ? 'Show it on the site again' : 'Hide it from the site'}</h2>
<p>${
        hidden
          ? 'It returns in the status it had when hidden (a scheduled launch whose week has begun goes live). The owner is mailed your reason.'
          : 'Hiding takes it off every public page, list, search, feed, the sitemap and the API at once, as if it were not live. It keeps its votes, followers and orders; the owner still sees and edits it, and is mailed your reason.'
      }</p>
<form method="post" action="/admin/listings/${id}/${visibility}">${csrfField(admin.csrfToken)}
${reasonControl(visibility, reasonFor(visibility), form === visibility ? problem : undefined, hidden ? 'Why it may show again.' : 'What is wrong with it, in words the owner can act on.')}
<button type="submit"${hidden ? '' : html` class="admin-danger"`}>${hidden ? 'Show listing again' : 'Hide listing'}</button></form></section>

<section aria-labelledby="edit"><h2 id="edit">Edit its public fields</h2>
<p>The fields its owner can edit, checked the same way. Only what you change is saved; it goes into the history below with your reason, and the owner is mailed.</p>
<details class="manage-fold"${form === 'edit' ? ' open' : ''}><summary><span class="manage-fold-title">Fields</span> <span class="muted">${FIELD_NAMES.filter((n) => shownValue(row, n) !== '').length} of ${FIELD_NAMES.length} filled in</span></summary>
<form method="post" action="/admin/listings/${id}/edit">${csrfField(admin.csrfToken)}
${problemSummary(editProblem, (path) => (path === 'reason' ? 'Reason' : editLabel(path)))}
${FIELD_NAMES.map((name) => fieldControl(name, values[name], editProblem))}
${reasonControl('edit', reasonFor('edit'), editProblem, 'What you changed and why.')}
<button type="submit">Save changes</button></form></details></section>

<section aria-labelledby="history"><h2 id="history">History</h2>
${
  history.length === 0
    ? html`<p class="muted">No edits yet.</p>`
    : scrollTable(
        'Every change, newest first',
        html`<table><caption class="visually-hidden">Every change, newest first</caption><thead><tr><th scope="col">When</th><th scope="col">Who</th><th scope="col">Reason</th><th scope="col">What changed</th></tr></thead><tbody>
${history.map(
  (
    v,
  ) => html`<tr><th scope="row">${when(v.at)}</th><td>${v.by ?? html`<span class="muted">a deleted account</span>`}${v.by_admin ? html` ${pill('admin', 'info')}` : ''}</td>
<td>${v.reason ?? html`<span class="muted">(owner's edit)</span>`}</td>
<td><ul class="admin-changes">${Object.entries(v.changes).map(([key, d]) => html`<li><strong>${key.replace(/_/g, ' ')}</strong>: ${brief(d.before)} → ${brief(d.after)}</li>`)}</ul></td></tr>`,
)}</tbody></table>`,
      )
}</section>`,
    });
  };

  router.get('/admin/listings/:id', adminGet(render));

  router.post(
    '/admin/listings/:id/hide',
    adminPost(render, async (req, _res, admin) => {
      const listingId = positiveId(req.params.id, 'listing');
      const reason = field(req, 'reason', OPERATION_FIELD_MAX);
      await perform(ctx, admin.session, 'set_listing_hidden', { listing_id: listingId, hidden: true, reason });
      return `/admin/listings/${listingId}?done=hidden`;
    }),
  );

  router.post(
    '/admin/listings/:id/unhide',
    adminPost(render, async (req, _res, admin) => {
      const listingId = positiveId(req.params.id, 'listing');
      const reason = field(req, 'reason', OPERATION_FIELD_MAX);
      await perform(ctx, admin.session, 'set_listing_hidden', { listing_id: listingId, hidden: false, reason });
      return `/admin/listings/${listingId}?done=shown`;
    }),
  );

  router.post(
    '/admin/listings/:id/edit',
    adminPost(render, async (req, _res, admin) => {
      const listingId = positiveId(req.params.id, 'listing');
      const { listing } = await adminListing(ctx, listingId, { historyLimit: 0 });
      const { changed } = submittedFields(req, listing as unknown as Record<string, unknown>);
      if (Object.keys(changed).length === 0) return `/admin/listings/${listingId}?done=unchanged`;
      const done = await perform<{ changed: string[] }>(ctx, admin.session, 'edit_listing_as_admin', {
        listing_id: listingId,
        fields: changed,
        reason: field(req, 'reason', OPERATION_FIELD_MAX),
      });
      return done.changed.length === 0
        ? `/admin/listings/${listingId}?done=unchanged`
        : `/admin/listings/${listingId}?done=edited&n=${done.changed.length}`;
    }),
  );
  return router;
}

/** A stored value in a few words for the history table. */
function brief(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  const text = Array.isArray(value)
    ? value.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ')
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);
  return ellipsize(text.replace(/\s+/g, ' ').trim(), 120);
}
