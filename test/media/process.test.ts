// Checking and re-encoding images: every accepted format becomes a WebP of
// the variant's size; other types, damaged files, pixel bombs and active or
// outward-pointing SVGs are refused with a sentence, never decoded blindly.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { IMAGE_LIMITS, ImageRefused, processImage, sniffFormat } from '../../src/media/process.js';
import { svgProblem } from '../../src/media/svg.js';
import { icoOf, picture, svg } from '../fixtures/images/serve.js';

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => 'accepted',
    (err) => (err instanceof ImageRefused ? err.message : `other: ${err}`),
  );

describe('processing an image', () => {
  it.each(['png', 'jpeg', 'webp', 'gif', 'avif'] as const)('turns a %s logo into a square WebP', async (format) => {
    const out = await processImage(await picture(format, 600, 300), `image/${format}`, 'logo');
    expect(out).toMatchObject({ contentType: 'image/webp', width: 256, height: 256 });
    expect(sniffFormat(out.bytes)).toBe('webp');
    expect(await sharp(out.bytes).metadata()).toMatchObject({ format: 'webp', width: 256, height: 256 });
  });

  it('keeps a small logo at its size (scaled up it would only blur), padded to a square', async () => {
    const out = await processImage(await picture('png', 40, 20), 'image/png', 'logo');
    expect(out).toMatchObject({ width: 40, height: 40 });
  });

  it('scales a screenshot into 1600 pixels wide, never up, keeping its shape', async () => {
    const wide = await processImage(await picture('jpeg', 3200, 1800), 'image/jpeg', 'screenshot');
    expect(wide).toMatchObject({ width: 1600, height: 900, contentType: 'image/webp' });
    const small = await processImage(await picture('png', 800, 500), 'image/png', 'screenshot');
    expect(small).toMatchObject({ width: 800, height: 500 });
  });

  it('reads the type from the bytes: a mislabelled or untyped image is read as what it is', async () => {
    const png = await picture('png', 50, 50);
    expect((await processImage(png, 'image/jpeg', 'logo')).width).toBe(50);
    expect((await processImage(png, '', 'logo')).width).toBe(50);
    expect((await processImage(png, 'application/octet-stream', 'logo')).width).toBe(50);
  });

  it('reads the largest PNG inside an ICO, and refuses one with only BMP images', async () => {
    const small = await picture('png', 16, 16);
    const large = await picture('png', 48, 48);
    const ico = icoOf([
      { side: 16, data: small },
      { side: 48, data: large },
    ]);
    expect(await processImage(ico, 'image/x-icon', 'logo')).toMatchObject({ width: 48, height: 48 });
    const bmpOnly = icoOf([{ side: 16, data: Buffer.alloc(100, 1) }]);
    expect(await refusal(processImage(bmpOnly, 'image/x-icon', 'logo'))).toMatch(/no PNG image/);
  });

  it('draws a plain SVG logo at the full logo size, whatever size it declares', async () => {
    const out = await processImage(Buffer.from(svg()), 'image/svg+xml', 'logo');
    expect(out).toMatchObject({ width: IMAGE_LIMITS.logoSide, height: IMAGE_LIMITS.logoSide });
  });

  it.each([
    ['a web page', 'text/html', Buffer.from('<!doctype html><p>hi</p>'), /gives a web page, not an image/],
    ['another image type', 'image/tiff', Buffer.from('II*\0'), /gives image\/tiff, not an image/],
    [
      'text said to be an image',
      'image/png',
      Buffer.from('hello'),
      /not a PNG, JPEG, WebP, GIF, AVIF, ICO or SVG image/,
    ],
  ])('refuses %s', async (_what, type, body, message) => {
    expect(await refusal(processImage(body, type, 'logo'))).toMatch(message);
  });

  it('refuses a damaged image', async () => {
    const png = await picture('png', 300, 300);
    expect(await refusal(processImage(png.subarray(0, 120), 'image/png', 'screenshot'))).toMatch(/could not be read/);
  });

  it('refuses more than 40 million pixels before decoding them, and more than 5 MB', async () => {
    // A small file that decodes to 50 million pixels.
    const bomb = await sharp({ create: { width: 10_000, height: 5_000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(IMAGE_LIMITS.maxBytes);
    expect(await refusal(processImage(bomb, 'image/png', 'screenshot'))).toMatch(
      /10000×5000 pixels; at most 40 million/,
    );
    expect(await refusal(processImage(Buffer.alloc(IMAGE_LIMITS.maxBytes + 1), 'image/png', 'logo'))).toMatch(
      /larger than 5 MB/,
    );
  });

  it('stores pixels only: no metadata of the original (camera, place) travels', async () => {
    const tagged = await sharp(await picture('jpeg', 100, 100))
      .withExif({ IFD0: { Make: 'Secret Camera', Copyright: 'Someone' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(tagged).metadata()).exif).toBeDefined();
    const out = await processImage(tagged, 'image/jpeg', 'screenshot');
    expect((await sharp(out.bytes).metadata()).exif).toBeUndefined();
    expect(out.bytes.includes(Buffer.from('Secret Camera'))).toBe(false);
  });
});

describe('SVG safety', () => {
  it.each([
    ['a script', svg('<script>alert(1)</script>'), 'contains a script'],
    [
      'a prefixed script',
      svg('<svg:script xmlns:svg="http://www.w3.org/2000/svg">x</svg:script>'),
      'contains a script',
    ],
    ['an event handler', svg('<rect onload="alert(1)" width="1" height="1"/>'), 'has event handler attributes'],
    [
      'entity declarations',
      `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaa">]>${svg('<text>&a;</text>')}`,
      'declares a DOCTYPE or entities',
    ],
    [
      'an outside image',
      svg('<image href="https://tracker.example/p.png" width="1" height="1"/>'),
      'links to an outside resource (href)',
    ],
    [
      'an outside xlink:href',
      svg('<use xlink:href="http://127.0.0.1:1/x.svg#a"/>'),
      'links to an outside resource (href)',
    ],
    [
      'an encoded outside href',
      svg('<image href="&#x68;ttp://tracker.example/p.png"/>'),
      'links to an outside resource (href)',
    ],
    ['a stylesheet import', svg('<style>@import "https://x.example/a.css";</style>'), 'imports a stylesheet'],
    [
      'a CSS url()',
      svg('<rect style="fill:url(https://x.example/a.svg#g)" width="1" height="1"/>'),
      'links to an outside resource (url())',
    ],
    [
      'embedded HTML',
      svg('<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">hi</div></foreignObject>'),
      'embeds other documents',
    ],
  ])('refuses an SVG with %s', async (_what, text, problem) => {
    expect(svgProblem(Buffer.from(text))).toContain(problem);
    expect(await refusal(processImage(Buffer.from(text), 'image/svg+xml', 'logo'))).toContain(`The SVG ${problem}`);
  });

  it('refuses an SVG that is not UTF-8 text (where a pattern could be hidden)', () => {
    const utf16 = Buffer.from(`\ufeff${svg('<script>x</script>')}`, 'utf16le');
    expect(svgProblem(utf16)).toBe('is not UTF-8 text');
  });

  it('keeps a drawing with same-document references and inline raster data', async () => {
    const drawing = svg(
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs>' +
        '<rect fill="url(#g)" width="4" height="4"/><use href="#g"/>' +
        '<image width="2" height="2" href="data:image/png;base64,iVBORw0KGgo="/>',
    );
    expect(svgProblem(Buffer.from(drawing))).toBeNull();
  });
});

describe('drawings that cost more than they show (N1, N2, N11)', () => {
  it('counts the pixels of pictures inside an SVG toward the limit, whatever size the SVG declares', async () => {
    // 8000×6000 = 48 million pixels, a few KB as a PNG of one colour.
    const big = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#888' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const bomb = svg(
      `<image width="64" height="64" href="data:image/png;base64,${big.toString('base64')}"/>`,
      'width="64" height="64"',
    );
    expect(await refusal(processImage(Buffer.from(bomb), 'image/svg+xml', 'logo'))).toMatch(
      /pictures of 48 million pixels/,
    );
    const small = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#08f' } })
      .png()
      .toBuffer();
    const fine = svg(`<image width="8" height="8" href="data:image/png;base64,${small.toString('base64')}"/>`);
    expect(await refusal(processImage(Buffer.from(fine), 'image/svg+xml', 'logo'))).toBe('accepted');
  });

  it.each([
    [
      'a blur of deviation 1000',
      '<filter id="f"><feGaussianBlur stdDeviation="1000"/></filter>',
      /feGaussianBlur stdDeviation/,
    ],
    ['a morphology of radius 500', '<filter id="f"><feMorphology radius="500 1"/></filter>', /feMorphology radius/],
    [
      'seventeen filter steps',
      `<filter id="f">${'<feOffset dx="1"/>'.repeat(17)}</filter>`,
      /more than 16 filter steps/,
    ],
    ['a CSS escape', '<rect style="fill:\\75 rl(https://x.example/a.svg#g)" width="1" height="1"/>', /CSS escapes/],
  ])('refuses an SVG with %s', async (_what, extra, problem) => {
    expect(svgProblem(Buffer.from(svg(extra)))).toMatch(problem);
  });

  it('keeps a drawing with a modest shadow', () => {
    expect(
      svgProblem(
        Buffer.from(svg('<filter id="s"><feGaussianBlur stdDeviation="2"/><feOffset dx="1" dy="1"/></filter>')),
      ),
    ).toBeNull();
  });

  it('draws one SVG at a time, so the shared thread pool keeps room for other work', async () => {
    const { oneDrawingAtATime } = await import('../../src/media/svg-drawer.js');
    let running = 0;
    let most = 0;
    const render = () =>
      oneDrawingAtATime(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 5));
        running--;
      });
    await Promise.all([render(), render(), render(), render()]);
    expect(most).toBe(1);
    // A render that fails does not stop the next.
    await expect(oneDrawingAtATime(() => Promise.reject(new Error('bad')))).rejects.toThrow('bad');
    await expect(oneDrawingAtATime(async () => 'next')).resolves.toBe('next');
  });
});
