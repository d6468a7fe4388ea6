// The one way this service fetches a URL someone else chose (crawled sites,
// badge checks, claim verification, OAuth client metadata documents).
// got + request-filtering-agent: private, loopback, link-local and reserved
// addresses are refused at connect time, after DNS resolution, on every
// redirect hop, so neither a numeric IP, a DNS name pointing inward nor a
// redirect reaches the internal network. Redirects are followed here, hop by
// hop, so a caller can vet each hop before it is requested (the crawler asks
// robots.txt of the hop's origin). Node's fetch ignores agents, so it
// is never used for these URLs.
// Tests that serve fixture sites on 127.0.0.1 set
// LAUNCHBOARD_UNSAFE_ALLOW_PRIVATE_FETCH (config.allowPrivateFetch); production never does.
import type { Agent as HttpAgent } from 'node:http';
import type { Agent as HttpsAgent } from 'node:https';
import type { Response } from 'got';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import type { Config } from '../config.js';

export const USER_AGENT_TOKEN = 'LaunchboardBot';

export type FetchFailure =
  | 'invalid_url'
  | 'blocked'
  | 'timeout'
  | 'too_large'
  | 'unreachable'
  | 'refused'
  | 'no_such_host'
  | 'no_connection'
  | 'too_many_redirects'
  | 'disallowed';

export class FetchError extends Error {
  constructor(
    readonly reason: FetchFailure,
    message: string,
  ) {
    super(message);
    this.name = 'FetchError';
  }
}

export interface FetchOptions {
  /** Bytes of body kept at most (default 2 MB); a larger body is a `too_large` failure, unless `truncate`. */
  maxBytes?: number;
  /** Keep the first `maxBytes` of a larger body instead of failing (`truncated` says so). */
  truncate?: boolean;
  /** Whole-request time limit in ms, all hops together (default 10 s). */
  timeoutMs?: number;
  /** Time for DNS and the TCP/TLS connection of each hop (default 5 s): a host that drops packets fails here, as `no_connection`. */
  connectTimeoutMs?: number;
  accept?: string;
  maxRedirects?: number;
  /** Asked before each redirect hop is requested; false stops there with a `disallowed` failure. */
  allowHop?: (url: string) => Promise<boolean>;
}

export interface FetchResult {
  status: number;
  /** The URL after redirects. */
  url: string;
  contentType: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  /** The body was longer than `maxBytes` and cut there (only with `truncate`). */
  truncated?: boolean;
}

/** A request body to send (webhooks): never redirected, as a redirect would resend it elsewhere. */
export interface PostOptions extends Pick<FetchOptions, 'maxBytes' | 'truncate' | 'timeoutMs' | 'connectTimeoutMs'> {
  body: string;
  headers: Record<string, string>;
}

export interface Fetcher {
  userAgent: string;
  get(url: string, opts?: FetchOptions): Promise<FetchResult>;
  /** POSTs `body` once; a redirect is a `disallowed` failure. */
  post(url: string, opts: PostOptions): Promise<FetchResult>;
}

const MB = 1024 * 1024;
const CONNECT_TIMEOUT_MS = 5_000;

