// The draft review as the MCP App shows it inline in an assistant
// (src/mcp/draft-app.ts): the website's draft page read-only, drawn by the
// same parts (the head, each field with its state and evidence, the working
// and failed states), with the two ways to launch and their prices (the
// /launch page's cards) and the badge a free launch puts on the maker's
// homepage, drawn by the badge route's own SVG code. Changing the draft stays
// with the assistant's tools or the website: the App has no forms.
import type { Context } from '../../context.js';
import type { FieldName } from '../../drafts/drafter/fields.js';
import type { DraftView } from '../../drafts/views.js';
import { renderBadgeSvg } from '../../launches/badge-svg.js';
import { badgeDimensions } from '../../launches/badges.js';
import { html, type SafeHtml } from '../ui/html.js';
import { FIELD_LABELS, isFieldName } from './draft-labels.js';
import { evidenceBlock } from './draft-parts.js';
import {
  draftFieldBlock,
  draftHeadMain,
  draftMeter,
  FAILED_TITLE,
  failureReason,
  pagesRead,
  profileGroups,
  shortHead,
  workingProgress,
} from './draft-view.js';
import { launchSettings, productsForSale } from './launch-common.js';
import { launchPlans } from './launch-public.js';
import { badgePreview } from './launch-view.js';

/** Where "Still missing" leads inside the App: the field, or the section. */
function missingHref(item: string): string {
  if (isFieldName(item)) return `#field-${item}`;
  return item === 'faqs' || item === 'founders' ? `#${item}` : '#profile';
}

/** A field's value as text: a list as its items, nothing as a plain word. */
function fieldValue(view: DraftView, f: FieldName): SafeHtml {
  const value = view.fields[f].value;
  if (value === null || (Array.isArray(value) && value.length === 0))
    return html`<p class="draft-value draft-value-empty">Nothing yet</p>`;
  if (Array.isArray(value))
    return html`<ul class="draft-value draft-value-list">${value.map((v) => html`<li>${v}</li>`)}</ul>`;
  return html`<p class="draft-value">${value}</p>`;
}

/** What to do next, beside the completeness: submit (by the assistant or on the site), or choose how to launch. */
function nextStep(view: DraftView, publicUrl: string): SafeHtml {
  if (view.listing_id !== null)
    return html`<div class="draft-submit"><p class="draft-submitted"><strong>Submitted as your listing.</strong> Changes to the draft update it too.</p>
<p class="draft-submit-links"><a class="button" href="${publicUrl}/my/listings/${view.listing_id}/launch">Choose how to launch</a></p></div>`;
  return html`<div class="draft-submit"><p>Ask your assistant to change, lock or redraft a field, or to submit it as your listing. Nothing is published or charged yet.</p>
<p class="draft-submit-links"><a class="button secondary" href="${publicUrl}/drafts/${view.id}">Review it on Launchboard</a></p></div>`;
}

function profile(view: DraftView): SafeHtml {
  const field = (f: FieldName) =>
    draftFieldBlock(view, f, {
      label: html`<span class="draft-field-name">${FIELD_LABELS[f]}</span>`,
      main: fieldValue(view, f),
    });
  return html`<section class="draft-section" id="profile" aria-labelledby="profile-heading">
<h2 id="profile-heading">Profile</h2>
<p class="draft-intro">What your listing says, each value with the words from your site it was taken from.</p>
${profileGroups().map(
  (g, i) =>
    html`<section class="draft-group" aria-labelledby="group-${i}"><h3 id="group-${i}">${g.title}</h3>${g.fields.map(field)}</section>`,
)}
</section>`;
}

/** Said in a section with nothing in it (the "Still missing" links lead there). */
const NONE_YET = html`<p class="draft-value-empty">None yet: your site does not say. Your assistant can add them.</p>`;

