// Category pages: the whole tree with live listing counts (/categories) and
// one category (/categories/:slug) with its text, FAQs, place in the tree and
// live listings, most voted first (community votes only).
import type { Request, Response } from 'express';
import type { Context } from '../../../context.js';
import { categoryTree, type CategoryNode, topListingIdsByCategory } from '../../../directory/categories.js';
import { type ListingSummary, summariesByIds } from '../../../listings/summary.js';
import { categoryPage, type CategoryPage } from '../../../directory/category-pages.js';
import { definePage } from '../define.js';
import { html, type SafeHtml } from '../../ui/html.js';
import { voteViewer } from '../../ui/vote-button.js';
import {
  absoluteUrl,
  listingCards,
  pageParams,
  paginationNav,
  sendPublicPage,
  faqPageLd,
  loadBySlug,
  itemListLd,
  listingPath,
  productLogo,
} from '../../ui/public-page.js';

const count = (n: number) => `${n} live ${n === 1 ? 'product' : 'products'}`;

/** A category's text cut at a word, for its card. */
const blurb = (text: string) => {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length <= 140 ? t : `${t.slice(0, 137).replace(/\s+\S*$/, '')}…`;
};

/** One top-level category as a card: its count, a line of text, its most voted products and its subcategories. */
function categoryCard(c: CategoryNode, top: ListingSummary[]): SafeHtml {
  return html`<li class="card category-card">
<h2 id="cat-${c.slug}"><a href="/categories/${c.slug}">${c.name}</a></h2>
<p class="category-count muted">${count(c.listing_count)}</p>
${c.description ? html`<p class="category-blurb">${blurb(c.description)}</p>` : ''}
${
  top.length > 0
    ? html`<ul class="category-top" aria-label="Most voted in ${c.name}">${top.map(
        (l) => html`<li>${productLogo(l, 32)}<a href="${listingPath(l.slug)}">${l.name}</a></li>`,
      )}</ul>`
    : ''
}
${
  c.subcategories.length > 0
    ? html`<ul class="chips" aria-label="Subcategories of ${c.name}">${c.subcategories.map(
        (s) =>
          html`<li><a class="chip" href="/categories/${s.slug}">${s.name} <span class="muted">${s.listing_count}</span></a></li>`,
      )}</ul>`
    : ''
}
</li>`;
}

async function treePage(ctx: Context, req: Request, res: Response): Promise<void> {
  const [tree, topIds] = await Promise.all([
    categoryTree(ctx, { includeEmpty: true }),
    topListingIdsByCategory(ctx, 3),
  ]);
  const tops = await Promise.all(tree.map((c) => summariesByIds(ctx, topIds.get(c.slug) ?? [])));
  const title = 'Product categories';
  const description = 'Browse products by category: every category and subcategory with its number of live products.';
  sendPublicPage(ctx, req, res, {
    title,
    description,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'CollectionPage',
      name: title,
      description,
      url: absoluteUrl(ctx, '/categories'),
      mainEntity: {
        '@type': 'ItemList',
        numberOfItems: tree.length,
        itemListElement: tree.map((c, i) => ({
          '@type': 'ListItem',
          position: i + 1,
          name: c.name,
          url: absoluteUrl(ctx, `/categories/${c.slug}`),
        })),
      },
    },
    body:
      tree.length === 0
        ? html`<p class="muted">No categories yet.</p>`
        : html`<ul class="category-grid">${tree.map((c, i) => categoryCard(c, tops[i] ?? []))}</ul>`,
  });
}

/** The first sentence-ish of a category's text, for the meta description. */
function summaryOf(category: CategoryPage): string {
  const text = category.description.replace(/\s+/g, ' ').trim();
  if (!text) return `The best ${category.name} products on Launchboard, most voted by the community first.`;
  return text.length <= 160 ? text : `${text.slice(0, 157).replace(/\s+\S*$/, '')}…`;
}

async function onePage(ctx: Context, req: Request, res: Response): Promise<void> {
  const { page, per_page } = pageParams(req);
  const category = await loadBySlug(ctx, req, res, 'category', (slug) => categoryPage(ctx, { slug, page, per_page }));
  if (!category) return;
  const query = new URLSearchParams();
  if (page > 1) query.set('page', String(page));
  if (per_page !== 20) query.set('per_page', String(per_page));
  const canonical = `/categories/${category.slug}${query.toString() ? `?${query}` : ''}`;
  const first = (page - 1) * per_page + 1;
  const title = page > 1 ? `${category.name} (page ${page})` : category.name;
  const voter = await voteViewer(ctx, req, res, category.items);

  const breadcrumb = [
    { name: 'Categories', path: '/categories' },
    ...(category.parent ? [{ name: category.parent.name, path: `/categories/${category.parent.slug}` }] : []),
    { name: category.name, path: `/categories/${category.slug}` },
  ];
  const jsonLd: object[] = [
    {
      '@context': 'https://schema.org',
      '@type': 'CollectionPage',
      name: category.name,
      description: summaryOf(category),
      url: absoluteUrl(ctx, canonical),
      breadcrumb: {
        '@type': 'BreadcrumbList',
        itemListElement: breadcrumb.map((b, i) => ({
          '@type': 'ListItem',
          position: i + 1,
          name: b.name,
          item: absoluteUrl(ctx, b.path),
        })),
      },
    },
    itemListLd(`${category.name} products`, category.items, first),
  ];
  if (category.faqs.length > 0) jsonLd.push(faqPageLd(category.faqs));

  sendPublicPage(ctx, req, res, {
    title,
    description: summaryOf(category),
    canonicalPath: canonical,
    jsonLd,
    body: html`<nav aria-label="Breadcrumb"><p><a href="/categories">Categories</a>${
      category.parent ? html` › <a href="/categories/${category.parent.slug}">${category.parent.name}</a>` : ''
    } › <span aria-current="page">${category.name}</span></p></nav>
${category.description ? html`<p>${category.description}</p>` : ''}
${
  category.subcategories.length > 0
    ? html`<h2>Subcategories</h2><ul>${category.subcategories.map(
        (s) =>
          html`<li><a href="/categories/${s.slug}">${s.name}</a> <span class="muted">(${count(s.listing_count)})</span></li>`,
      )}</ul>`
    : ''
}
<h2>Products, most voted first</h2>
<p class="muted">${count(category.total)}, ranked by community votes.</p>
${listingCards(category.items, { ranked: true, firstRank: first, voter })}
${paginationNav(req, page, per_page, category.total)}
${
  category.faqs.length > 0
    ? html`<h2>Frequently asked questions</h2>${category.faqs.map((f) => html`<h3>${f.question}</h3><p>${f.answer}</p>`)}`
    : ''
}
<p><a href="/search?category=${category.slug}">Search and filter within ${category.name}</a></p>`,
  });
}

export const categoryPages = [
  definePage({ path: '/categories', sitemap: 'self', get: treePage }),
  definePage({ path: '/categories/:slug', get: onePage }),
];
