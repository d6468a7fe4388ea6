// create_api_key as the website runs it: the key works for its scopes only,
// is stored hashed, and the bounds are refused on the field named.
import { describe, expect, it } from 'vitest';
import { webOperationsBed } from './setup.js';

const bed = webOperationsBed();

describe('create_api_key', () => {
  it('answers a key, once, that signs a program in with the scopes chosen', async () => {
    const created = (await bed.run('create_api_key', { name: 'CI', scopes: ['account:read'], expires: '' })) as {
      id: number;
      key: string;
    };
    const me = await fetch(`${bed.served.server.url}/api/v1/me`, {
      headers: { authorization: `Bearer ${created.key}` },
    });
    expect(me.status).toBe(200);
    const row = await bed.served.ctx.db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(created.key);
  });

  it.each([
    [{ name: ' ', scopes: ['account:read'], expires: '' }, 'name'],
    [{ name: 'x', scopes: [], expires: '' }, 'scopes'],
    [{ name: 'x', scopes: ['admin'], expires: '' }, 'scopes.0'],
    [{ name: 'x', scopes: ['account:read'], expires: '2001-01-01' }, 'expires'],
    [{ name: 'x', scopes: ['account:read'], expires: 'soon' }, 'expires'],
  ])('refuses %o on %s', async (input, path) => {
    const err = await bed.refusal('create_api_key', input);
    expect(err.status).toBe(400);
    expect(err.errors.map((e) => e.path)).toEqual([path]);
  });
});
