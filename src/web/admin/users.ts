// Accounts for the site team: find people by email or name; on one account,
// see what it holds, confirm its email by hand, and disable it (with a
// reason) or enable it again. The page says exactly what each does; the
// work is accounts/admin-users.ts's.
import express, { type Request, type Response, type Router } from 'express';
import { type AdminUser, adminUser, adminUsers } from '../../accounts/admin-users.js';
import { REASON_MAX } from '../../accounts/reasons.js';
import type { Context } from '../../context.js';
import type { FieldError } from '../../errors.js';
import { control } from '../ui/fields.js';
import { field, queryString, OPERATION_FIELD_MAX } from '../ui/forms.js';
import { csrfField, html, plural, type SafeHtml } from '../ui/html.js';
import {
  type AdminState,
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
  when,
} from './common.js';
import { perform } from '../ui/act.js';

const PER_PAGE = 50;

const NOTICES = {
  verified: () => 'Email address marked as confirmed.',
  'verified-already': () => 'The address was confirmed already.',
  disabled: () => 'Account disabled: signed out everywhere, keys and app connections revoked, votes discounted.',
  enabled: (n: number) =>
    n > 0 ? `Account enabled; ${plural(n, 'vote')} count again.` : 'Account enabled: they can sign in again.',
};

const statePill = (u: { disabled_at: string | null }) =>
  u.disabled_at ? pill('disabled', 'bad') : pill('active', 'ok');

/** What disabling does, said once: the page shows it and the tests read it. */
const DISABLING = [
  'They are signed out everywhere and cannot sign in.',
  'Every API key of theirs is revoked, and every app they connected (OAuth) is disconnected: their tokens stop working at once.',
  'Their votes are discounted: they stay stored but leave every community rank, award and trending score.',
  'They cannot vote, review or comment, since all of that needs them signed in.',
  'Their listings, reviews and orders stay as they are.',
];

function counts(u: AdminUser): SafeHtml {
  const c = u.counts;
  const rows: [string, string][] = [
    ['Web sessions', String(c.sessions)],
    ['Active API keys', String(c.active_keys)],
    ['Connected apps (OAuth)', String(c.oauth_grants)],
    ['Votes counted', String(c.votes_counted)],
    ['Votes discounted', String(c.votes_discounted)],
    ['Reviews', String(c.reviews)],
    ['Listings owned', String(c.listings)],
    ['Orders', String(c.orders)],
  ];
  return html`<dl class="admin-facts">${rows.map(([k, v]) => html`<div><dt>${k}</dt><dd>${v}</dd></div>`)}</dl>`;
}

function disableSection(u: AdminUser, admin: AdminState, reason: string, errors: FieldError[] | undefined): SafeHtml {
  const list = html`<ul>${DISABLING.map((d) => html`<li>${d}</li>`)}</ul>`;
  if (u.id === admin.userId)
    return html`<section aria-labelledby="disable" class="card"><h2 id="disable">Disable this account</h2>
<p>This is your own account: another admin has to disable it.</p></section>`;
  return html`<section aria-labelledby="disable" class="card"><h2 id="disable">Disable this account</h2>
<p>Disabling this account, at once:</p>${list}
<p>Enabling it later lets them sign in again; their keys and app connections stay revoked (they make new ones).</p>
<form method="post" action="/admin/users/${u.id}/disable">${csrfField(admin.csrfToken)}
${control({
  path: 'reason',
  label: 'Reason (kept with the account)',
  value: reason,
  kind: 'textarea',
  rows: 2,
  maxlength: REASON_MAX,
  required: true,
  problem: errors ? { status: 400, message: '', errors } : undefined,
})}
<button type="submit" class="admin-danger">Disable account</button></form></section>`;
}

function enableSection(u: AdminUser, admin: AdminState): SafeHtml {
  return html`<section aria-labelledby="enable" class="card"><h2 id="enable">Enable this account again</h2>
<p>Disabled ${when(u.disabled_at)}${u.disabled_by ? html` by ${u.disabled_by}` : ''}: <q>${u.disabled_reason ?? ''}</q></p>
<p>Enabling lets them sign in again. The API keys and app connections revoked when it was disabled stay revoked: they make new ones on their account.</p>
<form method="post" action="/admin/users/${u.id}/enable">${csrfField(admin.csrfToken)}
<label for="restore-votes"><input id="restore-votes" type="checkbox" name="restore_votes" value="yes" checked> Count the votes that disabling discounted again</label>
<button type="submit">Enable account</button></form></section>`;
}

