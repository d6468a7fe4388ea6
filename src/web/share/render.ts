// SVG to PNG with resvg, drawing text only with the bundled Inter
// faces (no system fonts: the same image on every machine). A card renders in
// libuv's thread pool (resvg's renderAsync) and is encoded there too
// (png.ts); at most `concurrency` at once, so renders never take the whole
// pool the file system and zlib share, and past `maxWaiting` queued renders a
// request is told to come back (503) instead of piling up. resvg's native
// addon and the fonts load on first use: a CLI command that renders nothing
// never loads them. A class because it holds that lifecycle (the queue, the
// loaded addon); one per Context.
import { createRequire } from 'node:module';
import PQueue from 'p-queue';
import type * as ResvgJs from '@resvg/resvg-js';
import { AppError } from '../../errors.js';
import { FONT_FAMILY, loadShareFonts, type ShareFonts } from './fonts.js';
import { encodePng, RowBuffers } from './png.js';

export interface RendererOptions {
  /** Renders at once (default 2). */
  concurrency?: number;
  /** Renders waiting beyond those running before new ones are refused (default 32). */
  maxWaiting?: number;
}

/** What rendering took, for the logs, tests and the README's figures. */
export interface RenderStats {
  renders: number;
  /** Milliseconds from start to PNG (not counting time in the queue), summed and at most. */
  totalMs: number;
  maxMs: number;
  /** The longest the event loop was held by one render's own synchronous part. */
  maxBlockingMs: number;
}

export class ShareRenderer {
  private resvg: typeof ResvgJs | undefined;
  private loadedFonts: ShareFonts | undefined;
  private readonly queue: PQueue;
  private readonly maxWaiting: number;
  private readonly rows: RowBuffers;
  readonly stats: RenderStats = { renders: 0, totalMs: 0, maxMs: 0, maxBlockingMs: 0 };

  constructor(options: RendererOptions = {}) {
    const concurrency = options.concurrency ?? 2;
    this.queue = new PQueue({ concurrency });
    this.rows = new RowBuffers(concurrency);
    this.maxWaiting = options.maxWaiting ?? 32;
  }

  /** The faces cards are measured and drawn with (read on first use). */
  get fonts(): ShareFonts {
    this.loadedFonts ??= loadShareFonts();
    return this.loadedFonts;
  }

  private options(background?: string): ResvgJs.ResvgRenderOptions {
    return {
      font: { loadSystemFonts: false, fontFiles: this.fonts.files, defaultFontFamily: FONT_FAMILY },
      ...(background ? { background } : {}),
      logLevel: 'off',
    };
  }

  private module(): typeof ResvgJs {
    // Resolved from this module's URL: node_modules in a checkout, the runtime
    // directory in the executable and the MCP bundle (scripts/bundle).
    this.resvg ??= createRequire(import.meta.url)('@resvg/resvg-js') as typeof ResvgJs;
    return this.resvg;
  }

  /** An opaque image (drawn on `background`) at its SVG's own size, as PNG. */
  async card(svg: string, background = '#ffffff'): Promise<Buffer> {
    if (this.queue.size >= this.maxWaiting)
      throw new AppError('unavailable', 'Too many images are being drawn right now; try again in a few seconds.', {
        headers: { 'Retry-After': '5' },
      });
    return this.queue.add(
      async () => {
        const started = performance.now();
        const image = await this.module().renderAsync(svg, this.options(background));
        const copying = performance.now();
        const pixels = image.pixels;
        const png = encodePng(pixels, image.width, image.height, this.rows);
        const blocking = performance.now() - copying;
        const out = await png;
        this.record(performance.now() - started, blocking);
        return out;
      },
      { throwOnTimeout: true },
    );
  }

  /**
   * A small square icon (with transparency) `size` px wide, as PNG: rendered
   * and encoded by resvg on the spot (a few ms at 512 px), for icons drawn
   * once per process.
   */
  icon(svg: string, size: number): Buffer {
    const started = performance.now();
    const resvg = new (this.module().Resvg)(svg, { ...this.options(), fitTo: { mode: 'width', value: size } });
    const png = resvg.render().asPng();
    const ms = performance.now() - started;
    this.record(ms, ms);
    return png;
  }

  private record(ms: number, blockingMs: number): void {
    this.stats.renders++;
    this.stats.totalMs += ms;
    this.stats.maxMs = Math.max(this.stats.maxMs, ms);
    this.stats.maxBlockingMs = Math.max(this.stats.maxBlockingMs, blockingMs);
  }
}
