// Kysely table types: the one place that says what the database holds.
// JSON columns are text holding JSON; booleans are 0/1 integers (both dialects).
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

type Id = Generated<number>;
type Json = string;

export interface UsersTable {
  id: Id;
  email: string;
  name: string | null;
  password_hash: string | null;
  role: Generated<string>;
  email_verified_at: string | null;
  created_at: string;
  /** Set while an admin has disabled the account (migration 0017): no sign-in, session, key or token works. */
  disabled_at: string | null;
  disabled_reason: string | null;
  disabled_by: number | null;
}

export interface ApiKeysTable {
  id: Id;
  user_id: number;
  name: string;
  prefix: string;
  key_hash: string;
  scopes: string;
  expires_at: string | null;
  revoked_at: string | null;
  last_used_at: string | null;
  created_at: string;
}

export interface SitesTable {
  id: Id;
  key: string;
  name: string;
  base_url: string;
  created_at: string;
}

export interface SettingsTable {
  key: string;
  value: Json;
  updated_at: string;
}

export interface CategoriesTable {
  id: Id;
  slug: string;
  name: string;
  description: Generated<string>;
  parent_id: number | null;
  position: Generated<number>;
  faqs: Generated<Json>;
  compare_attributes: Generated<Json>;
  created_at: string;
}

export interface ListingsTable {
  id: Id;
  site_id: number;
  owner_id: number | null;
  company_key: string;
  slug: string;
  name: string;
  url: string;
  domain: string;
  tagline: string | null;
  short_description: string | null;
  description: string | null;
  stage: string | null;
  pricing_model: string | null;
  pricing_summary: string | null;
  country: string | null;
  city: string | null;
  founded_year: number | null;
  contact_email: string | null;
  demo_video_url: string | null;
  logo_url: string | null;
  features: Generated<Json>;
  usps: Generated<Json>;
  keywords: Generated<Json>;
  tags: Generated<Json>;
  attributes: Generated<Json>;
  not_found: Generated<Json>;
  headline: string | null;
  summary: string | null;
  seo_title: string | null;
  seo_description: string | null;
  status: Generated<string>;
  plan: Generated<string>;
  unlocked_sections: Generated<Json>;
  launch_week: string | null;
  launched_at: string | null;
  votes_count: Generated<number>;
  /** Votes an admin discounted (flagged as suspicious); not in votes_count. */
  votes_discounted: Generated<number>;
  views_count: Generated<number>;
  followers_count: Generated<number>;
  domain_rating: number | null;
  domain_rating_previous: number | null;
  domain_rating_at: string | null;
  domain_rating_source: string | null;
  revenue_cents: number | null;
  revenue_at: string | null;
  revenue_source: string | null;
  badge_checked_at: Generated<string | null>;
  badge_check_result: Generated<string | null>;
  /** Bumped by triggers on every write to the profile's other tables (migration 0010): a cached profile is valid while it matches. */
  profile_version: Generated<number>;
  /** While status is `hidden` (an admin hid it, migration 0017): when, why, by whom, and the status it returns to. */
  hidden_at: string | null;
  hidden_reason: string | null;
  hidden_by: number | null;
  hidden_status: string | null;
  /** The stored copy of logo_url (images.hash, migration 0019): null until copied, or when it could not be. */
  logo_image: string | null;
  /** Why the last copy of logo_url failed (null: it did not, or it was not tried yet). */
  logo_error: string | null;
  created_at: string;
  updated_at: string;
}

/** An image stored on our side (src/media/), keyed by the SHA-256 of its bytes. */
export interface ImagesTable {
  hash: string;
  content_type: string;
  width: number;
  height: number;
  size: number;
  bytes: Buffer;
  created_at: string;
}

/** A listing's screenshot gallery, in order. */
export interface ListingScreenshotsTable {
  listing_id: number;
  position: number;
  image_hash: string;
  /** The link the owner gave for it. */
  source_url: string;
  created_at: string;
}

export interface ListingVersionsTable {
  id: Id;
  listing_id: number;
  user_id: number | null;
  /** JSON: { field: { before, after } } */
  changes: Json;
  created_at: string;
  /** Why an admin made this change (null: the owner's own edit). */
  reason: string | null;
  /** 1 when the site team made the change (user_id is the admin). */
  by_admin: Generated<number>;
}

export interface NotificationsTable {
  id: Id;
  user_id: number;
  kind: string;
  listing_id: number | null;
  title: string;
  body: Generated<string>;
  created_at: string;
  read_at: string | null;
  /** A site-relative path to what it is about; null: the listing's page. */
  link: string | null;
}

