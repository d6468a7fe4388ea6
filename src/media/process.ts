// Turns bytes someone else chose into an image we are willing to store and
// serve: the format is read from the bytes (a declared Content-Type only has
// to be an image type or nothing), only PNG, JPEG, WebP, GIF, AVIF, ICO (its
// PNG images) and SVG (rasterised, after svg.ts refused anything active or
// outside) are decoded, with a pixel limit, by sharp, and what is stored is
// always a fresh WebP re-encoded from the pixels: no metadata, no animation,
// nothing of the original file but its picture.
import { type Sharp, sharpModule } from './sharp.js';
import { drawSvg } from './svg-drawer.js';
import { inlineRasters, svgProblem } from './svg.js';

/** An image this program made and may store. */
export interface ProcessedImage {
  bytes: Buffer;
  contentType: 'image/webp';
  width: number;
  height: number;
}

/** Why an image was refused: a sentence the person who gave the link can act on. */
export class ImageRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImageRefused';
  }
}

/** Why an image sharp (or the drawing process) could not decode or draw is refused. */
export const UNREADABLE = 'The image could not be read: the file is damaged or too complex to draw.';

/** What a logo and a screenshot become. */
export type ImageVariant = 'logo' | 'screenshot';

export const IMAGE_LIMITS = {
  /** Bytes fetched at most. */
  maxBytes: 5 * 1024 * 1024,
  /** Pixels decoded at most (width × height): sharp refuses to decode more. */
  maxPixels: 40_000_000,
  /** A logo is stored as a square at most this many pixels wide (smaller ones keep their size). */
  logoSide: 256,
  /** A screenshot is scaled down to fit this box, never up. */
  screenshotWidth: 1600,
  screenshotHeight: 3200,
} as const;

type Format = 'png' | 'jpeg' | 'webp' | 'gif' | 'avif' | 'ico' | 'svg';

/** What people are told is accepted. */
export const ACCEPTED_FORMATS = 'PNG, JPEG, WebP, GIF, AVIF, ICO or SVG';

/** Declared types that may carry an image we read (the bytes decide which). */
const IMAGE_TYPES = new Set([
  'image/png',
  'image/apng',
  'image/jpeg',
  'image/jpg',
  'image/pjpeg',
  'image/webp',
  'image/gif',
  'image/avif',
  'image/x-icon',
  'image/vnd.microsoft.icon',
  'image/ico',
  'image/svg+xml',
]);
/** Declared types that say nothing about the content: the bytes decide. */
const UNTYPED = new Set(['', 'application/octet-stream', 'binary/octet-stream']);

const ascii = (bytes: Buffer, start: number, end: number) => bytes.subarray(start, end).toString('latin1');

/** The image format of the bytes, from their signature; null when none we read. */
export function sniffFormat(bytes: Buffer): Format | null {
  if (bytes.length >= 8 && bytes.readUInt32BE(0) === 0x89504e47 && bytes.readUInt32BE(4) === 0x0d0a1a0a) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(ascii(bytes, 0, 6))) return 'gif';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp') {
    // ISO-BMFF: the major brand and the compatible brands that follow it.
    const box = Math.min(bytes.readUInt32BE(0), bytes.length, 64);
    for (let at = 8; at + 4 <= box; at += 4) if (/^avi[fs]$/.test(ascii(bytes, at, at + 4))) return 'avif';
    return null;
  }
  if (bytes.length >= 6 && bytes.readUInt32BE(0) === 0x00000100 && bytes.readUInt16LE(4) > 0) return 'ico';
  // Text: SVG (an optional UTF-8 byte order mark, an XML declaration or comments, then <svg).
  const head = ascii(bytes, 0, 4096).replace(/^\xef\xbb\xbf/, '');
  if (/^\s*</.test(head) && /<svg[\s>]/i.test(head)) return 'svg';
  return null;
}

