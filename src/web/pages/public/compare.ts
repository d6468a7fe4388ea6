// The side-by-side comparison of two live listings (/compare?a=&b=). A blank
// cell means that listing does not state the fact; a row blank on both sides
// means neither does. Without both slugs the page offers the form (400 when
// only one is given or one is malformed); an unknown slug is a 404.
import type { Request, Response } from 'express';
import type { Context } from '../../../context.js';
import { AppError } from '../../../errors.js';
import { compareListings, type ComparisonRow } from '../../../directory/compare.js';
import { type ListingOption, liveListingOptions } from '../../../directory/listing-options.js';
import { definePage } from '../define.js';
import { html, type SafeHtml } from '../../ui/html.js';
import { listingPath, sendPublicPage, isSlug } from '../../ui/public-page.js';
import { queryValue } from '../../ui/forms.js';
import { listingSuggestions } from '../../ui/pickers.js';

type Cell = ComparisonRow['a'];

function cell(value: Cell): SafeHtml {
  if (value === null || value === '' || (Array.isArray(value) && value.length === 0)) {
    return html`<td><span aria-hidden="true">–</span><span class="visually-hidden">Not stated</span></td>`;
  }
  if (Array.isArray(value)) return html`<td><ul>${value.map((v) => html`<li>${v}</li>`)}</ul></td>`;
  if (typeof value === 'boolean') return html`<td>${value ? 'Yes' : 'No'}</td>`;
  return html`<td>${value}</td>`;
}

function compareForm(a: string, b: string, options: readonly ListingOption[]): SafeHtml {
  return html`<form method="get" action="/compare">
<label for="compare-a">First product</label>
<input type="text" id="compare-a" name="a" maxlength="220" required value="${a}" list="compare-listings" autocomplete="off" aria-describedby="compare-hint">
<label for="compare-b">Second product</label>
<input type="text" id="compare-b" name="b" maxlength="220" required value="${b}" list="compare-listings" autocomplete="off" aria-describedby="compare-hint">
<p class="hint" id="compare-hint">Start typing a name and pick a live product (its address name, as in /listings/<em>name</em>, works too).</p>
${listingSuggestions('compare-listings', options)}
<button type="submit">Compare</button>
</form>`;
}

const DESCRIPTION =
  "Compare two products side by side: pricing, stage, country, founding year, features, community votes and their categories' own attributes.";

async function comparePage(ctx: Context, req: Request, res: Response): Promise<void> {
  const a = queryValue(req.query.a)?.trim() ?? '';
  const b = queryValue(req.query.b)?.trim() ?? '';
  const options = await liveListingOptions(ctx);
  if (!a && !b) {
    sendPublicPage(ctx, req, res, {
      title: 'Compare products',
      description: DESCRIPTION,
      body: compareForm('', '', options),
    });
    return;
  }
  const problem =
    !a || !b
      ? 'Name two products to compare.'
      : !isSlug(a) || !isSlug(b)
        ? 'A product is named by its slug: lowercase letters, digits and hyphens, as in the address of its page.'
        : a === b
          ? 'Choose two different products.'
          : null;
  if (problem) {
    sendPublicPage(ctx, req, res, {
      status: 400,
      title: 'Compare products',
      description: DESCRIPTION,
      body: html`<p class="error" role="alert">${problem}</p>${compareForm(a, b, options)}`,
    });
    return;
  }

  let result: Awaited<ReturnType<typeof compareListings>>;
  try {
    result = await compareListings(ctx, a, b);
  } catch (err) {
    if (err instanceof AppError && err.kind === 'not_found') {
      sendPublicPage(ctx, req, res, {
        status: 404,
        title: 'Product not found',
        description: DESCRIPTION,
        body: html`<p class="error" role="alert">“${a}” or “${b}” is not a live product. Only products that have launched can be compared; <a href="/search">search the directory</a> for the right one.</p>${compareForm(a, b, options)}`,
      });
      return;
    }
    throw err;
  }
  const { a: left, b: right, rows } = result;
  const title = `${left.name} vs ${right.name}`;
  const canonical = `/compare?${new URLSearchParams({ a: left.slug, b: right.slug })}`;
  const product = (l: typeof left) => ({
    '@type': 'SoftwareApplication',
    name: l.name,
    url: l.profile_url,
    ...(l.tagline ? { description: l.tagline } : {}),
  });
  sendPublicPage(ctx, req, res, {
    title,
    description: `${left.name} compared with ${right.name}: pricing, stage, features, community votes and more, side by side.`,
    canonicalPath: canonical,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      name: title,
      itemListElement: [product(left), product(right)].map((item, i) => ({
        '@type': 'ListItem',
        position: i + 1,
        item,
      })),
    },
    body: html`<p>A blank cell means that product's listing does not state the fact; blank on both sides means neither does. Nothing is guessed.</p>
<table>
<caption class="visually-hidden">${left.name} and ${right.name} side by side</caption>
<thead><tr><th scope="col">Fact</th><th scope="col"><a href="${listingPath(left.slug)}">${left.name}</a></th><th scope="col"><a href="${listingPath(right.slug)}">${right.name}</a></th></tr></thead>
<tbody>
${rows.map((r) => html`<tr><th scope="row">${r.attribute}</th>${cell(r.a)}${cell(r.b)}</tr>\n`)}
</tbody>
</table>
<h2>Compare something else</h2>
${compareForm(left.slug, right.slug, options)}`,
  });
}

export const comparePages = [definePage({ path: '/compare', get: comparePage })];
