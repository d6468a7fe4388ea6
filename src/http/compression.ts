// Compression by negotiation for what is rendered per request:
// pages, JSON, feeds. A body sent whole (res.send, res.json, one res.end) of
// a text type and at least MIN_COMPRESSED_BYTES is compressed in one call
// with br or gzip, whichever the client prefers, and keeps an exact
// Content-Length. Anything written in pieces (an SSE stream) goes untouched:
// its headers are out before the end, so nothing here can buffer it. Fixed
// files arrive already compressed (platform/fixed-body.ts) and pass through.
// HTML is compressed only when it may be shared (Cache-Control: public): a
// page made for one person may carry their CSRF secret beside text they
// typed, which is what BREACH reads through compressed sizes. Why one call
// and not the `compression` package: see platform/compression.ts.
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { compressNow, isCompressible, MIN_COMPRESSED_BYTES, preferredCoding } from '../platform/compression.js';

type End = (chunk?: unknown, encoding?: unknown, callback?: unknown) => Response;

const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const PUBLIC = /(?:^|,)\s*public\s*(?:,|$)/i;
const HTML = /^\s*text\/html\b/i;

/** The size in bytes of a one-call end's body; undefined for an end without one. */
function bodyBytes(chunk: unknown, encoding: unknown): number | undefined {
  if (typeof chunk === 'string')
    return Buffer.byteLength(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
  if (chunk instanceof Uint8Array) return chunk.byteLength;
  return undefined;
}

/** The body of a one-call end as bytes (only when it is to be compressed: a string is copied). */
function wholeBody(chunk: string | Uint8Array, encoding: unknown): Buffer {
  if (typeof chunk === 'string')
    return Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
  return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}

/** Whether this answer may be compressed at all (before asking what the client accepts). */
function compressible(res: Response, bytes: number): boolean {
  if (res.headersSent || bytes < MIN_COMPRESSED_BYTES) return false;
  if (res.statusCode < 200 || res.statusCode === 204 || res.statusCode === 206 || res.statusCode === 304) return false;
  if (res.getHeader('Content-Encoding')) return false;
  const cacheControl = String(res.getHeader('Cache-Control') ?? '');
  if (NO_TRANSFORM.test(cacheControl)) return false;
  const type = res.getHeader('Content-Type');
  if (typeof type === 'string' && HTML.test(type) && !PUBLIC.test(cacheControl)) return false;
  return isCompressible(type);
}

export function compressResponses(): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const end = res.end;
    const sendEnd = end.bind(res) as End;
    res.end = ((chunk?: unknown, encoding?: unknown, callback?: unknown) => {
      res.end = end;
      const bytes = bodyBytes(chunk, encoding);
      if (bytes === undefined) {
        // HEAD: no body to compress, but the same Vary as the GET would carry.
        if (compressible(res, Number(res.getHeader('Content-Length') ?? 0))) res.vary('Accept-Encoding');
        return sendEnd(chunk, encoding, callback);
      }
      if (!compressible(res, bytes)) return sendEnd(chunk, encoding, callback);
      // Caches must keep each coding apart, also when this client asked for none.
      res.vary('Accept-Encoding');
      const coding = preferredCoding(req.headers['accept-encoding']);
      if (!coding) return sendEnd(chunk, encoding, callback);
      // A body goes to bytes only to be compressed: one sent as it is is written as it came.
      const out = compressNow(wholeBody(chunk as string | Uint8Array, encoding), coding);
      res.setHeader('Content-Encoding', coding);
      res.setHeader('Content-Length', out.length);
      // The same content in other bytes: a strong validator becomes weak (RFC 9110 §8.8.1).
      const etag = res.getHeader('ETag');
      if (typeof etag === 'string' && etag.startsWith('"')) res.setHeader('ETag', `W/${etag}`);
      return sendEnd(out, typeof encoding === 'function' ? encoding : callback);
    }) as Response['end'];
    next();
  };
}
