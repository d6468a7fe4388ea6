// The draft's profile fields (SPEC Part 2 "Draft profile fields") and the
// shapes a drafter proposes and the evidence gate keeps. One list, used by the
// drafters, the gate, the draft service and the tool schemas.

/** Every profile field, in the SPEC's order. */
export const PROFILE_FIELDS = [
  'name',
  'tagline',
  'short_description',
  'description',
  'stage',
  'categories',
  'tags',
  'pricing_model',
  'pricing_summary',
  'country',
  'city',
  'founded_year',
  'features',
  'usps',
  'keywords',
  'contact_email',
  'demo_video_url',
  'logo_url',
] as const;
export type FieldName = (typeof PROFILE_FIELDS)[number];

/** Fields whose value is an array of strings (20 items, 200 characters each). */
export const LIST_FIELDS = [
  'categories',
  'tags',
  'features',
  'usps',
  'keywords',
] as const satisfies readonly FieldName[];
export type ListField = (typeof LIST_FIELDS)[number];

export const isListField = (f: FieldName): f is ListField => (LIST_FIELDS as readonly string[]).includes(f);

/** Longest value of a string field (description 20000, every other 500). */
export const maxLength = (f: FieldName): number => (f === 'description' ? 20_000 : 500);
export const LIST_MAX_ITEMS = 20;
export const LIST_ITEM_MAX = 200;

export type FieldValue = string | string[] | null;

/** A verbatim quote from the crawled site and the page it was found on. */
export interface Evidence {
  quote: string;
  url: string;
}

/** What a drafter proposes for one field: a value and the quotes that support it. */
export interface FieldProposal {
  value: FieldValue;
  quotes: string[];
}

export interface FaqProposal {
  question: string;
  answer: string;
  quotes: string[];
}

export interface FounderProposal {
  name: string;
  title: string | null;
  bio: string | null;
  quotes: string[];
}

/** Platform keys of a socials object: website, custom and twelve third-party platforms. */
export const SOCIAL_PLATFORMS = [
  'website',
  'custom',
  'linkedin',
  'x',
  'facebook',
  'instagram',
  'threads',
  'youtube',
  'tiktok',
  'github',
  'gitlab',
  'reddit',
  'discord',
  'medium',
] as const;
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];

export interface DraftProposal {
  fields: Partial<Record<FieldName, FieldProposal>>;
  faqs: FaqProposal[];
  founders: FounderProposal[];
  /** Links found on the site; each is quoted as the page shows it (its text and address), or by its address alone. */
  company_socials: { platform: SocialPlatform; url: string; quotes?: string[] }[];
  seo: { title: string | null; meta: string | null; quotes: string[] };
}

export const emptyProposal = (): DraftProposal => ({
  fields: {},
  faqs: [],
  founders: [],
  company_socials: [],
  seo: { title: null, meta: null, quotes: [] },
});

/** The crawled site as the drafters read it. */
export interface SiteEvidence {
  url: string;
  pages: EvidencePage[];
}

export interface EvidencePage {
  url: string;
  title: string | null;
  /** The page's evidence text (crawler-facts.ts evidenceText). */
  text: string;
  facts: import('../crawler/facts.js').PageFacts;
}

export interface DraftRequest {
  site: SiteEvidence;
  /** Category names from list_categories; drafted categories must be among them. */
  categories: string[];
  /** Only these fields are wanted (regenerate); default all. */
  only?: FieldName[];
}

export interface Drafter {
  readonly name: 'builtin' | 'claude' | 'openai-compatible';
  /** Proposes values with quotes; throws DrafterUnavailable when the model cannot be reached. */
  draft(request: DraftRequest): Promise<DraftProposal>;
}

/** The model could not be asked (network, rate limit, bad key…); the built-in extractor can stand in. */
export class DrafterUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DrafterUnavailable';
  }
}
