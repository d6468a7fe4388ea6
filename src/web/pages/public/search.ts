// The search page (/search): the search_listings tool's own input schema
// checks the query string, so the page, the API and MCP accept the same
// filters with the same bounds; a bad filter gets a plain message and the
// form back (400), never a 500. Results come first on a phone: the search box
// on top, the other filters folded under "Filters", then what was found, with
// the matched words marked and, when the words find little, what does exist
// (a corrected query, matching categories).
import type { Request, Response } from 'express';
import type { Context } from '../../../context.js';
import { categoryOptions, type CategoryOption } from '../../../directory/category-options.js';
import { filterOptions, type FilterOptions } from '../../../directory/filter-options.js';
import { type SearchHit, type SearchInput, type SearchResult, searchListings } from '../../../search/search.js';
import searchTool from '../../../../tools/directory/search_listings.js';
import { definePage } from '../define.js';
import { html, plural, type SafeHtml } from '../../ui/html.js';
import { type VoteViewer, voteViewer } from '../../ui/vote-button.js';
import { listingCards, pageParams, paginationNav, sendPublicPage, itemListLd } from '../../ui/public-page.js';
import { queryValue } from '../../ui/forms.js';

const FILTERS = ['q', 'category', 'country', 'pricing_model', 'status', 'sort'] as const;
type Filter = (typeof FILTERS)[number];
type Values = Partial<Record<Filter, string>>;

/** Sort orders; relevance is most voted when no words are given, and says so then. */
const SORTS: [SearchInput['sort'], string][] = [
  ['relevance', 'Best match'],
  ['newest', 'Newest'],
  ['votes', 'Most votes'],
  ['trending', 'Trending'],
  ['most_viewed', 'Most viewed'],
  ['most_followed', 'Most followed'],
];

