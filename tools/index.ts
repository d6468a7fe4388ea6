// The registry: every tool, nothing else. MCP tools, REST routes, the OpenAPI
// document and the contract tests are all derived from this list.
import get_account from './account/get_account.js';
import type { AnyTool } from './define.js';
import compare_listings from './directory/compare_listings.js';
import get_alternatives from './directory/get_alternatives.js';
import get_badges from './directory/get_badges.js';
import get_blog_post from './directory/get_blog_post.js';
import get_category from './directory/get_category.js';
import get_founder from './directory/get_founder.js';
import get_launch_week from './directory/get_launch_week.js';
import get_leaderboard from './directory/get_leaderboard.js';
import get_listing from './directory/get_listing.js';
import get_site_info from './directory/get_site_info.js';
import list_awards from './directory/list_awards.js';
import list_blog_posts from './directory/list_blog_posts.js';
import list_categories from './directory/list_categories.js';
import list_founders from './directory/list_founders.js';
import list_launches from './directory/list_launches.js';
import list_interview_questions from './directory/list_interview_questions.js';
import list_products from './directory/list_products.js';
import search_listings from './directory/search_listings.js';

export const tools: AnyTool[] = [
  // Public
  get_site_info,
  search_listings,
  get_listing,
  get_alternatives,
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
  // Account
  get_account,
];
