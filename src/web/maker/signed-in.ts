// What every maker page starts with: the signed-in person, or a redirect to
// sign-in that comes back here afterwards.
import type { Request, Response } from 'express';
import type { WebSession } from '../../auth/sessions.js';
import { webOf } from '../ui/session.js';

/** The session, or null after answering with a redirect to sign-in (GET) or a 401 page (a form post). */
export function signedIn(req: Request, res: Response): WebSession | null {
  const session = webOf(res).session;
  if (session) return session;
  res.redirect(303, `/sign-in?return_to=${encodeURIComponent(req.method === 'GET' ? req.originalUrl : '/my')}`);
  return null;
}
