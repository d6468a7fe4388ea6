// The blog: published posts newest first (or matching a search), and one post
// with its Markdown rendered (ui/text.ts), FAQs below it, and BlogPosting / FAQPage data for search engines.
import type { Request, Response } from 'express';
import type { Context } from '../../../context.js';
import { type BlogPost, type BlogPostSummary, blogPost, listBlogPosts } from '../../../directory/blog.js';
import { definePage } from '../define.js';
import { html, type SafeHtml } from '../../ui/html.js';
import { faqPageLd, loadBySlug, pageParams, paginationNav, sendPublicPage } from '../../ui/public-page.js';
import { paragraphs, renderMarkdown } from '../../ui/text.js';

const day = (iso: string) => html`<time datetime="${iso}">${iso.slice(0, 10)}</time>`;

function postSummary(post: BlogPostSummary): SafeHtml {
  return html`<article><h2><a href="/blog/${post.slug}">${post.title}</a></h2>
<p class="muted">${day(post.published_at)}${post.author_name ? html` · by ${post.author_name}` : ''}</p>
${post.excerpt ? html`<p>${post.excerpt}</p>` : ''}</article>`;
}

async function indexPage(ctx: Context, req: Request, res: Response): Promise<void> {
  const { page, per_page } = pageParams(req, 20);
  const q = typeof req.query.q === 'string' ? req.query.q.trim().slice(0, 200) : '';
  const result = await listBlogPosts(ctx, { q: q || undefined, page, per_page });
  sendPublicPage(ctx, req, res, {
    title: q ? `Blog: posts about “${q}”` : 'Blog',
    description: 'Launch advice, guides and news from the Launchboard team.',
    canonicalPath: q ? undefined : `/blog${page > 1 ? `?page=${page}` : ''}`,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Blog',
      name: 'Launchboard blog',
      url: `${ctx.config.publicUrl}/blog`,
      blogPost: result.items.map((p) => ({
        '@type': 'BlogPosting',
        headline: p.title,
        url: p.url,
        datePublished: p.published_at,
      })),
    },
    body: html`<form method="get" action="/blog" role="search">
<label for="blog-q">Search the blog</label><input type="search" id="blog-q" name="q" maxlength="200" value="${q}">
<button type="submit">Search</button></form>
${q ? html`<p>${result.total} ${result.total === 1 ? 'post matches' : 'posts match'}. <a href="/blog">All posts</a></p>` : ''}
${result.items.length === 0 ? html`<p class="muted">No posts found.</p>` : result.items.map(postSummary)}
${paginationNav(req, page, per_page, result.total)}`,
  });
}

function postLd(post: BlogPost): object[] {
  const posting = {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.excerpt || undefined,
    url: post.url,
    mainEntityOfPage: post.url,
    datePublished: post.published_at,
    dateModified: post.updated_at,
    author: post.author_name
      ? { '@type': 'Person', name: post.author_name }
      : { '@type': 'Organization', name: 'Launchboard' },
    publisher: { '@type': 'Organization', name: 'Launchboard' },
  };
  return post.faqs.length === 0 ? [posting] : [posting, faqPageLd(post.faqs)];
}

async function postPage(ctx: Context, req: Request, res: Response): Promise<void> {
  const post = await loadBySlug(ctx, req, res, 'blog post', (slug) => blogPost(ctx, slug));
  if (!post) return;
  const updated = post.updated_at.slice(0, 10) > post.published_at.slice(0, 10);
  const body = await renderMarkdown(post.body_markdown);
  sendPublicPage(ctx, req, res, {
    title: post.title,
    description: (post.excerpt || post.body_markdown.replace(/\s+/g, ' ')).slice(0, 300),
    ogType: 'article',
    jsonLd: postLd(post),
    body: html`<p class="muted">Published ${day(post.published_at)}${updated ? html`, updated ${day(post.updated_at)}` : ''}${post.author_name ? html` · by ${post.author_name}` : ''}</p>
<div class="post">${body}</div>
${
  post.faqs.length > 0
    ? html`<section aria-labelledby="faqs"><h2 id="faqs">Frequently asked questions</h2>${post.faqs.map((f) => html`<h3>${f.question}</h3>${paragraphs(f.answer)}`)}</section>`
    : ''
}
<p><a href="/blog">All posts</a></p>`,
  });
}

export const blogPages = [
  definePage({ path: '/blog', sitemap: 'self', get: indexPage }),
  definePage({ path: '/blog/:slug', get: postPage }),
];