/** What a person wants by mail, per notification kind; no row: the kind's default. */
export interface NotificationSettingsTable {
  user_id: number;
  kind: string;
  /** 1: mail me, 0: only the bell. */
  mail: number;
  updated_at: string;
}

/** Server-side secrets made on first use (the key that signs unsubscribe links). */
export interface SiteSecretsTable {
  name: string;
  secret: string;
  created_at: string;
}

/** The voters the vote digest has told a listing's maker of (each counted once). */
export interface VoteDigestVotersTable {
  listing_id: number;
  user_id: number;
}

/** Where a scheduled job got to (the vote batching job's last vote event). */
export interface JobCursorsTable {
  name: string;
  last_id: number;
  updated_at: string;
}

export interface InterviewAnswersTable {
  user_id: number;
  question_id: number;
  answer: string;
  updated_at: string;
}

export interface ListingCategoriesTable {
  listing_id: number;
  category_id: number;
  is_primary: Generated<number>;
  position: Generated<number>;
}

export interface ListingSocialsTable {
  listing_id: number;
  platform: string;
  url: string;
}

export interface ListingFaqsTable {
  id: Id;
  listing_id: number;
  position: number;
  question: string;
  answer: string;
}

export interface ListingAlternativesTable {
  listing_id: number;
  alternative_id: number;
  approved: Generated<number>;
}

export interface FoundersTable {
  id: Id;
  user_id: number | null;
  slug: string;
  name: string;
  title: string | null;
  bio: string | null;
  country: string | null;
  avatar_url: string | null;
  socials: Generated<Json>;
  created_at: string;
  updated_at: string;
}

export interface ListingFoundersTable {
  listing_id: number;
  founder_id: number;
  position: Generated<number>;
}

export interface ListingUpdatesTable {
  id: Id;
  listing_id: number;
  title: string;
  body: string;
  created_at: string;
}

export interface MilestonesTable {
  id: Id;
  listing_id: number;
  date: string;
  title: string;
  description: string | null;
  url: string | null;
  created_at: string;
}

export interface StoriesTable {
  listing_id: number;
  title: string | null;
  story: string | null;
  why_started: string | null;
  problem: string | null;
  journey: string | null;
  challenges: string | null;
  achievements: string | null;
  lessons: string | null;
  whats_next: string | null;
  updated_at: string;
}

export interface VotesTable {
  id: Id;
  listing_id: number;
  user_id: number;
  created_at: string;
  /** Hash of the voter's /24 or /48 network prefix. */
  network: string | null;
  /** Velocity flags raised when the vote was cast, comma-separated (`new_account`, `network_burst`). */
  flags: Generated<string>;
  discounted_at: string | null;
  discounted_by: number | null;
}

export interface VoteEventsTable {
  id: Id;
  listing_id: number;
  user_id: number | null;
  action: 'vote' | 'unvote' | 'discount' | 'restore';
  network: string | null;
  flags: Generated<string>;
  created_at: string;
}

export interface ReportsTable {
  id: Id;
  reporter_id: number | null;
  target_kind: 'listing' | 'review' | 'comment';
  target_id: number;
  listing_id: number | null;
  reason: string;
  details: Generated<string>;
  status: Generated<'open' | 'resolved' | 'dismissed'>;
  created_at: string;
  resolved_at: string | null;
  resolved_by: number | null;
}

export interface FollowsTable {
  listing_id: number;
  user_id: number;
  created_at: string;
}

export interface ReviewsTable {
  id: Id;
  listing_id: number;
  user_id: number;
  rating: number;
  body: Generated<string>;
  flagged: Generated<number>;
  created_at: string;
  updated_at: string | null;
  flagged_by: number | null;
}

export interface CommentsTable {
  id: Id;
  listing_id: number;
  user_id: number;
  /** The top-level comment this one replies to; null for a top-level comment. */
  parent_id: number | null;
  body: string;
  created_at: string;
  edited_at: string | null;
  hidden_at: string | null;
  hidden_reason: string | null;
  hidden_by: number | null;
}

export interface AwardsTable {
  id: Id;
  listing_id: number;
  week: string;
  rank: number;
  title: string;
  votes: Generated<number>;
  created_at: string;
}

