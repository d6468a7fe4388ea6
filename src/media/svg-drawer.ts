// SVGs are drawn in a child process that is killed when a drawing takes too
// long. librsvg draws a whole document in one call: sharp's timeout can only
// fire after it returns, and a drawing with costly filters (a large dilation,
// many blurs) runs for minutes on a thread of the pool that password hashing
// and every other image share. In a process of its own a drawing has a hard
// deadline (SIGKILL), its memory is not the server's, and the server's thread
// pool is never held. One drawing at a time (one core at most), at most MAX_WAITING
// waiting; the process is started at the first SVG and stops when idle.
import { type ChildProcess, type ForkOptions, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { type EncodeJob, ImageRefused, type ProcessedImage, UNREADABLE } from './process.js';

/** The longest one drawing may take before its process is killed. */
export const DRAW_TIMEOUT_MS = 10_000;
/** Drawings waiting for their turn at most; more are refused at once. */
const MAX_WAITING = 8;
/** An idle drawing process stops after this long. */
const IDLE_MS = 30_000;
/** Set in the environment of a drawing process started from the bundled program (bin/launchboard.ts reads it). */
export const SVG_DRAWER_ENV = 'LAUNCHBOARD_SVG_DRAWER';

export interface DrawRequest {
  id: number;
  svg: Uint8Array;
  job: EncodeJob;
}
export type DrawAnswer =
  | { id: number; bytes: Uint8Array; width: number; height: number }
  | { id: number; error: string };

/** Whether this process is a single executable (node:sea, Node 20.12+). */
function isSea(): boolean {
  try {
    return (process.getBuiltinModule?.('node:sea') as { isSea(): boolean } | undefined)?.isSea() ?? false;
  } catch {
    return false;
  }
}

/**
 * Starts a drawing process: from a checkout, the boot script beside this
 * module (tsx, then svg-drawer-child.ts); from the bundle, the program itself
 * (the executable, or the bundled script) with SVG_DRAWER_ENV set.
 */
function startChild(): ChildProcess {
  const options: ForkOptions = { serialization: 'advanced', stdio: ['ignore', 'ignore', 'inherit', 'ipc'] };
  // The bundle's start-up (scripts/bundle/boot.ts) sets this; a checkout has none.
  const bundled = (globalThis as { __launchboardModuleUrl?: string }).__launchboardModuleUrl;
  if (!bundled) return fork(fileURLToPath(new URL('./svg-drawer-boot.mjs', import.meta.url)), [], options);
  return fork(isSea() ? process.execPath : fileURLToPath(bundled), [], {
    ...options,
    env: { ...process.env, [SVG_DRAWER_ENV]: '1' },
  });
}

/** Whether the child (and its IPC channel) keeps this process's event loop alive: only while a drawing is under way. */
function keepAlive(child: ChildProcess, on: boolean): void {
  if (on) {
    child.ref();
    child.channel?.ref();
  } else {
    child.unref();
    child.channel?.unref();
  }
}

class Drawer {
  private child: ChildProcess | null = null;
  private nextId = 1;
  private idle: NodeJS.Timeout | null = null;
  waiting = 0;

  /** Draws one SVG in the child; kills it past `timeoutMs`. Called one at a time. */
  draw(svg: Buffer, job: EncodeJob, timeoutMs: number): Promise<ProcessedImage> {
    if (this.idle) clearTimeout(this.idle);
    const child = this.child ?? this.start();
    const id = this.nextId++;
    keepAlive(child, true);
    return new Promise<ProcessedImage>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        child.off('message', onMessage);
        child.off('exit', onExit);
        if (this.child === child) {
          keepAlive(child, false);
          this.idle = setTimeout(() => this.stop(), IDLE_MS);
          this.idle.unref();
        }
      };
      const onMessage = (answer: DrawAnswer) => {
        if (answer.id !== id) return;
        done();
        if ('error' in answer) reject(new ImageRefused(UNREADABLE));
        else
          resolve({
            bytes: Buffer.from(answer.bytes.buffer, answer.bytes.byteOffset, answer.bytes.byteLength),
            contentType: 'image/webp',
            width: answer.width,
            height: answer.height,
          });
      };
      const onExit = () => {
        done();
        reject(new ImageRefused('The SVG could not be drawn: drawing it failed. Give a PNG or WebP instead.'));
      };
      const timer = setTimeout(() => {
        done();
        this.kill(child);
        reject(
          new ImageRefused(
            `The SVG takes longer than ${timeoutMs / 1000} s to draw; give a PNG or WebP, or a simpler drawing.`,
          ),
        );
      }, timeoutMs);
      child.on('message', onMessage);
      child.once('exit', onExit);
      child.send({ id, svg, job } satisfies DrawRequest);
    });
  }

  private start(): ChildProcess {
    const child = startChild();
    // A drawing process never keeps the server alive, nor outlives it.
    keepAlive(child, false);
    child.on('exit', () => {
      if (this.child === child) this.child = null;
    });
    child.on('error', () => this.kill(child));
    this.child = child;
    return child;
  }

  private kill(child: ChildProcess): void {
    if (this.child === child) this.child = null;
    child.kill('SIGKILL');
  }

  /** Stops the idle drawing process (it is started again for the next SVG). */
  stop(): void {
    if (this.child) this.kill(this.child);
  }
}

const drawer = new Drawer();

let drawing: Promise<unknown> = Promise.resolve();

/** Runs `render` after every render started before it has finished. */
export function oneDrawingAtATime<T>(render: () => Promise<T>): Promise<T> {
  const run = drawing.then(render, render);
  drawing = run.catch(() => undefined);
  return run;
}

/**
 * The stored WebP of an SVG svg.ts found plain, drawn in the drawing process:
 * one at a time, refused at once when MAX_WAITING are already waiting, and
 * refused when it takes longer than DRAW_TIMEOUT_MS.
 */
export async function drawSvg(svg: Buffer, job: EncodeJob, timeoutMs = DRAW_TIMEOUT_MS): Promise<ProcessedImage> {
  if (drawer.waiting >= MAX_WAITING)
    throw new ImageRefused('Too many drawings are waiting to be drawn; try again in a minute, or give a PNG or WebP.');
  drawer.waiting++;
  try {
    return await oneDrawingAtATime(() => drawer.draw(svg, job, timeoutMs));
  } finally {
    drawer.waiting--;
  }
}

/** Stops the drawing process now (tests, shutdown); the next SVG starts another. */
export function stopSvgDrawer(): void {
  drawer.stop();
}
