import { describe, expect, it } from 'vitest';
import tool from '../../../tools/directory/list_comments.js';
import { anonymous } from '../../../src/auth/caller.js';
import { createUser } from '../../../src/accounts/users.js';
import { postComment, setCommentHidden } from '../../../src/community/comments.js';
import { invokeTool } from '../../../src/registry/invoke.js';
import { given } from '../../helpers/given.js';
import { expectFieldRefused } from '../../helpers/rest.js';
import { itAnswersOverMcpLikeRest } from '../../helpers/mcp.js';
import { servedTools } from '../../helpers/server.js';

const ids: Record<string, number> = {};

const served = servedTools({
  tools: [tool],
  seed: async (ctx) => {
    const user = async (name: string) => {
      const id = await createUser(ctx.db, { email: `${name.toLowerCase()}@example.com`, name, now: ctx.clock.now() });
      await ctx.db
        .updateTable('users')
        .set({ email_verified_at: ctx.clock.now().toISOString() })
        .where('id', '=', id)
        .execute();
      return id;
    };
    const [owner, ann, bob] = [await user('Olga'), await user('Ann'), await user('Bob')];
    const listing = await given(ctx).listing({ slug: 'gizmo', fields: { owner_id: owner } });
    await given(ctx).listing({ slug: 'upcoming', status: 'scheduled' });
    await given(ctx).listing({ slug: 'draft-only', status: 'draft' });
    const say = async (userId: number, body: string, parentId?: number) => {
      const { id } = await postComment(ctx, { userId, listingId: listing, parentId, body });
      ctx.clock.advance(61_000);
      return id;
    };
    ids.first = await say(ann, 'First question?');
    ids.answer = await say(owner, 'Maker answer.', ids.first);
    ids.rude = await say(bob, 'Rude top-level');
    ids.kind = await say(ann, 'Please be kind', ids.rude);
    ids.spam = await say(bob, 'Spam https://spam.example');
    ids.latest = await say(ann, 'Latest <b>comment</b>');
    for (const id of [ids.rude, ids.spam])
      await setCommentHidden(ctx, { commentId: id, adminId: owner, hidden: true, reason: 'rules' });
  },
});

const call = async (input: object) => (await invokeTool(served.ctx, tool, input, anonymous())).body as any;

describe('list_comments', () => {
  it('lists threads newest first with replies oldest first, makers marked, never an account or email', async () => {
    const body = await call({ slug: 'gizmo' });
    expect(body).toMatchObject({ page: 1, per_page: 20, total: 3 });
    expect(body.items.map((t: any) => t.id)).toEqual([ids.latest, ids.rude, ids.first]);
    expect(body.items[0]).toEqual({
      id: ids.latest,
      author: 'Ann',
      is_maker: false,
      body: 'Latest <b>comment</b>',
      created_at: expect.any(String),
      edited_at: null,
      hidden: false,
      replies: [],
    });
    expect(body.items[2].replies).toEqual([
      expect.objectContaining({ id: ids.answer, author: 'Olga', is_maker: true, body: 'Maker answer.' }),
    ]);
    expect(JSON.stringify(body)).not.toMatch(/@example\.com|user_id/);
  });

  it('keeps a hidden comment with replies as a placeholder and leaves out other hidden ones', async () => {
    const body = await call({ slug: 'gizmo' });
    expect(body.items[1]).toMatchObject({
      id: ids.rude,
      hidden: true,
      author: null,
      body: null,
      replies: [expect.objectContaining({ id: ids.kind, body: 'Please be kind' })],
    });
    expect(JSON.stringify(body)).not.toContain('spam.example');
  });

  it('pages', async () => {
    const second = await call({ slug: 'gizmo', page: 2, per_page: 2 });
    expect(second).toMatchObject({ page: 2, per_page: 2, total: 3 });
    expect(second.items.map((t: any) => t.id)).toEqual([ids.first]);
    expect(await call({ slug: 'gizmo', page: 3, per_page: 2 })).toMatchObject({ items: [], total: 3 });
  });

  it('gives an empty list for a public listing without comments, 404 for one not public', async () => {
    expect(await call({ slug: 'upcoming' })).toMatchObject({ items: [], total: 0 });
    for (const slug of ['draft-only', 'no-such-listing'])
      await expect(invokeTool(served.ctx, tool, { slug }, anonymous())).rejects.toMatchObject({ status: 404 });
  });

  it('rejects a malformed slug and out-of-range paging with a 400', async () => {
    for (const input of [
      { slug: 'Not A Slug' },
      { slug: 'x'.repeat(221) },
      { slug: 'gizmo', per_page: 101 },
      { slug: 'gizmo', page: 0 },
    ])
      await expect(invokeTool(served.ctx, tool, input, anonymous())).rejects.toMatchObject({ status: 400 });
  });

  it('answers over REST without credentials', async () => {
    const res = await fetch(`${served.server.url}/api/v1/listings/gizmo/comments?per_page=1`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ total: 3, items: [{ id: ids.latest }] });
    expect((await fetch(`${served.server.url}/api/v1/listings/no-such-listing/comments`)).status).toBe(404);
    await expectFieldRefused(fetch(`${served.server.url}/api/v1/listings/gizmo/comments?per_page=500`), 'per_page');
  });

  itAnswersOverMcpLikeRest(served, 'v2-2026-07-28', {
    tool: 'list_comments',
    args: { slug: 'gizmo', per_page: 2 },
    restPath: '/listings/gizmo/comments?per_page=2',
    refused: { slug: 'gizmo', per_page: 0 },
  });
});
