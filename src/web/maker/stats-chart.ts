// A listing's numbers over the last 30 days for its owner: views,
// votes, new followers, clicks to the product's site and badge clicks, each a
// small bar chart drawn here as inline SVG (no script, the page's CSP allows
// it) with its figures beside it, and every figure again in a table. Colours
// come from the stylesheet's variables, so light and dark schemes both work.
// The caller (the owner's listing page) has already checked ownership.
import type { Context } from '../../context.js';
import { type ListingStats, listingStats, STAT_METRICS, STATS_DAYS, type StatMetric } from '../../listings/stats.js';
import { html, type SafeHtml } from '../ui/html.js';

interface MetricLabel {
  name: string;
  /** The unit of one count, singular and plural, for the bars' tooltips. */
  one: string;
  many: string;
}

const LABELS: Record<StatMetric, MetricLabel> = {
  views: { name: 'Views', one: 'view', many: 'views' },
  votes: { name: 'Votes', one: 'vote', many: 'votes' },
  followers: { name: 'New followers', one: 'new follower', many: 'new followers' },
  outbound_clicks: { name: 'Website clicks', one: 'click to your website', many: 'clicks to your website' },
  badge_clicks: { name: 'Badge clicks', one: 'visit from your badge', many: 'visits from your badge' },
};

const shortDay = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const longDay = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const dayLabel = (day: string, format = shortDay) => format.format(Date.parse(`${day}T00:00:00.000Z`));
const count = (n: number, label: MetricLabel) => `${n.toLocaleString('en-GB')} ${n === 1 ? label.one : label.many}`;

/** Drawing units: one slot per day, bars rising from the bottom. */
const SLOT = 10;
const BAR = 7;
const HEIGHT = 60;
/** A day with nothing still shows a sliver, so the 30 days read as a timeline. */
const ZERO_BAR = 1.5;

/** The day of a series' highest count (the latest, on a tie), or null when every day is zero. */
function peakOf(series: number[], days: string[]): { n: number; day: string } | null {
  let best = -1;
  series.forEach((n, i) => {
    if (n > 0 && (best < 0 || n >= series[best]!)) best = i;
  });
  return best < 0 ? null : { n: series[best]!, day: days[best]! };
}

function chart(id: string, metric: StatMetric, stats: ListingStats): SafeHtml {
  const label = LABELS[metric];
  const series = stats.perDay[metric];
  const peak = peakOf(series, stats.days);
  const max = peak?.n ?? 0;
  const total = stats.totals[metric].last30;
  const summary = peak
    ? `${count(total, label)} in the last ${STATS_DAYS} days; the most, ${peak.n.toLocaleString('en-GB')}, on ${dayLabel(peak.day, longDay)}.`
    : `None in the last ${STATS_DAYS} days.`;
  const bars = series.map((n, i) => {
    const h = n > 0 ? Math.max(2, (n / max) * HEIGHT) : ZERO_BAR;
    const x = i * SLOT + (SLOT - BAR) / 2;
    return html`<rect class="${n > 0 ? 'bar' : 'bar zero'}" x="${x}" y="${(HEIGHT - h).toFixed(2)}" width="${BAR}" height="${h.toFixed(2)}"><title>${dayLabel(stats.days[i]!)}: ${count(n, label)}</title></rect>`;
  });
  return html`<svg class="stat-chart" viewBox="0 0 ${series.length * SLOT} ${HEIGHT}" preserveAspectRatio="none" role="img" aria-labelledby="${id}-title ${id}-desc" focusable="false"><title id="${id}-title">${label.name} per day</title><desc id="${id}-desc">${summary}</desc>${bars}</svg>`;
}

function card(listingId: number, metric: StatMetric, stats: ListingStats): SafeHtml {
  const id = `stats-${listingId}-${metric.replace('_', '-')}`;
  const t = stats.totals[metric];
  return html`<li class="stat-card">
<h3>${LABELS[metric].name}</h3>
<p class="stat-total"><strong>${t.last30.toLocaleString('en-GB')}</strong> <span class="muted">in ${STATS_DAYS} days</span></p>
${chart(id, metric, stats)}
<p class="stat-axis muted" aria-hidden="true"><span>${dayLabel(stats.days[0]!)}</span><span>Today</span></p>
<dl class="stat-recent"><div><dt>Today</dt><dd>${t.today.toLocaleString('en-GB')}</dd></div><div><dt>Last 7 days</dt><dd>${t.last7.toLocaleString('en-GB')}</dd></div></dl>
</li>`;
}

function figuresTable(stats: ListingStats): SafeHtml {
  const n = (v: number) => v.toLocaleString('en-GB');
  return html`<div class="table-scroll"><table class="stat-table">
<caption>Figures for ${dayLabel(stats.days.at(-1)!, longDay)} (today), the last 7 days and the last ${STATS_DAYS} days</caption>
<thead><tr><th scope="col">Number</th><th scope="col">Today</th><th scope="col">Last 7 days</th><th scope="col">Last ${STATS_DAYS} days</th></tr></thead>
<tbody>${STAT_METRICS.map((m) => {
    const t = stats.totals[m];
    return html`<tr><th scope="row">${LABELS[m].name}</th><td>${n(t.today)}</td><td>${n(t.last7)}</td><td>${n(t.last30)}</td></tr>`;
  })}</tbody>
</table></div>`;
}

/**
 * The owner's numbers for one listing: a section with its own h2, to place on
 * the owner's listing page. Days are UTC days by ctx.clock.
 */
export async function listingStatsSection(ctx: Context, listingId: number): Promise<SafeHtml> {
  const stats = await listingStats(ctx, listingId);
  const heading = `stats-${listingId}`;
  return html`<section class="listing-numbers" aria-labelledby="${heading}">
<h2 id="${heading}">Your numbers</h2>
<p class="muted">The last ${STATS_DAYS} days, ${dayLabel(stats.days[0]!, longDay)} to today, ${dayLabel(stats.days.at(-1)!, longDay)} (days in UTC).</p>
${
  STAT_METRICS.every((m) => stats.totals[m].last30 === 0)
    ? html`<p class="notice">Nothing counted yet. Views start with the first visit to your listing page; the badge on your website brings visitors here.</p>`
    : ''
}
<ul class="stat-cards">${STAT_METRICS.map((m) => card(listingId, m, stats))}</ul>
${figuresTable(stats)}
<p class="muted stat-note">Views, website clicks and badge clicks count each person once a day, and not your own visits while signed in. Votes and new followers are counted on the day they were given, if they still stand.</p>
</section>`;
}
