// The public blog (list_blog_posts, get_blog_post): posts whose published_at
// has come, newest first; a query matches title, excerpt and body, title
// matches first. Posts without published_at, or dated later, are drafts.
import { sql, type ExpressionBuilder, type SqlBool } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema.js';
import type { Context } from '../context.js';
import { notFound } from '../errors.js';
import { faq, parseFaqs } from './faqs.js';
import { containsPattern, pageWithTotal } from '../platform/db.js';

export const blogPostSummary = z.object({
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  author_name: z.string().nullable(),
  published_at: z.string().describe('ISO-8601 UTC'),
  url: z.string().describe('The post on this site'),
});
export type BlogPostSummary = z.infer<typeof blogPostSummary>;

export const blogPostSchema = z.object({
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  author_name: z.string().nullable(),
  published_at: z.string().describe('ISO-8601 UTC'),
  updated_at: z.string().describe('ISO-8601 UTC'),
  url: z.string().describe('The post on this site'),
  body_markdown: z.string().describe('The full post as Markdown'),
  faqs: z.array(faq),
});
export type BlogPost = z.infer<typeof blogPostSchema>;

/** Query words, at most 12 (every one must occur in the title, excerpt or body). */
function queryWords(q: string): string[] {
  return q.trim().split(/\s+/).filter(Boolean).slice(0, 12);
}

const published = (ctx: Context) => (eb: ExpressionBuilder<Database, 'blog_posts'>) =>
  eb.and([
    eb('blog_posts.published_at', 'is not', null),
    eb('blog_posts.published_at', '<=', ctx.clock.now().toISOString()),
  ]);

const like = (column: string, pattern: string) => sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;

export async function listBlogPosts(
  ctx: Context,
  args: { q?: string; page: number; per_page: number },
): Promise<{ items: BlogPostSummary[]; total: number }> {
  const patterns = queryWords(args.q ?? '').map(containsPattern);
  const filters = (eb: ExpressionBuilder<Database, 'blog_posts'>) =>
    eb.and([
      published(ctx)(eb),
      ...patterns.map((p) =>
        eb.or([like('blog_posts.title', p), like('blog_posts.excerpt', p), like('blog_posts.body_markdown', p)]),
      ),
    ]);

  const { rows, total } = await pageWithTotal(
    ctx.db.selectFrom('blog_posts').where(filters),
    (query) => {
      let ordered = query.select(['slug', 'title', 'excerpt', 'author_name', 'published_at']);
      if (patterns.length > 0) {
        // Posts whose title holds every word come first.
        const inTitle = sql.join(
          patterns.map((p) => like('blog_posts.title', p)),
          sql` and `,
        );
        ordered = ordered.orderBy(sql`case when ${inTitle} then 0 else 1 end`);
      }
      return ordered.orderBy('published_at', 'desc').orderBy('id', 'desc');
    },
    args,
  );
  return {
    items: rows.map((r) => ({
      slug: r.slug,
      title: r.title,
      excerpt: r.excerpt,
      author_name: r.author_name,
      published_at: r.published_at!,
      url: `${ctx.config.publicUrl}/blog/${r.slug}`,
    })),
    total,
  };
}

export async function blogPost(ctx: Context, slug: string): Promise<BlogPost> {
  const row = await ctx.db
    .selectFrom('blog_posts')
    .selectAll()
    .where('slug', '=', slug)
    .where(published(ctx))
    .executeTakeFirst();
  if (!row) throw notFound(`No published blog post with slug "${slug}". Call list_blog_posts to find posts.`);
  return {
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    author_name: row.author_name,
    published_at: row.published_at!,
    url: `${ctx.config.publicUrl}/blog/${row.slug}`,
    updated_at: row.updated_at,
    body_markdown: row.body_markdown,
    faqs: parseFaqs(row.faqs),
  };
}
