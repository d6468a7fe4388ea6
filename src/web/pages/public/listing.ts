// One listing's public page (/listings/:slug): everything get_listing returns,
// its badges and alternatives, a way to compare it, and the community section
// (votes, follows, reviews, reports) passed in by the router.
// Maker text is data: the `html` tag escapes it, and only http(s) links from
// makers become links, with the rel the site's link policy gives them.
// Facts the company's website did not state are simply absent here: that list
// (not_found_on_website) is a note for the owner and the API, not the public.
import type { Request, Response } from 'express';
import type { Context } from '../../../context.js';
import { webLink } from '../../../platform/links.js';
import { alternativesTo } from '../../../directory/alternatives.js';
import { foundersWithPages } from '../../../directory/founders.js';
import { badgeAlt, listingBadges } from '../../../launches/badges.js';
import {
  profileOf,
  publicListingBySlug,
  STORY_SECTION_NAMES,
  STORY_SECTIONS,
  type ListingProfile,
  type StorySection,
} from '../../../listings/profile.js';
import { getSetting } from '../../../directory/settings.js';
import { countListingHit, outboundTarget, type Visitor } from '../../../listings/stats.js';
import { definePage } from '../define.js';
import { html, type SafeHtml, plural } from '../../ui/html.js';
import { webOf } from '../../ui/session.js';
import {
  absoluteUrl,
  cachedPage,
  isSlug,
  keepForHits,
  listingPath,
  sendNotFound,
  sendPublicPage,
  faqPageLd,
  loadBySlug,
  localPath,
  productLogo,
  pageNumber,
} from '../../ui/public-page.js';
import { listingShareImage } from '../../share/urls.js';
import { formatDay } from '../../ui/format.js';
import { platformName } from '../../ui/platforms.js';

/** What the community section needs to know about the listing. */
export interface CommunityListing {
  id: number;
  slug: string;
  owner_id: number | null;
  status: string;
  /** The product's name (the vote button says what it votes for). */
  name?: string;
}

export interface BrowseDeps {
  /**
   * Votes, follows, reviews and reports (src/web/community.ts). Its markup
   * starts with `<h2 id="community">`; without it the page shows the counts.
   */
  communitySection?: (
    ctx: Context,
    listing: CommunityListing,
    res: Response,
  ) => Promise<{ voteBox: SafeHtml; section: SafeHtml }>;
  /** Comments and replies (src/web/comments.ts): a whole `<section>`, placed after the community one. */
  discussionSection?: (ctx: Context, listing: CommunityListing, res: Response) => Promise<SafeHtml>;
}

/** Plans that paid for nothing: a listing with any other plan has paid. */
const UNPAID_PLANS = ['none', 'free', ''];

/**
 * The rel of a link from a listing to the product's own site or socials:
 * maker-supplied links never pass ranking credit (nofollow ugc), except a paid
 * listing's when the admin setting `paid_links_follow` is on.
 */
export function outboundRel(plan: string, paidLinksFollow: boolean): string {
  const paid = !UNPAID_PLANS.includes(plan.trim().toLowerCase());
  return paid && paidLinksFollow ? 'ugc noopener' : 'nofollow ugc noopener';
}

/** The link to the product's website: through /go/:slug, which counts the click for the owner's numbers. */
const outboundPath = (slug: string) => `/go/${slug}`;

/** Who is visiting, for the owner's numbers (listings/stats.ts hashes it; nothing of it is stored). */
function visitorOf(req: Request, res: Response): Visitor {
  return { userId: webOf(res)?.session?.userId ?? null, ip: req.ip ?? '', userAgent: req.get('user-agent') ?? '' };
}

/**
 * Counts the view, and a badge click when the page was opened from the badge
 * on the product's own site (its link carries ?ref=badge; the badge shown on
 * this site's pages does not count).
 */
function countVisit(ctx: Context, req: Request, res: Response, listing: { id: number; owner_id: number | null }): void {
  const visitor = visitorOf(req, res);
  countListingHit(ctx, listing, 'view', visitor);
  const referrer = req.get('referer') ?? '';
  if (req.query.ref === 'badge' && !referrer.startsWith(`${ctx.config.publicUrl}/`))
    countListingHit(ctx, listing, 'badge', visitor);
}

