// What every maker page starts with: the signed-in person, or a redirect to
// sign-in that comes back here afterwards; and, for the pages of one of their
// listings (/my/listings/:id/…), the listing id of the path and the listing
// read as its owner.
import type { Request, Response } from 'express';
import type { WebSession } from '../../auth/sessions.js';
import type { Context } from '../../context.js';
import { AppError, notFound } from '../../errors.js';
import type { OwnListing } from '../../listings/my-listings.js';
import { read } from '../ui/act.js';
import { webOf } from '../ui/session.js';

/** The session, or null after answering with a redirect to sign-in (GET) or a 401 page (a form post). */
export function signedIn(req: Request, res: Response): WebSession | null {
  const session = webOf(res).session;
  if (session) return session;
  res.redirect(303, `/sign-in?return_to=${encodeURIComponent(req.method === 'GET' ? req.originalUrl : '/my')}`);
  return null;
}

const NO_SUCH_LISTING = 'You have no listing with this number. Your dashboard lists yours.';

/** The listing id in the path: a positive integer, anything else is the page's 404. */
export function ownListingIdOf(req: Request): number {
  const raw = String(req.params.id ?? '');
  const id = /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(id)) throw notFound(NO_SUCH_LISTING);
  return id;
}

/** The owner's listing through get_my_listing; its 404 (someone else's, or none) in the website's words. */
export async function ownListingOf(ctx: Context, session: WebSession, listingId: number): Promise<OwnListing> {
  try {
    return await read<OwnListing>(ctx, session, 'get_my_listing', { listing_id: listingId });
  } catch (err) {
    if (err instanceof AppError && err.status === 404) throw notFound(NO_SUCH_LISTING);
    throw err;
  }
}
