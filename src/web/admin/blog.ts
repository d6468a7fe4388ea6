// The blog for the site team: every post (drafts first) with publish and
// unpublish, and one form to write or edit a post in Markdown. Its Preview
// button posts the form back and shows the post rendered by the same
// renderer the public blog uses (raw HTML shown as text, unsafe links
// refused), without saving and without any script. Drafts are not public.
import express, { type Request, type Response, type Router } from 'express';
import type { Context } from '../../context.js';
import {
  type AdminBlogPost,
  adminBlogPost,
  adminBlogPosts,
  BLOG_LIMITS,
  type BlogPostState,
} from '../../directory/blog-admin.js';
import type { FieldError } from '../../errors.js';
import { perform, type Problem } from '../ui/act.js';
import { control, problemSummary } from '../ui/fields.js';
import { field } from '../ui/forms.js';
import { csrfField, html, plural, type SafeHtml } from '../ui/html.js';
import {
  type AdminState,
  adminGet,
  adminOf,
  adminPost,
  noticeOf,
  pageOf,
  pager,
  pill,
  positiveId,
  scrollTable,
  sendAdminPage,
  type Tone,
  when,
} from './common.js';
import { renderMarkdown } from '../ui/text.js';

const PER_PAGE = 50;

const STATE: Record<BlogPostState, [string, Tone]> = {
  draft: ['draft', 'info'],
  scheduled: ['scheduled', 'wait'],
  published: ['published', 'ok'],
};
const statePill = (state: BlogPostState) => pill(...STATE[state]);

const NOTICES = {
  saved: () => 'Post saved.',
  published: () => 'Post published: it is on the blog now.',
  unpublished: () => 'Post taken back to a draft: it is no longer on the blog.',
};

const LABELS: Record<string, string> = {
  title: 'Title',
  slug: 'Slug',
  excerpt: 'Summary',
  author_name: 'Author',
  body_markdown: 'Body (Markdown)',
  publish_date: 'Publish date',
};
const labelOf = (path: string) => LABELS[path] ?? path;

/** What the form holds: a saved post's values, or what was just sent. */
interface BlogForm {
  title: string;
  slug: string;
  excerpt: string;
  author_name: string;
  body_markdown: string;
  published: boolean;
  publish_date: string;
}

const formOfPost = (p: AdminBlogPost | null): BlogForm => ({
  title: p?.title ?? '',
  slug: p?.slug ?? '',
  excerpt: p?.excerpt ?? '',
  author_name: p?.author_name ?? '',
  body_markdown: p?.body_markdown ?? '',
  published: p ? p.published_at !== null : false,
  publish_date: p?.published_at?.slice(0, 10) ?? '',
});

/** The sent form; texts read past their bounds, so an over-long one is refused with its length, not cut. */
const formOfRequest = (req: Request): BlogForm => ({
  title: field(req, 'title', 2_000),
  slug: field(req, 'slug', 2_000),
  excerpt: field(req, 'excerpt', 10_000),
  author_name: field(req, 'author_name', 2_000),
  body_markdown: field(req, 'body_markdown', 1_000_000),
  published: field(req, 'published', 10) === 'yes',
  publish_date: field(req, 'publish_date', 20).trim(),
});

function postForm(
  admin: AdminState,
  action: string,
  form: BlogForm,
  problem: Problem | undefined,
  state: BlogPostState | null,
): SafeHtml {
  const c = (path: keyof typeof LABELS, extra: Partial<Parameters<typeof control>[0]>) =>
    control({
      path,
      label: labelOf(path),
      value: (form as unknown as Record<string, string>)[path],
      problem,
      ...extra,
    });
  return html`<form method="post" action="${action}" class="admin-post-form">${csrfField(admin.csrfToken)}
${problemSummary(problem, labelOf)}
${c('title', { required: true, maxlength: BLOG_LIMITS.title })}
${c('slug', { maxlength: BLOG_LIMITS.slug, hint: 'The address: /blog/your-slug. Lowercase letters, digits and dashes; empty makes one from the title.' })}
${c('excerpt', { kind: 'textarea', rows: 2, maxlength: BLOG_LIMITS.excerpt, hint: 'One or two sentences for the blog list and search engines.' })}
${c('author_name', { maxlength: BLOG_LIMITS.author, hint: 'Empty: the post is by Launchboard.' })}
${c('body_markdown', {
  kind: 'textarea',
  rows: 18,
  required: true,
  maxlength: BLOG_LIMITS.body,
  hint: 'Markdown: # headings, **bold**, _italic_, [links](https://…), lists, > quotes, `code`. HTML is shown as text.',
})}
<fieldset><legend>Publishing</legend>
<label for="f-published"><input id="f-published" type="checkbox" name="published" value="yes"${form.published ? ' checked' : ''}> Published${state === 'scheduled' ? ' (scheduled)' : ''}</label>
${c('publish_date', { kind: 'date', hint: 'Empty: now (or the date it has). A later day schedules it for 00:00 UTC that day. Unticked: a draft, not on the blog.' })}
</fieldset>
<div class="admin-actions"><button type="submit" name="intent" value="preview" class="secondary">Preview</button>
<button type="submit" name="intent" value="save">Save post</button></div>
</form>`;
}

async function previewSection(form: BlogForm): Promise<SafeHtml> {
  return html`<section aria-labelledby="preview" class="admin-preview"><h2 id="preview">Preview</h2>
<p class="hint">As the blog will show it. Not saved yet.</p>
<article class="card post"><p class="admin-preview-title">${form.title || 'Untitled'}</p>
<p class="muted">${form.published ? `Published ${form.publish_date || 'now'}` : 'Draft'}${form.author_name ? html` · by ${form.author_name}` : ''}</p>
${await renderMarkdown(form.body_markdown)}</article></section>`;
}

