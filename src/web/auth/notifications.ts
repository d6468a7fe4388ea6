// The signed-in person's notifications: GET /account/notifications
// lists what they were told, newest first, each with its kind and a link to
// what it is about (filtered to one kind with ?kind=); opening it marks
// everything read, which clears the header's bell. /account/notifications/settings
// chooses which kinds also come by mail. /unsubscribe is the link every
// activity mail carries: GET asks to confirm, POST (the button, or a mail
// client's RFC 8058 one-click POST, which has no cookie: the signed token
// is the authority) turns that kind's mail off.
import express, { type Request, type Response, type Router } from 'express';
import type { Context } from '../../context.js';
import { type NotificationView, notificationKindCounts, notificationsOf } from '../../community/notifications.js';
import {
  isNotificationKind,
  KIND_INFO,
  type KindInfo,
  mailSettingsOf,
  NOTIFICATION_KINDS,
  type NotificationKind,
} from '../../community/notification-settings.js';
import { readUnsubscribeToken, unsubscribe } from '../../community/unsubscribe.js';
import { perform } from '../ui/act.js';
import { formatDay } from '../ui/format.js';
import { fields, queryString, staleFormPage } from '../ui/forms.js';
import { csrfField, html, noticeBox, sendPage } from '../ui/html.js';
import { pageErrorHandler, pageMiddleware } from '../ui/page.js';
import { csrfValid, webOf } from '../ui/session.js';
import { ellipsize } from '../../platform/text.js';

const PAGE_SIZE = 100;
/** A notification's text on the page is cut here; its link leads to the whole. */
const SHOWN_BODY = 280;
const SETTINGS_PATH = '/account/notifications/settings';
/** The settings form's two groups of kinds, each a fieldset. */
const GROUPS: [KindInfo['about'], string][] = [
  ['listings', 'Mail me about my listings'],
  ['you', 'Mail me about me and what I follow'],
];

/** A body's lines (an order's items, one a line) kept apart. */
const lines = (text: string) => text.split('\n').map((line, i) => html`${i > 0 ? html`<br>` : ''}${line}`);

function notificationItem(n: NotificationView) {
  const tag = isNotificationKind(n.kind) ? KIND_INFO[n.kind].tag : 'Notice';
  return html`<li class="notification${n.read ? '' : ' unread'}"><div>
<p class="notification-meta"><span class="notification-kind">${tag}</span>${n.read ? '' : html` <strong class="notification-new">New</strong>`} <time datetime="${n.created_at}">${formatDay(n.created_at)}</time></p>
<h2>${n.href ? html`<a href="${n.href}">${n.title}</a>` : n.title}</h2>
${n.body ? html`<p>${lines(ellipsize(n.body, SHOWN_BODY))}</p>` : ''}</div></li>`;
}

function kindFilter(counts: Map<string, number>, current: NotificationKind | undefined) {
  const kinds = NOTIFICATION_KINDS.filter((k) => (counts.get(k) ?? 0) > 0);
  if (kinds.length < 2) return '';
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  const link = (href: string, label: string, n: number, active: boolean) =>
    html`<li><a href="${href}"${active ? html` aria-current="page"` : ''}>${label} <span class="muted">${n}</span></a></li>`;
  return html`<nav class="notification-kinds" aria-label="Kinds of notification"><ul>${link('/account/notifications', 'All', total, !current)}${kinds.map(
    (k) => link(`/account/notifications?kind=${k}`, KIND_INFO[k].tag, counts.get(k) ?? 0, current === k),
  )}</ul></nav>`;
}

async function settingsPage(ctx: Context, res: Response, notice?: string) {
  const web = webOf(res);
  const session = web.session!;
  const settings = await mailSettingsOf(ctx, session.userId);
  sendPage(res, {
    title: 'Notification settings',
    csrfToken: web.csrfToken,
    signedInAs: session.email,
    body: html`${noticeBox(notice)}
<p>Everything shows under the bell and on <a href="/account/notifications">your notifications</a>. Choose what also comes by mail to ${session.email}. Account mail (confirmation, password reset, receipts) always comes.</p>
<form method="post" action="${SETTINGS_PATH}" class="notification-settings">${csrfField(web.csrfToken)}
${GROUPS.map(
  ([about, legend]) => html`<fieldset><legend>${legend}</legend>
${NOTIFICATION_KINDS.filter((k) => KIND_INFO[k].about === about).map(
  (k) =>
    html`<label for="mail-${k}"><input id="mail-${k}" type="checkbox" name="mail" value="${k}"${settings[k] ? html` checked` : ''}> ${KIND_INFO[k].label}</label>`,
)}
</fieldset>`,
)}
<button type="submit">Save</button></form>`,
  });
}