function faqs(view: DraftView): SafeHtml {
  return html`<section class="draft-section" id="faqs" aria-labelledby="faqs-heading">
<h2 id="faqs-heading">FAQs</h2>
${view.faqs.length === 0 ? NONE_YET : ''}
${view.faqs.map((f) => html`<div class="draft-row"><h3>${f.question}</h3><p>${f.answer}</p>${evidenceBlock(f.evidence)}</div>`)}
</section>`;
}

function founders(view: DraftView): SafeHtml {
  return html`<section class="draft-section" id="founders" aria-labelledby="founders-heading">
<h2 id="founders-heading">Founders</h2>
${view.founders.length === 0 ? NONE_YET : ''}
${view.founders.map(
  (f, i) =>
    html`<div class="draft-row"><h3>${f.name}${i === 0 ? ' (primary)' : ''}</h3>${f.title ? html`<p class="muted">${f.title}</p>` : ''}${f.bio ? html`<p>${f.bio}</p>` : ''}${evidenceBlock(f.evidence)}</div>`,
)}
</section>`;
}

/** The "Listed on" badge a free launch needs on the homepage, drawn now, before the listing exists. */
function badge(view: DraftView, siteName: string): SafeHtml {
  const name = typeof view.fields.name.value === 'string' ? view.fields.name.value : view.domain;
  const label = `Listed on ${siteName}`;
  const style = { shape: 'standard', mode: 'auto', size: 'm' } as const;
  const svg = renderBadgeSvg({
    badge: { kind: 'listed', label, week: null, rank: null },
    listingName: name,
    siteName,
    style,
  });
  const { width, height } = badgeDimensions(style.shape, style.size);
  return html`<section class="draft-section" id="badge" aria-labelledby="badge-heading">
<h2 id="badge-heading">Your badge</h2>
<p class="draft-intro">A free launch goes live once this badge is on your homepage, linking to your listing page. You get its HTML when you choose the free launch.</p>
${badgePreview({ src: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`, alt: `${name}: ${label}`, width, height })}
</section>`;
}

async function launchOptions(ctx: Context): Promise<{ section: SafeHtml; siteName: string }> {
  const [settings, products] = await Promise.all([launchSettings(ctx), productsForSale(ctx)]);
  const section = html`<section class="draft-section" id="launch" aria-labelledby="launch-heading">
<h2 id="launch-heading">How you can launch it</h2>
<p class="draft-intro">Once it is your listing, choose one. Paying never buys votes or rank: both are ranked by the community’s votes alone.</p>
${launchPlans(settings, products, { heading: 'h3' })}
</section>`;
  return { section, siteName: settings.siteName };
}

/** The whole review of one draft, as the App inserts it. */
export async function draftReviewHtml(ctx: Context, view: DraftView): Promise<SafeHtml> {
  const publicUrl = ctx.config.publicUrl;
  const root = (body: SafeHtml) =>
    html`<div class="draft-page draft-review" data-draft-id="${view.id}" data-draft-status="${view.status}">${body}</div>`;
  if (view.status === 'crawling' || view.status === 'drafting') {
    return root(html`${shortHead(view, view.status === 'crawling' ? 'Reading your site…' : 'Drafting your listing…')}
<section class="draft-working" aria-labelledby="working-status">
${workingProgress(view)}
<p>This usually takes about a minute. <a href="${publicUrl}/drafts/${view.id}">Follow it on Launchboard</a>.</p>
${pagesRead(view)}
</section>`);
  }
  if (view.status === 'failed') {
    return root(html`${shortHead(view, FAILED_TITLE)}
<section class="draft-working draft-failed" aria-labelledby="failed-why">
${failureReason(view)}
<p>If you have fixed it (for example allowed our crawler in robots.txt, or the site is back up), ask your assistant to try again, or submit another address.</p>
</section>`);
  }
  const launch = await launchOptions(ctx);
  return root(html`<header class="draft-head">
${draftHeadMain(view)}
<div class="draft-head-side">
${draftMeter(view, missingHref)}
${nextStep(view, publicUrl)}</div>
</header>
${profile(view)}
${faqs(view)}
${founders(view)}
${launch.section}
${badge(view, launch.siteName)}`);
}
