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

/** Connects a client of `kind` to the MCP endpoint at `url`, lends it to `use`, and closes it after, whatever happens. */
export async function withMcpClient<T>(
  kind: ClientKind,
  url: string,
  use: (client: AnyMcpClient) => Promise<T>,
  headers: Record<string, string> = {},
): Promise<T> {
  const client = await connectHttp(kind, url, headers);
  try {
    return await use(client);
  } finally {
    await client.close();
  }
}

/**
 * POSTs one raw JSON-RPC message (an object, or text sent as it is) to an MCP
 * endpoint over Streamable HTTP: for what the SDK clients would not send.
 */
export function postMcp(url: string, message: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: typeof message === 'string' ? message : JSON.stringify(message),
  });
}

/** The JSON-RPC request calling tool `name` with no arguments. */
export const toolCallRequest = (name: string, id = 1) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: {} },
});

/** The JSON-RPC ping request. */
export const pingRequest = { jsonrpc: '2.0', id: 1, method: 'ping' };
