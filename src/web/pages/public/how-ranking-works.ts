// "How ranking works": the published rules behind every community rank,
// trending, the awards, and the promise that paid placement never touches them.
// The numbers come from the services that apply them, so the page cannot drift.
import { AWARD_PLACES } from '../../../launches/rollover.js';
import { TRENDING_WINDOW_DAYS, voteWeight } from '../../../launches/trending.js';
import { definePage } from '../define.js';
import { html } from '../../ui/html.js';
import { sendPublicPage } from '../../ui/public-page.js';

const HOUR_MS = 3_600_000;

/** Example ages and what one vote of that age is worth in trending. */
const WEIGHT_EXAMPLES: [string, number][] = [
  ['just now', 0],
  ['12 hours', 12],
  ['1 day', 24],
  ['3 days', 72],
  ['7 days', 168],
  [`${TRENDING_WINDOW_DAYS} days`, TRENDING_WINDOW_DAYS * 24],
];

export const rankingPages = [
  definePage({
    path: '/how-ranking-works',
    sitemap: 'self',
    get: (ctx, req, res) => {
      const weights = WEIGHT_EXAMPLES.map(
        ([label, hours]) =>
          html`<tr><th scope="row">${label}</th><td>${voteWeight(hours * HOUR_MS).toFixed(3)}</td></tr>`,
      );
      sendPublicPage(ctx, req, res, {
        title: 'How ranking works',
        description:
          'How Launchboard ranks launches: community votes, the trending formula, tie-breaks, awards, and why paid placement never changes them.',
        jsonLd: {
          '@context': 'https://schema.org',
          '@type': 'WebPage',
          name: 'How ranking works',
          url: `${ctx.config.publicUrl}/how-ranking-works`,
          description: 'The rules behind community ranks, trending and Launch of the Week awards on Launchboard.',
        },
        body: html`<p>Launchboard has four separate kinds of ranking. Community ranks come from votes of people on this site.
The <a href="/leaderboards/billboard">billboard</a> is a paid ranking and is always labelled as one.
The <a href="/leaderboards/domain-rating">Domain Rating</a> and <a href="/leaderboards/revenue">revenue</a> boards show third-party figures imported by the site team, with their date and source.</p>

<h2 id="votes">What counts as a vote</h2>
<ul>
<li>Only a signed-in person with a verified email address can vote; votes cannot be cast through the API or by programs.</li>
<li>One vote per person per listing.</li>
<li>Nobody can vote for their own listing.</li>
<li>A vote can be withdrawn at any time; from then on it no longer counts (awards already given keep the count they were won with).</li>
<li>Votes flagged by velocity checks — bursts of votes from new accounts, or many votes from one network — can be discounted by the site team. A discounted vote no longer counts, and the number of discounted votes is shown on the listing's page.</li>
</ul>

<h2 id="community">Community ranks</h2>
<p>The <a href="/leaderboards/community-weekly">weekly board</a> ranks the live launches of one launch week (Monday to Sunday, UTC) by their community votes;
the <a href="/leaderboards/community-all-time">all-time board</a> and the most-voted launch feed rank all live listings the same way.</p>
<h3 id="ties">Tie-breaks</h3>
<ol>
<li>More votes first.</li>
<li>On equal votes, the earlier launch comes first.</li>
<li>If both launched at the same moment, the listing added to the directory first (the lower id) comes first.</li>
</ol>

<h2 id="trending">Trending</h2>
<p>Trending favours recent votes. Each vote counts <strong>1 / (1 + age_hours/24)^1.5</strong>, where age_hours is how many hours ago it was cast,
and a listing's trending score is the sum over its votes of the last ${TRENDING_WINDOW_DAYS} days.
Older votes are left out: a vote ${TRENDING_WINDOW_DAYS} days old is worth well under 1 % of a fresh one, so leaving them out changes nothing in practice.
On equal scores, more votes in total come first, then the lower id.
Trending is recalculated when votes change and at least once a minute; on a very large directory a new vote can take up to 10 seconds to move it.</p>
<table>
<caption>What one vote is worth in trending, by its age</caption>
<thead><tr><th scope="col">Age of the vote</th><th scope="col">Weight</th></tr></thead>
<tbody>${weights}</tbody>
</table>

<h2 id="awards">Launch of the Week awards</h2>
<p>When a launch week ends, its top ${AWARD_PLACES} live launches by community votes become Launch of the Week #1 to #${AWARD_PLACES}
(each needs at least one vote; ties are broken as above, the earlier launch winning). Awards are given once and listed on the <a href="/awards">awards page</a>.</p>

<h2 id="paid">Paid placement never touches community ranks</h2>
<p>Money buys visibility in clearly marked places only: the <a href="/leaderboards/billboard">billboard</a> (a paid ranking, labelled “Paid ranking — advertising, not a community vote”),
featured weeks and paid plans. None of them changes community vote ranks, awards, trending or search relevance.</p>

<h2 id="third-party">Third-party boards</h2>
<p>Domain Rating and revenue figures are imported by the site team from the source named on each row, with the date they were measured.
They are not community rankings and not verified by Launchboard.</p>`,
      });
    },
  }),
];
