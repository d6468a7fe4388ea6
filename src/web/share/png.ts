// RGBA pixels to PNG, compressed in libuv's thread pool. resvg-js encodes PNG
// synchronously (RenderedImage.asPng: ~20 ms for a 1200×630 card, on the
// event loop); here the event loop only lays the rows out (one copy of the
// pixels) and zlib deflates them off-thread, to a smaller file.
import { promisify } from 'node:util';
import { crc32, deflate } from 'node:zlib';

const deflateAsync = promisify(deflate);
const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)) >>> 0, 8 + data.length);
  return out;
}

/**
 * Buffers for the laid-out rows, used again from one image to the next: a
 * fresh 3 MB buffer costs the event loop its page faults (tens of ms on a
 * busy machine), a used one a plain copy (~0.5 ms). At most `keep` are kept.
 */
export class RowBuffers {
  private readonly spare: Buffer[] = [];
  constructor(private readonly keep: number) {}

  take(bytes: number): Buffer {
    const i = this.spare.findIndex((b) => b.length === bytes);
    return i >= 0 ? this.spare.splice(i, 1)[0] : Buffer.allocUnsafe(bytes);
  }

  give(buffer: Buffer): void {
    if (this.spare.length < this.keep) this.spare.push(buffer);
  }
}

/**
 * A PNG of `width`×`height` pixels, 8-bit RGBA, from straight (not
 * premultiplied) RGBA: resvg's pixels are premultiplied, which is the same
 * for the opaque cards this encodes (rendered on an opaque background).
 */
export async function encodePng(
  rgba: Uint8Array,
  width: number,
  height: number,
  scratch?: RowBuffers,
): Promise<Buffer> {
  const stride = width * 4;
  if (rgba.length !== stride * height) throw new Error(`expected ${stride * height} bytes of RGBA, got ${rgba.length}`);
  // Each row prefixed with its filter type, 0 (none): flat colours deflate well as they are.
  const rows = scratch?.take((stride + 1) * height) ?? Buffer.allocUnsafe((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    rows[y * (stride + 1)] = 0;
    rows.set(rgba.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // RGBA
  const data = await deflateAsync(rows, { level: 9 }).finally(() => scratch?.give(rows));
  return Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('IDAT', data), chunk('IEND', Buffer.alloc(0))]);
}

/** Width and height from a PNG's IHDR, or null when the bytes are not a PNG. */
export function pngSize(png: Uint8Array): { width: number; height: number } | null {
  const buf = Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  if (buf.length < 24 || !buf.subarray(0, 8).equals(SIGNATURE) || buf.toString('latin1', 12, 16) !== 'IHDR')
    return null;
  return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
}
