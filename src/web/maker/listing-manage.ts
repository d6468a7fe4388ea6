// GET /my/listings/:id: one listing for its owner, in sections: where it
// stands (status, plan, week, links to its page and its launch), its numbers
// (stats-chart.ts), the edit forms (manage-edit.ts), the logo and the
// screenshot gallery (manage-images.ts), an update, milestones,
// the founder story, the founder interview (manage-content.ts) and the
// version history (manage-history.ts). Each form posts to its own route,
// which calls its tool and answers 303 back here with a notice, or shows
// the page again with the input kept and the refused field named.
import express, { type Request, type Response, type Router } from 'express';
import type { WebSession } from '../../auth/sessions.js';
import type { Context } from '../../context.js';
import { interviewAnswers } from '../../directory/interview.js';
import { notFound } from '../../errors.js';
import { MAX_UPLOAD_BYTES } from '../../media/uploads.js';
import type { OwnListing } from '../../listings/my-listings.js';
import { type OwnerExtras, ownerExtras } from '../../listings/owner-extras.js';
import { act, type Problem, read } from '../ui/act.js';
import { field, staleFormPage, tooManyPage, withinBudget } from '../ui/forms.js';
import { html, plural, type SafeHtml, sendPage } from '../ui/html.js';
import { csrfValid, webOf } from '../ui/session.js';
import { multipartForm, uploadedFile, uploadFormImage } from '../ui/uploads.js';
import { productLogo } from '../ui/public-page.js';
import { listingStatusPill, planWords, routeId, weekWords } from './dashboard-ui.js';
import {
  type ContentForm,
  type ContentState,
  formValues,
  type InterviewQuestion,
  interviewInput,
  interviewSection,
  milestonesSection,
  prefixed,
  STORY_FIELDS,
  storyInput,
  storySection,
  updateSection,
} from './manage-content.js';
import {
  currentValues,
  EDIT_PARTS,
  type EditPart,
  type EditState,
  editInput,
  editLabel,
  editSection,
  openPart,
  submittedValues,
} from './manage-edit.js';
import { historySection } from './manage-history.js';
import {
  addProblem,
  addRefusal,
  FILE_PATH,
  galleryWith,
  galleryWithout,
  type ImagesState,
  imagesSection,
  LINK_PATH,
  submittedLink,
} from './manage-images.js';
import { signedIn } from './signed-in.js';
import { listingStatsSection } from './stats-chart.js';
import { formatTime } from '../ui/format.js';

const POSTS_PER_MINUTE = 30;
const HISTORY_SHOWN = 30;
const PUBLIC = new Set(['live', 'scheduled']);

interface Loaded {
  listing: OwnListing;
  extras: OwnerExtras;
  questions: InterviewQuestion[];
  answers: Map<number, string>;
}

/** Everything the page shows; get_my_listing first, so another person's listing is a 404 before anything else is read. */
async function load(ctx: Context, session: WebSession, id: number): Promise<Loaded> {
  const listing = await read<OwnListing>(ctx, session, 'get_my_listing', { listing_id: id });
  const [extras, questions, answers] = await Promise.all([
    ownerExtras(ctx, session.userId, id, { historyLimit: HISTORY_SHOWN }),
    read<{ items: InterviewQuestion[] }>(ctx, session, 'list_interview_questions', {}),
    interviewAnswers(ctx, session.userId),
  ]);
  return {
    listing,
    extras,
    questions: questions.items,
    answers: new Map(answers.map((a) => [a.question_id, a.answer])),
  };
}

/** The listing id of the route, or a 404. */
function listingIdOf(req: Request<{ id: string }>): number {
  const id = routeId(req.params.id);
  if (id === null) throw notFound('No such listing.');
  return id;
}

