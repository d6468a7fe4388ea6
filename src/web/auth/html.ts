// Server-rendered HTML for the people pages: an escaping template tag (every
// interpolated value is escaped unless it is already SafeHtml), one layout
// with accessible landmarks, and the security headers every page carries
// (no framing, no referrer, nothing cached).
import type { Response } from 'express';

export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

export function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

type Part = SafeHtml | string | number | null | undefined | false | Part[];

function render(part: Part): string {
  if (part === null || part === undefined || part === false) return '';
  if (Array.isArray(part)) return part.map(render).join('');
  if (part instanceof SafeHtml) return part.value;
  return escapeHtml(part);
}

export function html(strings: TemplateStringsArray, ...values: Part[]): SafeHtml {
  let out = strings[0];
  values.forEach((v, i) => {
    out += render(v) + strings[i + 1];
  });
  return new SafeHtml(out);
}

export interface PageOptions {
  title: string;
  body: SafeHtml;
  status?: number;
  /** The signed-in person's email, shown with a sign-out button. */
  signedInAs?: string | null;
  csrfToken: string;
  /** Extra origins a form on this page may end up at (a consent decision redirects to the client). */
  formActionOrigins?: string[];
}

const STYLE = `body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#1a1a1a}
header{display:flex;justify-content:space-between;align-items:center;border-bottom:1px solid #ddd;margin-bottom:1.5rem}
label{display:block;margin-top:1rem;font-weight:600}input[type=email],input[type=password],input[type=text],input[type=date]{width:100%;padding:.5rem;font-size:1rem;box-sizing:border-box}
fieldset{margin-top:1rem}fieldset label{font-weight:400;margin-top:.25rem}button{margin-top:1rem;padding:.5rem 1rem;font-size:1rem}
.error{color:#a00000;border:1px solid #a00000;padding:.5rem}.notice{border:1px solid #0a5;padding:.5rem}
code.secret{display:block;padding:.75rem;background:#f3f3f3;word-break:break-all;font-size:1.1rem}table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:.25rem .5rem;border-bottom:1px solid #eee}
.inline{display:inline}.inline button{margin:0}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}`;

export function sendPage(res: Response, opts: PageOptions): void {
  const formAction = ["'self'", ...(opts.formActionOrigins ?? [])].join(' ');
  res.setHeader('Content-Security-Policy', `default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`);
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  const nav = opts.signedInAs
    ? html`<nav aria-label="Account"><a href="/account">${opts.signedInAs}</a>
<form class="inline" method="post" action="/sign-out"><input type="hidden" name="_csrf" value="${opts.csrfToken}"><button type="submit">Sign out</button></form></nav>`
    : html`<nav aria-label="Account"><a href="/sign-in">Sign in</a> · <a href="/sign-up">Sign up</a></nav>`;
  const doc = html`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${opts.title} · Launchboard</title><style>${new SafeHtml(STYLE)}</style></head>
<body>
<header><a href="/"><strong>Launchboard</strong></a>${nav}</header>
<main>
<h1>${opts.title}</h1>
${opts.body}
</main>
</body>
</html>`;
  res.status(opts.status ?? 200).type('text/html; charset=utf-8').send(doc.value);
}

/** A hidden CSRF field for a form. */
export const csrfField = (token: string) => html`<input type="hidden" name="_csrf" value="${token}">`;

export const errorBox = (message: string | null | undefined) => (message ? html`<p class="error" role="alert">${message}</p>` : '');
export const noticeBox = (message: string | null | undefined) => (message ? html`<p class="notice" role="status">${message}</p>` : '');
