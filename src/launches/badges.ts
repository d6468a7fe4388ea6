// Badges a listing may show on its own site (get_badges, and the SVG route in
// src/http/badges.ts): which kinds it has earned, their labels, image URLs,
// sizes and ready-to-paste HTML. The SVG drawing lives with the route.
import { z } from 'zod';
import type { Context } from '../context.js';
import { notFound } from '../errors.js';
import { claimDomain, ownerHasVerifiedClaim } from '../claims/claims.js';
import { PUBLIC_STATUSES } from '../listings/summary.js';
import { hasFeaturedWeek } from '../orders/orders.js';

const BADGE_STATUSES = [...PUBLIC_STATUSES, 'awaiting_badge'];
import { getSetting } from '../directory/settings.js';
import { mondayOf } from './weeks.js';

export const badgeShape = z.enum(['standard', 'outline', 'pill', 'banner', 'square']);
export const badgeMode = z.enum(['light', 'dark', 'auto']);
export const badgeSize = z.enum(['s', 'm', 'l']);
export type BadgeShape = z.infer<typeof badgeShape>;
export type BadgeMode = z.infer<typeof badgeMode>;
export type BadgeSize = z.infer<typeof badgeSize>;
export interface BadgeStyle {
  shape: BadgeShape;
  mode: BadgeMode;
  size: BadgeSize;
}

export const BADGE_KINDS = ['listed', 'launched', 'featured', 'verified', 'launch-of-the-week'] as const;
export type BadgeKind = (typeof BADGE_KINDS)[number];

export function isBadgeKind(value: string): value is BadgeKind {
  return (BADGE_KINDS as readonly string[]).includes(value);
}

export const earnedBadge = z.object({
  kind: z.enum(BADGE_KINDS),
  label: z.string(),
  week: z.string().nullable().describe('Launch of the Week: Monday (YYYY-MM-DD) of the winning week; otherwise null'),
  rank: z.number().int().nullable().describe('Launch of the Week: 1, 2 or 3; otherwise null'),
});
export type EarnedBadge = z.infer<typeof earnedBadge>;

export interface BadgeSubject {
  listing: { slug: string; name: string; status: string };
  siteName: string;
  /** In display order; awards newest week first. */
  badges: EarnedBadge[];
}

/** The drawing size of each shape at size `m`; `s` and `l` scale it. */
const BASE_SIZES: Record<BadgeShape, { width: number; height: number }> = {
  standard: { width: 250, height: 54 },
  outline: { width: 250, height: 54 },
  pill: { width: 230, height: 44 },
  banner: { width: 468, height: 60 },
  square: { width: 120, height: 120 },
};
const SCALE: Record<BadgeSize, number> = { s: 0.8, m: 1, l: 1.25 };

/** `viewWidth`/`viewHeight` are the drawing's own units; `width`/`height` the pixels shown. */
export function badgeDimensions(shape: BadgeShape, size: BadgeSize) {
  const base = BASE_SIZES[shape];
  return {
    viewWidth: base.width,
    viewHeight: base.height,
    width: Math.round(base.width * SCALE[size]),
    height: Math.round(base.height * SCALE[size]),
  };
}

