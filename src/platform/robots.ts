// robots.txt as every fetch of ours reads it (RFC 9309): the crawler's pages
// and the product images. Each caller fetches it through the SSRF-safe
// fetcher with ROBOTS_REQUEST and its own timeout, then hands the answer here;
// what an unavailable robots.txt means (retry later) is the caller's error to raise.
import robotsParserModule from 'robots-parser';
import type { FetchOptions, FetchResult } from './fetcher.js';

export type Robots = {
  isAllowed(url: string, ua?: string): boolean | undefined;
  getCrawlDelay(ua?: string): number | undefined;
};
// robots-parser is CommonJS (module.exports = function); its typings declare an ES default.
const robotsParser = robotsParserModule as unknown as (url: string, contents: string) => Robots;

/** The robots.txt of an origin. */
export const robotsUrl = (origin: string) => `${origin}/robots.txt`;

/**
 * How to ask for it: a robots.txt longer than 512 KiB (the RFC asks for at
 * least 500 KiB) is read up to its last whole line within them, never taken
 * as "no rules".
 */
export const ROBOTS_REQUEST: FetchOptions = {
  maxBytes: 512 * 1024,
  truncate: true,
  accept: 'text/plain,*/*;q=0.5',
};

/**
 * The rules an answer gives: 4xx → none (null: everything allowed);
 * 5xx or 429 → 'unavailable' (nothing may be fetched for now); else the parsed file.
 */
export function robotsRules(url: string, result: FetchResult): Robots | null | 'unavailable' {
  if (result.status >= 500 || result.status === 429) return 'unavailable';
  if (result.status >= 400) return null;
  let text = result.body.toString('utf8');
  if (result.truncated) text = text.slice(0, text.lastIndexOf('\n') + 1);
  return robotsParser(url, text);
}