/** GET /go/:slug: a 302 to the listing's own stored website, counted; never anywhere the request names. */
async function outboundRedirect(ctx: Context, req: Request, res: Response): Promise<void> {
  const slug = String(req.params.slug);
  const target = isSlug(slug) ? await outboundTarget(ctx, slug) : null;
  if (!target) return sendNotFound(ctx, req, res, 'listing');
  countListingHit(ctx, target, 'outbound', visitorOf(req, res));
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Robots-Tag', 'noindex');
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
  res.redirect(302, target.url);
}

/** Plain text with blank lines between paragraphs. */
function paragraphs(text: string | null | undefined): SafeHtml | string {
  if (!text?.trim()) return '';
  return html`${text
    .trim()
    .split(/\n\s*\n/)
    .map((p) => html`<p>${p.trim()}</p>`)}`;
}

function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
}

function section(id: string, heading: string, body: SafeHtml | string): SafeHtml {
  return html`<section aria-labelledby="${id}"><h2 id="${id}">${heading}</h2>${body}</section>\n`;
}

interface PageData {
  profile: ListingProfile;
  /** The page's own address, to share. */
  pageUrl: string;
  /** Which of its founders have a page to link to. */
  foundersWithPages: Set<string>;
  rel: string;
  badges: Awaited<ReturnType<typeof listingBadges>>['items'];
  alternatives: Awaited<ReturnType<typeof alternativesTo>>['items'];
  community: { voteBox: SafeHtml; section: SafeHtml } | null;
  /** The listing's id when the signed-in visitor owns it (a link to manage it), else null (a link to claim it). */
  managedId: number | null;
}

/** The owner manages the listing; anyone else who makes the product can prove it and take it over. */
function ownerLine(profile: ListingProfile, managedId: number | null): SafeHtml {
  return managedId !== null
    ? html`<p><a class="button secondary" href="/my/listings/${managedId}">Manage this listing</a></p>`
    : html`<p class="muted">Is this your product? <a href="/my/claims/new?slug=${encodeURIComponent(profile.slug)}">Claim it</a></p>`;
}

/** Ways to pass the listing on: to X, to LinkedIn, or its address copied (the copy button shows with site.js only). */
function shareLine(p: ListingProfile, pageUrl: string): SafeHtml {
  const text = p.tagline ? `${p.name}: ${p.tagline}` : p.name;
  const x = `https://x.com/intent/post?${new URLSearchParams({ text, url: pageUrl })}`;
  const linkedIn = `https://www.linkedin.com/sharing/share-offsite/?${new URLSearchParams({ url: pageUrl })}`;
  const newTab = html`<span class="visually-hidden"> (opens a new tab)</span>`;
  return html`<p class="share">Share ${p.name}: <a href="${x}" target="_blank" rel="noopener noreferrer">on X${newTab}</a> · <a href="${linkedIn}" target="_blank" rel="noopener noreferrer">on LinkedIn${newTab}</a><span class="copy-link" hidden> · <button type="button" class="secondary" data-copy="${pageUrl}">Copy link</button></span></p>`;
}

function headerBlock({ profile, rel, managedId, community, pageUrl }: PageData): SafeHtml {
  const website = webLink(profile.links.website);
  const primary = profile.categories[0];
  const when =
    profile.status === 'live' && profile.launched_at
      ? html`Launched ${formatDay(profile.launched_at)}${profile.launch_week ? html` in <a href="/launches/weeks/${profile.launch_week}">the week of ${formatDay(profile.launch_week)}</a>` : ''}`
      : profile.status === 'scheduled' && profile.launch_week
        ? html`Launching <a href="/launches/weeks/${profile.launch_week}">the week of ${formatDay(profile.launch_week)}</a>`
        : '';
  return html`<div class="listing-head">
${productLogo(profile, 72)}
<div><h1>${profile.name}</h1>${profile.tagline ? html`<p class="listing-tagline">${profile.tagline}</p>` : ''}</div>
${community?.voteBox ?? ''}
</div>
${when || primary ? html`<p>${when}${when && primary ? ' · ' : ''}${primary ? html`in <a href="/categories/${primary.slug}">${primary.name}</a>` : ''}</p>` : ''}
<p>${community ? '' : html`${plural(profile.votes, 'community vote', 'community votes')} · `}${plural(profile.followers, 'follower', 'followers')} · ${plural(profile.views, 'view', 'views')}</p>
${ratingLine(profile)}
${website ? html`<p><a href="${outboundPath(profile.slug)}" rel="${rel}">Visit ${profile.domain}</a></p>` : ''}
${shareLine(profile, pageUrl)}
${ownerLine(profile, managedId)}`;
}

