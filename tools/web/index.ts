// The website's own operations: writes SPEC keeps off the API (a person's
// votes, follows, reviews, comments, reports, the API keys they hand to
// programs, their notifications, a co-founder's answer to an invite, the
// images they upload) and the admins' work: moderating listings, accounts,
// votes, reviews, comments and reports, products and prices, site settings,
// the blog and the site's webhooks. The pages run
// them through the registry's invoke path like any tool (src/web/ui/act.ts);
// REST, MCP and the OpenAPI document derive from tools/index.ts, which does
// not list them.
import type { AnyWebOperation } from '../define.js';
import accept_invite from './accept_invite.js';
import add_product from './add_product.js';
import cast_vote from './cast_vote.js';
import close_report from './close_report.js';
import confirm_user_email from './confirm_user_email.js';
import create_api_key from './create_api_key.js';
import create_site_webhook from './create_site_webhook.js';
import delete_site_webhook from './delete_site_webhook.js';
import disable_user from './disable_user.js';
import edit_comment from './edit_comment.js';
import edit_listing_as_admin from './edit_listing_as_admin.js';
import enable_user from './enable_user.js';
import file_report from './file_report.js';
import follow_listing from './follow_listing.js';
import hide_reported_comment from './hide_reported_comment.js';
import mark_notifications_read from './mark_notifications_read.js';
import post_comment from './post_comment.js';
import revoke_api_key from './revoke_api_key.js';
import save_blog_post from './save_blog_post.js';
import save_settings from './save_settings.js';
import send_site_test_webhook from './send_site_test_webhook.js';
import set_blog_post_published from './set_blog_post_published.js';
import set_comment_hidden from './set_comment_hidden.js';
import set_listing_hidden from './set_listing_hidden.js';
import set_notification_mail from './set_notification_mail.js';
import set_product_price from './set_product_price.js';
import set_review_flag from './set_review_flag.js';
import set_votes_discounted from './set_votes_discounted.js';
import unfollow_listing from './unfollow_listing.js';
import upload_image from './upload_image.js';
import withdraw_vote from './withdraw_vote.js';
import write_review from './write_review.js';

export const webOperations: AnyWebOperation[] = [
  cast_vote,
  withdraw_vote,
  follow_listing,
  unfollow_listing,
  write_review,
  post_comment,
  edit_comment,
  file_report,
  create_api_key,
  revoke_api_key,
  set_notification_mail,
  mark_notifications_read,
  upload_image,
  accept_invite,
  set_comment_hidden,
  hide_reported_comment,
  set_review_flag,
  close_report,
  set_listing_hidden,
  edit_listing_as_admin,
  confirm_user_email,
  disable_user,
  enable_user,
  set_votes_discounted,
  set_product_price,
  add_product,
  save_settings,
  save_blog_post,
  set_blog_post_published,
  create_site_webhook,
  send_site_test_webhook,
  delete_site_webhook,
];