const FIXED_NOTICES: Record<string, string> = {
  unchanged: 'Nothing was changed, so nothing was saved.',
  'milestone-added': 'Milestone added.',
  'milestone-deleted': 'Milestone deleted.',
  story: 'Founder story saved.',
  'screenshot-added': 'Screenshot added.',
  'screenshot-removed': 'Screenshot removed.',
  interview: 'Answers saved on your founder profile.',
};

/** The notice of a redirect back here; "saved" names what changed. */
function noticeFor(req: Request): string | null {
  const done = typeof req.query.done === 'string' ? req.query.done : '';
  if (done === 'saved') {
    const changed = typeof req.query.changed === 'string' ? req.query.changed.split(',').slice(0, 30) : [];
    const labels = changed.filter((k) => /^[a-z_]{1,40}$/.test(k)).map(changedLabel);
    return labels.length > 0 ? `Saved. Changed: ${labels.join(', ')}.` : 'Saved.';
  }
  if (done === 'posted') {
    const n = typeof req.query.n === 'string' && /^\d{1,7}$/.test(req.query.n) ? Number(req.query.n) : 0;
    return n > 0 ? `Update posted; ${plural(n, 'follower')} will hear about it.` : 'Update posted.';
  }
  return Object.hasOwn(FIXED_NOTICES, done) ? FIXED_NOTICES[done]! : null;
}

function changedLabel(key: string): string {
  if (key === 'socials') return 'links';
  if (key === 'faqs') return 'FAQs';
  const label = editLabel(`fields.${key}`);
  return label.startsWith('fields.') ? key.replace(/_/g, ' ') : label;
}

function launchLink(listing: OwnListing): { label: string; primary: boolean } {
  if (listing.status === 'draft') return { label: 'Choose how to launch', primary: true };
  if (listing.status === 'awaiting_badge') return { label: 'Your badge and launch week', primary: true };
  return { label: 'Launch options', primary: false };
}

function headSection(listing: OwnListing): SafeHtml {
  const meta = [planWords(listing.plan), weekWords(listing.launch_week)].filter(Boolean);
  const launch = launchLink(listing);
  const manage = `/my/listings/${listing.listing_id}`;
  const badge =
    listing.status === 'awaiting_badge'
      ? listing.badge_check.checked_at
        ? html`<p class="dash-check"><strong>Last badge check</strong> (${formatTime(listing.badge_check.checked_at)}): ${listing.badge_check.result ?? 'not found yet'}</p>`
        : html`<p class="dash-check">We have not checked your homepage for the badge yet: it is checked regularly once it is up.</p>`
      : '';
  return html`<div class="manage-head">${productLogo(listing, 64)}<div>
<h1>${listing.name}</h1>
<p class="dash-title">${listingStatusPill(listing.status)} <span class="dash-meta">${meta.join(' · ')}</span></p>
<p class="dash-meta"><a href="${listing.url}" rel="nofollow noopener">${listing.domain}</a>${
    PUBLIC.has(listing.status) ? '' : ' · not public yet'
  }</p></div></div>
${badge}
<div class="dash-actions manage-actions"><a class="button${launch.primary ? '' : ' secondary'}" href="${manage}/launch">${launch.label}</a>${
    PUBLIC.has(listing.status)
      ? html`<a class="button${launch.primary ? ' secondary' : ''}" href="/listings/${listing.slug}">View public page</a><a class="button secondary" href="${manage}/promote">Promote</a>`
      : ''
  }</div>`;
}

const JUMPS: [string, string][] = [
  ['#numbers', 'Numbers'],
  ['#edit', 'Edit'],
  ['#images', 'Logo and screenshots'],
  ['#update', 'Post an update'],
  ['#milestones', 'Milestones'],
  ['#story', 'Story'],
  ['#interview', 'Interview'],
  ['#history', 'History'],
];

