// Whole rendered pages kept in process, so a public page is
// rendered (and compressed) once per data version instead of per request.
// An entry is used only while the version it was built at holds and for at
// most `maxAgeMs` (what moves without a write: view counts, relative times),
// and the cache is bounded by entries and by bytes, least recently used out
// first. Knows nothing of HTTP: web/ui/public-page.ts decides which requests
// may use it (anonymous GETs) and what is kept.
import { type ContentCoding, compressNow } from './compression.js';

export interface PageCacheOptions {
  /** Most pages kept (default 2,000). */
  maxEntries?: number;
  /** Most bytes kept, bodies and their compressed codings together (default 64 MB). */
  maxBytes?: number;
  /** An entry is rebuilt once this old even at the same version (default 30 s). */
  maxAgeMs?: number;
}

/** What a page answered, as its uncached answer carried it. */
export interface StoredPage {
  /** Headers the page set (not those of the middleware before it, which every request sets again). */
  headers: [string, number | string | string[]][];
  /** The body as rendered, uncompressed. */
  body: Buffer;
  /** Whatever the page needs to redo per request on a hit (the listing page counts the view). */
  meta?: unknown;
}

interface Entry extends StoredPage {
  key: string;
  version: number;
  builtAt: number;
  bytes: number;
  codings: Map<ContentCoding, Buffer>;
}

export class PageCache {
  private readonly entries = new Map<string, Entry>();
  private bytesKept = 0;
  readonly maxEntries: number;
  readonly maxBytes: number;
  readonly maxAgeMs: number;
  /** Counters, for tests and the bench: answers from the cache, and pages stored. */
  hits = 0;
  stores = 0;

  constructor(opts: PageCacheOptions = {}) {
    this.maxEntries = opts.maxEntries ?? 2000;
    this.maxBytes = opts.maxBytes ?? 64 * 1024 * 1024;
    this.maxAgeMs = opts.maxAgeMs ?? 30_000;
  }

  /** The page at `key` when it was built at `version` and is still young at `now` (ms). */
  get(key: string, version: number, now: number): StoredPage | undefined {
    const entry = this.entries.get(key);
    // Built at a newer version than a request that read its version earlier: kept for the next ones.
    if (!entry || entry.version > version) return undefined;
    // A clock that went back (tests set it) makes an entry from "the future" stale.
    if (entry.version < version || now < entry.builtAt || now - entry.builtAt >= this.maxAgeMs) {
      this.remove(key, entry);
      return undefined;
    }
    this.entries.delete(key); // refresh its place in the LRU order
    this.entries.set(key, entry);
    this.hits++;
    return entry;
  }

  /** True when a page is kept at `key`, good or not (a cheap test before reading the version). */
  has(key: string): boolean {
    return this.entries.has(key);
  }

  /** Keeps a page built at `version` at `now`, unless a newer one is already kept there. */
  set(key: string, version: number, now: number, page: StoredPage): void {
    const old = this.entries.get(key);
    if (old && old.version > version) return;
    if (old) this.remove(key, old);
    const bytes = page.body.length + key.length;
    if (bytes > this.maxBytes) return;
    this.entries.set(key, { ...page, key, version, builtAt: now, bytes, codings: new Map() });
    this.bytesKept += bytes;
    this.stores++;
    this.trim();
  }

  /**
   * The kept page's body in `coding`, compressed the first time it is asked
   * for and kept with it (so a hit costs neither a render nor a compression).
   */
  coded(page: StoredPage, coding: ContentCoding): Buffer {
    const entry = page as Entry;
    let out = entry.codings.get(coding);
    if (!out) {
      out = compressNow(entry.body, coding);
      entry.codings.set(coding, out);
      if (this.entries.get(entry.key) === entry) {
        entry.bytes += out.length;
        this.bytesKept += out.length;
        this.trim();
      }
    }
    return out;
  }

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.bytesKept;
  }

  clear(): void {
    this.entries.clear();
    this.bytesKept = 0;
  }

  private remove(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytesKept -= entry.bytes;
  }

  private trim(): void {
    while (this.entries.size > this.maxEntries || this.bytesKept > this.maxBytes) {
      const [key, entry] = this.entries.entries().next().value!;
      this.remove(key, entry);
    }
  }
}