export function userRoutes(ctx: Context): Router {
  const router = express.Router();

  router.get(
    '/admin/users',
    adminGet(async (req, res) => {
      const q = queryString(req, 'q', 254).trim();
      const disabledOnly = req.query.disabled === 'yes';
      const page = pageOf(req);
      const result = await adminUsers(ctx, { q, disabledOnly, page, per_page: PER_PAGE });
      const rows = result.items.map(
        (
          u,
        ) => html`<tr><th scope="row"><a href="/admin/users/${u.id}">${u.email}</a></th><td>${u.name ?? ''}</td><td>${u.role}</td>
<td>${statePill(u)}</td><td>${u.email_verified_at ? 'confirmed' : html`<span class="muted">not confirmed</span>`}</td><td>${when(u.created_at)}</td></tr>`,
      );
      sendAdminPage(res, {
        path: '/admin/users',
        title: 'Users',
        body: html`<form class="admin-filter" method="get" action="/admin/users" role="search">
<div><label for="users-q">Email or name</label><input id="users-q" type="search" name="q" maxlength="254" value="${q}"></div>
<div class="admin-check"><label for="users-disabled"><input id="users-disabled" type="checkbox" name="disabled" value="yes"${disabledOnly ? ' checked' : ''}> Disabled accounts only</label></div>
<button type="submit">Find accounts</button></form>
<p>${plural(result.total, 'account')}${q || disabledOnly ? (result.total === 1 ? ' matches' : ' match') : ''}, newest first.</p>
${
  result.items.length === 0
    ? html`<p>No accounts found.</p>`
    : scrollTable(
        'Accounts',
        html`<table><caption class="visually-hidden">Accounts</caption><thead><tr><th scope="col">Email</th><th scope="col">Name</th><th scope="col">Role</th><th scope="col">State</th><th scope="col">Email address</th><th scope="col">Joined</th></tr></thead>
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
    const u = await adminUser(ctx, positiveId(req.params.id, 'account'));
    const posted = req.method === 'POST';
    sendAdminPage(res, {
      path: `/admin/users/${u.id}`,
      title: `User: ${u.email}`,
      status: opts.status,
      error: opts.error,
      notice: posted ? null : noticeOf(req, NOTICES),
      body: html`<p><a href="/admin/users">← All accounts</a></p>
<dl class="admin-facts">
<div><dt>State</dt><dd>${statePill(u)}</dd></div>
<div><dt>Name</dt><dd>${u.name ?? html`<span class="muted">none</span>`}</dd></div>
<div><dt>Role</dt><dd>${u.role}</dd></div>
<div><dt>Joined</dt><dd>${when(u.created_at)}</dd></div>
<div><dt>Email address</dt><dd>${u.email_verified_at ? html`confirmed ${when(u.email_verified_at)}` : 'not confirmed'}</dd></div>
</dl>
${
  u.email_verified_at
    ? ''
    : html`<form method="post" action="/admin/users/${u.id}/verify">${csrfField(admin.csrfToken)}
<p class="hint">Unconfirmed accounts cannot vote, review or comment. Confirm it by hand only when you know the address is theirs.</p>
<button type="submit" class="secondary">Mark email as confirmed</button></form>`
}
<h2>What it holds</h2>
${counts(u)}
${u.disabled_at ? enableSection(u, admin) : disableSection(u, admin, posted ? field(req, 'reason', 10_000) : '', posted ? opts.errors : undefined)}`,
    });
  };

  router.get('/admin/users/:id', adminGet(render));

  router.post(
    '/admin/users/:id/verify',
    adminPost(render, async (req, _res, admin) => {
      const userId = positiveId(req.params.id, 'account');
      const { changed } = await perform<{ changed: boolean }>(ctx, admin.session, 'confirm_user_email', {
        user_id: userId,
      });
      return `/admin/users/${userId}?done=${changed ? 'verified' : 'verified-already'}`;
    }),
  );

  router.post(
    '/admin/users/:id/disable',
    adminPost(render, async (req, _res, admin) => {
      const userId = positiveId(req.params.id, 'account');
      await perform(ctx, admin.session, 'disable_user', {
        user_id: userId,
        reason: field(req, 'reason', OPERATION_FIELD_MAX),
      });
      return `/admin/users/${userId}?done=disabled`;
    }),
  );

  router.post(
    '/admin/users/:id/enable',
    adminPost(render, async (req, _res, admin) => {
      const userId = positiveId(req.params.id, 'account');
      const { votes_restored: votes } = await perform<{ votes_restored: number }>(ctx, admin.session, 'enable_user', {
        user_id: userId,
        restore_votes: field(req, 'restore_votes', 10) === 'yes',
      });
      return `/admin/users/${userId}?done=enabled&n=${votes}`;
    }),
  );
  return router;
}
