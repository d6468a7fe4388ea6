// The registry: every tool, in the toolsets a client may ask for, nothing else.
// MCP tools, REST routes, the OpenAPI document and the contract tests are all
// derived from this list.
import get_account from './account/get_account.js';
import claim_listing from './claims/claim_listing.js';
import list_my_claims from './claims/list_my_claims.js';
import verify_claim from './claims/verify_claim.js';
import type { AnyTool } from './define.js';
import get_draft from './drafts/get_draft.js';
import invite_cofounder from './drafts/invite_cofounder.js';
import list_my_drafts from './drafts/list_my_drafts.js';
import submit_draft from './drafts/submit_draft.js';
import submit_listing from './drafts/submit_listing.js';
import update_draft from './drafts/update_draft.js';
import compare_listings from './directory/compare_listings.js';
import get_alternatives from './directory/get_alternatives.js';
import get_badges from './directory/get_badges.js';
import get_blog_post from './directory/get_blog_post.js';
import get_category from './directory/get_category.js';
import get_founder from './directory/get_founder.js';
import get_launch_week from './directory/get_launch_week.js';
import get_leaderboard from './directory/get_leaderboard.js';
import get_listing from './directory/get_listing.js';
import list_comments from './directory/list_comments.js';
import get_site_info from './directory/get_site_info.js';
import list_awards from './directory/list_awards.js';
import list_blog_posts from './directory/list_blog_posts.js';
import list_categories from './directory/list_categories.js';
import list_founders from './directory/list_founders.js';
import list_launches from './directory/list_launches.js';
import list_interview_questions from './directory/list_interview_questions.js';
import list_products from './directory/list_products.js';
import search_listings from './directory/search_listings.js';
import add_milestone from './listings/add_milestone.js';
import answer_interview from './listings/answer_interview.js';
import check_badge from './listings/check_badge.js';
import choose_free_listing from './listings/choose_free_listing.js';
import delete_milestone from './listings/delete_milestone.js';
import get_launch_options from './listings/get_launch_options.js';
import get_my_listing from './listings/get_my_listing.js';
import list_my_listings from './listings/list_my_listings.js';
import post_listing_update from './listings/post_listing_update.js';
import set_founder_story from './listings/set_founder_story.js';
import update_my_listing from './listings/update_my_listing.js';
import create_checkout from './orders/create_checkout.js';
import get_order from './orders/get_order.js';
import list_my_orders from './orders/list_my_orders.js';
import quote_order from './orders/quote_order.js';
import create_webhook from './webhooks/create_webhook.js';
import delete_webhook from './webhooks/delete_webhook.js';
import list_webhooks from './webhooks/list_webhooks.js';
import send_test_webhook from './webhooks/send_test_webhook.js';

// The public directory.
const directory: AnyTool[] = [
  get_site_info,
  search_listings,
  get_listing,
  get_alternatives,
  list_comments,
  compare_listings,
  list_categories,
  get_category,
  get_launch_week,
  list_launches,
  get_leaderboard,
  list_founders,
  get_founder,
  list_blog_posts,
  get_blog_post,
  list_awards,
  get_badges,
  list_interview_questions,
  list_products,
];

// A maker's account, drafts, listings, claims and webhooks.
const maker: AnyTool[] = [
  get_account,
  submit_listing,
  list_my_drafts,
  get_draft,
  update_draft,
  invite_cofounder,
  submit_draft,
  list_my_listings,
  get_my_listing,
  update_my_listing,
  post_listing_update,
  add_milestone,
  delete_milestone,
  set_founder_story,
  answer_interview,
  get_launch_options,
  choose_free_listing,
  check_badge,
  claim_listing,
  verify_claim,
  list_my_claims,
  create_webhook,
  list_webhooks,
  send_test_webhook,
  delete_webhook,
];

const orders: AnyTool[] = [quote_order, create_checkout, list_my_orders, get_order];

/** Every tool, once. */
export const tools: AnyTool[] = [...directory, ...maker, ...orders];

/**
 * Named parts of the registry. `orders` lists the prices it sells at too, and
 * `read` is every read-only tool, so `read` alone makes a browsing assistant
 * that can look at a maker's drafts, listings and orders but change nothing.
 */
export const toolsets = {
  directory,
  maker,
  orders: [list_products, ...orders],
  read: tools.filter((tool) => tool.annotations.readOnlyHint),
} satisfies Record<string, AnyTool[]>;
