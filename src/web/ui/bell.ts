// The header's bell: a link to the notifications page with the
// number of unread ones, for signed-in people. Its name says the count
// ("Notifications, 3 unread"); the drawn badge is hidden from screen readers
// so the number is not read twice. Fixed markup around a whole number: no
// user text goes into it, so sendPage (html.ts) trusts it as it is.

const BELL_SVG =
  '<svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">' +
  '<path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9"/><path d="M10.3 21a1.94 1.94 0 0 0 3.4 0"/></svg>';

/** What the bell's badge shows: the count, at most "99+". */
export const badgeText = (unread: number): string => (unread > 99 ? '99+' : String(unread));

/** The bell's link as HTML, for `unread` notifications (anything but a positive number is none). */
export function notificationBellMarkup(unread: unknown): string {
  const n = typeof unread === 'number' && Number.isFinite(unread) && unread > 0 ? Math.floor(unread) : 0;
  const label = n > 0 ? `Notifications, ${n} unread` : 'Notifications';
  const badge = n > 0 ? `<span class="bell-count" aria-hidden="true">${badgeText(n)}</span>` : '';
  return `<a class="bell${n > 0 ? ' unread' : ''}" href="/account/notifications" aria-label="${label}" title="${label}">${BELL_SVG}${badge}</a>`;
}
