// One load measurement: a short discarded warm-up, then a bounded autocannon
// run over a list of requests that each connection starts at its own offset
// (so 50 connections do not all hit the same key at the same moment).
import autocannon from 'autocannon';
import { cpuMs } from './children.js';

export interface LoadSettings {
  connections: number;
  /** Seconds of the measured run. */
  duration: number;
  /** Seconds of the discarded warm-up run (0 for none). */
  warmup: number;
}

export interface LoadResult {
  name: string;
  /** 2xx responses per second over the measured run: errors do not count as throughput. */
  rps: number;
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  /** Connection errors, timeouts included. */
  errors: number;
  /**
   * The server's CPU time per request of the measured run, in microseconds
   * (when its pid was given and /proc exists): steadier than req/s on a
   * machine whose other work varies, since waiting for a core costs no CPU.
   */
  cpuUsPerRequest?: number;
}

function run(
  url: string,
  requests: autocannon.Request[],
  connections: number,
  duration: number,
): Promise<autocannon.Result> {
  let nextClient = 0;
  return autocannon({
    url,
    connections,
    duration,
    requests,
    setupClient: (client) => {
      // Rotate the list so client k starts at request k * (n / connections).
      const offset = Math.floor((nextClient++ * requests.length) / connections) % requests.length;
      client.setRequests([...requests.slice(offset), ...requests.slice(0, offset)]);
    },
  });
}

/** `serverPid`: the process answering, whose CPU time the run measures. */
export async function measureLoad(
  name: string,
  baseUrl: string,
  requests: autocannon.Request[],
  settings: LoadSettings,
  serverPid?: number,
): Promise<LoadResult> {
  if (settings.warmup > 0) await run(baseUrl, requests, settings.connections, settings.warmup);
  const cpuBefore = serverPid === undefined ? undefined : cpuMs(serverPid);
  const r = await run(baseUrl, requests, settings.connections, settings.duration);
  const cpuAfter = serverPid === undefined ? undefined : cpuMs(serverPid);
  const cpuUsPerRequest =
    cpuBefore !== undefined && cpuAfter !== undefined && r.requests.total > 0
      ? ((cpuAfter - cpuBefore) * 1000) / r.requests.total
      : undefined;
  return {
    name,
    rps: r['2xx'] / r.duration,
    p50: r.latency.p50,
    p99: r.latency.p99,
    total: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    ...(cpuUsPerRequest !== undefined && { cpuUsPerRequest }),
  };
}