const FRIENDLY: Record<Filter, string> = {
  q: 'Search words can be at most 200 characters long.',
  category: 'Choose a category from the list.',
  country: 'Choose a country from the list (a two-letter code, such as US or DE).',
  pricing_model: 'Choose a pricing model from the list.',
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

/** How many filters other than the words differ from their defaults (the folded filters open when any does). */
function filtersSet(values: Values): number {
  return [
    values.category,
    values.country,
    values.pricing_model,
    values.status && values.status !== 'live',
    values.sort && values.sort !== 'relevance',
  ].filter(Boolean).length;
}

/**
 * The pickers' options: the values live listings have, and the one asked for
 * when no live listing has it (an upcoming listing's country, an old link), so
 * the picker always shows the filter in force.
 */
function withSelected(options: FilterOptions, values: Values): FilterOptions {
  const country = values.country?.toUpperCase();
  const pricing = values.pricing_model?.toLowerCase();
  return {
    countries:
      country && !options.countries.some((c) => c.code === country)
        ? [...options.countries, { code: country, name: country }]
        : options.countries,
    pricingModels:
      pricing && !options.pricingModels.some((p) => p.value === pricing)
        ? [...options.pricingModels, { value: pricing, label: pricing }]
        : options.pricingModels,
  };
}

function searchForm(values: Values, categories: CategoryOption[], options: FilterOptions): SafeHtml {
  const selected = (a: string | undefined, b: string) => (a === b ? html` selected` : '');
  const set = filtersSet(values);
  const { countries, pricingModels } = withSelected(options, values);
  const country = values.country?.toUpperCase();
  const pricing = values.pricing_model?.toLowerCase();
  return html`<form class="search-form" method="get" action="/search" role="search" aria-label="Search the directory">
<div class="search-bar"><label for="search-q" class="visually-hidden">${LABELS.q}</label>
<input type="search" id="search-q" name="q" maxlength="200" placeholder="Search products" value="${values.q ?? ''}">
<button type="submit">Search</button></div>
<details class="search-filters"${set > 0 ? html` open` : ''}><summary>Filters${set > 0 ? html` <span class="muted">(${set} set)</span>` : ''}</summary>
<div class="filter-fields">
<div><label for="search-category">${LABELS.category}</label>
<select id="search-category" name="category"><option value="">All categories</option>${categories.map(
    (c) =>
      html`<option value="${c.slug}"${selected(values.category, c.slug)}>${'— '.repeat(c.depth)}${c.name}</option>`,
  )}</select></div>
<div><label for="search-country">${LABELS.country}</label>
<select id="search-country" name="country"><option value="">Any country</option>${countries.map(
    (c) => html`<option value="${c.code}"${selected(country, c.code)}>${c.name}</option>`,
  )}</select></div>
<div><label for="search-pricing">${LABELS.pricing_model}</label>
<select id="search-pricing" name="pricing_model"><option value="">Any pricing</option>${pricingModels.map(
    (p) => html`<option value="${p.value}"${selected(pricing, p.value)}>${p.label}</option>`,
  )}</select></div>
<div><label for="search-status">${LABELS.status}</label>
<select id="search-status" name="status"><option value="live"${selected(values.status, 'live')}>Live</option><option value="upcoming"${selected(values.status, 'upcoming')}>Upcoming</option></select></div>
<div><label for="search-sort">${LABELS.sort}</label>
<select id="search-sort" name="sort">${SORTS.map(
    ([value, label]) =>
      html`<option value="${value}"${selected(values.sort, value)}>${value === 'relevance' && !values.q ? 'Best match (most voted)' : label}</option>`,
  )}</select></div>
<button type="submit">Apply filters</button>
</div>
</details>
</form>`;
}

/** /search with these words and the other filters kept. */
function searchHref(values: Values, q: string): string {
  const params = new URLSearchParams();
  for (const f of FILTERS) {
    const v = f === 'q' ? q : values[f];
    if (v) params.set(f, v);
  }
  return `/search?${params.toString()}`;
}

/** What the words could have meant: a corrected query and the categories they name. */
function suggestions(values: Values, result: SearchResult): SafeHtml | string {
  const dym = result.did_you_mean;
  const categories = result.categories ?? [];
  if (!dym && categories.length === 0) return '';
  // The corrected query's count heeds the status only; with other filters the link may find fewer.
  const inAll = values.category || values.country || values.pricing_model ? ' in all' : '';
  return html`<div class="search-suggestions">${
    dym
      ? html`<p>Did you mean <a href="${searchHref(values, dym.q)}">${dym.q}</a>? <span class="muted">(${plural(dym.total, 'product')}${inAll})</span></p>`
      : ''
  }${
    categories.length > 0
      ? html`<div class="category-links"><span id="category-links-label">Categories:</span> <ul class="category-list" aria-labelledby="category-links-label">${categories.map(
          (c) =>
            html`<li><a href="/categories/${c.slug}">${c.name} <span class="count">· ${plural(c.listing_count, 'product')}</span></a></li>`,
        )}</ul></div>`
      : ''
  }</div>`;
}

/**
 * The results, those matching every word of a multi-word query first, then
 * under their own heading those matching only some, so a partial match is
 * never taken for a full one.
 */
function resultCards(result: SearchResult, voter: VoteViewer): SafeHtml {
  const words = result.query_words ?? [];
  const highlight = (item: SearchHit) => item.matched ?? [];
  const whole = result.items.filter((item) => (item.words_matched?.length ?? 0) >= words.length);
  const partial = result.items.filter((item) => (item.words_matched?.length ?? 0) < words.length);
  if (words.length < 2 || partial.length === 0) return listingCards(result.items, { highlight, voter });
  return html`${whole.length > 0 ? listingCards(whole, { highlight, voter }) : html`<p class="search-partial-note">No product matches all of “${words.join(' ')}”.</p>`}
<h3 class="search-partial-heading">Matching some of the words</h3>
${listingCards(partial, { highlight, voter })}`;
}

/** What to say when nothing matches, and where to go from there. */
function nothingFound(values: Values): SafeHtml {
  return html`<p>Try other words${
    values.q && filtersSet(values) > 0
      ? html`, <a href="${searchHref({}, values.q)}">search “${values.q}” without filters</a>`
      : ''
  }, <a href="/search">browse all products</a> or <a href="/categories">the categories</a>.</p>`;
}

async function searchPage(ctx: Context, req: Request, res: Response): Promise<void> {
  const values: Values = {};
  for (const f of FILTERS) {
    const v = queryValue(req.query[f])?.trim();
    if (v) values[f] = v;
  }
  const { page, per_page } = pageParams(req);
  const [categories, options] = await Promise.all([categoryOptions(ctx), filterOptions(ctx)]);

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
    ? `Products on Launchboard matching “${values.q}”: search over names, taglines, categories, features and descriptions that understands word forms and typos.`
    : 'Search and filter the Launchboard directory of products by category, country, pricing model and launch status.';
  const form = searchForm(values, categories, options);

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
  const result = await searchListings(ctx, input);
  const { items, total } = result;
  const first = (page - 1) * per_page + 1;
  const voter = await voteViewer(ctx, req, res, items);
  const count =
    total === 0
      ? values.q
        ? `No products match “${values.q}”.`
        : 'No products match these filters.'
      : `${total.toLocaleString('en')} ${total === 1 ? 'product matches' : 'products match'}.`;
  sendPublicPage(ctx, req, res, {
    title,
    description,
    customHeading: true,
    jsonLd: [
      { '@context': 'https://schema.org', '@type': 'SearchResultsPage', name: title, description },
      itemListLd(title, items, first),
    ],
    body: html`<h1 class="search-heading">${title}</h1>
${form}
<section class="search-results" aria-labelledby="results-heading">
<h2 id="results-heading" class="visually-hidden">Results</h2>
<p role="status" class="result-count">${count}</p>
${suggestions(values, result)}
${total === 0 ? nothingFound(values) : resultCards(result, voter)}
${paginationNav(req, page, per_page, total)}
</section>`,
  });
}

export const searchPages = [definePage({ path: '/search', get: searchPage })];