/** The numbers (stats-chart.ts), under a heading of this page unless the section brings its own. */
async function numbersSection(ctx: Context, listing: OwnListing): Promise<SafeHtml> {
  const stats = await listingStatsSection(ctx, listing.listing_id);
  if (stats.value.includes('<h2')) return html`<div id="numbers">${stats}</div>`;
  return html`<section aria-labelledby="numbers"><h2 id="numbers">Numbers</h2>
${stats.value.trim() ? stats : html`<dl class="dash-figures"><div><dt>Views</dt><dd>${listing.views}</dd></div><div><dt>Votes</dt><dd>${listing.votes}</dd></div><div><dt>Followers</dt><dd>${listing.followers}</dd></div></dl>`}</section>`;
}

interface PageState {
  notice?: string | null;
  edit?: EditState;
  content?: ContentState;
  images?: ImagesState;
  /** The edit form to show unfolded (the one just saved). */
  open?: EditPart | 'story' | null;
  status?: number;
}

async function managePage(ctx: Context, res: Response, session: WebSession, data: Loaded, state: PageState = {}) {
  const { listing, extras } = data;
  const csrf = webOf(res).csrfToken;
  const id = listing.listing_id;
  const refused = state.edit ?? state.content ?? state.images;
  const unlocked = (section: string) => listing.unlocked_sections.includes(section as never);
  sendPage(res, {
    status: state.status,
    title: `Manage ${listing.name}`,
    csrfToken: csrf,
    signedInAs: session.email,
    customHeading: true,
    body: html`<p><a href="/my">← Your dashboard</a></p>
${state.notice ? html`<p class="notice" role="status">${state.notice}</p>` : ''}
${refused ? html`<p class="error" role="alert">Not saved: <a href="#form-problem">see what to change</a>.</p>` : ''}
${headSection(listing)}
<nav class="dash-jump" aria-label="Sections of this page"><ul>${JUMPS.filter(
      ([href]) => href !== '#interview' || data.questions.length > 0,
    ).map(([href, label]) => html`<li><a href="${href}">${label}</a></li>`)}</ul></nav>
${await numbersSection(ctx, listing)}
${editSection(id, currentValues(listing, extras.demo_video_url), extras.sibling_sites, csrf, state.edit ?? null, state.open === 'story' ? null : (state.open ?? null))}
${imagesSection(listing, extras, unlocked('media'), csrf, state.images ?? null)}
${updateSection(id, listing.followers, listing.latest_updates, csrf, state.content ?? null)}
${milestonesSection(id, extras.milestones, unlocked('milestones'), csrf, state.content ?? null)}
${storySection(id, extras.story, unlocked('story'), csrf, state.content ?? null, state.open === 'story')}
${interviewSection(id, data.questions, data.answers, csrf, state.content ?? null)}
${historySection(extras.history, HISTORY_SHOWN)}`,
  });
}

/** What every form post starts with: the session, a valid form token, the budget and the listing id. */
async function formPost(
  ctx: Context,
  req: Request<{ id: string }>,
  res: Response,
): Promise<{ session: WebSession; id: number } | null> {
  const session = signedIn(req, res);
  if (!session) return null;
  if (!csrfValid(req, res)) {
    staleFormPage(res);
    return null;
  }
  if (!(await withinBudget(ctx, `manage:${session.userId}`, POSTS_PER_MINUTE))) {
    tooManyPage(res);
    return null;
  }
  return { session, id: listingIdOf(req) };
}

const idem = (req: Request) => field(req, '_idem', 255) || undefined;
const back = (id: number, query: string, anchor: string) => `/my/listings/${id}?${query}#${anchor}`;

