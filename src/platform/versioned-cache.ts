// Values derived from rows, each valid only at the data version it was built
// at: an LRU by row for per-listing values (profiles use profile_version), and
// a single value derived from many rows (trending and the public pages use
// data_versions).
import type { DataVersionsTable } from '../../db/schema.js';
import type { Context } from '../context.js';

/**
 * The current version of a value derived from many rows (data_versions,
 * bumped by triggers). Read it before the rows: a value is never kept under a
 * version newer than the data it was built from.
 */
export async function dataVersion(ctx: Context, name: DataVersionsTable['name']): Promise<number> {
  const row = await ctx.db
    .selectFrom('data_versions')
    .select('version')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return Number(row.version);
}

/**
 * Values derived from a listing, by listing id, least recently used first.
 * An entry is used only while the row's profile_version is the one it was
 * built at: migrations 0010 and 0012 bump the version on every write to the
 * row (but its view count) and to every table a profile shows, so a write
 * here, in another worker or on another instance invalidates it through the
 * database itself.
 */
export class VersionedCache<T> {
  private readonly entries = new Map<number, { version: number; value: T }>();

  constructor(private readonly capacity = 5000) {}

  get(id: number, version: number): T | undefined {
    const entry = this.entries.get(id);
    if (!entry || entry.version !== version) return undefined;
    this.entries.delete(id); // refresh its place in the LRU order
    this.entries.set(id, entry);
    return entry.value;
  }

  set(id: number, version: number, value: T): void {
    this.entries.delete(id);
    this.entries.set(id, { version, value });
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }

  get size(): number {
    return this.entries.size;
  }
}

export interface VersionedValueOptions {
  /** Rebuilt once this old even at the same version (for values that also move with time). */
  maxAgeMs: number;
  /**
   * After a slow build (slowBuildMs or longer), a new version is built only
   * once the value is this old: while writes keep coming, an expensive value
   * is rebuilt at most this often. Cheap values follow every version at once.
   */
  minRebuildMs?: number;
  slowBuildMs?: number;
  /** How long a build takes, in ms (performance.now): the time spent, which the injected clock does not measure. */
  timer?: () => number;
}

/**
 * One value derived from many rows, valid while the data version it was
 * built at holds and for at most `maxAgeMs` (see VersionedValueOptions for
 * how often an expensive one follows new versions). Requests that find it
 * stale while it is being rebuilt for the same version share that one build.
 */
export class VersionedValue<T> {
  private entry: { version: number; builtAt: number; slow: boolean; value: T } | undefined;
  private pending: { version: number; value: Promise<T> } | undefined;
  private readonly minRebuildMs: number;
  private readonly slowBuildMs: number;
  private readonly timer: () => number;

  constructor(private readonly options: VersionedValueOptions) {
    this.minRebuildMs = options.minRebuildMs ?? 0;
    this.slowBuildMs = options.slowBuildMs ?? Number.POSITIVE_INFINITY;
    this.timer = options.timer ?? (() => performance.now());
  }

  /** The value at `version` as of `now` (ms), built by `build(now)` when the one kept will not do. */
  get(version: number, now: number, build: (now: number) => Promise<T>): Promise<T> {
    const entry = this.entry;
    // A clock that went back (tests set it) makes an entry from "the future" stale.
    const age = entry && now >= entry.builtAt ? now - entry.builtAt : Number.POSITIVE_INFINITY;
    if (entry && age < this.options.maxAgeMs) {
      if (entry.version === version || (entry.slow && age < this.minRebuildMs)) return Promise.resolve(entry.value);
    }
    if (this.pending?.version === version) return this.pending.value;
    const started = this.timer();
    const value = build(now).then((built) => {
      const slow = this.timer() - started >= this.slowBuildMs;
      // Versions only grow: a slow build of an older version must not replace a newer one.
      if (!this.entry || version >= this.entry.version) this.entry = { version, builtAt: now, slow, value: built };
      return built;
    });
    const pending = { version, value };
    this.pending = pending;
    const settle = () => {
      if (this.pending === pending) this.pending = undefined;
    };
    value.then(settle, settle);
    return value;
  }
}