function aboutBlock(p: ListingProfile): SafeHtml | string {
  const own = html`${p.short_description ? html`<p><strong>${p.short_description}</strong></p>` : ''}${paragraphs(p.description)}`;
  const ours =
    p.headline || p.summary
      ? html`<h3>Our summary</h3>${p.headline ? html`<p><strong>${p.headline}</strong></p>` : ''}${paragraphs(p.summary)}`
      : '';
  if (!p.short_description && !p.description?.trim() && !ours) return '';
  return section('about', `About ${p.name}`, html`${own}${ours}`);
}

function listBlock(id: string, heading: string, items: string[]): SafeHtml | string {
  return items.length ? section(id, heading, html`<ul>${items.map((i) => html`<li>${i}</li>`)}</ul>`) : '';
}

function pricingBlock(p: ListingProfile): SafeHtml {
  const notGiven = html`<span class="muted">Not given.</span>`;
  return section(
    'pricing',
    'Pricing',
    html`<dl><dt>Model</dt><dd>${p.pricing.model ?? notGiven}</dd><dt>Details</dt><dd>${p.pricing.summary ?? notGiven}</dd></dl>`,
  );
}

function detailsBlock(p: ListingProfile): SafeHtml {
  const row = (label: string, value: SafeHtml | string | number | null) =>
    value === null || value === '' ? '' : html`<dt>${label}</dt><dd>${value}</dd>`;
  const place = [p.city, p.country].filter(Boolean).join(', ');
  const email = p.contact_email && /^[^\s@<>"]+@[^\s@<>"]+$/.test(p.contact_email) ? p.contact_email : null;
  return section(
    'details',
    'Details',
    html`<dl>
${row(
  'Categories',
  p.categories.length
    ? html`${p.categories.map((c, i) => html`${i > 0 ? ', ' : ''}<a href="/categories/${c.slug}">${c.name}</a>${c.primary ? html` <span class="muted">(primary)</span>` : ''}`)}`
    : null,
)}
${row('Stage', p.stage)}
${row('Based in', place || null)}
${row('Founded', p.founded_year)}
${row('Contact', email ? html`<a href="mailto:${email}">${email}</a>` : null)}
${row('Tags', p.tags.length ? p.tags.join(', ') : null)}
${row('Awards', p.awards.length ? html`${p.awards.map((a, i) => html`${i > 0 ? '; ' : ''}${a.title}, <a href="/launches/weeks/${a.week}">week of ${formatDay(a.week)}</a>`)}` : null)}
</dl>`,
  );
}

/** The founders, each linked to their page when they have one (a founder's page opens with a live listing). */
function foundersBlock(p: ListingProfile, withPages: Set<string>): SafeHtml | string {
  if (p.founders.length === 0) return '';
  const unlinked = p.founders.some((f) => !withPages.has(f.slug));
  return section(
    'founders',
    'Founders',
    html`<ul class="cards">${p.founders.map((f) => {
      const avatar = webLink(f.avatar_url);
      const name = html`<strong>${f.name}</strong>`;
      return html`<li>${avatar ? html`<img src="${avatar}" alt="" width="48" height="48" loading="lazy">` : ''}<div>${withPages.has(f.slug) ? html`<a href="/founders/${f.slug}">${name}</a>` : name}${
        f.title ? html`<br><span>${f.title}</span>` : ''
      }</div></li>`;
    })}</ul>${unlinked ? html`<p class="muted">A founder’s page opens once one of their products is live.</p>` : ''}`,
  );
}

