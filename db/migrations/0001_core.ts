// 0001: the core tables of the directory. Frozen: never edit once landed; add a
// new numbered migration instead. Imports nothing from the app.
import type { Kysely } from 'kysely';
import { idColumn } from './columns.js';
import type { MigrationDialect } from './index.js';

export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  const id = idColumn(dialect);

  await id(db.schema.createTable('users'))
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text')
    .addColumn('password_hash', 'text')
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('user'))
    .addColumn('email_verified_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await id(db.schema.createTable('api_keys'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text')
    .addColumn('revoked_at', 'text')
    .addColumn('last_used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await id(db.schema.createTable('sites'))
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('base_url', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await id(db.schema.createTable('categories'))
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('parent_id', 'integer', (c) => c.references('categories.id').onDelete('set null'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('faqs', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('compare_attributes', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('categories_parent').on('categories').column('parent_id').execute();

  await id(db.schema.createTable('listings'))
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id'))
    .addColumn('owner_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('company_key', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('tagline', 'text')
    .addColumn('short_description', 'text')
    .addColumn('description', 'text')
    .addColumn('stage', 'text')
    .addColumn('pricing_model', 'text')
    .addColumn('pricing_summary', 'text')
    .addColumn('country', 'text')
    .addColumn('city', 'text')
    .addColumn('founded_year', 'integer')
    .addColumn('contact_email', 'text')
    .addColumn('demo_video_url', 'text')
    .addColumn('logo_url', 'text')
    .addColumn('features', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('usps', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('keywords', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('attributes', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('not_found', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('headline', 'text')
    .addColumn('summary', 'text')
    .addColumn('seo_title', 'text')
    .addColumn('seo_description', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
    .addColumn('plan', 'text', (c) => c.notNull().defaultTo('none'))
    .addColumn('unlocked_sections', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('launch_week', 'text')
    .addColumn('launched_at', 'text')
    .addColumn('votes_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('views_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('followers_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('domain_rating', 'integer')
    .addColumn('domain_rating_previous', 'integer')
    .addColumn('domain_rating_at', 'text')
    .addColumn('domain_rating_source', 'text')
    .addColumn('revenue_cents', 'bigint')
    .addColumn('revenue_at', 'text')
    .addColumn('revenue_source', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('listings_status_launched').on('listings').columns(['status', 'launched_at']).execute();
  await db.schema.createIndex('listings_launch_week').on('listings').columns(['launch_week', 'status']).execute();
  await db.schema.createIndex('listings_domain').on('listings').column('domain').execute();
  await db.schema.createIndex('listings_owner').on('listings').column('owner_id').execute();
  await db.schema.createIndex('listings_company').on('listings').column('company_key').execute();
  await db.schema.createIndex('listings_updated').on('listings').column('updated_at').execute();

  await db.schema
    .createTable('listing_categories')
    .addColumn('listing_id', 'integer', (c) => c.notNull().references('listings.id').onDelete('cascade'))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id').onDelete('cascade'))
    .addColumn('is_primary', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('listing_categories_pk', ['listing_id', 'category_id'])
    .execute();
  await db.schema
    .createIndex('listing_categories_category')
    .on('listing_categories')
    .columns(['category_id', 'listing_id'])
    .execute();

  await db.schema
    .createTable('listing_socials')
    .addColumn('listing_id', 'integer', (c) => c.notNull().references('listings.id').onDelete('cascade'))
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('listing_socials_pk', ['listing_id', 'platform'])
    .execute();

  await id(db.schema.createTable('listing_faqs'))
    .addColumn('listing_id', 'integer', (c) => c.notNull().references('listings.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('listing_faqs_listing').on('listing_faqs').column('listing_id').execute();

  await db.schema
    .createTable('listing_alternatives')
    .addColumn('listing_id', 'integer', (c) => c.notNull().references('listings.id').onDelete('cascade'))
    .addColumn('alternative_id', 'integer', (c) => c.notNull().references('listings.id').onDelete('cascade'))
    .addColumn('approved', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('listing_alternatives_pk', ['listing_id', 'alternative_id'])
    .execute();

  await id(db.schema.createTable('founders'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('title', 'text')
    .addColumn('bio', 'text')
    .addColumn('country', 'text')
    .addColumn('avatar_url', 'text')
    .addColumn('socials', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('listing_founders')
    .addColumn('listing_id', 'integer', (c) => c.notNull().references('listings.id').onDelete('cascade'))
    .addColumn('founder_id', 'integer', (c) => c.notNull().references('founders.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('listing_founders_pk', ['listing_id', 'founder_id'])
    .execute();
  await db.schema.createIndex('listing_founders_founder').on('listing_founders').column('founder_id').execute();

  await id(db.schema.createTable('listing_updates'))
    .addColumn('listing_id', 'integer', (c) => c.notNull().references('listings.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('listing_updates_listing')
    .on('listing_updates')
    .columns(['listing_id', 'created_at'])
    .execute();

  await id(db.schema.createTable('milestones'))
    .addColumn('listing_id', 'integer', (c) => c.notNull().references('listings.id').onDelete('cascade'))
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('url', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('milestones_listing').on('milestones').column('listing_id').execute();

  let stories = db.schema
    .createTable('stories')
    .addColumn('listing_id', 'integer', (c) => c.primaryKey().references('listings.id').onDelete('cascade'));
  for (const section of [
    'title',
    'story',
    'why_started',
    'problem',
    'journey',
    'challenges',
    'achievements',
    'lessons',
    'whats_next',
  ]) {
    stories = stories.addColumn(section, 'text');
  }
  await stories.addColumn('updated_at', 'text', (c) => c.notNull()).execute();

  await id(db.schema.createTable('votes'))
    .addColumn('listing_id', 'integer', (c) => c.notNull().references('listings.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('votes_listing_user', ['listing_id', 'user_id'])
    .execute();
  await db.schema.createIndex('votes_created').on('votes').columns(['created_at', 'listing_id']).execute();

  await db.schema
    .createTable('follows')
    .addColumn('listing_id', 'integer', (c) => c.notNull().references('listings.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('follows_pk', ['listing_id', 'user_id'])
    .execute();

  await id(db.schema.createTable('reviews'))
    .addColumn('listing_id', 'integer', (c) => c.notNull().references('listings.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('rating', 'integer', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('flagged', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('reviews_listing_user', ['listing_id', 'user_id'])
    .execute();

  await id(db.schema.createTable('awards'))
    .addColumn('listing_id', 'integer', (c) => c.notNull().references('listings.id').onDelete('cascade'))
    .addColumn('week', 'text', (c) => c.notNull())
    .addColumn('rank', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('votes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('awards_week_rank', ['week', 'rank'])
    .execute();

  await id(db.schema.createTable('blog_posts'))
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('excerpt', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('body_markdown', 'text', (c) => c.notNull())
    .addColumn('faqs', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('author_name', 'text')
    .addColumn('published_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await id(db.schema.createTable('interview_questions'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable('products')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('price_cents', 'integer')
    .addColumn('needs_listing', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await id(db.schema.createTable('jobs'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull().defaultTo(5))
    .addColumn('run_at', 'text', (c) => c.notNull())
    .addColumn('locked_at', 'text')
    .addColumn('locked_by', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('jobs_ready').on('jobs').columns(['status', 'run_at']).execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('caller_key', 'text', (c) => c.notNull())
    .addColumn('operation', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('response_status', 'integer')
    .addColumn('response_body', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['caller_key', 'operation', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_expires').on('idempotency_keys').column('expires_at').execute();

  await db.schema
    .createTable('rate_limits')
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_limits_pk', ['bucket', 'window_start'])
    .execute();
}
