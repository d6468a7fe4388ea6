// Parsing crawled HTML off the main thread. jsdom + Readability cost ~0.4 s of
// CPU per 200 KB page and hold on to memory; in worker threads with a heap
// limit (resourceLimits) a huge or hostile page can only kill its own worker,
// never stall requests or grow the server's heap. A worker that runs out of
// memory or time is terminated and replaced; workers are recycled after a
// number of pages and stopped when idle. Waiting pages are served in turn by
// owner (the account whose draft it is), so one maker's crawl of heavy pages
// cannot make everyone else's wait. `inlineHtmlParser` is the same
// interface on the calling thread, for tools and tests that parse one page.
import { Worker } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import PQueue from 'p-queue';
import type { PageFacts } from './facts.js';

export interface HtmlParser {
  /** `owner` (e.g. `user:42`) groups pages for fair turns; pages without one share a turn. */
  parse(html: string, url: string, owner?: string): Promise<PageFacts>;
  close(): Promise<void>;
}

export interface PoolOptions {
  /** Worker threads at most (default: CPUs − 1, between 1 and 4). */
  size?: number;
  /** Old-generation heap limit per worker (default 256 MB). */
  maxOldGenerationSizeMb?: number;
  /** Time one page may take before its worker is killed (default 20 s). */
  taskTimeoutMs?: number;
  /** Pages a worker parses before it is replaced (default 50): bounds slow leaks. */
  recycleAfter?: number;
  /** Idle time after which every worker stops (default 30 s). */
  idleMs?: number;
}

interface Task {
  id: number;
  html: string;
  url: string;
  resolve(facts: PageFacts): void;
  reject(err: Error): void;
}

interface Slot {
  worker: Worker;
  task: Task | null;
  done: number;
  timer: NodeJS.Timeout | null;
}

export class HtmlParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HtmlParseError';
  }
}

/** Items waiting per owner, taken one owner at a time in turn (round robin), each owner's in order. */
export class FairQueue<T> {
  private readonly byOwner = new Map<string, T[]>();
  /** Owners with waiting items, the next to be served first. */
  private readonly turns: string[] = [];
  size = 0;

  add(owner: string, item: T): void {
    const queue = this.byOwner.get(owner);
    if (queue) queue.push(item);
    else {
      this.byOwner.set(owner, [item]);
      this.turns.push(owner);
    }
    this.size++;
  }

  take(): T | undefined {
    const owner = this.turns.shift();
    if (owner === undefined) return undefined;
    const queue = this.byOwner.get(owner)!;
    const item = queue.shift()!;
    if (queue.length > 0) this.turns.push(owner);
    else this.byOwner.delete(owner);
    this.size--;
    return item;
  }

  drain(): T[] {
    const all = this.turns.flatMap((owner) => this.byOwner.get(owner) ?? []);
    this.byOwner.clear();
    this.turns.length = 0;
    this.size = 0;
    return all;
  }
}

const BOOT = new URL('./html-worker-boot.mjs', import.meta.url);