/** The token of an unsubscribe request: in the link's query (one-click and the confirm form post there). */
const tokenOf = (req: Request): unknown => req.query.token ?? (req.body as Record<string, unknown> | undefined)?.token;

function invalidLinkPage(res: Response) {
  const web = webOf(res);
  sendPage(res, {
    status: 400,
    title: 'This link does not work',
    csrfToken: web.csrfToken,
    signedInAs: web.session?.email,
    body: html`<p class="error" role="alert">This unsubscribe link is not valid: perhaps it was cut short when it was copied. Open it again from the mail, or choose what mail you get on <a href="${SETTINGS_PATH}">your notification settings</a> once signed in.</p>`,
  });
}

export function notificationRoutes(ctx: Context): Router {
  const router = express.Router();

  router.get('/account/notifications', async (req, res) => {
    const web = webOf(res);
    if (!web.session) return res.redirect(303, '/sign-in?return_to=/account/notifications');
    const asked = queryString(req, 'kind', 40);
    const kind = isNotificationKind(asked) ? asked : undefined;
    const [items, counts] = await Promise.all([
      notificationsOf(ctx, web.session.userId, { limit: PAGE_SIZE, kind }),
      notificationKindCounts(ctx, web.session.userId),
    ]);
    await perform(ctx, web.session, 'mark_notifications_read', {});
    sendPage(res, {
      title: 'Notifications',
      csrfToken: web.csrfToken,
      signedInAs: web.session.email,
      unreadNotifications: 0,
      body: html`<p>What happened on your listings and the ones you follow, newest first. <a href="${SETTINGS_PATH}">Choose what comes by mail</a> · <a href="/updates">All latest updates</a></p>
${kindFilter(counts, kind)}
${
  items.length === 0
    ? html`<p class="muted">Nothing yet. You are told here when someone reviews, follows, votes for or comments on your listings, replies to you, when your orders are applied, and when a listing you follow posts an update.</p>`
    : html`<ul class="notifications">${items.map(notificationItem)}</ul>`
}`,
    });
  });

  router.get(SETTINGS_PATH, async (req, res) => {
    if (!webOf(res).session) return res.redirect(303, `/sign-in?return_to=${SETTINGS_PATH}`);
    await settingsPage(ctx, res, queryString(req, 'notice', 20) === 'saved' ? 'Saved.' : undefined);
  });

  router.post(SETTINGS_PATH, async (req, res) => {
    if (!csrfValid(req, res)) return staleFormPage(res);
    const session = webOf(res).session;
    if (!session) return res.redirect(303, `/sign-in?return_to=${SETTINGS_PATH}`);
    await perform(ctx, session, 'set_notification_mail', { mail: fields(req, 'mail').filter(isNotificationKind) });
    res.redirect(303, `${SETTINGS_PATH}?notice=saved`);
  });

  // Anyone holding the mail may unsubscribe its reader: no session needed, the token names who and what.
  router.use('/unsubscribe', ...pageMiddleware(ctx));
  router.get('/unsubscribe', async (req, res) => {
    const token = tokenOf(req);
    const named = await readUnsubscribeToken(ctx, token);
    if (!named) return invalidLinkPage(res);
    const web = webOf(res);
    sendPage(res, {
      title: 'Stop this mail?',
      csrfToken: web.csrfToken,
      signedInAs: web.session?.email,
      body: html`<p>Stop mail about <strong>${KIND_INFO[named.kind].label.toLowerCase()}</strong>? You will still see them under the bell when signed in.</p>
<form method="post" action="/unsubscribe?token=${encodeURIComponent(String(token))}"><button type="submit">Stop this mail</button></form>
<p class="muted">Or choose each kind on <a href="${SETTINGS_PATH}">your notification settings</a>.</p>`,
    });
  });
  router.post('/unsubscribe', async (req, res) => {
    const done = await unsubscribe(ctx, tokenOf(req));
    if (!done) return invalidLinkPage(res);
    const web = webOf(res);
    sendPage(res, {
      title: 'Mail stopped',
      csrfToken: web.csrfToken,
      signedInAs: web.session?.email,
      body: html`<p class="notice" role="status">You will no longer get mail about ${KIND_INFO[done.kind].label.toLowerCase()}.</p>
<p>Changed your mind? Turn it back on in <a href="${SETTINGS_PATH}">your notification settings</a>.</p>`,
    });
  });
  router.use('/unsubscribe', pageErrorHandler(ctx));
  return router;
}
