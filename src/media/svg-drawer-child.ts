// The drawing process (svg-drawer.ts): draws the SVGs its parent sends, one
// message each, and answers with the stored WebP or an error. It ends when
// its parent goes away.
import { encodeImage } from './process.js';
import { sharpModule } from './sharp.js';
import type { DrawAnswer, DrawRequest } from './svg-drawer.js';

export function serveDrawings(): void {
  const answer = (message: DrawAnswer) => process.send?.(message);
  process.on('message', async (request: DrawRequest) => {
    try {
      const svg = Buffer.from(request.svg.buffer, request.svg.byteOffset, request.svg.byteLength);
      const image = await encodeImage(await sharpModule(), svg, request.job);
      answer({ id: request.id, bytes: image.bytes, width: image.width, height: image.height });
    } catch (err) {
      answer({ id: request.id, error: err instanceof Error ? err.message : String(err) });
    }
  });
  process.on('disconnect', () => process.exit(0));
}
