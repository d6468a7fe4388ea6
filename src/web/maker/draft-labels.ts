// The words of the draft page: each profile field, state, socials platform
// and story section in plain English, the label of any path a tool's refusal
// names (`faqs.1.answer` → "FAQ 2: answer"), and the notice shown after each
// action. The page reads only these, so wording changes in one place.
import { type FieldName, PROFILE_FIELDS, type SocialPlatform } from '../../drafts/drafter/fields.js';
import { PRICING_MODELS } from '../../drafts/evidence.js';
import type { FieldState } from '../../drafts/views.js';
import { STORY_SECTION_NAMES, type StorySection } from '../../listings/profile.js';
import { PLATFORM_LABELS } from '../ui/platforms.js';

export const FIELD_LABELS: Record<FieldName, string> = {
  name: 'Product name',
  tagline: 'Tagline',
  short_description: 'Short description',
  description: 'Description',
  stage: 'Stage',
  categories: 'Categories',
  tags: 'Tags',
  pricing_model: 'Pricing model',
  pricing_summary: 'Pricing summary',
  country: 'Country (two-letter code)',
  city: 'City',
  founded_year: 'Founded (year)',
  features: 'Features',
  usps: 'Unique selling points',
  keywords: 'Keywords',
  contact_email: 'Contact email',
  demo_video_url: 'Demo video link',
  logo_url: 'Logo link',
};

export const FIELD_HINTS: Partial<Record<FieldName, string>> = {
  tagline: 'One line that says what it does.',
  short_description: 'A sentence or two, shown on cards and in search results.',
  description: 'The full text of your listing page.',
  stage: 'For example beta, early access or live.',
  tags: 'One per line.',
  pricing_model: `One of ${PRICING_MODELS.join(', ')}. Open source is a tag, not a pricing model.`,
  pricing_summary: 'Your plans and prices in a line.',
  country: 'Where the company is based, as two letters: DE for Germany, US for the United States.',
  founded_year: 'Four digits, for example 2021.',
  features: 'One per line, up to 20.',
  usps: 'One per line: what sets you apart.',
  keywords: 'One per line; they help people find you in search.',
  contact_email: 'Where people can reach you.',
  demo_video_url: 'A link to a video of the product, for example on YouTube.',
  logo_url: 'A link to your logo image.',
};

/** The profile form's groups, so 18 fields read as a few short blocks. */
export const FIELD_GROUPS: { title: string; fields: FieldName[] }[] = [
  { title: 'The product', fields: ['name', 'tagline', 'short_description', 'description', 'stage'] },
  { title: 'What it does', fields: ['features', 'usps'] },
  { title: 'Where it belongs', fields: ['categories', 'tags', 'keywords'] },
  { title: 'Pricing', fields: ['pricing_model', 'pricing_summary'] },
  { title: 'The company', fields: ['country', 'city', 'founded_year', 'contact_email'] },
  { title: 'Media', fields: ['logo_url', 'demo_video_url'] },
];

export const STATE_LABELS: Record<FieldState, string> = {
  pending: 'Being drafted',
  ai: 'AI drafted',
  not_found: 'Not on your site',
  unsure: 'Check your site',
  edited: 'Edited by you',
  manual: 'Added by you',
  override: 'Locked',
  deleted: 'Removed',
};

export const STATE_MEANINGS: Record<FieldState, string> = {
  pending: 'Your site is still being read.',
  ai: 'Drafted from your site; the quotes are the evidence.',
  not_found: 'Your site does not say, so it was left blank rather than guessed.',
  unsure: 'Your site may say this, but it could not be drafted with a quote: fill it in if it does.',
  edited: 'You changed what the AI drafted.',
  manual: 'You added it; the AI found nothing on your site.',
  override: 'Locked: redrafts will not change it.',
  deleted: 'You removed it.',
};

/** Platforms always shown; the rest fold away unless filled in. */
export const COMMON_PLATFORMS: SocialPlatform[] = ['website', 'x', 'linkedin', 'github', 'youtube', 'instagram'];

export const STORY_LABELS: Record<StorySection, string> = STORY_SECTION_NAMES;

const ROW_PARTS: Record<string, string> = {
  question: 'question',
  answer: 'answer',
  name: 'name',
  title: 'title',
  bio: 'bio',
  photo: 'photo',
  avatar_url: 'photo',
  date: 'date',
  description: 'description',
  url: 'link',
};

