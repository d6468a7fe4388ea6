// SVGs are drawn in a child process with a hard deadline (N2): a
// drawing past it is refused and its process killed, the next drawing gets a
// new one, and meanwhile the server's own thread pool (password hashing) is
// free.
import { afterAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/accounts/users.js';
import { ImageRefused } from '../../src/media/process.js';
import { drawSvg, stopSvgDrawer } from '../../src/media/svg-drawer.js';

afterAll(() => stopSvgDrawer());

/** 1,600 px square, one dilation by 20: about ten seconds of drawing. */
const costly = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1600"><filter id="f"><feMorphology operator="dilate" radius="20"/></filter><rect width="1600" height="1600" fill="#369" filter="url(#f)"/></svg>',
);
const plain = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20" fill="#c33"/></svg>',
);
const job = { variant: 'screenshot' as const, side: 256, density: 72 };

describe('drawing an SVG', () => {
  it('draws a plain SVG in the drawing process', async () => {
    const image = await drawSvg(plain, job);
    expect(image).toMatchObject({ contentType: 'image/webp', width: 40, height: 20 });
    expect(image.bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
  });

  it('refuses a drawing past its deadline, kills it, and leaves the thread pool to everything else', async () => {
    const order: string[] = [];
    const drawing = drawSvg(costly, job, 500).then(
      () => order.push('drawn'),
      (err: unknown) => {
        order.push('refused');
        return err;
      },
    );
    await hashPassword('a password hashed meanwhile').then(() => order.push('hashed'));
    const refusal = await drawing;
    expect(order).toEqual(['hashed', 'refused']);
    expect(refusal).toBeInstanceOf(ImageRefused);
    expect((refusal as Error).message).toBe(
      'The SVG takes longer than 0.5 s to draw; give a PNG or WebP, or a simpler drawing.',
    );
    // The next drawing starts a new process.
    expect((await drawSvg(plain, job)).width).toBe(40);
  });
});
