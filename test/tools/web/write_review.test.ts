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

describe('write_review', () => {
  it('write_review keeps the review, and refuses a bad rating naming the field', async () => {
    const err = await refusal(
      'write_review',
      { listing_id: listingId, rating: '9', body: 'x' },
      webCaller(person.userId),
    );
    expect(err.status).toBe(400);
    const body = 'Solid product.';
    await invokeTool(
      served.ctx,
      operation('write_review'),
      { listing_id: listingId, rating: '4', body },
      webCaller(person.userId),
    );
    const review = await served.ctx.db
      .selectFrom('reviews')
      .select(['rating', 'body'])
      .where('listing_id', '=', listingId)
      .executeTakeFirstOrThrow();
    expect(review).toEqual({ rating: 4, body });
  });
});
