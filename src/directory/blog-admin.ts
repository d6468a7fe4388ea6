// Writing the blog (the admin's side of blog.ts): every post with its state,
// one post to edit, saving a post (checked here, the one place its bounds
// live) and publishing or unpublishing it. A post is public once published_at
// has come (blog.ts): null is a draft, a later date is scheduled.
import type { Context } from '../context.js';
import { AppError, type FieldError, invalid, notFound } from '../errors.js';
import { isUniqueViolation } from '../platform/db-errors.js';
import { type PageRequest, pageWithTotal } from '../platform/db.js';
import { textProblem } from '../platform/text.js';

export const BLOG_LIMITS = { title: 200, slug: 100, excerpt: 500, body: 100_000, author: 120 } as const;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export type BlogPostState = 'draft' | 'scheduled' | 'published';

export interface BlogPostInput {
  title: string;
  slug: string;
  excerpt: string;
  body_markdown: string;
  author_name: string | null;
  /** ISO-8601 UTC, or null for a draft. */
  published_at: string | null;
}

export interface AdminBlogPost extends BlogPostInput {
  id: number;
  state: BlogPostState;
  created_at: string;
  updated_at: string;
}

export function blogPostState(publishedAt: string | null, now: Date): BlogPostState {
  if (publishedAt === null) return 'draft';
  return publishedAt <= now.toISOString() ? 'published' : 'scheduled';
}

/** A slug made from a title: lowercase ASCII words joined by dashes. */
export function slugFromTitle(title: string): string {
  return title
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, BLOG_LIMITS.slug)
    .replace(/-+$/, '');
}

/** The post as it will be stored, or an `invalid` AppError naming every field to change. */
export function checkBlogPost(input: BlogPostInput): BlogPostInput {
  const errors: FieldError[] = [];
  const post: BlogPostInput = {
    title: input.title.trim(),
    slug: input.slug.trim() || slugFromTitle(input.title),
    excerpt: input.excerpt.trim(),
    body_markdown: input.body_markdown.replace(/\r\n?/g, '\n'),
    author_name: input.author_name?.trim() || null,
    published_at: input.published_at,
  };
  const bound = (path: keyof typeof BLOG_LIMITS, field: keyof BlogPostInput, value: string | null) => {
    if (value !== null && value.length > BLOG_LIMITS[path])
      errors.push({ path: field, message: `at most ${BLOG_LIMITS[path]} characters (it has ${value.length})` });
    const problem = value === null ? null : textProblem(value);
    if (problem) errors.push({ path: field, message: problem });
  };
  if (post.title === '') errors.push({ path: 'title', message: 'required' });
  bound('title', 'title', post.title);
  if (post.slug === '') errors.push({ path: 'slug', message: 'required: lowercase letters, digits and dashes' });
  else if (!SLUG.test(post.slug))
    errors.push({ path: 'slug', message: 'only lowercase letters, digits and single dashes between them' });
  bound('slug', 'slug', post.slug);
  bound('excerpt', 'excerpt', post.excerpt);
  if (post.body_markdown.trim() === '') errors.push({ path: 'body_markdown', message: 'required' });
  bound('body', 'body_markdown', post.body_markdown);
  bound('author', 'author_name', post.author_name);
  if (errors.length > 0)
    throw invalid(`Check ${[...new Set(errors.map((e) => e.path))].join(', ')}: nothing was saved.`, errors);
  return post;
}

export async function adminBlogPosts(
  ctx: Context,
  page: PageRequest,
): Promise<{ items: AdminBlogPost[]; total: number }> {
  const now = ctx.clock.now();
  const { rows, total } = await pageWithTotal(
    ctx.db.selectFrom('blog_posts'),
    // Drafts first, then the newest publication.
    (query) =>
      query
        .selectAll()
        .orderBy((eb) => eb.case().when('published_at', 'is', null).then(0).else(1).end())
        .orderBy('published_at', 'desc')
        .orderBy('id', 'desc'),
    page,
  );
  return { items: rows.map((r) => adminView(r, now)), total };
}

function adminView(
  r: {
    id: number;
    title: string;
    slug: string;
    excerpt: string;
    body_markdown: string;
    author_name: string | null;
    published_at: string | null;
    created_at: string;
    updated_at: string;
  },
  now: Date,
): AdminBlogPost {
  return {
    id: r.id,
    title: r.title,
    slug: r.slug,
    excerpt: r.excerpt,
    body_markdown: r.body_markdown,
    author_name: r.author_name,
    published_at: r.published_at,
    state: blogPostState(r.published_at, now),
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

export async function adminBlogPost(ctx: Context, id: number): Promise<AdminBlogPost> {
  const row = await ctx.db.selectFrom('blog_posts').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(`There is no blog post ${id}.`);
  return adminView(row, ctx.clock.now());
}

const slugTaken = (slug: string) =>
  new AppError('conflict', `Another post has the slug "${slug}": choose another.`, {
    errors: [{ path: 'slug', message: 'taken by another post' }],
  });

/** Creates (no `id`) or updates a post after checkBlogPost; its id. */
export async function saveBlogPost(ctx: Context, args: { id?: number; post: BlogPostInput }): Promise<number> {
  const post = checkBlogPost(args.post);
  const now = ctx.clock.now().toISOString();
  const taken = await ctx.db.selectFrom('blog_posts').select('id').where('slug', '=', post.slug).executeTakeFirst();
  if (taken && taken.id !== args.id) throw slugTaken(post.slug);
  try {
    if (args.id === undefined) {
      const row = await ctx.db
        .insertInto('blog_posts')
        .values({ ...post, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    }
    const r = await ctx.db
      .updateTable('blog_posts')
      .set({ ...post, updated_at: now })
      .where('id', '=', args.id)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) throw notFound(`There is no blog post ${args.id}.`);
    return args.id;
  } catch (err) {
    // Two saves racing for one slug: the unique index decides.
    if (isUniqueViolation(err)) throw slugTaken(post.slug);
    throw err;
  }
}

/** Publishes a post now, or takes it back to a draft (`publish: false`). */
export async function setBlogPostPublished(ctx: Context, args: { id: number; publish: boolean }): Promise<void> {
  const now = ctx.clock.now().toISOString();
  const r = await ctx.db
    .updateTable('blog_posts')
    .set({ published_at: args.publish ? now : null, updated_at: now })
    .where('id', '=', args.id)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) throw notFound(`There is no blog post ${args.id}.`);
}

/**
 * When a post saved from the form is public: not at all (`published` off),
 * as before or now (no date given), as before (the same day given), or from
 * the start (00:00 UTC) of the day given, which may lie ahead (scheduled).
 */
export function publicationTime(args: {
  published: boolean;
  date: string;
  previous: string | null;
  now: Date;
}): string | null {
  if (!args.published) return null;
  if (args.date === '') return args.previous ?? args.now.toISOString();
  const day = /^\d{4}-\d{2}-\d{2}$/.test(args.date) ? new Date(`${args.date}T00:00:00.000Z`) : null;
  if (!day || Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== args.date)
    throw invalid('The publish date must be a day (YYYY-MM-DD), or empty for now.', [
      { path: 'publish_date', message: 'a day as YYYY-MM-DD, or empty' },
    ]);
  if (args.previous?.startsWith(args.date)) return args.previous;
  return day.toISOString();
}
