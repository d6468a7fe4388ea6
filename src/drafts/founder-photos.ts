// A founder's photo from the site itself: a picture whose alt text names
// that founder and no other (a group photo is nobody's portrait), on a page
// the crawl read, outside other people's words. It is fetched as any linked
// image is (media/fetch.ts: SSRF-safe, robots.txt on every hop), stored here
// as a square and proposed with the founder; one that cannot be fetched is
// left out, never guessed.
import type { Context } from '../context.js';
import { fetchImage, ImageFetchError, type RobotsCache } from '../media/fetch.js';
import { storeImage } from '../media/images.js';
import type { EvidencePage } from './drafter/fields.js';
import { wholeWord } from './drafter/site.js';

/** Alt text of a brand mark or an illustration, not of a person. */
const NOT_A_PORTRAIT = /\b(?:logo|icon|screenshot|illustration|diagram|banner)\b/i;

/** The address of the picture whose alt text names `name` and none of `others`, if the pages have one. */
export function photoOf(pages: EvidencePage[], name: string, others: string[]): string | null {
  const own = wholeWord(name);
  const rivals = others.filter((o) => o !== name).map(wholeWord);
  for (const page of pages)
    for (const image of page.facts.images ?? [])
      if (own.test(image.alt) && !NOT_A_PORTRAIT.test(image.alt) && !rivals.some((r) => r.test(image.alt)))
        return image.src;
  return null;
}

/** Each founder's photo the pages show, stored here: founder name → its address on this site. */
export async function founderPhotos(
  ctx: Context,
  pages: EvidencePage[],
  founders: { name: string }[],
): Promise<Map<string, string>> {
  const all = founders.map((f) => f.name);
  const robots: RobotsCache = new Map();
  const photos = new Map<string, string>();
  for (const { name } of founders) {
    const src = photoOf(pages, name, all);
    if (!src) continue;
    try {
      photos.set(name, (await storeImage(ctx, await fetchImage(ctx, src, 'logo', robots))).url);
    } catch (err) {
      if (!(err instanceof ImageFetchError)) throw err;
      ctx.logger.debug({ src, reason: err.message }, "a founder's photo could not be copied; it is left out");
    }
  }
  return photos;
}
