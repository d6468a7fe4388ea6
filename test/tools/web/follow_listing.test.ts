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

async function refusal(name: string, input: Record<string, unknown>, caller: Caller): Promise<AppError> {
  try {
    await invokeTool(served.ctx, operation(name), input, caller);
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error(`${name} was not refused`);
}

describe('follow_listing', () => {
  it('writes the follow for the person on the site; following again changes nothing', async () => {
    const follows = () =>
      served.ctx.db.selectFrom('follows').select('user_id').where('listing_id', '=', listingId).execute();
    for (let i = 0; i < 2; i++) {
      const answer = await invokeTool(
        served.ctx,
        operation('follow_listing'),
        { listing_id: listingId },
        webCaller(person.userId),
      );
      expect(answer.body).toEqual({ following: true });
      expect(await follows()).toEqual([{ user_id: person.userId }]);
    }
  });

  it('refuses a listing that does not exist', async () => {
    expect((await refusal('follow_listing', { listing_id: 999_999 }, webCaller(person.userId))).status).toBe(404);
  });
});