export const isFieldName = (name: string): name is FieldName => (PROFILE_FIELDS as readonly string[]).includes(name);

/** The label of a path a refusal names, as the summary at the top lists it. */
export function labelOfPath(path: string): string {
  const [head, second, third] = path.split('.');
  if (head === 'fields' && second && isFieldName(second))
    return third === undefined ? FIELD_LABELS[second] : `${FIELD_LABELS[second]}, line ${Number(third) + 1}`;
  const rows: Record<string, string> = { faqs: 'FAQ', founders: 'Founder', milestones: 'Milestone' };
  if (head && rows[head] && second !== undefined && /^\d+$/.test(second))
    return `${rows[head]} ${Number(second) + 1}${third ? `: ${ROW_PARTS[third] ?? third}` : ''}`;
  if ((head === 'company_socials' || head === 'founder_socials') && second)
    return `${head === 'company_socials' ? 'Company' : 'Founder'} link: ${PLATFORM_LABELS[second as SocialPlatform] ?? second}`;
  if (head === 'story' && second) return `Founder story: ${STORY_LABELS[second as StorySection] ?? second}`;
  if (path === 'seo.title') return 'Search title';
  if (path === 'seo.meta') return 'Search description';
  if (path === 'competitor_url') return 'Competitor’s website';
  if (path === 'email') return 'Co-founder’s email';
  if (path === LOGO_FILE) return 'Logo file';
  return path;
}

/** The draft page's logo file control (its upload button posts the form as multipart to /drafts/:id/logo). */
export const LOGO_FILE = 'logo_file';

const SECTION_NOTICES: Record<string, string> = {
  saved: 'Saved your changes.',
  unchanged: 'Nothing had changed, so nothing was saved.',
  faqs: 'FAQs saved.',
  founders: 'Founders saved.',
  'founder-photo': 'Photo uploaded and saved.',
  invite: 'Invite sent. They get a link to add their own founder profile.',
  're-invite': 'Invite sent again with a fresh link.',
  company_socials: 'Company links saved.',
  founder_socials: 'Founder links saved.',
  story: 'Founder story saved.',
  milestones: 'Milestones saved.',
  seo: 'Search title and description saved.',
  competitor: 'Reading the competitor’s site. Refresh in a few seconds to see the comparison.',
  'competitor-cleared': 'Competitor removed.',
  'invite-unsent':
    'Your changes are saved. The co-founder’s invite was not sent: check the address under Founders and press “Send invite”.',
};

/** Where a notice shows: at the top of a section, or on one field. */
export interface Notice {
  text: string;
  section?: string;
  field?: FieldName;
}

/**
 * The notice for a `done` code in the address after an action: a section's
 * ("faqs"), a field action's ("lock:tagline", "regenerate-none:city"), with
 * "saved," in front when the person's other edits were saved along with it.
 */
export function noticeOf(done: string): Notice | null {
  const saved = done.startsWith('saved,');
  const code = saved ? done.slice('saved,'.length) : done;
  const [action, field] = code.split(':');
  if (field !== undefined && isFieldName(field)) {
    const label = FIELD_LABELS[field];
    const text: Record<string, string> = {
      lock: `${label} locked: redrafts will not change it.`,
      restore: `${label} is back to what the AI drafted from your site. Undo brings back what it held.`,
      undo: `${label} is back to what it held before.`,
      regenerate: `${label} redrafted from your site. Undo brings back what it held.`,
      'regenerate-none': `Your site does not say; ${label.toLowerCase()} is left blank rather than guessed.`,
      upload: 'Your logo file is uploaded and saved: the logo link now points to it.',
    };
    if (!action || !text[action]) return null;
    return { text: `${saved ? 'Saved your changes. ' : ''}${text[action]}`, field };
  }
  const said = SECTION_NOTICES[code];
  if (!said) return null;
  const text = saved ? `${said} Your other edits on the page were saved too.` : said;
  // The unsent invite is said at the top of the page, which opens there after the button pressed elsewhere.
  if (code === 'invite-unsent') return { text };
  const section =
    code === 'saved' || code === 'unchanged'
      ? 'profile'
      : code.replace(/^re-invite$/, 'invite').replace(/^founder-photo$/, 'founders');
  return { text, section: section === 'competitor-cleared' ? 'competitor' : section };
}