/** XML/HTML text and attribute escaping; drops characters XML 1.0 forbids (controls, lone surrogates). */
export function escapeXml(text: string): string {
  return text
    .replace(
      /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
      '',
    )
    .replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/**
 * The badges a listing may show: public (live or scheduled) listings, and
 * free-route listings awaiting the badge check, which need the embed code to
 * put on their homepage before they are scheduled. 404 for any other.
 */
export async function earnedBadges(ctx: Context, slug: string): Promise<BadgeSubject> {
  const listing = await ctx.db
    .selectFrom('listings as l')
    .leftJoin('users as u', 'u.id', 'l.owner_id')
    .select([
      'l.id',
      'l.slug',
      'l.name',
      'l.status',
      'l.owner_id',
      'l.domain',
      'u.email as owner_email',
      'u.email_verified_at as owner_verified_at',
    ])
    .where('l.slug', '=', slug)
    .where('l.status', 'in', [...BADGE_STATUSES])
    .executeTakeFirst();
  if (!listing)
    throw notFound(
      `No live or upcoming listing with slug "${slug}". Badges exist once a listing has chosen a launch (free or paid).`,
    );
  const [siteName, awards, featured, verifiedClaim] = await Promise.all([
    getSetting(ctx.db, 'site_name'),
    ctx.db
      .selectFrom('awards')
      .select(['week', 'rank'])
      .where('listing_id', '=', listing.id)
      .orderBy('week', 'desc')
      .orderBy('rank')
      .execute(),
    hasFeaturedWeek(ctx, listing.id, mondayOf(ctx.clock.now())),
    ownerHasVerifiedClaim(ctx, listing.id, listing.owner_id),
  ]);

  const badges: EarnedBadge[] = [];
  const add = (kind: BadgeKind, label: string) => badges.push({ kind, label, week: null, rank: null });
  add('listed', `Listed on ${siteName}`);
  if (listing.status === 'live') add('launched', `Launched on ${siteName}`);
  if (featured) add('featured', `Featured on ${siteName}`);
  // Verified: the owner proved the domain, by a verified claim (DNS, meta
  // tag, file or email link) or a verified account email at that domain.
  const emailAtDomain =
    listing.owner_email &&
    listing.owner_verified_at &&
    claimDomain(listing.owner_email.slice(listing.owner_email.lastIndexOf('@') + 1)) === claimDomain(listing.domain);
  if (emailAtDomain || verifiedClaim) add('verified', `Verified on ${siteName}`);
  for (const award of awards) {
    badges.push({
      kind: 'launch-of-the-week',
      label: `Launch of the Week #${award.rank} on ${siteName}`,
      week: award.week,
      rank: Number(award.rank),
    });
  }
  return { listing: { slug: listing.slug, name: listing.name, status: listing.status }, siteName, badges };
}

export function badgeImageUrl(
  publicUrl: string,
  slug: string,
  badge: Pick<EarnedBadge, 'kind' | 'week'>,
  style: BadgeStyle,
): string {
  const query = new URLSearchParams({ shape: style.shape, mode: style.mode, size: style.size });
  if (badge.week) query.set('week', badge.week);
  return `${publicUrl}/badges/${encodeURIComponent(slug)}/${badge.kind}.svg?${query}`;
}

/** Alt text and SVG title: what the badge says, and for whom. */
export function badgeAlt(badge: EarnedBadge, listingName: string): string {
  return `${listingName}: ${badge.label}${badge.week ? `, week of ${badge.week}` : ''}`;
}

/** One badge of get_badges: what it says, its image and the HTML to paste. */
export const badgeEmbedSchema = earnedBadge.extend({
  image_url: z.string().describe('The SVG image'),
  link_url: z.string().describe('The listing page the badge links to'),
  width: z.number().int(),
  height: z.number().int(),
  html: z.string().describe('Embed code: a link wrapping the image, every attribute escaped'),
});
export type BadgeEmbed = z.infer<typeof badgeEmbedSchema>;

export function badgeEmbed(
  publicUrl: string,
  subject: BadgeSubject,
  badge: EarnedBadge,
  style: BadgeStyle,
): BadgeEmbed {
  const image = badgeImageUrl(publicUrl, subject.listing.slug, badge, style);
  // ?ref=badge: the listing page counts the visits the badge brings (listings/stats.ts).
  const link = `${publicUrl}/listings/${encodeURIComponent(subject.listing.slug)}?ref=badge`;
  const { width, height } = badgeDimensions(style.shape, style.size);
  const html =
    `<a href="${escapeXml(link)}">` +
    `<img src="${escapeXml(image)}" alt="${escapeXml(badgeAlt(badge, subject.listing.name))}" width="${width}" height="${height}">` +
    `</a>`;
  return { ...badge, image_url: image, link_url: link, width, height, html };
}

export async function listingBadges(ctx: Context, args: { slug: string } & BadgeStyle) {
  const subject = await earnedBadges(ctx, args.slug);
  const style = { shape: args.shape, mode: args.mode, size: args.size };
  return {
    listing: { ...subject.listing, profile_url: `${ctx.config.publicUrl}/listings/${subject.listing.slug}` },
    ...style,
    items: subject.badges.map((b) => badgeEmbed(ctx.config.publicUrl, subject, b, style)),
  };
}
