// Times MCP tools/call requests for the metrics (http/metrics.ts): around the
// handler, each tool a request calls is reported with the request's time.
import { type FetchMcpHandler, toolCallParams } from './gate.js';

export function timeToolCalls(
  handler: FetchMcpHandler,
  observe: (tool: string, seconds: number) => void,
): FetchMcpHandler {
  return {
    async fetch(request, options) {
      const tools = toolCallParams(options?.parsedBody).flatMap(({ name }) => (typeof name === 'string' ? [name] : []));
      if (tools.length === 0) return handler.fetch(request, options);
      const started = process.hrtime.bigint();
      try {
        return await handler.fetch(request, options);
      } finally {
        const seconds = Number(process.hrtime.bigint() - started) / 1e9;
        for (const tool of tools) observe(tool, seconds);
      }
    },
  };
}