function storyBlock(p: ListingProfile): SafeHtml | string {
  const story = p.story;
  if (!story) return '';
  const parts = STORY_SECTIONS.filter((s): s is Exclude<StorySection, 'title'> => s !== 'title' && !!story[s]?.trim());
  if (parts.length === 0 && !story.title) return '';
  return section(
    'story',
    story.title ? `Founder story: ${story.title}` : 'Founder story',
    html`${parts.map((s) => html`<h3>${STORY_SECTION_NAMES[s]}</h3>${paragraphs(story[s])}`)}`,
  );
}

function milestonesBlock(p: ListingProfile, rel: string): SafeHtml | string {
  if (!p.milestones?.length) return '';
  return section(
    'milestones',
    'Milestones',
    html`<ol>${p.milestones.map((m) => {
      const url = webLink(m.url);
      return html`<li><strong>${formatDay(m.date)}</strong>: ${url ? html`<a href="${url}" rel="${rel}">${m.title}</a>` : m.title}${m.description ? html`<br>${m.description}` : ''}</li>`;
    })}</ol>`,
  );
}

function mediaBlock(p: ListingProfile, rel: string): SafeHtml | string {
  const video = webLink(p.media?.demo_video_url);
  const shots = p.media?.screenshots ?? [];
  if (!video && shots.length === 0) return '';
  return section(
    'media',
    'Media',
    html`${video ? html`<p><a href="${video}" rel="${rel}">Watch the demo video</a></p>` : ''}${
      shots.length > 0 ? screenshotGallery(p.name, shots) : ''
    }`,
  );
}

/** The screenshots, stored on this site: each opens full size; the page lays them out for any width, the first seen at once. */
function screenshotGallery(name: string, shots: NonNullable<ListingProfile['media']>['screenshots']): SafeHtml {
  return html`<ul class="gallery">${shots.map((shot, i) => {
    const src = localPath(shot.url);
    return html`<li><a href="${src}"><img src="${src}" alt="Screenshot ${i + 1} of ${name}" width="${shot.width}" height="${shot.height}" loading="${i === 0 ? 'eager' : 'lazy'}" decoding="async"></a></li>`;
  })}</ul>`;
}

function updatesBlock(p: ListingProfile): SafeHtml | string {
  if (p.latest_updates.length === 0) return '';
  return section(
    'updates',
    'Latest updates',
    html`${p.latest_updates.map((u) => html`<article><h3>${u.title}</h3><p class="muted"><time datetime="${u.created_at}">${formatDay(u.created_at)}</time></p>${paragraphs(u.body)}</article>`)}`,
  );
}

function faqBlock(p: ListingProfile): SafeHtml | string {
  if (p.faqs.length === 0) return '';
  return section(
    'faqs',
    'Frequently asked questions',
    html`${p.faqs.map((f) => html`<h3>${f.question}</h3>${paragraphs(f.answer)}`)}`,
  );
}

/** The community rating from genuine reviews; the reviews themselves are in the community section. */
function ratingLine(p: ListingProfile): SafeHtml | string {
  return p.rating.count > 0 && p.rating.average != null
    ? html`<p>Rated <strong>${p.rating.average.toFixed(1)} out of 5</strong> from ${plural(p.rating.count, 'genuine review', 'genuine reviews')} <span class="muted">(reviews the site team flagged are not counted)</span>.</p>`
    : '';
}

/**
 * The community section: its own markup starts with `<h2 id="community">`.
 * Without it (tests, or a build without community features) the place keeps
 * its heading and the counts.
 */
function communityBlock({ profile: p, community }: PageData): SafeHtml {
  return html`<section aria-labelledby="community">${
    community?.section ??
    html`<h2 id="community">Community</h2><p>${plural(p.votes, 'community vote', 'community votes')} · ${plural(p.followers, 'follower', 'followers')}</p>`
  }</section>\n`;
}

function domainRatingBlock(p: ListingProfile): SafeHtml | string {
  const dr = p.domain_rating;
  if (!dr) return '';
  const trend = {
    up: `up from ${dr.previous}`,
    down: `down from ${dr.previous}`,
    flat: 'unchanged since the previous measurement',
    new: 'first measurement',
  }[dr.trend];
  return section(
    'domain-rating',
    'Domain Rating',
    html`<p><strong>${dr.value}</strong> (${trend})${dr.measured_at ? html`, measured ${formatDay(dr.measured_at)}` : ''}${dr.source ? html`, source: ${dr.source}` : ''}.</p>
<p class="muted">A third-party measure of the website's links, imported by the site team. It is not a community ranking.</p>`,
  );
}

