// Serves the HTTP app on 127.0.0.1 with an ephemeral port for a test file.
import type { AddressInfo } from 'node:net';
import type { AnyTool } from '../../tools/define.js';
import { tools as registry } from '../../tools/index.js';
import { createHttpApp } from '../../src/http/app.js';
import type { ShareImageCache } from '../../src/web/share/cache.js';
import type { Context } from '../../src/context.js';
import type { Config } from '../../src/config.js';
import { afterAll, beforeAll } from 'vitest';
import { testContext, type TestContext } from './context.js';

export interface TestServer {
  url: string;
  /** The app's share image cache, for tests that count renders. */
  shareImages: ShareImageCache;
  close(): Promise<void>;
}

export async function startServer(ctx: Context, tools: AnyTool[] = registry): Promise<TestServer> {
  const http = createHttpApp(ctx, tools);
  const server = await new Promise<import('node:http').Server>((resolve) => {
    const s = http.app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    shareImages: http.shareImages,
    close: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await http.close();
    },
  };
}

export interface Served {
  ctx: TestContext;
  server: TestServer;
}

function closeAfterFile(env: Served): void {
  afterAll(async () => {
    await env.server?.close();
    await env.ctx?.close();
  });
}

/**
 * A fresh test context served on 127.0.0.1 for the whole test file (its
 * public URL set to the server's), closed after the file's tests.
 */
export function servedTestContext(overrides: Partial<Config> = {}): Served {
  const env = {} as Served;
  beforeAll(async () => {
    env.ctx = await testContext(overrides);
    env.server = await startServer(env.ctx);
    env.ctx.config.publicUrl = env.server.url;
  });
  closeAfterFile(env);
  return env;
}

/**
 * A fresh test context for the whole test file, given the rows its tests read
 * (`seed`) and then serving `tools` (all of the registry by default) on
 * 127.0.0.1, its public URL left as configured; closed after the file's tests.
 */
export function servedTools(
  opts: { tools?: AnyTool[]; config?: Partial<Config>; seed?: (ctx: TestContext) => Promise<unknown> } = {},
): Served {
  const env = {} as Served;
  beforeAll(async () => {
    env.ctx = await testContext(opts.config);
    await opts.seed?.(env.ctx);
    env.server = await startServer(env.ctx, opts.tools);
  });
  closeAfterFile(env);
  return env;
}
