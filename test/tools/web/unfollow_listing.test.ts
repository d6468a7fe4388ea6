import { beforeAll, describe, expect, it } from 'vitest';
import { type Caller, webCaller } from '../../../src/auth/caller.js';
import { AppError } from '../../../src/errors.js';
import { invokeTool } from '../../../src/registry/invoke.js';
import { webOperations } from '../../../tools/web/index.js';
import { given } from '../../helpers/given.js';
import { servedTestContext } from '../../helpers/server.js';
import { confirmEmail, userWithKey } from '../../helpers/users.js';

const served = servedTestContext();
const _NAMES = webOperations.map((op) => op.name);
const operation = (name: string) => webOperations.find((op) => op.name === name)!;

let listingId: number;
let person: Awaited<ReturnType<typeof userWithKey>>;
beforeAll(async () => {
  listingId = await given(served.ctx).listing({ slug: 'acme', status: 'live' });
  person = await userWithKey(served.ctx, ['account:read', 'listings:write', 'orders:write']);
  await confirmEmail(served.ctx, person.userId);
});

async function _refusal(name: string, input: Record<string, unknown>, caller: Caller): Promise<AppError> {
  try {
    await invokeTool(served.ctx, operation(name), input, caller);
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error(`${name} was not refused`);
}

describe('unfollow_listing', () => {
  it('undoes follow_listing for the person on the site', async () => {
    const follows = () =>
      served.ctx.db.selectFrom('follows').select('user_id').where('listing_id', '=', listingId).execute();
    await invokeTool(served.ctx, operation('follow_listing'), { listing_id: listingId }, webCaller(person.userId));
    expect(await follows()).toEqual([{ user_id: person.userId }]);
    await invokeTool(served.ctx, operation('unfollow_listing'), { listing_id: listingId }, webCaller(person.userId));
    expect(await follows()).toEqual([]);
  });
});