function linksBlock(p: ListingProfile, rel: string): SafeHtml | string {
  const links: [string, string][] = [];
  const website = webLink(p.links.website);
  if (website) links.push(['Website', outboundPath(p.slug)]);
  for (const [platform, value] of Object.entries(p.socials)) {
    const url = webLink(value);
    if (url && !(platform === 'website' && url === website)) links.push([platformName(platform), url]);
  }
  if (links.length === 0) return '';
  return section(
    'links',
    'Links',
    html`<ul>${links.map(([label, url]) => html`<li><a href="${url}" rel="${rel}">${label}</a></li>`)}</ul>`,
  );
}

function badgesBlock({ profile: p, badges }: PageData): SafeHtml | string {
  if (badges.length === 0) return '';
  return section(
    'badges',
    'Badges',
    html`<p>${badges.map((b) => html`<a href="${p.links.profile}"><img src="${b.image_url}" alt="${badgeAlt(b, p.name)}" width="${b.width}" height="${b.height}" loading="lazy"></a> `)}</p>
<details><summary>Embed code for ${p.name}'s website</summary>
${badges.map((b) => html`<p>${b.label}</p><pre style="white-space:pre-wrap;word-break:break-all"><code>${b.html}</code></pre>`)}
</details>`,
  );
}

/** How many alternatives get a ready compare link. */
const COMPARE_LINKS = 3;
const ALTERNATIVES_SHOWN = 8;

function alternativesBlock({ profile: p, alternatives }: PageData): SafeHtml | string {
  if (alternatives.length === 0) return '';
  const live = p.status === 'live';
  return section(
    'alternatives',
    `Alternatives to ${p.name}`,
    html`<ul>${alternatives
      .slice(0, ALTERNATIVES_SHOWN)
      .map(
        (a, i) =>
          html`<li><a href="${listingPath(a.slug)}">${a.name}</a>${a.tagline ? html`: ${a.tagline}` : ''}${
            a.approved ? html` <span class="muted">(recommended by ${p.name})</span>` : ''
          }${live && i < COMPARE_LINKS ? html` · <a href="/compare?${new URLSearchParams({ a: p.slug, b: a.slug }).toString()}">Compare ${p.name} with ${a.name}</a>` : ''}</li>`,
      )}</ul>`,
  );
}

function compareBlock({ profile: p, alternatives }: PageData): SafeHtml | string {
  // Only live listings can be compared.
  if (p.status !== 'live') return '';
  const other =
    alternatives.length > 0
      ? html`<label for="compare-b">Compare with</label><select id="compare-b" name="b" required>${alternatives.map((a) => html`<option value="${a.slug}">${a.name}</option>`)}</select>`
      : html`<label for="compare-b">Compare with (the other product's slug, as in /listings/<em>slug</em>)</label><input type="text" id="compare-b" name="b" maxlength="220" required>`;
  return section(
    'compare',
    `Compare ${p.name}`,
    html`<form method="get" action="/compare"><input type="hidden" name="a" value="${p.slug}">${other}<button type="submit">Compare</button></form>`,
  );
}

function jsonLdOf(ctx: Context, p: ListingProfile, description: string): object[] {
  const primary = p.categories[0];
  const sameAs = [webLink(p.links.website), ...Object.values(p.socials).map(webLink)].filter((u): u is string => !!u);
  const app: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'SoftwareApplication',
    name: p.name,
    url: p.links.profile,
    description,
    applicationCategory: primary?.name ?? 'BusinessApplication',
    sameAs: [...new Set(sameAs)],
  };
  // Our stored copy: it is there as long as the page is.
  if (p.logo) app.image = p.logo.url;
  if (p.media?.screenshots.length) app.screenshot = p.media.screenshots.map((s) => s.url);
  if (p.founded_year) app.datePublished = String(p.founded_year);
  if (p.founders.length) app.author = p.founders.map((f) => ({ '@type': 'Person', name: f.name, url: f.profile_url }));
  if (p.rating.count > 0 && p.rating.average != null) {
    app.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: p.rating.average,
      ratingCount: p.rating.count,
      bestRating: 5,
      worstRating: 1,
    };
  }
  const crumbs = [
    { name: 'Home', item: absoluteUrl(ctx, '/') },
    ...(primary ? [{ name: primary.name, item: absoluteUrl(ctx, `/categories/${primary.slug}`) }] : []),
    { name: p.name, item: p.links.profile },
  ];
  const out: object[] = [
    app,
    {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: crumbs.map((c, i) => ({ '@type': 'ListItem', position: i + 1, ...c })),
    },
  ];
  if (p.faqs.length) out.push(faqPageLd(p.faqs));
  return out;
}

