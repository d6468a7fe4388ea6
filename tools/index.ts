// The registry: every tool, nothing else. MCP tools, REST routes, the OpenAPI
// document and the contract tests are all derived from this list.
import get_account from './account/get_account.js';
import type { AnyTool } from './define.js';
import compare_listings from './directory/compare_listings.js';
import get_alternatives from './directory/get_alternatives.js';
import get_listing from './directory/get_listing.js';
import get_site_info from './directory/get_site_info.js';
import list_categories from './directory/list_categories.js';
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
  list_interview_questions,
  list_products,
  // Account
  get_account,
];
