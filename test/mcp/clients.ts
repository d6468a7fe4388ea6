// MCP clients of every era the server serves, for tests: the v2 client pinned
// to 2026-07-28, the v2 client in its default 2025-11-25 mode (or a chosen
// older revision), and the v1 SDK client.
import { Client as V2Client, StreamableHTTPClientTransport as V2HttpTransport } from '@modelcontextprotocol/client';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as V1HttpTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

export interface AnyMcpClient {
  protocolVersion(): string | undefined;
  listTools(): Promise<{
    tools: { name: string; inputSchema: unknown; outputSchema?: unknown; annotations?: Record<string, unknown> }[];
  }>;
  callTool(
    name: string,
    args?: Record<string, unknown>,
  ): Promise<{ isError?: boolean; structuredContent?: unknown; content?: unknown }>;
  listResources(): Promise<{ resources: { uri: string; name: string }[] }>;
  readResource(uri: string): Promise<{ contents: { uri: string; text?: string }[] }>;
  close(): Promise<void>;
}

export type ClientKind = 'v2-2026-07-28' | 'v2-2025-11-25' | 'v2-2025-06-18' | 'v2-2025-03-26' | 'v1';

export async function connectHttp(
  kind: ClientKind,
  url: string,
  headers: Record<string, string> = {},
): Promise<AnyMcpClient> {
  const info = { name: `test-${kind}`, version: '1.0.0' };
  if (kind === 'v1') {
    const client = new V1Client(info);
    await client.connect(new V1HttpTransport(new URL(url), { requestInit: { headers } }));
    return {
      protocolVersion: () => (client.transport as V1HttpTransport | undefined)?.protocolVersion,
      listTools: () => client.listTools() as ReturnType<AnyMcpClient['listTools']>,
      callTool: (name, args) => client.callTool({ name, arguments: args }) as ReturnType<AnyMcpClient['callTool']>,
      listResources: () => client.listResources() as ReturnType<AnyMcpClient['listResources']>,
      readResource: (uri) => client.readResource({ uri }) as ReturnType<AnyMcpClient['readResource']>,
      close: () => client.close(),
    };
  }
  const version = kind.slice(3);
  const client = new V2Client(info, {
    ...(version === '2026-07-28' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {}),
    ...(version === '2025-06-18' || version === '2025-03-26' ? { supportedProtocolVersions: [version] } : {}),
  });
  await client.connect(new V2HttpTransport(new URL(url), { requestInit: { headers } }));
  return {
    protocolVersion: () => client.getNegotiatedProtocolVersion(),
    listTools: () => client.listTools() as ReturnType<AnyMcpClient['listTools']>,
    callTool: (name, args) => client.callTool({ name, arguments: args }) as ReturnType<AnyMcpClient['callTool']>,
    listResources: () => client.listResources() as ReturnType<AnyMcpClient['listResources']>,
    readResource: (uri) => client.readResource({ uri }) as ReturnType<AnyMcpClient['readResource']>,
    close: () => client.close(),
  };
}