/** The format to decode, or a refusal naming what the link gave instead. */
function formatOf(bytes: Buffer, contentType: string): Format {
  const declared = contentType.split(';')[0]!.trim().toLowerCase();
  if (!IMAGE_TYPES.has(declared) && !UNTYPED.has(declared)) {
    const what = declared === 'text/html' || declared === 'application/xhtml+xml' ? 'a web page' : declared;
    throw new ImageRefused(`The link gives ${what}, not an image: link to a ${ACCEPTED_FORMATS} file itself.`);
  }
  const format = sniffFormat(bytes);
  if (!format) throw new ImageRefused(`The file is not a ${ACCEPTED_FORMATS} image.`);
  return format;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The largest PNG image inside an ICO file. libvips reads no ICO, and the
 * older BMP entries are not worth a decoder of their own: modern icons carry
 * PNG, and a maker with only a BMP icon has a better logo to give.
 */
export function pngFromIco(bytes: Buffer): Buffer {
  const count = bytes.readUInt16LE(4);
  let best: { side: number; data: Buffer } | null = null;
  for (let i = 0; i < count; i++) {
    const entry = 6 + 16 * i;
    if (entry + 16 > bytes.length) break;
    const size = bytes.readUInt32LE(entry + 8);
    const offset = bytes.readUInt32LE(entry + 12);
    if (size < PNG_SIGNATURE.length || offset + size > bytes.length) continue;
    const data = bytes.subarray(offset, offset + size);
    if (!data.subarray(0, 8).equals(PNG_SIGNATURE)) continue;
    const side = bytes[entry] || 256;
    if (!best || side > best.side) best = { side, data };
  }
  if (!best) throw new ImageRefused('The icon holds no PNG image (only old BMP ones): give a PNG, WebP or SVG logo.');
  return best.data;
}

const SHARP_INPUT = {
  limitInputPixels: IMAGE_LIMITS.maxPixels,
  // Truncated or corrupt pixel data is refused rather than stored half grey.
  failOn: 'error',
  autoOrient: true,
} as const;

/** The formats libvips must report for each format we sniffed (anything else is refused). */
const DECODED_AS: Record<Exclude<Format, 'ico'>, string[]> = {
  png: ['png'],
  jpeg: ['jpeg'],
  webp: ['webp'],
  gif: ['gif'],
  avif: ['heif'],
  svg: ['svg'],
};

/**
 * Checks and re-encodes an image for `variant`: a logo becomes a square (the
 * picture centred on transparency) of at most IMAGE_LIMITS.logoSide pixels,
 * a screenshot is scaled down into IMAGE_LIMITS' box. Both are WebP.
 * Refusals are ImageRefused; a sharp that cannot load is thrown as it is.
 */
export async function processImage(bytes: Buffer, contentType: string, variant: ImageVariant): Promise<ProcessedImage> {
  if (bytes.length > IMAGE_LIMITS.maxBytes) throw new ImageRefused(`The image is larger than ${megabytes()}.`);
  const format = formatOf(bytes, contentType);
  let input = bytes;
  if (format === 'ico') input = pngFromIco(bytes);
  if (format === 'svg') {
    const problem = svgProblem(bytes);
    if (problem)
      throw new ImageRefused(`The SVG ${problem}; only plain drawings are accepted. Give a PNG or WebP instead.`);
  }
  const decoded: Format = format === 'ico' ? 'png' : format;
  const sharp = await sharpModule();

  let width: number;
  let height: number;
  try {
    // The header only, never the pixels: the size is checked below, with a sentence.
    const meta = await sharp(input, { ...SHARP_INPUT, limitInputPixels: false }).metadata();
    if (!DECODED_AS[decoded as Exclude<Format, 'ico'>].includes(meta.format ?? ''))
      throw new ImageRefused(`The file is not a ${ACCEPTED_FORMATS} image.`);
    width = meta.autoOrient?.width ?? meta.width ?? 0;
    height = meta.autoOrient?.height ?? meta.height ?? 0;
  } catch (err) {
    if (err instanceof ImageRefused) throw err;
    throw new ImageRefused('The image could not be read: the file is damaged or not what it says it is.');
  }
  if (width < 1 || height < 1) throw new ImageRefused('The image has no size.');
  // A drawing's own size says nothing of the pictures inside it: their pixels count toward the same limit.
  if (decoded === 'svg') {
    let inside = 0;
    for (const raster of inlineRasters(input)) {
      const meta = await sharp(raster, { limitInputPixels: false })
        .metadata()
        .catch(() => null);
      if (!meta?.width || !meta.height)
        throw new ImageRefused('The SVG holds an embedded picture that cannot be read.');
      inside += meta.width * meta.height;
    }
    if (inside > IMAGE_LIMITS.maxPixels)
      throw new ImageRefused(
        `The SVG holds pictures of ${Math.round(inside / 100_000) / 10} million pixels; at most ${IMAGE_LIMITS.maxPixels / 1_000_000} million pixels are read.`,
      );
  }
  // A drawing is rendered at the size it is stored at (below), whatever size it declares.
  if (decoded !== 'svg' && width * height > IMAGE_LIMITS.maxPixels)
    throw new ImageRefused(
      `The image is ${width}×${height} pixels; at most ${IMAGE_LIMITS.maxPixels / 1_000_000} million pixels are read.`,
    );

  // A logo's side: a drawing is drawn at the full side; a bitmap keeps a smaller size (scaled up it only blurs).
  const side = decoded === 'svg' ? IMAGE_LIMITS.logoSide : Math.min(IMAGE_LIMITS.logoSide, Math.max(width, height));
  const scale =
    variant === 'logo'
      ? side / Math.max(width, height)
      : Math.min(IMAGE_LIMITS.screenshotWidth / width, IMAGE_LIMITS.screenshotHeight / height, 1);
  // A drawing is rendered at the size it is stored at (72 dpi is its declared size), not drawn and then scaled.
  const job: EncodeJob = {
    variant,
    side,
    density: decoded === 'svg' ? Math.min(Math.max(72 * scale, 1), 2400) : undefined,
  };
  // A drawing is drawn in another process, which is killed when it takes too long (svg-drawer.ts).
  if (decoded === 'svg') return drawSvg(input, job);
  try {
    return await encodeImage(sharp, input, job);
  } catch {
    throw new ImageRefused(UNREADABLE);
  }
}

/** How to turn decoded pixels into what is stored: the variant, a logo's side, a drawing's density. */
export interface EncodeJob {
  variant: ImageVariant;
  side: number;
  density?: number;
  /** WebP's effort, 0 (fastest) to 6; libwebp's default (4) when not given. */
  effort?: number;
}

/** The stored WebP of an image already checked by processImage; throws what sharp throws. */
export async function encodeImage(sharp: Sharp, input: Buffer, job: EncodeJob): Promise<ProcessedImage> {
  const pipeline = sharp(input, { ...SHARP_INPUT, ...(job.density ? { density: job.density } : {}) }).timeout({
    seconds: 20,
  });
  if (job.variant === 'logo')
    pipeline.resize(job.side, job.side, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } });
  else
    pipeline.resize(IMAGE_LIMITS.screenshotWidth, IMAGE_LIMITS.screenshotHeight, {
      fit: 'inside',
      withoutEnlargement: true,
    });
  const { data, info } = await pipeline
    .webp({ ...(job.variant === 'logo' ? { quality: 90, alphaQuality: 100 } : { quality: 82 }), effort: job.effort })
    .toBuffer({ resolveWithObject: true });
  return { bytes: data, contentType: 'image/webp', width: info.width, height: info.height };
}