export function createHtmlWorkerPool(opts: PoolOptions = {}): HtmlParser {
  const size = opts.size ?? Math.max(1, Math.min(4, availableParallelism() - 1));
  const taskTimeoutMs = opts.taskTimeoutMs ?? 20_000;
  const recycleAfter = opts.recycleAfter ?? 50;
  const idleMs = opts.idleMs ?? 30_000;
  const resourceLimits = {
    maxOldGenerationSizeMb: opts.maxOldGenerationSizeMb ?? 256,
    maxYoungGenerationSizeMb: 32,
    stackSizeMb: 4,
  };
  const slots: Slot[] = [];
  const waiting = new FairQueue<Task>();
  let nextId = 1;
  let idleTimer: NodeJS.Timeout | null = null;
  let closed = false;

  const retire = (slot: Slot) => {
    const i = slots.indexOf(slot);
    if (i >= 0) slots.splice(i, 1);
    if (slot.timer) clearTimeout(slot.timer);
    slot.worker.removeAllListeners();
    slot.worker.on('error', () => undefined);
    void slot.worker.terminate();
  };

  const failTask = (slot: Slot, err: Error) => {
    const task = slot.task;
    slot.task = null;
    retire(slot);
    task?.reject(err);
    dispatch();
  };

  const spawn = (): Slot => {
    const worker = new Worker(BOOT, { resourceLimits });
    const slot: Slot = { worker, task: null, done: 0, timer: null };
    worker.on('message', (msg: { id: number; facts?: PageFacts; error?: string }) => {
      const task = slot.task;
      if (!task || task.id !== msg.id) return;
      if (slot.timer) clearTimeout(slot.timer);
      slot.task = null;
      slot.done++;
      worker.unref();
      if (msg.facts) task.resolve(msg.facts);
      else task.reject(new HtmlParseError(`the page could not be parsed (${msg.error ?? 'unknown error'})`));
      if (slot.done >= recycleAfter) retire(slot);
      dispatch();
    });
    worker.on('error', (err: Error & { code?: string }) => {
      const why =
        err.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? 'the page needed too much memory to parse'
          : `the page parser failed (${err.message})`;
      failTask(slot, new HtmlParseError(why));
    });
    worker.on('exit', () => {
      if (slots.includes(slot)) failTask(slot, new HtmlParseError('the page parser stopped'));
    });
    slots.push(slot);
    return slot;
  };

  const armIdle = () => {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = null;
    if (waiting.size > 0 || slots.some((s) => s.task)) return;
    idleTimer = setTimeout(() => {
      for (const slot of [...slots]) if (!slot.task) retire(slot);
    }, idleMs);
    idleTimer.unref();
  };

  function dispatch(): void {
    while (waiting.size > 0 && !closed) {
      const slot = slots.find((s) => !s.task) ?? (slots.length < size ? spawn() : null);
      if (!slot) break;
      const task = waiting.take()!;
      slot.task = task;
      slot.worker.ref();
      slot.timer = setTimeout(
        () => failTask(slot, new HtmlParseError(`the page took longer than ${taskTimeoutMs / 1000} s to parse`)),
        taskTimeoutMs,
      );
      slot.worker.postMessage({ id: task.id, html: task.html, url: task.url });
    }
    armIdle();
  }

  return {
    parse(html, url, owner = '') {
      if (closed) return Promise.reject(new HtmlParseError('the page parser is closed'));
      return new Promise<PageFacts>((resolve, reject) => {
        waiting.add(owner, { id: nextId++, html, url, resolve, reject });
        dispatch();
      });
    },
    async close() {
      closed = true;
      if (idleTimer) clearTimeout(idleTimer);
      for (const task of waiting.drain()) task.reject(new HtmlParseError('the page parser is closed'));
      await Promise.all(
        [...slots].map(async (slot) => {
          slot.task?.reject(new HtmlParseError('the page parser is closed'));
          slot.task = null;
          retire(slot);
        }),
      );
    },
  };
}

/**
 * Parses on the calling thread, one page at a time (jsdom windows are closed
 * after each). jsdom loads at the first page, so importing this module (the
 * crawler does, at start-up) does not load it.
 */
export function inlineHtmlParser(): HtmlParser {
  const queue = new PQueue({ concurrency: 1 });
  return {
    parse: (html, url) =>
      queue.add(
        async () => {
          const { extractPage } = await import('./page.js');
          return extractPage(html, url);
        },
        { throwOnTimeout: true },
      ),
    close: async () => queue.clear(),
  };
}

let shared: HtmlParser | null = null;

/**
 * The process's worker pool, created on first use. Its workers stop when
 * idle and never keep the process alive between pages, so sharing one pool
 * holds no state beyond warm threads.
 */
export function sharedHtmlParser(): HtmlParser {
  shared ??= createHtmlWorkerPool();
  return shared;
}
