// Per-request state of the people pages: who is signed in (the session
// cookie), their unread notifications (the header's bell), the site's name
// (the admin's setting, in every title, header and footer) and the CSRF token
// every form carries. Signed-in forms use the
// session's secret; anonymous forms (sign-in, sign-up, reset) a random value
// in its own cookie (double submit). Cookies are HttpOnly, SameSite=Lax, and
// Secure with the __Host- prefix when PUBLIC_URL is https.
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Context } from '../../context.js';
import { randomSecret, safeEqual } from '../../auth/secrets.js';
import { sessionFromCookie, type WebSession } from '../../auth/sessions.js';
import { unreadNotifications } from '../../community/notifications.js';
import { getSetting } from '../../directory/settings.js';

export interface WebState {
  session: WebSession | null;
  csrfToken: string;
  /** The raw session cookie (to end the session on sign-out). */
  sessionCookie?: string;
  /** The signed-in person's unread notifications, for the header's bell (0 when signed out). */
  unreadNotifications: number;
  /** The site's name as the admin set it. */
  siteName: string;
}

export function webOf(res: Response): WebState {
  return res.locals.web as WebState;
}

export function isSecure(ctx: Context): boolean {
  return ctx.config.publicUrl.startsWith('https://');
}

export function cookieNames(ctx: Context): { session: string; csrf: string } {
  return isSecure(ctx)
    ? { session: '__Host-lb_session', csrf: '__Host-lb_csrf' }
    : { session: 'lb_session', csrf: 'lb_csrf' };
}

export function parseCookies(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    if (name in out) continue;
    try {
      out[name] = decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      // a malformed value is ignored, like a missing one
    }
  }
  return out;
}

function cookieOptions(ctx: Context, maxAgeMs?: number) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: isSecure(ctx),
    path: '/',
    ...(maxAgeMs === undefined ? {} : { maxAge: maxAgeMs }),
  };
}

export function setSessionCookie(ctx: Context, res: Response, value: string, expiresAt: Date): void {
  res.cookie(cookieNames(ctx).session, value, cookieOptions(ctx, expiresAt.getTime() - ctx.clock.now().getTime()));
}

export function clearSessionCookie(ctx: Context, res: Response): void {
  res.clearCookie(cookieNames(ctx).session, cookieOptions(ctx));
}

/**
 * Loads the session and makes sure an anonymous visitor has a CSRF cookie.
 * Pages with no anonymous form (the public, cacheable ones) pass
 * `anonymousForms: false`: no cookie is set, so no shared cache can keep one
 * visitor's token with a page.
 */
export function webSession(ctx: Context, opts: { anonymousForms?: boolean } = {}): RequestHandler {
  const anonymousForms = opts.anonymousForms ?? true;
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const names = cookieNames(ctx);
      const cookies = parseCookies(req.headers.cookie);
      const [session, siteName] = await Promise.all([
        sessionFromCookie(ctx, cookies[names.session]),
        getSetting(ctx.db, 'site_name'),
      ]);
      let anonymousToken = cookies[names.csrf] ?? '';
      if (!/^[A-Za-z0-9_-]{43}$/.test(anonymousToken)) {
        anonymousToken = anonymousForms ? randomSecret() : '';
        if (anonymousForms) res.cookie(names.csrf, anonymousToken, cookieOptions(ctx));
      }
      const state: WebState = {
        session,
        csrfToken: session ? session.csrfToken : anonymousToken,
        sessionCookie: cookies[names.session],
        unreadNotifications: session ? await unreadNotifications(ctx, session.userId) : 0,
        siteName,
      };
      res.locals.web = state;
      next();
    } catch (err) {
      next(err);
    }
  };
}

/** True when a submitted form carries this visitor's CSRF token. */
export function csrfValid(req: Request, res: Response): boolean {
  const sent = (req.body as Record<string, unknown> | undefined)?._csrf;
  const expected = webOf(res).csrfToken;
  return typeof sent === 'string' && expected !== '' && safeEqual(sent, expected);
}
