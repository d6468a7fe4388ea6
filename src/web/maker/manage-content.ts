// The management page's other forms: post an update (post_listing_update),
// milestones (add_milestone, delete_milestone), the founder story
// (set_founder_story) and the founder interview (answer_interview). Several
// forms share one page, so each form's inputs carry its name as a prefix
// (`milestone.title`), and a refusal's paths get the same prefix to land on
// the right input.
import { randomUUID } from 'node:crypto';
import type { Request } from 'express';
import { STORY_SECTION_NAMES, STORY_SECTIONS, type StorySection } from '../../listings/profile.js';
import type { OwnerExtras } from '../../listings/owner-extras.js';
import type { Problem } from '../ui/act.js';
import { control, idempotencyField, problemSummary } from '../ui/fields.js';
import { field } from '../ui/forms.js';
import { csrfField, html, plural, type SafeHtml } from '../ui/html.js';
import { maxLengthIn } from './dashboard-ui.js';
import { formatDay } from '../ui/format.js';

export type ContentForm = 'update' | 'milestone' | 'story' | 'interview';

/** What the person sent in one form and why it was refused, for showing it again. */
export interface ContentState {
  form: ContentForm;
  values: Record<string, string>;
  problem: Problem;
}

/** The problem with every path moved under the form's prefix (`title` → `milestone.title`). */
export function prefixed(problem: Problem, prefix: string, rename?: (path: string) => string): Problem {
  return {
    ...problem,
    errors: problem.errors.map((e) => ({ ...e, path: rename ? rename(e.path) : `${prefix}.${e.path}` })),
  };
}

const clean = (text: string) => text.replace(/\r\n?/g, '\n').trim();

/** The form's fields under `prefix`, cleaned, by their names without it. */
export function formValues(req: Request, prefix: string, names: readonly string[], max = 10_000) {
  return Object.fromEntries(names.map((n) => [n, clean(field(req, `${prefix}.${n}`, max))])) as Record<string, string>;
}

const LABELS: Record<string, string> = {
  'update.title': 'Update title',
  'update.body': 'Update text',
  'milestone.date': 'Milestone date',
  'milestone.title': 'Milestone title',
  'milestone.description': 'Milestone description',
  'milestone.url': 'Milestone link',
  'story.title': 'Story title',
};

const STORY_HINTS: Partial<Record<StorySection, string>> = {
  title: 'A headline for the story.',
  story: 'The story in your own words.',
  problem: 'What was broken before the product.',
};
const STORY_LABELS = Object.fromEntries(
  STORY_SECTIONS.map((s) => [s, [STORY_SECTION_NAMES[s], STORY_HINTS[s] ?? '']]),
) as Record<StorySection, [string, string]>;

export function contentLabel(path: string): string {
  if (LABELS[path]) return LABELS[path];
  const story = /^story\.(\w+)$/.exec(path);
  if (story && story[1]! in STORY_LABELS) return `Story: ${STORY_LABELS[story[1] as StorySection][0]}`;
  if (/^answer\.\d+$/.test(path)) return 'Your answer';
  return path;
}

const stateOf = (state: ContentState | null, form: ContentForm) => (state?.form === form ? state : null);

// --- Post an update ------------------------------------------------------------

export function updateSection(
  listingId: number,
  followers: number,
  latest: { title: string; created_at: string }[],
  csrfToken: string,
  state: ContentState | null,
): SafeHtml {
  const s = stateOf(state, 'update');
  return html`<section aria-labelledby="update"><h2 id="update">Post an update</h2>
<p class="muted">News for the people who follow it: it shows on the listing and in the updates feed${
    followers > 0 ? html`, and ${plural(followers, 'follower')} get a notification and an email` : ''
  }. Write what is new; keep it plain text.</p>
<form method="post" action="/my/listings/${listingId}/updates" class="card">${csrfField(csrfToken)}${idempotencyField(randomUUID())}
${problemSummary(s?.problem, contentLabel)}
${control({ path: 'update.title', label: 'Title', value: s?.values.title, problem: s?.problem, maxlength: maxLengthIn('post_listing_update', 'title') })}
${control({ path: 'update.body', label: 'What is new', value: s?.values.body, kind: 'textarea', rows: 5, problem: s?.problem, maxlength: maxLengthIn('post_listing_update', 'body') })}
<button type="submit">Post update</button></form>
${
  latest.length > 0
    ? html`<h3>Latest updates</h3><ul class="dash-plain">${latest.map((u) => html`<li><strong>${u.title}</strong> <span class="muted">· ${formatDay(u.created_at)}</span></li>`)}</ul>`
    : ''
}</section>`;
}

// --- Milestones --------------------------------------------------------------------

