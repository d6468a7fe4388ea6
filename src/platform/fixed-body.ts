// Bodies that never change while the process runs (the stylesheet, the
// Swagger UI files, the OpenAPI document, icons): served from memory with a
// validator, the caller's Cache-Control, and each content coding compressed
// once, on first request, at its smallest, instead of on every response.
import { hash } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import {
  type ContentCoding,
  compressSmallest,
  isCompressible,
  MIN_COMPRESSED_BYTES,
  preferredCoding,
} from './compression.js';

/** True when the request's If-None-Match names this ETag (weak comparison, RFC 9110 §13.1.2) or `*`. */
export function notModified(req: Request, etag: string): boolean {
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const header = req.headers['if-none-match'];
  return header?.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag)) ?? false;
}

export interface FixedBodyOptions {
  /** The Content-Type header. */
  type: string;
  /** The Cache-Control header (a versioned URL may say immutable). */
  cacheControl: string;
  /** Any other headers the answer carries. */
  headers?: Record<string, string>;
}

interface Loaded {
  body: Buffer;
  /** Weak: the compressed codings are the same content, not the same bytes. */
  etag: string;
  compressible: boolean;
}

/**
 * A GET/HEAD handler answering `source` (or what it returns, read on first
 * request) with an ETag and 304s, and br or gzip when the client accepts it.
 */
export function fixedBody(source: string | Buffer | (() => string | Buffer), opts: FixedBodyOptions): RequestHandler {
  let loaded: Loaded | undefined;
  const codings = new Map<ContentCoding, Promise<Buffer>>();
  const load = (): Loaded => {
    if (loaded) return loaded;
    const raw = typeof source === 'function' ? source() : source;
    const body = Buffer.isBuffer(raw) ? raw : Buffer.from(raw);
    loaded = {
      body,
      etag: `W/"${hash('sha256', body, 'base64url').slice(0, 22)}"`,
      compressible: isCompressible(opts.type) && body.length >= MIN_COMPRESSED_BYTES,
    };
    return loaded;
  };
  const compressed = (body: Buffer, coding: ContentCoding): Promise<Buffer> => {
    let pending = codings.get(coding);
    if (!pending) {
      pending = compressSmallest(body, coding);
      codings.set(coding, pending);
      pending.catch(() => codings.delete(coding));
    }
    return pending;
  };
  const send = (res: Response, body: Buffer, coding: ContentCoding | null) => {
    if (coding) res.setHeader('Content-Encoding', coding);
    res.setHeader('Content-Length', body.length);
    res.end(body); // Node leaves the body out of a HEAD answer
  };

  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const { body, etag, compressible } = load();
    res.setHeader('Cache-Control', opts.cacheControl);
    res.setHeader('ETag', etag);
    for (const [name, value] of Object.entries(opts.headers ?? {})) res.setHeader(name, value);
    if (compressible) res.vary('Accept-Encoding');
    if (notModified(req, etag)) {
      res.status(304).end();
      return;
    }
    res.status(200).type(opts.type);
    const coding = compressible ? preferredCoding(req.headers['accept-encoding']) : null;
    if (!coding) return send(res, body, null);
    compressed(body, coding).then(
      (out) => send(res, out, coding),
      () => send(res, body, null), // zlib failing is no reason to fail the request
    );
  };
}
