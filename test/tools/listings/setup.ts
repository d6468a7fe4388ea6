// Shared setup of the my-listings tool tests: a fresh context served with the
// tools under test, a maker and another maker (each with an API key), listing
// builders owned by either, and a REST caller signed in as the maker unless
// told otherwise.
import { createApiKey } from '../../../src/auth/api-keys.js';
import type { Scope } from '../../../src/auth/caller.js';
import type { AnyTool } from '../../../tools/define.js';
import { testContext, type TestContext } from '../../helpers/context.js';
import { given } from '../../helpers/given.js';
import { startServer, type TestServer } from '../../helpers/server.js';
import { userWithKey } from '../../helpers/users.js';

export type Maker = Awaited<ReturnType<typeof userWithKey>>;
type Signer = { auth: Record<string, string> };
type ListingArgs = NonNullable<Parameters<ReturnType<typeof given>['listing']>[0]>;

export interface ListingsTestBed {
  ctx: TestContext;
  server: TestServer;
  maker: Maker;
  other: Maker;
  /** A listing owned by `owner`; the other given.listing arguments as usual. */
  listingOf(owner: Maker, args?: ListingArgs): Promise<number>;
  /** A second API key of an existing user with only these scopes (to show a scope refusal on the user's own listing). */
  keyOf(user: Maker, scopes: Scope[]): Promise<Signer>;
  /** A REST call under /api/v1 as `as` (the maker by default), with a JSON body when one is given. */
  call(method: string, path: string, body?: unknown, as?: Signer): Promise<Response>;
  close(): Promise<void>;
}

export async function listingsTestBed(tools: AnyTool[]): Promise<ListingsTestBed> {
  const ctx = await testContext();
  const maker = await userWithKey(ctx, ['account:read', 'listings:write']);
  const other = await userWithKey(ctx, ['account:read', 'listings:write']);
  const server = await startServer(ctx, tools);
  const g = given(ctx);
  return {
    ctx,
    server,
    maker,
    other,
    listingOf: (owner, args = {}) => g.listing({ ...args, fields: { owner_id: owner.userId, ...args.fields } }),
    async keyOf(user, scopes) {
      const { key } = await createApiKey(ctx.db, {
        userId: user.userId,
        name: 'limited',
        scopes,
        now: ctx.clock.now(),
      });
      return { auth: { authorization: `Bearer ${key}` } };
    },
    call: (method, path, body, as = maker) =>
      fetch(`${server.url}/api/v1${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...as.auth },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    async close() {
      await server.close();
      await ctx.close();
    },
  };
}
