// Where the share images are and what pages say about them in
// their Open Graph tags: absolute URLs from the public URL, the size, and
// alt text. The images themselves: router.ts.
import type { Context } from '../../context.js';

/** Open Graph's large image: what Facebook, LinkedIn, Slack and X show as a wide card. */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

export const SITE_IMAGE_PATH = '/og/site.png';
export const listingImagePath = (slug: string) => `/og/listings/${slug}.png`;
export const weekImagePath = (monday: string) => `/og/weeks/${monday}.png`;

/** A page's og:image: where, how large, and what it shows in words. */
export interface ShareImageMeta {
  url: string;
  width: number;
  height: number;
  alt: string;
}

const meta = (ctx: Context, path: string, alt: string): ShareImageMeta => ({
  url: `${ctx.config.publicUrl}${path}`,
  width: CARD_WIDTH,
  height: CARD_HEIGHT,
  alt,
});

/** The card of a public listing (live or scheduled). */
export const listingShareImage = (ctx: Context, listing: { slug: string; name: string; tagline: string | null }) =>
  meta(
    ctx,
    listingImagePath(listing.slug),
    `${listing.name}${listing.tagline ? `: ${listing.tagline}` : ''}, with its community votes`,
  );

/** The card of a launch week (its Monday), naming its top launches. */
export const weekShareImage = (ctx: Context, monday: string, dates: string) =>
  meta(ctx, weekImagePath(monday), `The top launches of ${dates}, with their community votes`);

/** The site's card: every public page without a card of its own shows it. */
export const siteShareImage = (ctx: Context) =>
  meta(ctx, SITE_IMAGE_PATH, "The site's mark and name, and what it is for");