async function listingPage(ctx: Context, deps: BrowseDeps, req: Request, res: Response): Promise<void> {
  const row = await loadBySlug(ctx, req, res, 'listing', (slug) => publicListingBySlug(ctx, slug));
  if (!row) return;
  countVisit(ctx, req, res, row);
  keepForHits(res, { id: row.id, owner_id: row.owner_id });
  const listing: CommunityListing = {
    id: row.id,
    slug: row.slug,
    owner_id: row.owner_id,
    status: row.status,
    name: row.name,
  };
  const [profile, paidLinksFollow, badges, alternatives, community, discussion] = await Promise.all([
    profileOf(ctx, row),
    getSetting(ctx.db, 'paid_links_follow'),
    listingBadges(ctx, { slug: row.slug, shape: 'standard', mode: 'auto', size: 'm' }),
    alternativesTo(ctx, row.slug),
    deps.communitySection ? deps.communitySection(ctx, listing, res) : Promise.resolve(null),
    deps.discussionSection ? deps.discussionSection(ctx, listing, res) : Promise.resolve(''),
  ]);
  const data: PageData = {
    profile,
    pageUrl: absoluteUrl(ctx, listingPath(row.slug)),
    foundersWithPages: await foundersWithPages(
      ctx,
      profile.founders.map((f) => f.slug),
    ),
    rel: outboundRel(row.plan, paidLinksFollow),
    badges: badges.items,
    alternatives: alternatives.items,
    community,
    managedId: row.owner_id !== null && row.owner_id === webOf(res)?.session?.userId ? row.id : null,
  };
  const description = clip(
    profile.seo.description ??
      profile.short_description ??
      profile.tagline ??
      profile.description ??
      `${profile.name} on Launchboard: profile, founders, reviews and alternatives.`,
    300,
  );
  const title =
    profile.seo.title ?? (profile.tagline ? `${profile.name}: ${clip(profile.tagline, 120)}` : profile.name);
  sendPublicPage(ctx, req, res, {
    title,
    customHeading: true,
    description,
    canonicalPath: listingPath(profile.slug),
    ogType: 'product',
    ogImage: listingShareImage(ctx, profile),
    jsonLd: jsonLdOf(ctx, profile, description),
    body: html`${headerBlock(data)}
${mediaBlock(profile, data.rel)}
${aboutBlock(profile)}
${listBlock('features', 'Features', profile.features)}
${listBlock('usps', 'What sets it apart', profile.usps)}
${pricingBlock(profile)}
${detailsBlock(profile)}
${foundersBlock(profile, data.foundersWithPages)}
${storyBlock(profile)}
${milestonesBlock(profile, data.rel)}
${updatesBlock(profile)}
${faqBlock(profile)}
${communityBlock(data)}
${discussion}
${domainRatingBlock(profile)}
${linksBlock(profile, data.rel)}
${badgesBlock(data)}
${alternativesBlock(data)}
${compareBlock(data)}`,
  });
}

/** The listing page (listed in the sitemap from the data) and its outbound link. */
export function listingPages(deps: BrowseDeps) {
  return [
    definePage({
      path: '/listings/:slug',
      // A hit still counts the view (and a badge click), as the render does.
      get: cachedPage((ctx, req, res) => listingPage(ctx, deps, req, res), {
        query: { ref: (v) => v === 'badge', comments: pageNumber(1000) },
        onHit: (ctx, req, res, meta) => countVisit(ctx, req, res, meta as { id: number; owner_id: number | null }),
      }),
    }),
    definePage({ path: '/go/:slug', get: outboundRedirect }),
  ];
}
