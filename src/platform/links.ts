// Links anyone gives us (makers, drafts, crawled sites) are stored and shown
// only as absolute http(s) URLs: never javascript:, data: or another scheme,
// which a page would otherwise put in an href or img src.

/** The link as an absolute http(s) URL (normalised), or null when it is not one. */
export function webLink(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

export const isWebLink = (value: string): boolean => webLink(value) !== null;
