// Prometheus metrics at /metrics: off (404) without METRICS_TOKEN; with it,
// 401 without the token, and the exposition text with it: requests by route,
// MCP tool calls by tool, jobs, drafts, mail and the page cache.
import { describe, expect, it } from 'vitest';
import { enqueue } from '../../src/platform/jobs.js';
import { postMcp, toolCallRequest } from '../mcp/clients.js';
import { servedTools } from '../helpers/server.js';

const TOKEN = 'a-metrics-token-of-32-characters';
const on = servedTools({ config: { metricsToken: TOKEN } });
const off = servedTools();

const metricsOf = (base: string, headers: Record<string, string> = {}) => fetch(`${base}/metrics`, { headers });

describe('/metrics', () => {
  it('is off without METRICS_TOKEN', async () => {
    const res = await metricsOf(off.server.url, { authorization: `Bearer ${TOKEN}` });
    expect(res.status).toBe(404);
    expect(await res.text()).toMatch(/set METRICS_TOKEN/);
  });

  it('answers 401 without the token or with another', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong' }, { authorization: `Bearer ${TOKEN}x` }] as Record<
      string,
      string
    >[]) {
      const res = await metricsOf(on.server.url, headers);
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
    }
  });

  it('counts requests by route pattern and MCP calls by tool, and reads jobs, drafts, mail and pages', async () => {
    await fetch(`${on.server.url}/api/v1/listings/no-such-listing`);
    await fetch(`${on.server.url}/api/v1/site`);
    await postMcp(`${on.server.url}/mcp`, toolCallRequest('get_site_info'));
    await postMcp(`${on.server.url}/mcp`, toolCallRequest('no_such_tool'));
    await enqueue(on.ctx, 'metrics_probe', {});
    const res = await metricsOf(on.server.url, { authorization: `Bearer ${TOKEN}` });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(text).toMatch(
      /launchboard_http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/listings\/:slug",status="404"\} 1/,
    );
    expect(text).toMatch(
      /launchboard_http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/site",status="200"\} 1/,
    );
    expect(text).toMatch(/launchboard_mcp_tool_call_duration_seconds_count\{tool="get_site_info"\} 1/);
    expect(text).toMatch(/launchboard_mcp_tool_call_duration_seconds_count\{tool="unknown"\} 1/);
    expect(text).toMatch(/launchboard_jobs_queued\{kind="metrics_probe"\} 1/);
    expect(text).toMatch(/^launchboard_jobs_oldest_due_seconds \d/m);
    expect(text).toMatch(/^launchboard_page_cache_pages \d+/m);
    expect(text).toMatch(/^launchboard_mail_outbox\{status="queued"\} \d+/m);
    expect(text).toMatch(/^launchboard_process_resident_memory_bytes \d+/m);
    expect(text).not.toContain('no_such_tool');
    await on.ctx.db.deleteFrom('jobs').where('kind', '=', 'metrics_probe').execute();
  });
});
