// revoke_api_key as the website runs it: the key stops working at once; a
// key that is not the person's (or already revoked) is a 404.
import { describe, expect, it } from 'vitest';
import { userWithKey } from '../../helpers/users.js';
import { webOperationsBed } from './setup.js';

const bed = webOperationsBed();

describe('revoke_api_key', () => {
  it('stops the key; revoking it again is a 404', async () => {
    const created = (await bed.run('create_api_key', { name: 'old', scopes: ['account:read'], expires: '' })) as {
      id: number;
      key: string;
    };
    expect(await bed.run('revoke_api_key', { key_id: created.id })).toEqual({ revoked: true });
    const me = await fetch(`${bed.served.server.url}/api/v1/me`, {
      headers: { authorization: `Bearer ${created.key}` },
    });
    expect(me.status).toBe(401);
    expect((await bed.refusal('revoke_api_key', { key_id: created.id })).status).toBe(404);
  });

  it('refuses a key of someone else, which keeps working', async () => {
    const other = await userWithKey(bed.served.ctx, ['account:read']);
    expect((await bed.refusal('revoke_api_key', { key_id: other.keyId })).status).toBe(404);
    expect((await fetch(`${bed.served.server.url}/api/v1/me`, { headers: other.auth })).status).toBe(200);
  });
});
