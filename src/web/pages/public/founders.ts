// Founder pages: the people behind live listings (filter by name and country)
// and one founder's profile with bio, socials, companies and published stories.
// Everything here is written by makers, so links are nofollow/ugc and only http(s).
import type { Request, Response } from 'express';
import type { Context } from '../../../context.js';
import { STORY_SECTION_NAMES, STORY_SECTIONS } from '../../../listings/profile.js';
import { webLink } from '../../../platform/links.js';
import {
  type FounderCard,
  type FounderProfile,
  type FounderStory,
  founderProfile,
  listFounders,
} from '../../../directory/founders.js';
import { definePage } from '../define.js';
import { errorBox, html, type SafeHtml } from '../../ui/html.js';
import { voteViewer } from '../../ui/vote-button.js';
import {
  listingCards,
  listingPath,
  pageParams,
  paginationNav,
  sendPublicPage,
  loadBySlug,
} from '../../ui/public-page.js';
import { paragraphs } from '../../ui/text.js';

const STORY_HEADINGS = STORY_SECTIONS.filter((s) => s !== 'title').map((s) => [s, STORY_SECTION_NAMES[s]] as const);

function founderCard(f: FounderCard): SafeHtml {
  const avatar = webLink(f.avatar_url);
  return html`<li>${avatar ? html`<img src="${avatar}" alt="" width="48" height="48" loading="lazy">` : ''}
<div><a href="/founders/${f.slug}"><strong>${f.name}</strong></a>${f.title ? html`, ${f.title}` : ''}${f.country ? html` <small class="muted">(${f.country})</small>` : ''}${
    f.companies.length > 0
      ? html`<br><span>Behind ${f.companies.map((c, i) => html`${i > 0 ? ', ' : ''}<a href="${listingPath(c.slug)}">${c.name}</a>`)}</span>`
      : ''
  }</div></li>`;
}

async function indexPage(ctx: Context, req: Request, res: Response): Promise<void> {
  const { page, per_page } = pageParams(req, 30);
  const q = typeof req.query.q === 'string' ? req.query.q.trim().slice(0, 120) : '';
  const countryParam = typeof req.query.country === 'string' ? req.query.country.trim() : '';
  const countryValid = countryParam === '' || /^[A-Za-z]{2}$/.test(countryParam);
  const country = countryValid ? countryParam.toUpperCase() : '';
  const result = await listFounders(ctx, { q: q || undefined, country: country || undefined, page, per_page });
  const filtered = q !== '' || country !== '';

  sendPublicPage(ctx, req, res, {
    status: countryValid ? 200 : 400,
    title: 'Founders',
    description: 'The founders behind the live products on Launchboard, with their companies and stories.',
    canonicalPath: filtered ? undefined : `/founders${page > 1 ? `?page=${page}` : ''}`,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      name: 'Founders',
      numberOfItems: result.total,
      itemListElement: result.items.map((f, i) => ({
        '@type': 'ListItem',
        position: (page - 1) * per_page + i + 1,
        name: f.name,
        url: f.profile_url,
      })),
    },
    body: html`<form method="get" action="/founders" role="search">
<label for="founder-q">Name</label><input type="search" id="founder-q" name="q" maxlength="120" value="${q}">
<label for="founder-country">Country (two-letter code, e.g. DE)</label><input type="text" id="founder-country" name="country" maxlength="2" value="${countryParam}" autocomplete="country">
<button type="submit">Find founders</button></form>
${countryValid ? '' : errorBox('Country must be a two-letter code such as DE or US; showing founders from every country.')}
<p>${result.total} ${result.total === 1 ? 'founder' : 'founders'}${filtered ? ' match' : ''}.</p>
${result.items.length === 0 ? html`<p class="muted">No founders found.</p>` : html`<ul class="cards">${result.items.map(founderCard)}</ul>`}
${paginationNav(req, page, per_page, result.total)}`,
  });
}

function storySection(story: FounderStory): SafeHtml {
  const title = story.title?.trim() || `The story of ${story.listing.name}`;
  return html`<section><h3>${title}</h3>
<p class="muted">About <a href="${listingPath(story.listing.slug)}">${story.listing.name}</a> · updated <time datetime="${story.updated_at}">${story.updated_at.slice(0, 10)}</time></p>
${STORY_HEADINGS.filter(([key]) => (story[key] ?? '').trim() !== '').map(([key, heading]) => html`<h4>${heading}</h4>${paragraphs(story[key]!)}`)}</section>`;
}

function personLd(profile: FounderProfile): object {
  const avatar = webLink(profile.avatar_url);
  return {
    '@context': 'https://schema.org',
    '@type': 'Person',
    name: profile.name,
    url: profile.profile_url,
    ...(profile.title ? { jobTitle: profile.title } : {}),
    ...(profile.bio ? { description: profile.bio } : {}),
    ...(avatar ? { image: avatar } : {}),
    ...(profile.country ? { nationality: { '@type': 'Country', name: profile.country } } : {}),
    sameAs: Object.values(profile.socials).flatMap((u) => webLink(u) ?? []),
    worksFor: profile.companies.map((c) => ({ '@type': 'Organization', name: c.name, url: c.profile_url })),
  };
}

async function profilePage(ctx: Context, req: Request, res: Response): Promise<void> {
  const profile = await loadBySlug(ctx, req, res, 'founder', (slug) => founderProfile(ctx, slug));
  if (!profile) return;
  const avatar = webLink(profile.avatar_url);
  const socials = Object.entries(profile.socials).flatMap(([platform, link]) => {
    const url = webLink(link);
    return url ? [html`<li><a href="${url}" rel="nofollow ugc noopener">${platform}</a></li>`] : [];
  });
  const role = [profile.title, profile.country].filter(Boolean).join(' · ');
  const voter = await voteViewer(ctx, req, res, profile.companies);

  sendPublicPage(ctx, req, res, {
    title: profile.name,
    description: (
      profile.bio ?? `${profile.name}, founder behind ${profile.companies.map((c) => c.name).join(', ')}.`
    ).slice(0, 300),
    ogType: 'profile',
    ogImage: avatar,
    jsonLd: personLd(profile),
    body: html`${avatar ? html`<img src="${avatar}" alt="Photo of ${profile.name}" width="96" height="96">` : ''}
${role ? html`<p>${role}</p>` : ''}
${profile.bio ? paragraphs(profile.bio) : ''}
${socials.length > 0 ? html`<h2>Elsewhere</h2><ul>${socials}</ul>` : ''}
<h2>Companies</h2>
${listingCards(profile.companies, { voter })}
${profile.stories.length > 0 ? html`<h2>Founder stories</h2>${profile.stories.map(storySection)}` : ''}
<p><a href="/founders">All founders</a></p>`,
  });
}

export const founderPages = [
  definePage({ path: '/founders', sitemap: 'self', get: indexPage }),
  definePage({ path: '/founders/:slug', get: profilePage }),
];
