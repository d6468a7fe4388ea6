// A test server whose PUBLIC_URL is its real address: issuer, resource URLs
// and audiences must name the port the server actually listens on, which is
// only known after startServer, so the config is pointed at it afterwards
// (every OAuth value is derived from config.publicUrl at request time).
import type { Config } from '../../src/config.js';
import { testContext, type TestContext } from '../helpers/context.js';
import { startServer, type TestServer } from '../helpers/server.js';

export async function oauthServer(
  overrides: Partial<Config> = {},
): Promise<{ ctx: TestContext; server: TestServer; close(): Promise<void> }> {
  const ctx = await testContext(overrides);
  const server = await startServer(ctx);
  ctx.config.publicUrl = server.url;
  return {
    ctx,
    server,
    close: async () => {
      await server.close();
      await ctx.close();
    },
  };
}

export const mcpUrl = (server: TestServer) => `${server.url}/mcp`;
export const apiUrl = (server: TestServer) => `${server.url}/api/v1`;
