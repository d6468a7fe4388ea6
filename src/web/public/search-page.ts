// The search page (/search): the search_listings tool's own input schema
// checks the query string, so the page, the API and MCP accept the same
// filters with the same bounds; a bad filter gets a plain message and the
// form back (400), never a 500.
import type { Request, Response, Router } from 'express';
import type { Context } from '../../context.js';
import { categoryOptions, type CategoryOption } from '../../directory/category-options.js';
import { searchListings, type SearchInput } from '../../search/search.js';
import searchTool from '../../../tools/directory/search_listings.js';
import { html, type SafeHtml } from '../ui/html.js';
import { listingCards, pageParams, paginationNav, sendPublicPage, pageRouter } from './common.js';
import { itemListLd } from './launches-page.js';

/** One string from a query parameter (the first, when repeated); undefined when absent. */
export function queryValue(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
  return undefined;
}

const FILTERS = ['q', 'category', 'country', 'pricing_model', 'status', 'sort'] as const;
type Filter = (typeof FILTERS)[number];

const SORTS: [SearchInput['sort'], string][] = [
  ['relevance', 'Best match (most voted when no words are given)'],
  ['newest', 'Newest'],
  ['votes', 'Most votes'],
  ['trending', 'Trending'],
  ['most_viewed', 'Most viewed'],
  ['most_followed', 'Most followed'],
];

const FRIENDLY: Record<Filter, string> = {
  q: 'Search words can be at most 200 characters long.',
  category: 'Choose a category from the list.',
  country: 'Country must be a two-letter code, such as US or DE.',
  pricing_model: 'Pricing model can be at most 40 characters long.',
  status: 'Status must be live or upcoming.',
  sort: 'Choose a sort order from the list.',
};

const LABELS: Record<Filter, string> = {
  q: 'Search words',
  category: 'Category',
  country: 'Country',
  pricing_model: 'Pricing model',
  status: 'Status',
  sort: 'Sort by',
};

function searchForm(values: Partial<Record<Filter, string>>, categories: CategoryOption[]): SafeHtml {
  const selected = (a: string | undefined, b: string) => (a === b ? html` selected` : '');
  return html`<form method="get" action="/search" role="search" aria-label="Search the directory">
<label for="search-q">${LABELS.q}</label>
<input type="search" id="search-q" name="q" maxlength="200" value="${values.q ?? ''}">
<label for="search-category">${LABELS.category}</label>
<select id="search-category" name="category"><option value="">All categories</option>${categories.map(
    (c) =>
      html`<option value="${c.slug}"${selected(values.category, c.slug)}>${'— '.repeat(c.depth)}${c.name}</option>`,
  )}</select>
<label for="search-country">${LABELS.country} <span class="muted">(two-letter code, such as US)</span></label>
<input type="text" id="search-country" name="country" maxlength="2" autocomplete="country" value="${values.country ?? ''}">
<label for="search-pricing">${LABELS.pricing_model} <span class="muted">(such as free, freemium, subscription)</span></label>
<input type="text" id="search-pricing" name="pricing_model" maxlength="40" value="${values.pricing_model ?? ''}">
<label for="search-status">${LABELS.status}</label>
<select id="search-status" name="status"><option value="live"${selected(values.status, 'live')}>Live</option><option value="upcoming"${selected(values.status, 'upcoming')}>Upcoming (scheduled)</option></select>
<label for="search-sort">${LABELS.sort}</label>
<select id="search-sort" name="sort">${SORTS.map(([value, label]) => html`<option value="${value}"${selected(values.sort, value)}>${label}</option>`)}</select>
<button type="submit">Search</button>
</form>`;
}

async function searchPage(ctx: Context, req: Request, res: Response): Promise<void> {
  const values: Partial<Record<Filter, string>> = {};
  for (const f of FILTERS) {
    const v = queryValue(req.query[f])?.trim();
    if (v) values[f] = v;
  }
  const { page, per_page } = pageParams(req);
  const categories = await categoryOptions(ctx);

  const problems: string[] = [];
  const parsed = searchTool.input.safeParse({ ...values, page, per_page });
  if (!parsed.success) {
    const fields = new Set(parsed.error.issues.map((i) => String(i.path[0])));
    for (const f of FILTERS) if (fields.has(f)) problems.push(FRIENDLY[f]);
  } else if (values.category && !categories.some((c) => c.slug === values.category)) {
    problems.push(FRIENDLY.category);
  }

  const title = values.q ? `Search results for “${values.q}”` : 'Search products';
  const description = values.q
    ? `Products on Launchboard matching “${values.q}”: typo-tolerant search over names, taglines, keywords and descriptions.`
    : 'Search and filter the Launchboard directory of products by category, country, pricing model and launch status.';
  const form = searchForm(values, categories);

  if (problems.length > 0) {
    sendPublicPage(ctx, req, res, {
      status: 400,
      title,
      description,
      body: html`<div class="error" role="alert"><p>Some filters could not be used:</p><ul>${problems.map((p) => html`<li>${p}</li>`)}</ul></div>${form}`,
    });
    return;
  }

  // The tool registry types inputs loosely; search_listings' schema is SearchInput's shape.
  const input = parsed.data as unknown as SearchInput;
  const { items, total } = await searchListings(ctx, input);
  const first = (page - 1) * per_page + 1;
  sendPublicPage(ctx, req, res, {
    title,
    description,
    jsonLd: [
      { '@context': 'https://schema.org', '@type': 'SearchResultsPage', name: title, description },
      itemListLd(title, items, first),
    ],
    body: html`${form}
<h2>Results</h2>
<p role="status">${total === 0 ? 'No products match.' : `${total} ${total === 1 ? 'product matches' : 'products match'}.`}</p>
${total === 0 ? '' : listingCards(items)}
${paginationNav(req, page, per_page, total)}`,
  });
}

export function searchPages(ctx: Context): Router {
  return pageRouter(ctx, { '/search': searchPage });
}
