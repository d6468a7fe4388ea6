// A small LRU of values derived from rows, each valid only at the row version
// it was built at (listing profiles use profile_version, see the class).
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