export interface BlogPostsTable {
  id: Id;
  slug: string;
  title: string;
  excerpt: Generated<string>;
  body_markdown: string;
  faqs: Generated<Json>;
  author_name: string | null;
  published_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface InterviewQuestionsTable {
  id: Id;
  position: number;
  question: string;
  active: Generated<number>;
}

export interface ProductsTable {
  key: string;
  name: string;
  description: Generated<string>;
  price_cents: number | null;
  needs_listing: Generated<number>;
  active: Generated<number>;
  position: Generated<number>;
  updated_at: string;
}

export interface JobsTable {
  id: Id;
  kind: string;
  payload: Generated<Json>;
  status: Generated<string>;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  run_at: string;
  locked_at: string | null;
  locked_by: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

export interface IdempotencyKeysTable {
  caller_key: string;
  operation: string;
  key: string;
  request_hash: string;
  state: 'in_flight' | 'done';
  response_status: number | null;
  response_body: string | null;
  created_at: string;
  expires_at: string;
}

export interface RateLimitsTable {
  bucket: string;
  window_start: number;
  hits: number;
}

export interface MigrationsTable {
  name: string;
  applied_at: string;
}

export interface WebSessionsTable {
  /** SHA-256 of the session cookie value. */
  id_hash: string;
  user_id: number;
  csrf_secret: string;
  created_at: string;
  expires_at: string;
}

export interface OAuthClientsTable {
  client_id: string;
  registration_type: 'dynamic' | 'metadata_document';
  client_name: string | null;
  /** JSON array of exact redirect URIs. */
  redirect_uris: Json;
  /** JSON: the registered (or fetched) client metadata. */
  metadata: Json;
  created_at: string;
  refresh_after: string | null;
}

export interface OAuthCodesTable {
  code_hash: string;
  client_id: string;
  user_id: number;
  redirect_uri: string;
  code_challenge: string;
  scopes: string;
  resource: string;
  family_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface OAuthRefreshTokensTable {
  token_hash: string;
  family_id: string;
  client_id: string;
  user_id: number;
  scopes: string;
  resource: string;
  created_at: string;
  expires_at: string;
  rotated_at: string | null;
  revoked_at: string | null;
}

export interface SigningKeysTable {
  kid: string;
  alg: string;
  private_jwk: Json;
  public_jwk: Json;
  created_at: string;
  retired_at: string | null;
}

export interface ExternalIdentitiesTable {
  issuer: string;
  subject: string;
  user_id: number;
  created_at: string;
}

export interface OutboxTable {
  id: Id;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  status: 'stored' | 'queued' | 'sent' | 'failed';
  error: string | null;
  created_at: string;
  sent_at: string | null;
  /** JSON object of extra headers (List-Unsubscribe…); null for none. */
  headers: string | null;
}

export interface EmailTokensTable {
  token_hash: string;
  user_id: number;
  purpose: 'verify' | 'reset';
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

// Drafts (0006): submit by URL.
export interface DraftsTable {
  id: string;
  user_id: number;
  url: string;
  domain: string;
  status: 'crawling' | 'drafting' | 'ready' | 'failed';
  failure_reason: string | null;
  drafter: string | null;
  fields: Generated<Json>;
  locked_fields: Generated<Json>;
  faqs: Generated<Json>;
  founders: Generated<Json>;
  company_socials: Generated<Json>;
  company_socials_evidence: Generated<Json>;
  unread_pages: Generated<Json>;
  founder_socials: Generated<Json>;
  story: Generated<Json>;
  milestones: Generated<Json>;
  seo: Generated<Json>;
  competitor_url: string | null;
  comparison: Json | null;
  listing_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface DraftPagesTable {
  id: Id;
  draft_id: string;
  url: string;
  title: string | null;
  text: string;
  facts: Json;
  position: number;
  fetched_at: string;
}

export interface DraftInvitesTable {
  id: Id;
  draft_id: string;
  email: string;
  token_hash: string;
  created_at: string;
  accepted_at: string | null;
  accepted_by: number | null;
}

export interface ClaimsTable {
  id: Id;
  user_id: number;
  listing_id: number;
  method: 'dns' | 'meta' | 'file' | 'email';
  email: string | null;
  /** The public value to publish: lb-verify-<random>. */
  token: string;
  /** Email method: SHA-256 of the secret in the mailed link. */
  email_token_hash: string | null;
  status: 'pending' | 'verified' | 'failed' | 'expired';
  expires_at: string;
  verified_at: string | null;
  last_check_at: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

export interface OrdersTable {
  id: Id;
  number: string;
  user_id: number;
  status: 'pending' | 'paid' | 'fulfilled' | 'expired' | 'canceled' | 'refunded';
  currency: Generated<string>;
  subtotal_cents: number;
  vat_cents: number;
  total_cents: number;
  /** Basis points: 19 % = 1900. */
  vat_rate_bp: number;
  billing_country: string;
  vat_number: string | null;
  /** The buyer's company, as a reverse-charge invoice names it. */
  company_name: string | null;
  company_address: string | null;
  reverse_charge: Generated<number>;
  checkout_token: string;
  form_token: string;
  provider: string;
  provider_ref: string | null;
  paid_at: string | null;
  expires_at: string;
  created_at: string;
  updated_at: string;
}

export interface OrderLinesTable {
  id: Id;
  order_id: number;
  position: number;
  product: string;
  listing_id: number | null;
  week: string | null;
  /** JSON: the validated item options. */
  options: Generated<Json>;
  unit_cents: number;
  amount_cents: number;
  fulfilled_at: string | null;
  fulfilment_error: string | null;
}

export interface PaymentsTable {
  id: Id;
  order_id: number;
  provider: string;
  provider_ref: string | null;
  amount_cents: number;
  currency: string;
  status: 'succeeded' | 'unmatched';
  raw_event_id: string;
  created_at: string;
}

/** Version numbers bumped by triggers, one per derived value a process caches (migration 0013). */
export interface DataVersionsTable {
  /** 'trending' (migration 0013), 'pages' (migration 0018). */
  name: 'trending' | 'pages';
  version: Generated<number>;
}

/** A listing's counts for one UTC day (listings/stats.ts); votes and followers per day come from their own tables. */
export interface ListingDailyStatsTable {
  listing_id: number;
  /** YYYY-MM-DD, UTC. */
  day: string;
  views: Generated<number>;
  outbound_clicks: Generated<number>;
  badge_clicks: Generated<number>;
}

/** Who was counted today: a salted hash, deleted when the day is over. */
export interface ListingStatVisitorsTable {
  day: string;
  listing_id: number;
  kind: 'view' | 'outbound' | 'badge';
  visitor: string;
}

export interface ListingStatSaltsTable {
  day: string;
  salt: string;
}

export interface WebhookEndpointsTable {
  id: Id;
  user_id: number;
  reach: 'own' | 'site';
  url: string;
  /** JSON array of event names. */
  events: string;
  secret: string;
  description: string | null;
  created_at: string;
}

export interface WebhookDeliveriesTable {
  id: Id;
  endpoint_id: number;
  message_id: string;
  event: string;
  /** The JSON body sent, byte for byte. */
  payload: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: Generated<number>;
  response_status: number | null;
  error: string | null;
  created_at: string;
  last_attempt_at: string | null;
}

export interface Database {
  users: UsersTable;
  api_keys: ApiKeysTable;
  sites: SitesTable;
  settings: SettingsTable;
  categories: CategoriesTable;
  listings: ListingsTable;
  listing_categories: ListingCategoriesTable;
  listing_socials: ListingSocialsTable;
  listing_faqs: ListingFaqsTable;
  listing_alternatives: ListingAlternativesTable;
  listing_versions: ListingVersionsTable;
  notifications: NotificationsTable;
  notification_settings: NotificationSettingsTable;
  site_secrets: SiteSecretsTable;
  job_cursors: JobCursorsTable;
  vote_digest_voters: VoteDigestVotersTable;
  interview_answers: InterviewAnswersTable;
  founders: FoundersTable;
  listing_founders: ListingFoundersTable;
  listing_updates: ListingUpdatesTable;
  milestones: MilestonesTable;
  stories: StoriesTable;
  votes: VotesTable;
  vote_events: VoteEventsTable;
  reports: ReportsTable;
  follows: FollowsTable;
  reviews: ReviewsTable;
  comments: CommentsTable;
  awards: AwardsTable;
  blog_posts: BlogPostsTable;
  interview_questions: InterviewQuestionsTable;
  products: ProductsTable;
  jobs: JobsTable;
  idempotency_keys: IdempotencyKeysTable;
  rate_limits: RateLimitsTable;
  launchboard_migrations: MigrationsTable;
  web_sessions: WebSessionsTable;
  oauth_clients: OAuthClientsTable;
  oauth_codes: OAuthCodesTable;
  oauth_refresh_tokens: OAuthRefreshTokensTable;
  signing_keys: SigningKeysTable;
  external_identities: ExternalIdentitiesTable;
  outbox: OutboxTable;
  email_tokens: EmailTokensTable;
  drafts: DraftsTable;
  draft_pages: DraftPagesTable;
  draft_invites: DraftInvitesTable;
  claims: ClaimsTable;
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  payments: PaymentsTable;
  data_versions: DataVersionsTable;
  listing_daily_stats: ListingDailyStatsTable;
  listing_stat_visitors: ListingStatVisitorsTable;
  listing_stat_salts: ListingStatSaltsTable;
  images: ImagesTable;
  listing_screenshots: ListingScreenshotsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
}

export type Listing = Selectable<ListingsTable>;
export type NewListing = Insertable<ListingsTable>;
export type ListingUpdate = Updateable<ListingsTable>;
export type Category = Selectable<CategoriesTable>;
export type Product = Selectable<ProductsTable>;
export type DraftRow = Selectable<DraftsTable>;
