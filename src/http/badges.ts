// The badge images makers embed on their sites: GET /badges/{slug}/{kind}.svg
// draws one badge the listing has earned (see src/launches/badges.ts) in the
// chosen shape, colour mode and size (the drawing: src/launches/badge-svg.ts,
// every piece of text XML-escaped); the response forbids sniffing and, opened
// directly, running anything.
import express, { type Router } from 'express';
import { z } from 'zod';
import type { Context } from '../context.js';
import { AppError, notFound } from '../errors.js';
import { fieldErrors } from '../registry/invoke.js';
import { badgeMode, badgeShape, badgeSize, BADGE_KINDS, earnedBadges, isBadgeKind } from '../launches/badges.js';
import { renderBadgeSvg } from '../launches/badge-svg.js';
import { slug as slugSchema } from '../../tools/schemas.js';
import { sendProblem } from './problem.js';

// Not strict: embeds in the wild append cache-busters; unknown keys are ignored.
const badgeQuery = z.object({
  shape: badgeShape.default('standard'),
  mode: badgeMode.default('auto'),
  size: badgeSize.default('m'),
  week: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
    .optional(),
});

export function badgeRouter(ctx: Context): Router {
  const router = express.Router();
  router.get('/badges/:slug/:kind.svg', async (req, res) => {
    try {
      const parsed = badgeQuery.safeParse(req.query);
      if (!parsed.success) {
        const errors = fieldErrors(parsed.error);
        throw new AppError('invalid', `Invalid badge options: check ${errors.map((e) => e.path).join(', ')}.`, {
          errors,
        });
      }
      const { slug, kind } = req.params;
      if (!slugSchema.safeParse(slug).success || !isBadgeKind(kind))
        throw notFound(`No such badge. Badge kinds: ${BADGE_KINDS.join(', ')}.`);
      const subject = await earnedBadges(ctx, slug);
      // `week` picks one award; without it, the newest. Other kinds ignore it.
      const { week } = parsed.data;
      const badge = subject.badges.find(
        (b) => b.kind === kind && (kind !== 'launch-of-the-week' || week === undefined || b.week === week),
      );
      if (!badge)
        throw notFound(
          `The listing "${slug}" may not show the ${kind} badge${kind === 'launch-of-the-week' && week ? ` for the week of ${week}` : ''}.`,
        );
      const svg = renderBadgeSvg({
        badge,
        listingName: subject.listing.name,
        siteName: subject.siteName,
        style: parsed.data,
      });
      res.setHeader('Content-Type', 'image/svg+xml; charset=utf-8');
      res.setHeader('Cache-Control', 'public, max-age=300');
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
      res.status(200).send(svg);
    } catch (err) {
      sendProblem(ctx, res, err);
    }
  });
  return router;
}
