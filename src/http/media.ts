// GET /media/<hash>.<ext>: a stored image (src/media/), from our origin. The name is the
// SHA-256 of the bytes, so the answer never changes: browsers and proxies keep
// it for a year. Its type is the one we encoded (never sniffed), and opened
// directly it can run nothing. Other sites may embed it (API clients show
// logos), see src/http/hardening.ts.
import express, { type Router } from 'express';
import type { Context } from '../context.js';
import { notFound } from '../errors.js';
import { imageFile, imagePath, parseImageFile } from '../media/images.js';
import { sendProblem } from './problem.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

export function mediaRouter(ctx: Context): Router {
  const router = express.Router();
  router.get('/media/:file', async (req, res) => {
    try {
      const name = parseImageFile(req.params.file);
      const image = name ? await imageFile(ctx.db, name.hash) : undefined;
      // The extension must be the stored type's: one image has one URL.
      if (!image || imagePath(image) !== `/media/${req.params.file}`) throw notFound('No such image.');
      res.setHeader('Content-Type', image.content_type);
      res.setHeader('Content-Length', String(image.bytes.length));
      res.setHeader('Cache-Control', IMMUTABLE);
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
      res.status(200).end(req.method === 'HEAD' ? undefined : Buffer.from(image.bytes));
    } catch (err) {
      sendProblem(ctx, res, err);
    }
  });
  return router;
}
