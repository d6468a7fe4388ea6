// MCP over stdio for desktop assistants: one connection, one caller (the API
// key in LAUNCHBOARD_API_KEY, else anonymous), both protocol eras.
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { tools } from '../../tools/index.js';
import { anonymous } from '../auth/caller.js';
import { resolveCaller } from '../auth/resolve.js';
import type { Context } from '../context.js';
import type { DraftReviewApp } from './draft-app.js';
import { mcpServerFactory } from './server.js';
import { LineTransport } from './stdio-transport.js';

/** `draftReview`: the draft review App's view (the web face's, handed in by the CLI). */
export async function runStdio(ctx: Context, draftReview?: DraftReviewApp): Promise<{ close(): Promise<void> }> {
  const caller = ctx.config.stdioApiKey
    ? await resolveCaller(ctx, `Bearer ${ctx.config.stdioApiKey}`, 'stdio')
    : anonymous('stdio');
  const handle = serveStdio(mcpServerFactory(ctx, tools, caller, draftReview), {
    transport: new LineTransport(),
    onerror: (err) => ctx.logger.warn({ err: err.message }, 'stdio transport error'),
  });
  return handle;
}
