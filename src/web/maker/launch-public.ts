// GET /launch: the two ways to launch, side by side, for anyone deciding
// whether to launch here. Every number comes from the site settings and every
// price from the products table (list_products), so the page says what the
// tools will do.
import type { Request, Response } from 'express';
import type { Context } from '../../context.js';
import { PAID_SECTIONS } from '../../listings/profile.js';
import type { ProductView } from '../../orders/products.js';
import { definePage } from '../pages/define.js';
import { html, type SafeHtml, sendPage } from '../ui/html.js';
import { webOf } from '../ui/session.js';
import {
  bigPrice,
  dollars,
  freeWindowWords,
  type LaunchSettings,
  launchSettings,
  PAID_SECTION_WORDS,
  productsForSale,
} from './launch-common.js';

/** A sample of the badge a free launch puts on the maker's homepage, drawn in CSS (the real one is an SVG per listing). */
export function badgeSample(siteName: string): SafeHtml {
  return html`<span class="launch-badge-sample" role="img" aria-label="Example badge: Listed on ${siteName}"><span class="launch-badge-dot" aria-hidden="true"></span><span aria-hidden="true"><small>LISTED ON</small><strong>${siteName}</strong></span></span>`;
}

/** "founder story, milestones and media (screenshots, demo video)" (`or` for what the free launch lacks). */
export function sectionsWords(joiner: 'and' | 'or' = 'and'): string {
  const words = PAID_SECTIONS.map((s) => PAID_SECTION_WORDS[s] ?? s);
  return words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} ${joiner} ${words.at(-1)}`;
}

/** What every launch gets, free or paid. */
function bothInclude(s: LaunchSettings): SafeHtml {
  return html`<li>A listing page drafted from your website, every fact with the page it came from</li>
<li>A place in its week’s launches on ${s.siteName}, community votes and the weekly leaderboard</li>
<li>A chance at Launch of the Week (the week’s top three by votes)</li>`;
}

export function freePlanList(s: LaunchSettings): SafeHtml {
  return html`<ul class="launch-included">
<li><strong>A launch week ${freeWindowWords(s)} out</strong>: the first week with room (${s.freeWeeklyCapacity} free launches a week)</li>
<li>Goes live once our badge is on your homepage (we check ${s.badgeCheckEvery})</li>
${bothInclude(s)}
</ul>
<ul class="launch-excluded" aria-label="Not included">
<li>No ${sectionsWords('or')} sections</li>
<li>Links to your site carry <code>nofollow</code></li>
</ul>`;
}

export function paidPlanList(s: LaunchSettings, premium: ProductView | undefined): SafeHtml {
  return html`<ul class="launch-included">
<li><strong>Live today, or in the week you choose</strong> (up to ${s.bookingHorizonWeeks} weeks ahead; ${s.paidWeeklyCapacity} paid launches a week)</li>
<li>No badge needed, no queue</li>
<li>Unlocks the ${sectionsWords()} sections${premium ? html` (the ${premium.name}, ${dollars(premium.price_cents)} on its own)` : ''}</li>
<li>Up to ${s.maxExtraCategories} more categories</li>
${s.paidLinksFollow ? html`<li>Links to your site without <code>nofollow</code></li>` : ''}
<li>And everything the free launch includes: your listing page, the week’s launches, votes and awards</li>
</ul>`;
}

/**
 * The two ways to launch side by side, each with its price and what it
 * includes: on this page and in the MCP App's draft review (draft-review.ts).
 * `heading` is the plans' heading level; an action closes each card (the
 * paid one only while the launch is on sale).
 */
export function launchPlans(
  s: LaunchSettings,
  products: ProductView[],
  opts: { heading: 'h2' | 'h3'; freeAction?: SafeHtml; paidAction?: SafeHtml },
): SafeHtml {
  const launch = products.find((p) => p.key === 'launch');
  const premium = products.find((p) => p.key === 'premium-profile');
  const title = (id: string, text: string) =>
    opts.heading === 'h2' ? html`<h2 id="${id}">${text}</h2>` : html`<h3 id="${id}">${text}</h3>`;
  return html`<div class="launch-plans">
<section class="launch-plan" aria-labelledby="plan-free">
<p class="launch-tag">No card needed</p>
${title('plan-free', 'Free launch')}
${bigPrice(0, 'forever')}
<p class="launch-when">A launch week ${freeWindowWords(s)} out, live once our badge is on your homepage.</p>
${freePlanList(s)}
${opts.freeAction ?? ''}
</section>
<section class="launch-plan recommended" aria-labelledby="plan-paid">
<p class="launch-tag">Fastest</p>
${title('plan-paid', 'Paid launch')}
${launch ? bigPrice(launch.price_cents, 'USD, once · plus VAT where it applies') : html`<p class="launch-price"><span>Not on sale right now</span></p>`}
<p class="launch-when">Live today or in the week you choose, with the extra profile sections.</p>
${paidPlanList(s, premium)}
${launch && opts.paidAction ? opts.paidAction : ''}
</section>
</div>`;
}

/** The extras a listing can add, beyond the launch itself, with their prices. */
function extrasTable(products: ProductView[], s: LaunchSettings): SafeHtml | string {
  const extras = products.filter((p) => p.needs_listing && p.key !== 'launch');
  if (extras.length === 0) return '';
  return html`<section aria-labelledby="extras"><h2 id="extras">Extras for any listing</h2>