function publishButton(admin: AdminState, post: AdminBlogPost, back: 'list' | 'post'): SafeHtml {
  const publish = post.state === 'draft';
  return html`<form class="inline" method="post" action="/admin/blog/${post.id}/${publish ? 'publish' : 'unpublish'}">${csrfField(admin.csrfToken)}<input type="hidden" name="back" value="${back}"><button type="submit" aria-label="${publish ? 'Publish' : 'Unpublish'} ${post.title}">${publish ? 'Publish now' : 'Unpublish'}</button></form>`;
}

export function blogRoutes(ctx: Context): Router {
  const router = express.Router();

  router.get(
    '/admin/blog',
    adminGet(async (req, res) => {
      const admin = adminOf(res);
      const page = pageOf(req);
      const result = await adminBlogPosts(ctx, { page, per_page: PER_PAGE });
      const rows = result.items.map(
        (
          p,
        ) => html`<tr><th scope="row"><a href="/admin/blog/${p.id}">${p.title}</a><br><span class="muted">/blog/${p.slug}</span></th>
<td>${statePill(p.state)}</td><td>${p.published_at ? when(p.published_at) : ''}</td><td>${when(p.updated_at)}</td>
<td>${publishButton(admin, p, 'list')}${p.state === 'published' ? html` <a href="/blog/${p.slug}" aria-label="View ${p.title}">View</a>` : ''}</td></tr>`,
      );
      sendAdminPage(res, {
        path: '/admin/blog',
        title: 'Blog',
        notice: noticeOf(req, NOTICES),
        body: html`<p><a class="button" href="/admin/blog/new">Write a post</a></p>
<p>${plural(result.total, 'post')}: drafts first, then the newest. Drafts and scheduled posts are not on the blog.</p>
${
  result.items.length === 0
    ? html`<p>No posts yet.</p>`
    : scrollTable(
        'Blog posts',
        html`<table><caption class="visually-hidden">Blog posts</caption><thead><tr><th scope="col">Post</th><th scope="col">State</th><th scope="col">Published</th><th scope="col">Changed</th><th scope="col">Action</th></tr></thead>
<tbody>${rows}</tbody></table>`,
      )
}
${pager(req, page, PER_PAGE, result.total)}`,
      });
    }),
  );

  /** The editor of a new post (no id) or a saved one; a POST shows what was sent, with its preview or problems. */
  const editor =
    (preview: boolean) =>
    async (req: Request, res: Response, opts: { error?: string; status?: number; errors?: FieldError[] } = {}) => {
      const admin = adminOf(res);
      const id = req.params.id === undefined ? null : positiveId(req.params.id, 'blog post');
      const post = id === null ? null : await adminBlogPost(ctx, id);
      const form = req.method === 'POST' ? formOfRequest(req) : formOfPost(post);
      const problem = opts.error
        ? { status: opts.status ?? 400, message: opts.error, errors: opts.errors ?? [] }
        : undefined;
      const path = id === null ? '/admin/blog/new' : `/admin/blog/${id}`;
      sendAdminPage(res, {
        path,
        title: post ? `Edit: ${post.title}` : 'Write a post',
        status: opts.status,
        error: problem && problem.errors.length === 0 ? problem.message : null,
        notice: req.method === 'GET' ? noticeOf(req, NOTICES) : null,
        body: html`<p><a href="/admin/blog">← All posts</a></p>
${
  post
    ? html`<div class="admin-post-state">${statePill(post.state)} ${post.published_at ? when(post.published_at) : ''}${post.state === 'published' ? html` · <a href="/blog/${post.slug}">View on the blog</a>` : ''} ${publishButton(admin, post, 'post')}</div>`
    : ''
}
<div class="admin-editor${preview ? ' with-preview' : ''}">
${postForm(admin, path, form, problem && problem.errors.length > 0 ? problem : undefined, post?.state ?? null)}
${preview ? await previewSection(form) : ''}
</div>`,
      });
    };

  /** Preview shows the form again with the rendered post; Save stores it and goes back to the saved post. */
  const submit = adminPost(editor(false), async (req, res, admin) => {
    if (field(req, 'intent', 20) === 'preview') {
      await editor(true)(req, res);
      return null;
    }
    const id = req.params.id === undefined ? undefined : positiveId(req.params.id, 'blog post');
    const form = formOfRequest(req);
    const { id: saved } = await perform<{ id: number }>(ctx, admin.session, 'save_blog_post', {
      ...(id === undefined ? {} : { id }),
      ...form,
    });
    return `/admin/blog/${saved}?done=saved`;
  });

  router.get('/admin/blog/new', adminGet(editor(false)));
  router.post('/admin/blog/new', submit);
  router.get('/admin/blog/:id', adminGet(editor(false)));
  router.post('/admin/blog/:id', submit);

  for (const [action, publish] of [
    ['publish', true],
    ['unpublish', false],
  ] as const)
    router.post(
      `/admin/blog/:id/${action}`,
      adminPost(editor(false), async (req, _res, admin) => {
        const id = positiveId(req.params.id, 'blog post');
        await perform(ctx, admin.session, 'set_blog_post_published', { id, published: publish });
        const done = publish ? 'published' : 'unpublished';
        return field(req, 'back', 10) === 'post' ? `/admin/blog/${id}?done=${done}` : `/admin/blog?done=${done}`;
      }),
    );
  return router;
}
