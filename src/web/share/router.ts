// GET /og/site.png, /og/listings/{slug}.png and /og/weeks/{monday}.png: the
// share cards pages name in og:image, as PNG with an ETag and an
// hour of caching. Drawn once per change of what they show (cache.ts); an
// unknown or hidden listing, or anything but a date for a week, is a 404:
// failures are thrown, and the app's last handler answers them as
// problem+json (http/app.ts), as for the badge images.
import express, { type Request, type Response, type Router } from 'express';
import type { Context } from '../../context.js';
import { notFound } from '../../errors.js';
import { mondayOf, parseDate } from '../../launches/weeks.js';
import { notModified } from '../../platform/fixed-body.js';
import { dataVersion } from '../../platform/versioned-cache.js';
import { slug as slugSchema } from '../../../tools/schemas.js';
import { listingCard, siteCard, weekCard } from './compose.js';
import type { ShareImageCache } from './cache.js';
import type { ShareFonts } from './fonts.js';
import { SITE_IMAGE_PATH, weekImagePath } from './urls.js';

/** Social networks fetch a card when a link is shared, and again now and then: an hour, then revalidated. */
const CACHE_CONTROL = 'public, max-age=3600';

/**
 * Answers with the image at the request's path: the kept one while the data
 * version and the day hold, else composed by `compose` and drawn if changed.
 */
async function sendCard(
  ctx: Context,
  images: ShareImageCache,
  req: Request,
  res: Response,
  compose: (fonts: ShareFonts) => Promise<string>,
): Promise<void> {
  // The version first, then the data: an image is never kept under a version newer than what it shows.
  const version = await dataVersion(ctx, 'pages');
  const day = ctx.clock.now().toISOString().slice(0, 10);
  const image =
    images.get(req.path, version, day) ??
    (await images.image(req.path, version, day, await compose(images.renderer.fonts)));
  res.setHeader('Cache-Control', CACHE_CONTROL);
  res.setHeader('ETag', image.etag);
  if (notModified(req, image.etag)) {
    res.status(304).end();
    return;
  }
  res.status(200).type('image/png');
  res.setHeader('Content-Length', image.png.length);
  res.end(image.png);
}

export function shareImageRouter(ctx: Context, images: ShareImageCache): Router {
  const router = express.Router();
  router.get(SITE_IMAGE_PATH, (req, res) => sendCard(ctx, images, req, res, (fonts) => siteCard(ctx, fonts)));
  router.get('/og/listings/:slug.png', (req, res) => {
    const slug = String(req.params.slug);
    if (!slugSchema.safeParse(slug).success) throw notFound(`No listing "${slug}".`);
    return sendCard(ctx, images, req, res, (fonts) => listingCard(ctx, fonts, slug));
  });
  router.get('/og/weeks/:week.png', (req, res) => {
    const date = parseDate(String(req.params.week));
    if (!date) throw notFound('A week is named by its Monday as YYYY-MM-DD, e.g. /og/weeks/2026-11-16.png.');
    // A day inside the week has one image: its Monday's.
    const monday = mondayOf(date);
    if (monday !== req.params.week) {
      res.setHeader('Cache-Control', CACHE_CONTROL);
      return res.redirect(301, weekImagePath(monday));
    }
    return sendCard(ctx, images, req, res, (fonts) => weekCard(ctx, fonts, monday));
  });
  return router;
}
