// Shared setup of the webhook tool tests: a context that may deliver to
// 127.0.0.1 (the receiver below), the webhook tools served over REST, a maker
// and another maker with API keys, and a receiver that records every request
// and answers with the status it is told to.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AnyTool } from '../../../tools/define.js';
import { testContext, type TestContext } from '../../helpers/context.js';
import { startServer, type TestServer } from '../../helpers/server.js';
import { userWithKey } from '../../helpers/users.js';

export type Maker = Awaited<ReturnType<typeof userWithKey>>;

export interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** The status the next requests get (default 204). */
  answer(status: number): void;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  let status = 204;
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body });
      res.statusCode = status;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answer: (next) => {
      status = next;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export interface WebhooksTestBed {
  ctx: TestContext;
  server: TestServer;
  receiver: Receiver;
  maker: Maker;
  other: Maker;
  call(method: string, path: string, body?: unknown, as?: Maker): Promise<Response>;
  /** Registers a webhook of `as` (the maker) for `events` at the receiver's `path`; returns its id and secret. */
  register(events: string[], path?: string, as?: Maker): Promise<{ id: number; secret: string }>;
  close(): Promise<void>;
}

export async function webhooksTestBed(tools: AnyTool[]): Promise<WebhooksTestBed> {
  const ctx = await testContext({ allowPrivateFetch: true });
  const maker = await userWithKey(ctx, ['account:read', 'listings:write']);
  const other = await userWithKey(ctx, ['account:read', 'listings:write']);
  const server = await startServer(ctx, tools);
  const receiver = await startReceiver();
  const call = (method: string, path: string, body?: unknown, as: Maker = maker) =>
    fetch(`${server.url}/api/v1${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...as.auth },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  return {
    ctx,
    server,
    receiver,
    maker,
    other,
    call,
    async register(events, path = '/hook', as = maker) {
      const res = await call('POST', '/me/webhooks', { url: `${receiver.url}${path}`, events }, as);
      if (res.status !== 201) throw new Error(`create_webhook answered ${res.status}: ${await res.text()}`);
      const body = (await res.json()) as { id: number; secret: string };
      return { id: body.id, secret: body.secret };
    },
    async close() {
      await receiver.close();
      await server.close();
      await ctx.close();
    },
  };
}
