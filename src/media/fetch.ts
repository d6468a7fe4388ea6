// Fetches an image someone linked to, the way the crawler reads a site: only
// through the SSRF-safe fetcher (no private or reserved address, on any
// redirect hop), only what robots.txt lets LaunchboardBot fetch (each hop's
// own origin asked before it is requested), at most IMAGE_LIMITS.maxBytes,
// then checked and re-encoded by process.ts. Every failure is an
// ImageFetchError with a sentence the person can act on, marked transient
// when trying again later may help.
import type { Context } from '../context.js';
import { FetchError, type FetchResult, USER_AGENT_TOKEN } from '../platform/fetcher.js';
import { webLink } from '../platform/links.js';
import { ROBOTS_REQUEST, type Robots, robotsRules, robotsUrl } from '../platform/robots.js';
import { IMAGE_LIMITS, ImageRefused, type ImageVariant, type ProcessedImage, processImage } from './process.js';

export class ImageFetchError extends Error {
  constructor(
    message: string,
    /** A later try may succeed (a timeout, a 5xx, a robots.txt that could not be read). */
    readonly transient: boolean,
  ) {
    super(message);
    this.name = 'ImageFetchError';
  }
}

/** robots.txt per origin, read once per batch of images (null: no rules). */
export type RobotsCache = Map<string, Promise<Robots | null>>;

const TIMEOUT_MS = 15_000;
const ACCEPT = 'image/avif,image/webp,image/png,image/svg+xml,image/*;q=0.8,*/*;q=0.1';

const seconds = (ms: number) => `${ms / 1000} seconds`;

function fetchFailure(err: unknown, what: string): ImageFetchError {
  if (err instanceof ImageFetchError) return err;
  if (!(err instanceof FetchError)) return new ImageFetchError(`${what} could not be fetched.`, true);
  switch (err.reason) {
    case 'invalid_url':
      return new ImageFetchError(`${what} is not a public http(s) link.`, false);
    case 'blocked':
      return new ImageFetchError(`${what} is at a private or reserved address; only public images are fetched.`, false);
    case 'too_large':
      return new ImageFetchError(`${what} is larger than ${IMAGE_LIMITS.maxBytes / 1024 / 1024} MB.`, false);
    case 'too_many_redirects':
      return new ImageFetchError(`${what} redirects too many times.`, false);
    case 'disallowed':
      return new ImageFetchError(
        `${what} redirects to a place robots.txt does not let ${USER_AGENT_TOKEN} fetch.`,
        false,
      );
    case 'refused':
    case 'no_such_host':
    case 'no_connection':
      return new ImageFetchError(`${what} could not be reached: ${err.message}. Check the link.`, false);
    case 'timeout':
      return new ImageFetchError(`${what} did not arrive within ${seconds(TIMEOUT_MS)}; try again later.`, true);
    default:
      return new ImageFetchError(`${what} could not be reached; try again later.`, true);
  }
}

/** RFC 9309 as the crawler reads it (platform/robots.ts): 5xx, 429 or unreachable → nothing for now. */
async function loadRobots(ctx: Context, origin: string): Promise<Robots | null> {
  const url = robotsUrl(origin);
  let result: FetchResult;
  try {
    result = await ctx.fetcher.get(url, { ...ROBOTS_REQUEST, timeoutMs: TIMEOUT_MS });
  } catch (err) {
    throw fetchFailure(err, `The robots.txt of ${new URL(origin).host}`);
  }
  const rules = robotsRules(url, result);
  if (rules === 'unavailable')
    throw new ImageFetchError(
      `The robots.txt of ${new URL(origin).host} could not be read (HTTP ${result.status}); try again later.`,
      true,
    );
  return rules;
}

/**
 * Fetches the image at `url` and makes it a `variant`. `robots` may be shared
 * by several calls (a gallery on one host reads its robots.txt once).
 */
export async function fetchImage(
  ctx: Context,
  url: string,
  variant: ImageVariant,
  robots: RobotsCache = new Map(),
): Promise<ProcessedImage> {
  const what = 'The image';
  const link = webLink(url);
  if (!link) throw new ImageFetchError(`${what} is not a public http(s) link.`, false);
  const allowed = async (hop: string) => {
    const origin = new URL(hop).origin;
    if (!robots.has(origin)) robots.set(origin, loadRobots(ctx, origin));
    return (await robots.get(origin)!)?.isAllowed(hop, USER_AGENT_TOKEN) !== false;
  };
  if (!(await allowed(link)))
    throw new ImageFetchError(
      `The robots.txt of ${new URL(link).host} does not let ${USER_AGENT_TOKEN} fetch ${what.toLowerCase()}.`,
      false,
    );
  let result: FetchResult;
  try {
    result = await ctx.fetcher.get(link, {
      maxBytes: IMAGE_LIMITS.maxBytes,
      timeoutMs: TIMEOUT_MS,
      accept: ACCEPT,
      allowHop: allowed,
    });
  } catch (err) {
    throw fetchFailure(err, what);
  }
  if (result.status >= 400) {
    const transient = result.status >= 500 || result.status === 429 || result.status === 408;
    throw new ImageFetchError(`${what} link answered HTTP ${result.status}.`, transient);
  }
  try {
    return await processImage(result.body, result.contentType, variant);
  } catch (err) {
    if (err instanceof ImageRefused) throw new ImageFetchError(err.message, false);
    throw err;
  }
}