/**
 * A stored image (ours, already checked) as a PNG `side` pixels square, the
 * picture centred on transparency: for drawings that read only PNG, such as
 * the share cards' resvg.
 */
export async function pngSquare(bytes: Buffer, side: number): Promise<Buffer> {
  const sharp = await sharpModule();
  return sharp(bytes, SHARP_INPUT)
    .resize(side, side, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
}

const megabytes = () => `${IMAGE_LIMITS.maxBytes / 1024 / 1024} MB`;

/**
 * Loads sharp and re-encodes a one-pixel image: what `launchboard doctor`
 * checks, so a deployment missing its native image library hears of it
 * before a maker's logo does. Returns the versions in use.
 */
export async function imageLibraryWorks(): Promise<string> {
  const sharp = await sharpModule();
  const pixel = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
    .png()
    .toBuffer();
  await processImage(pixel, 'image/png', 'logo');
  return `sharp ${sharp.versions.sharp} with libvips ${sharp.versions.vips}`;
}

/**
 * Our own drawing (trusted SVG, such as the demo's pictures: db/seed/demo-art.ts)
 * as a stored image, drawn in this process at the size it declares.
 */
export async function drawOwnSvg(svg: string, variant: ImageVariant): Promise<ProcessedImage> {
  // Flat drawings: the fastest effort costs a few KB and a third of the time (the demo draws ~400 at its start).
  return encodeImage(await sharpModule(), Buffer.from(svg), { variant, side: IMAGE_LIMITS.logoSide, effort: 0 });
}