export function manageRoutes(ctx: Context): Router {
  const router = express.Router();

  router.get('/my/listings/:id', async (req: Request<{ id: string }>, res) => {
    const session = signedIn(req, res);
    if (!session) return;
    const data = await load(ctx, session, listingIdOf(req));
    await managePage(ctx, res, session, data, {
      notice: noticeFor(req),
      open: req.query.open === 'story' ? 'story' : openPart(req.query.open),
    });
  });

  router.post('/my/listings/:id/edit/:part', async (req: Request<{ id: string; part: string }>, res) => {
    const post = await formPost(ctx, req, res);
    if (!post) return;
    const part = req.params.part as EditPart;
    if (!EDIT_PARTS.includes(part)) throw notFound('No such form.');
    const data = await load(ctx, post.session, post.id);
    const current = currentValues(data.listing, data.extras.demo_video_url);
    const values = submittedValues(req, part, current);
    const input = editInput(post.id, part, current, values);
    if (!input) return res.redirect(303, back(post.id, `done=unchanged&open=${part}`, `edit-${part}`));
    const outcome = await act<{ changed: string[] }>(ctx, post.session, 'update_my_listing', input);
    if (!outcome.ok)
      return managePage(ctx, res, post.session, data, {
        edit: { part, values, problem: outcome.problem },
        status: outcome.problem.status,
      });
    const changed = outcome.body.changed;
    res.redirect(
      303,
      back(
        post.id,
        `${changed.length > 0 ? `done=saved&changed=${encodeURIComponent(changed.join(','))}` : 'done=unchanged'}&open=${part}`,
        `edit-${part}`,
      ),
    );
  });

  /** Shows the page again with one content form refused. */
  const refusedContent = async (
    res: Response,
    post: { session: WebSession; id: number },
    form: ContentForm,
    values: Record<string, string>,
    problem: Problem,
  ) =>
    managePage(ctx, res, post.session, await load(ctx, post.session, post.id), {
      content: { form, values, problem },
      status: problem.status,
    });

  router.post('/my/listings/:id/updates', async (req: Request<{ id: string }>, res) => {
    const post = await formPost(ctx, req, res);
    if (!post) return;
    const values = formValues(req, 'update', ['title', 'body']);
    const outcome = await act<{ followers_notified: number }>(
      ctx,
      post.session,
      'post_listing_update',
      { listing_id: post.id, ...values },
      { idempotencyKey: idem(req) },
    );
    if (!outcome.ok) return refusedContent(res, post, 'update', values, prefixed(outcome.problem, 'update'));
    res.redirect(303, back(post.id, `done=posted&n=${outcome.body.followers_notified}`, 'update'));
  });

  router.post('/my/listings/:id/milestones', async (req: Request<{ id: string }>, res) => {
    const post = await formPost(ctx, req, res);
    if (!post) return;
    const values = formValues(req, 'milestone', ['date', 'title', 'description', 'url']);
    // Optional fields left empty are not sent: an empty link is no link.
    const input = Object.fromEntries(
      Object.entries(values).filter(([k, v]) => v !== '' || k === 'date' || k === 'title'),
    );
    const outcome = await act(
      ctx,
      post.session,
      'add_milestone',
      { listing_id: post.id, ...input },
      { idempotencyKey: idem(req) },
    );
    if (!outcome.ok) return refusedContent(res, post, 'milestone', values, prefixed(outcome.problem, 'milestone'));
    res.redirect(303, back(post.id, 'done=milestone-added', 'milestones'));
  });

  router.post(
    '/my/listings/:id/milestones/:milestone/delete',
    async (req: Request<{ id: string; milestone: string }>, res) => {
      const post = await formPost(ctx, req, res);
      if (!post) return;
      const milestoneId = routeId(req.params.milestone);
      if (milestoneId === null) throw notFound('No such milestone.');
      const outcome = await act(ctx, post.session, 'delete_milestone', {
        listing_id: post.id,
        milestone_id: milestoneId,
      });
      if (!outcome.ok) return refusedContent(res, post, 'milestone', {}, outcome.problem);
      res.redirect(303, back(post.id, 'done=milestone-deleted', 'milestones'));
    },
  );

  // The add form posts as multipart: a file chosen is stored (upload_image)
  // and added by its address here, a link given is added too.
  router.post(
    '/my/listings/:id/screenshots',
    multipartForm({ fields: 20, fieldBytes: 8 * 1024, fileBytes: MAX_UPLOAD_BYTES }),
    async (req: Request<{ id: string }>, res) => {
      const post = await formPost(ctx, req, res);
      if (!post) return;
      const data = await load(ctx, post.session, post.id);
      const url = submittedLink(req);
      const refuse = (state: ImagesState) =>
        managePage(ctx, res, post.session, data, { images: state, status: state.problem.status });
      const added: { path: string; url: string }[] = [];
      const file = uploadedFile(res);
      if (file) {
        const upload = await uploadFormImage(ctx, post.session, file, 'screenshot');
        if ('refused' in upload) return refuse(addRefusal(url, FILE_PATH, upload.refused));
        added.push({ path: FILE_PATH, url: upload.url });
      }
      if (url) added.push({ path: LINK_PATH, url });
      if (added.length === 0) return refuse(addRefusal(url, FILE_PATH, 'choose an image file or give a link'));
      const screenshots = galleryWith(
        data.extras.screenshots,
        added.map((a) => a.url),
      );
      const outcome = await act(ctx, post.session, 'update_my_listing', { listing_id: post.id, screenshots });
      if (!outcome.ok) {
        const problem = addProblem(
          outcome.problem,
          data.extras.screenshots.length,
          added.map((a) => a.path),
        );
        return refuse({ url, problem });
      }
      res.redirect(303, back(post.id, 'done=screenshot-added', 'images'));
    },
  );

  router.post(
    '/my/listings/:id/screenshots/:index/remove',
    async (req: Request<{ id: string; index: string }>, res) => {
      const post = await formPost(ctx, req, res);
      if (!post) return;
      const data = await load(ctx, post.session, post.id);
      const index = /^\d{1,2}$/.test(req.params.index) ? Number(req.params.index) : -1;
      if (index < 0 || index >= data.extras.screenshots.length) throw notFound('No such screenshot.');
      const outcome = await act(ctx, post.session, 'update_my_listing', {
        listing_id: post.id,
        screenshots: galleryWithout(data.extras.screenshots, index),
      });
      if (!outcome.ok)
        return managePage(ctx, res, post.session, data, {
          images: { url: '', problem: outcome.problem },
          status: outcome.problem.status,
        });
      res.redirect(303, back(post.id, 'done=screenshot-removed', 'images'));
    },
  );

  router.post('/my/listings/:id/story', async (req: Request<{ id: string }>, res) => {
    const post = await formPost(ctx, req, res);
    if (!post) return;
    const values = formValues(req, 'story', STORY_FIELDS, 20_000);
    const outcome = await act(ctx, post.session, 'set_founder_story', storyInput(post.id, values));
    if (!outcome.ok) return refusedContent(res, post, 'story', values, prefixed(outcome.problem, 'story'));
    res.redirect(303, back(post.id, 'done=story&open=story', 'story'));
  });

  router.post('/my/listings/:id/interview', async (req: Request<{ id: string }>, res) => {
    const post = await formPost(ctx, req, res);
    if (!post) return;
    const data = await load(ctx, post.session, post.id);
    const values = formValues(
      req,
      'answer',
      data.questions.map((q) => String(q.id)),
      10_000,
    );
    const input = interviewInput(data.questions, data.answers, values);
    if (input.answers.length === 0) return res.redirect(303, back(post.id, 'done=unchanged', 'interview'));
    const outcome = await act(ctx, post.session, 'answer_interview', input);
    if (!outcome.ok) {
      // `answers.2.answer` is the third answer sent: put it back on its question's box.
      const problem = prefixed(outcome.problem, 'answer', (path) => {
        const m = /^answers\.(\d+)\./.exec(path);
        const item = m ? input.answers[Number(m[1])] : undefined;
        return item ? `answer.${item.question_id}` : path;
      });
      return managePage(ctx, res, post.session, data, {
        content: { form: 'interview', values, problem },
        status: problem.status,
      });
    }
    res.redirect(303, back(post.id, 'done=interview', 'interview'));
  });

  return router;
}
