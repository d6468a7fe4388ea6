// What each share card shows, read with the public reads the pages use
// (a listing the public may see, a week's launches ranked by community
// votes, the site's settings), composed into its SVG (cards.ts). A listing
// the public may not see (hidden, draft, unknown) is not_found, as its page.
import type { Context } from '../../context.js';
import { getSetting } from '../../directory/settings.js';
import { launchWeek } from '../../launches/launches.js';
import { profileOf, publicListingBySlug } from '../../listings/profile.js';
import { imageFile, ownImageHash, type StoredImage } from '../../media/images.js';
import { pngSquare } from '../../media/process.js';
import { type Brand, listingCardSvg, siteCardSvg, WEEK_CARD_TOP, weekCardSvg } from './cards.js';
import type { ShareFonts } from './fonts.js';

/** A logo's side on the listing card (152 px) at twice the density, so it stays sharp when a viewer scales the card up. */
const LOGO_SIDE = 304;

/**
 * Our stored copy of a logo as a PNG data URI for a card (resvg reads PNG and
 * fetches nothing), or null: no stored logo, or one that no longer converts
 * (the card then shows the monogram, as the pages do before a logo is copied).
 */
async function logoForCard(ctx: Context, logo: StoredImage | null, side: number): Promise<string | null> {
  const hash = logo ? ownImageHash(ctx, logo.url) : null;
  const file = hash ? await imageFile(ctx.db, hash) : undefined;
  if (!file) return null;
  try {
    return `data:image/png;base64,${(await pngSquare(Buffer.from(file.bytes), side)).toString('base64')}`;
  } catch (err) {
    ctx.logger.warn({ err, hash }, 'a stored logo could not be drawn on a share card');
    return null;
  }
}

async function brandOf(ctx: Context): Promise<Brand> {
  return { siteName: await getSetting(ctx.db, 'site_name'), host: new URL(ctx.config.publicUrl).host };
}

/** The card of a public listing by slug. */
export async function listingCard(ctx: Context, fonts: ShareFonts, slug: string): Promise<string> {
  const [row, brand] = await Promise.all([publicListingBySlug(ctx, slug), brandOf(ctx)]);
  const profile = await profileOf(ctx, row);
  const best = profile.awards.reduce<(typeof profile.awards)[number] | null>(
    (top, a) => (!top || a.rank < top.rank || (a.rank === top.rank && a.week > top.week) ? a : top),
    null,
  );
  const primary = profile.categories.find((c) => c.primary) ?? profile.categories[0];
  const logo = await logoForCard(ctx, profile.logo, LOGO_SIDE);
  return listingCardSvg(fonts, brand, {
    name: profile.name,
    slug: profile.slug,
    tagline: profile.tagline,
    category: primary?.name ?? null,
    votes: profile.votes,
    status: profile.status,
    week: profile.launch_week,
    award: best?.title ?? null,
    logo,
  });
}

/** The card of the week starting on `monday` (YYYY-MM-DD): its top launches by community votes. */
export async function weekCard(ctx: Context, fonts: ShareFonts, monday: string): Promise<string> {
  const [week, brand] = await Promise.all([launchWeek(ctx, monday, { offset: 0, limit: WEEK_CARD_TOP }), brandOf(ctx)]);
  return weekCardSvg(fonts, brand, {
    monday: week.week,
    kind: week.kind,
    total: week.total,
    top: await Promise.all(
      week.items.map(async ({ listing }) => ({
        name: listing.name,
        slug: listing.slug,
        tagline: listing.tagline,
        votes: listing.votes,
        logo: await logoForCard(ctx, listing.logo, 100),
      })),
    ),
  });
}

/** The site's card: its name and purpose (settings). */
export async function siteCard(ctx: Context, fonts: ShareFonts): Promise<string> {
  const [brand, purpose] = await Promise.all([brandOf(ctx), getSetting(ctx.db, 'site_purpose')]);
  return siteCardSvg(fonts, brand, purpose);
}
