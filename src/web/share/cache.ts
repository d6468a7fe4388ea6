// Share images kept in process, so each is drawn once per change
// of what it shows. An entry is kept by its URL path and used while the data
// version it was made at (data_versions('pages'), migration 0018) and the UTC
// day hold: a hit costs one version read. When either moved, the card's SVG
// is composed again (cheap) and compared by hash with the kept one: a vote
// elsewhere in the directory bumps the version but leaves this card's SVG,
// and its PNG, as they were. Only a changed SVG is drawn again, and requests
// for the same SVG while it is being drawn share that one render. Bounded in
// entries and bytes, least recently used out first. One per HTTP app (http/app.ts).
import { hash } from 'node:crypto';
import { ShareRenderer, type RendererOptions } from './render.js';

/** Bumped when the drawing changes in a way the SVG text does not show (the renderer, the fonts). */
const DRAWING_REVISION = 'resvg-2.6.2 inter-3.19 1';

export interface ShareImage {
  png: Buffer;
  /** Weak: the same SVG drawn by another build may differ in bytes, not in what it shows. */
  etag: string;
}

interface Entry extends ShareImage {
  version: number;
  day: string;
}

export interface ShareImageCacheOptions extends RendererOptions {
  /** Most images kept (default 500). */
  maxEntries?: number;
  /** Most PNG bytes kept (default 32 MB; a card is ~20-60 KB). */
  maxBytes?: number;
}

export class ShareImageCache {
  readonly renderer: ShareRenderer;
  private readonly entries = new Map<string, Entry>();
  private readonly drawing = new Map<string, Promise<Buffer>>();
  private bytesKept = 0;
  readonly maxEntries: number;
  readonly maxBytes: number;
  /** Answers from the kept image without composing (hits), and PNGs drawn (renders). */
  hits = 0;
  renders = 0;

  constructor(options: ShareImageCacheOptions = {}) {
    this.renderer = new ShareRenderer(options);
    this.maxEntries = options.maxEntries ?? 500;
    this.maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
  }

  /** The image kept at `key` when it was made at `version` on `day`. */
  get(key: string, version: number, day: string): ShareImage | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.version !== version || entry.day !== day) return undefined;
    this.entries.delete(key); // refresh its place in the LRU order
    this.entries.set(key, entry);
    this.hits++;
    return entry;
  }

  /**
   * The image of `svg`, kept at `key` as made at `version` on `day`: the kept
   * PNG when its SVG is the same, else drawn (once for concurrent requests).
   */
  async image(key: string, version: number, day: string, svg: string): Promise<ShareImage> {
    const etag = `W/"${hash('sha256', `${DRAWING_REVISION}\n${svg}`, 'base64url').slice(0, 27)}"`;
    const kept = this.entries.get(key);
    let png: Buffer;
    if (kept?.etag === etag) png = kept.png;
    else {
      let pending = this.drawing.get(etag);
      if (!pending) {
        pending = this.renderer.card(svg);
        this.drawing.set(etag, pending);
        const settle = () => this.drawing.delete(etag);
        pending.then(settle, settle);
        this.renders++;
      }
      png = await pending;
    }
    this.keep(key, { png, etag, version, day });
    return { png, etag };
  }

  private keep(key: string, entry: Entry): void {
    const old = this.entries.get(key);
    // A request that read an older version finishing last must not replace a newer entry.
    if (old && old.version > entry.version) return;
    if (old) {
      this.entries.delete(key);
      this.bytesKept -= old.png.length;
    }
    if (entry.png.length > this.maxBytes) return;
    this.entries.set(key, entry);
    this.bytesKept += entry.png.length;
    while (this.entries.size > this.maxEntries || this.bytesKept > this.maxBytes) {
      const [oldest, gone] = this.entries.entries().next().value!;
      this.entries.delete(oldest);
      this.bytesKept -= gone.png.length;
    }
  }

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.bytesKept;
  }
}
