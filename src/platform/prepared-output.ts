// A tool result served from a cache: checked against the tool's output schema
// and serialised once, when it was cached, so a repeat read pays for neither.
// The per-call fields (get_listing's view count) are added on each call, after
// the cached part, and stay out of its hash, as they stay out of the REST
// face's weak ETag (the tool's volatileOutput).
import { hash } from 'node:crypto';

type Fields = Record<string, unknown>;

/** The cached part: the value (frozen when shared), its JSON, and the weak validator of that JSON. */
export interface CachedOutput {
  readonly value: Readonly<Fields>;
  readonly json: string;
  readonly etag: string;
}

/** A weak HTTP validator (ETag) of a JSON text. */
export function weakEtag(json: string): string {
  return `W/"${hash('sha1', json, 'base64url')}"`;
}

/** Freezes a value and everything in it, for objects many callers share. */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/**
 * Caches a value already checked against the output schema (without its
 * per-call fields). Deep-frozen: every result built from it shares its objects.
 */
export function cachedOutput(value: Fields): CachedOutput {
  return serialisedOutput(deepFreeze(value));
}

/** The same, for a value used once (not shared, so not frozen). */
export function serialisedOutput(value: Fields): CachedOutput {
  const json = JSON.stringify(value);
  return { value, json, etag: weakEtag(json) };
}

/** `T` is the whole result's type, per-call fields included. */
export class PreparedOutput<T extends object = Fields> {
  constructor(
    private readonly cached: CachedOutput,
    private readonly perCall: Fields,
  ) {}

  /** The whole result as a plain object (per-call fields last). */
  body(): T {
    return { ...this.cached.value, ...this.perCall } as T;
  }

  /** The whole result as JSON, without serialising the cached part again. */
  json(): string {
    const perCall = JSON.stringify(this.perCall);
    if (perCall === '{}') return this.cached.json;
    if (this.cached.json === '{}') return perCall;
    return `${this.cached.json.slice(0, -1)},${perCall.slice(1)}`;
  }

  /** A weak validator of the cached part: the per-call fields do not make a new version. */
  get etag(): string {
    return this.cached.etag;
  }
}