export function milestonesSection(
  listingId: number,
  milestones: OwnerExtras['milestones'],
  unlocked: boolean,
  csrfToken: string,
  state: ContentState | null,
): SafeHtml {
  const s = stateOf(state, 'milestone');
  return html`<section aria-labelledby="milestones"><h2 id="milestones">Milestones</h2>
<p class="muted">${
    unlocked
      ? 'Dated steps in the product’s life, shown on its public page.'
      : 'Dated steps in the product’s life. They show on the public page once the milestones section is unlocked (a paid launch); you can add them now.'
  }</p>
${
  milestones.length === 0
    ? html`<p>No milestones yet.</p>`
    : html`<ul class="manage-milestones">${milestones.map(
        (m) => html`<li><div><p class="dash-title">${m.title} <span class="muted">· ${formatDay(m.date)}</span></p>
${m.description ? html`<p class="dash-meta">${m.description}</p>` : ''}${m.url ? html`<p class="dash-meta"><a href="${m.url}" rel="nofollow noopener">${m.url}</a></p>` : ''}</div>
<form method="post" action="/my/listings/${listingId}/milestones/${m.id}/delete" class="inline">${csrfField(csrfToken)}<button type="submit" class="secondary">Delete<span class="visually-hidden"> milestone ${m.title}</span></button></form></li>`,
      )}</ul>`
}
<form method="post" action="/my/listings/${listingId}/milestones" class="card"><h3>Add a milestone</h3>${csrfField(csrfToken)}${idempotencyField(randomUUID())}
${problemSummary(s?.problem, contentLabel)}
<div class="manage-grid">
${control({ path: 'milestone.date', label: 'Date', value: s?.values.date, kind: 'date', problem: s?.problem, required: true })}
${control({ path: 'milestone.title', label: 'Title', value: s?.values.title, problem: s?.problem, required: true, maxlength: maxLengthIn('add_milestone', 'title') })}
</div>
${control({ path: 'milestone.description', label: 'Description (optional)', value: s?.values.description, kind: 'textarea', rows: 2, problem: s?.problem, maxlength: maxLengthIn('add_milestone', 'description') })}
${control({ path: 'milestone.url', label: 'Link (optional)', value: s?.values.url, kind: 'url', hint: 'An https link, e.g. the announcement.', problem: s?.problem, placeholder: 'https://' })}
<button type="submit">Add milestone</button></form></section>`;
}

// --- Founder story ---------------------------------------------------------------

export function storySection(
  listingId: number,
  story: OwnerExtras['story'],
  unlocked: boolean,
  csrfToken: string,
  state: ContentState | null,
  open: boolean,
): SafeHtml {
  const s = stateOf(state, 'story');
  const written = story ? STORY_SECTIONS.filter((section) => story[section]).length : 0;
  const sectionValue = (section: StorySection) => (s ? s.values[section] : (story?.[section] ?? ''));
  return html`<section aria-labelledby="story"><h2 id="story">Founder story</h2>
<p class="muted">${
    unlocked
      ? 'The story behind the product, shown on its public page.'
      : 'The story behind the product, in your own words. It shows on the public page once the story section is unlocked (a paid launch).'
  } Sections left empty are not shown.${story ? ` Last saved ${formatDay(story.updated_at)}.` : ''}</p>
<details class="manage-fold" id="story-form"${s || open ? ' open' : ''}><summary><span class="manage-fold-title">Write the story</span> <span class="dash-meta">${
    written === 0 ? 'not written yet' : `${written} of ${STORY_SECTIONS.length} parts written`
  }</span></summary>
<form method="post" action="/my/listings/${listingId}/story">${csrfField(csrfToken)}
${problemSummary(s?.problem, contentLabel)}
${STORY_SECTIONS.map((section) => {
  const [label, hint] = STORY_LABELS[section];
  return control({
    path: `story.${section}`,
    label,
    value: sectionValue(section),
    kind: section === 'title' ? 'text' : 'textarea',
    rows: section === 'story' ? 6 : 3,
    hint: hint || undefined,
    problem: s?.problem,
    maxlength: maxLengthIn('set_founder_story', section),
  });
})}
<button type="submit">Save story</button></form></details></section>`;
}

/** set_founder_story's input: the sections written (empty ones are left out, which clears them). */
export function storyInput(listingId: number, values: Record<string, string>): Record<string, unknown> {
  return {
    listing_id: listingId,
    ...Object.fromEntries(STORY_SECTIONS.filter((s) => values[s]).map((s) => [s, values[s]])),
  };
}

export const STORY_FIELDS = STORY_SECTIONS;

// --- Founder interview -------------------------------------------------------------

export interface InterviewQuestion {
  id: number;
  question: string;
}

export function interviewSection(
  listingId: number,
  questions: InterviewQuestion[],
  answers: Map<number, string>,
  csrfToken: string,
  state: ContentState | null,
): SafeHtml {
  if (questions.length === 0) return html``;
  const s = stateOf(state, 'interview');
  return html`<section aria-labelledby="interview"><h2 id="interview">Founder interview</h2>
<p class="muted">Answers appear on your founder profile, for all your listings. Answer any you like; a saved answer can be changed but not removed here.</p>
<form method="post" action="/my/listings/${listingId}/interview" class="card">${csrfField(csrfToken)}
${problemSummary(s?.problem, contentLabel)}
${questions.map((q) =>
  control({
    path: `answer.${q.id}`,
    label: q.question,
    value: s ? s.values[String(q.id)] : (answers.get(q.id) ?? ''),
    kind: 'textarea',
    rows: 3,
    problem: s?.problem,
    maxlength: maxLengthIn('answer_interview', 'answers', '0', 'answer'),
  }),
)}
<button type="submit">Save answers</button></form></section>`;
}

/**
 * answer_interview's input: the answers that are written and differ from
 * the saved ones, and for each sent item the question id, so a refusal of
 * `answers.2.answer` can be put back on its question's box.
 */
export function interviewInput(
  questions: InterviewQuestion[],
  saved: Map<number, string>,
  values: Record<string, string>,
): { answers: { question_id: number; answer: string }[] } {
  return {
    answers: questions
      .filter((q) => values[String(q.id)] && values[String(q.id)] !== saved.get(q.id))
      .map((q) => ({ question_id: q.id, answer: values[String(q.id)]! })),
  };
}