<ul class="launch-extras">${extras.map(
    (p) =>
      html`<li><p class="launch-extra-head"><strong>${p.name}</strong> <span class="launch-extra-price">${p.key === 'billboard' ? html`from ${dollars(Math.max(s.billboardMinimumCents, 1))}` : dollars(p.price_cents)}</span></p>
<p>${p.description}${p.key === 'billboard' ? ' You choose the amount.' : ''}</p></li>`,
  )}</ul>
<p class="muted">Prices in US dollars, excluding VAT. The billboard is a paid ranking and is always marked as one.</p>
<p><a class="button secondary" href="/my/promote">Buy an extra for your listing</a></p></section>`;
}

export async function publicLaunchPage(ctx: Context, _req: Request, res: Response): Promise<void> {
  const web = webOf(res);
  const [s, products] = await Promise.all([launchSettings(ctx), productsForSale(ctx)]);
  const start = html`<a class="button" href="/submit">Launch your product</a>`;
  sendPage(res, {
    title: 'Launch your product',
    customHeading: true,
    csrfToken: web.csrfToken,
    signedInAs: web.session?.email,
    description: `Launch on ${s.siteName} free (a launch week ${freeWindowWords(s)} out, with our badge on your homepage) or paid (live at once or in the week you choose).`,
    canonicalUrl: `${ctx.config.publicUrl}/launch`,
    body: html`<div class="launch-hero">
<p class="launch-eyebrow">Launch on ${s.siteName}</p>
<h1>Two ways to launch. Same community, same votes.</h1>
<p class="launch-lead">Give us your website and we draft your listing from it in about a minute. Then choose: launch <strong>free</strong> in a few weeks, or <strong>pay</strong> to go live today or in the week you pick.</p>
${start}
</div>
${launchPlans(s, products, {
  heading: 'h2',
  freeAction: html`<a class="button secondary" href="/submit">Start a free launch</a>`,
  paidAction: html`<a class="button" href="/submit">Start a paid launch</a>`,
})}
<p class="launch-fair"><strong>Paying never buys votes or rank.</strong> Free and paid launches are ranked by the community’s votes alone. <a href="/how-ranking-works">How ranking works</a>.</p>
<section aria-labelledby="how-free"><h2 id="how-free">How the free launch works</h2>
<ol class="launch-steps">
<li><strong>Submit your website.</strong> We read a few of its pages and draft your listing; you review and edit it.</li>
<li><strong>Choose the free launch.</strong> We reserve the first week with room ${freeWindowWords(s)} from then.</li>
<li><strong>Add our badge to your homepage.</strong> A small image that says “Listed on ${s.siteName}” and links to your listing page. You get the HTML to paste. ${badgeSample(s.siteName)}</li>
<li><strong>We find it.</strong> We check your homepage ${s.badgeCheckEvery} (or press “Check my badge now”). Once it is there your launch is scheduled.</li>
<li><strong>You launch.</strong> Your listing goes live on the Monday of your week, 00:00 UTC. If the week starts before the badge is found, the launch moves to the next week with room.</li>
</ol></section>
<section aria-labelledby="how-paid"><h2 id="how-paid">How the paid launch works</h2>
<ol class="launch-steps">
<li><strong>Submit your website</strong> and review the draft, as above.</li>
<li><strong>Pick “Live today” or a week</strong> (the page shows which weeks have room) and enter your billing country for VAT.</li>
<li><strong>See the price, then pay</strong> on our checkout page. We never ask for card details anywhere else.</li>
<li><strong>You launch</strong> as soon as the payment is confirmed, or on the Monday of your week.</li>
</ol>
<p>Already waiting for a free week? You can still switch to a paid launch from your listing’s launch page.</p></section>
${extrasTable(products, s)}
<section aria-labelledby="vat"><h2 id="vat">Prices and VAT</h2>
<p>Prices are in US dollars and exclude VAT. Buyers in the EU pay their country’s VAT; an EU business with a valid VAT number from another EU country pays none (reverse charge). Outside the EU there is no VAT. The checkout shows the exact total before you pay.</p></section>
<div class="launch-cta"><p><strong>Ready?</strong> It starts with your website’s address.</p>${start}</div>`,
  });
}

export const launchPublicPages = [definePage({ path: '/launch', sitemap: 'self', get: publicLaunchPage })];