export function createFetcher(
  config: Pick<Config, 'publicUrl' | 'version' | 'allowPrivateFetch'>,
  /** Exact addresses let through while every other private one stays blocked (tests of redirect hops). */
  opts: { allowAddresses?: string[] } = {},
): Fetcher {
  const filter = { allowPrivateIPAddress: config.allowPrivateFetch, allowIPAddressList: opts.allowAddresses ?? [] };
  const agent = {
    http: new RequestFilteringHttpAgent(filter) as HttpAgent,
    https: new RequestFilteringHttpsAgent(filter) as HttpsAgent,
  };
  const userAgent = `${USER_AGENT_TOKEN}/${config.version} (+${config.publicUrl}/bot)`;

  async function get(rawUrl: string, opts: FetchOptions = {}): Promise<FetchResult> {
    let url = fetchableUrl(rawUrl);
    const maxRedirects = opts.maxRedirects ?? 5;
    const deadline = Date.now() + (opts.timeoutMs ?? 10_000);
    for (let hops = 0; ; hops++) {
      const hop = await request(url, opts, deadline);
      if (!('location' in hop)) return hop;
      if (hops >= maxRedirects) throw new FetchError('too_many_redirects', 'too many redirects');
      url = fetchableUrl(new URL(hop.location, url).href);
      if (opts.allowHop && !(await opts.allowHop(url.href)))
        throw new FetchError('disallowed', `the redirect to ${url.href.slice(0, 200)} is not allowed`);
    }
  }

  async function post(rawUrl: string, opts: PostOptions): Promise<FetchResult> {
    const url = fetchableUrl(rawUrl);
    const answer = await request(url, opts, Date.now() + (opts.timeoutMs ?? 10_000), opts);
    if ('location' in answer)
      throw new FetchError('disallowed', `it redirected to ${answer.location.slice(0, 200)}; a POST is not redirected`);
    return answer;
  }

  /** One request (a GET, or the POST `send` describes): the answer, or where it redirects to. */
  async function request(
    url: URL,
    opts: FetchOptions,
    deadline: number,
    send?: PostOptions,
  ): Promise<FetchResult | { location: string }> {
    const maxBytes = opts.maxBytes ?? 2 * MB;
    // got (~50 modules) loads at the first fetch, not with the server; a failure to load is thrown as it is.
    const { default: got } = await import('got');
    const stream = got.stream(url, {
      agent,
      ...(send ? { method: 'POST' as const, body: send.body } : {}),
      headers: {
        'user-agent': userAgent,
        accept: opts.accept ?? 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5',
        ...send?.headers,
      },
      timeout: {
        request: Math.max(1, deadline - Date.now()),
        lookup: opts.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
        connect: opts.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
        secureConnect: opts.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
      },
      followRedirect: false,
      throwHttpErrors: false,
      decompress: true,
      retry: { limit: 0 },
    });
    try {
      const response = await new Promise<Response>((resolve, reject) => {
        stream.once('response', resolve);
        stream.once('error', reject);
      });
      const location = response.headers.location;
      if (REDIRECT_STATUSES.has(response.statusCode) && typeof location === 'string' && location !== '')
        return { location };
      const declared = Number(response.headers['content-length']);
      if (!opts.truncate && Number.isFinite(declared) && declared > maxBytes)
        throw new FetchError('too_large', `larger than ${maxBytes} bytes`);
      const chunks: Buffer[] = [];
      let size = 0;
      let truncated = false;
      for await (const chunk of stream) {
        const piece = chunk as Buffer;
        if (size + piece.length > maxBytes) {
          if (!opts.truncate) throw new FetchError('too_large', `larger than ${maxBytes} bytes`);
          chunks.push(piece.subarray(0, maxBytes - size));
          truncated = true;
          break;
        }
        size += piece.length;
        chunks.push(piece);
      }
      return {
        status: response.statusCode,
        url: url.href,
        contentType: String(response.headers['content-type'] ?? ''),
        headers: response.headers,
        body: Buffer.concat(chunks),
        ...(truncated ? { truncated } : {}),
      };
    } catch (err) {
      throw toFetchError(err, url, opts.connectTimeoutMs ?? CONNECT_TIMEOUT_MS);
    } finally {
      stream.destroy();
    }
  }

  return { userAgent, get, post };
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** A URL this fetcher may request: http(s), without credentials. */
function fetchableUrl(rawUrl: string): URL {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new FetchError('invalid_url', `not a URL: ${rawUrl.slice(0, 200)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new FetchError('invalid_url', 'only http and https URLs can be fetched');
  if (url.username || url.password) throw new FetchError('invalid_url', 'URLs with credentials are not fetched');
  return url;
}

/**
 * A got or socket error as a FetchFailure. What is known to be permanent
 * (nothing listening, no such domain, no route to the host, no connection
 * within the connect timeout) is told apart from a slow answer (`timeout`)
 * and from anything else (`unreachable`, cause unknown: a reset, a DNS server
 * failing), so callers
 * can fail at once or retry.
 */
function toFetchError(err: unknown, url: URL, connectTimeoutMs: number): FetchError {
  if (err instanceof FetchError) return err;
  const e = err as { code?: string; name?: string; message?: string; event?: string };
  const message = e.message ?? String(err);
  const where = url.host;
  if (/is not allowed|private IP|meta address/i.test(message))
    return new FetchError('blocked', 'the address is private or reserved; only public websites can be fetched');
  if (e.code === 'ECONNREFUSED')
    return new FetchError('refused', `nothing accepts connections at ${where} (connection refused)`);
  if (e.code === 'ENOTFOUND')
    return new FetchError('no_such_host', `the domain ${url.hostname} does not exist (DNS found no address)`);
  if (e.code === 'EHOSTUNREACH' || e.code === 'ENETUNREACH')
    return new FetchError('no_connection', `there is no route to ${where} (${e.code})`);
  if (e.name === 'TimeoutError' && (e.event === 'lookup' || e.event === 'connect' || e.event === 'secureConnect'))
    return new FetchError(
      'no_connection',
      `${where} did not accept a connection within ${Math.round(connectTimeoutMs / 1000)} seconds`,
    );
  if (e.name === 'TimeoutError' || e.code === 'ETIMEDOUT')
    return new FetchError('timeout', 'the site did not answer in time');
  if (e.name === 'MaxRedirectsError' || e.code === 'ERR_TOO_MANY_REDIRECTS')
    return new FetchError('too_many_redirects', 'too many redirects');
  return new FetchError('unreachable', `the site could not be reached (${e.code ?? 'error'})`);
}
