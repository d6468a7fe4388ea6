// The test that a tool answers the same over both faces: MCP's structured
// content is what REST returns, and what REST refuses is a tool error on MCP.
import { expect, it } from 'vitest';
import { type ClientKind, withMcpClient } from '../mcp/clients.js';
import type { Served } from './server.js';

/** Adds the test to the current describe block, calling `call.tool` through a client of `kind`. */
export function itAnswersOverMcpLikeRest(
  served: Served,
  kind: ClientKind,
  call: { tool: string; args: Record<string, unknown>; restPath: string; refused: Record<string, unknown> },
): void {
  it('answers over MCP with the same body as REST', async () => {
    const baseUrl = served.server.url;
    await withMcpClient(kind, `${baseUrl}/mcp`, async (client) => {
      const result = await client.callTool(call.tool, call.args);
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toEqual(await (await fetch(`${baseUrl}/api/v1${call.restPath}`)).json());
      expect((await client.callTool(call.tool, call.refused)).isError).toBe(true);
    });
  });
}
