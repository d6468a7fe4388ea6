// The closed set of expected failures. Services throw AppError; each face maps
// it in one table (REST: problem+json, MCP: an isError result). Anything else
// is a bug and becomes a generic 500 with a correlation id in the log.

export type ErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'conflict'
  | 'unprocessable'
  | 'payload_too_large'
  | 'rate_limited'
  | 'unavailable';

export interface FieldError {
  path: string;
  message: string;
}

export const errorStatus: Record<ErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unprocessable: 422,
  rate_limited: 429,
  unavailable: 503,
};

export const errorTitle: Record<ErrorKind, string> = {
  invalid: 'Invalid request',
  unauthenticated: 'Not signed in',
  forbidden: 'Access does not allow this operation',
  not_found: 'Not found',
  method_not_allowed: 'Method not allowed',
  conflict: 'Conflict',
  payload_too_large: 'Request body too large',
  unprocessable: 'Unprocessable request',
  rate_limited: 'Rate limited',
  unavailable: 'Service unavailable',
};

/** What each kind means and what a client does next: the page every problem `type` links to (/docs/errors). */
export const errorHelp: Record<ErrorKind | 'internal', string> = {
  invalid:
    'The input broke a rule: a bound, a format, a required field, an unknown field, text with control characters or a link that is not http(s). `errors` names each field (`path`) and what is wrong; fix those and send again.',
  unauthenticated:
    'The operation needs a signed-in caller and none (or an unknown, expired or revoked credential) was sent. Send an API key or an OAuth access token as `Authorization: Bearer …`; MCP clients follow the `WWW-Authenticate` challenge to sign in.',
  forbidden:
    'The caller is known but may not do this: the credential lacks the scope (`insufficient_scope` names it), or a rule refuses it (voting for your own listing, an unconfirmed email). The detail says which.',
  not_found:
    'Nothing by that id or slug is visible to this caller. Own resources (drafts, listings, orders, claims) are 404 for everyone else; the detail names the tool that lists yours.',
  method_not_allowed:
    'The path exists but not with this HTTP method. The OpenAPI document at /api/v1/openapi.json lists each path and method.',
  conflict:
    'The request clashes with the current state: a second claim, a full week, an invite limit, a draft in the wrong status, or an Idempotency-Key reused with another body. Read the detail, then change the request or the state.',
  payload_too_large: 'The request body is larger than the limit (1 MB on the API). Send less.',
  unprocessable: 'The input is well formed but cannot be carried out as asked; the detail says why.',
  rate_limited:
    'Too many requests (or failed sign-ins, checks or invites) in the window. Wait the seconds `Retry-After` gives; the `RateLimit` header shows the budget and what is left.',
  unavailable:
    'The service cannot answer right now (the database is busy or unreachable). Retry after a short wait; nothing was written.',
  internal:
    'A fault on our side. Nothing a client sent caused it; retry later, and quote the `correlation_id` if you report it.',
};

export class AppError extends Error {
  readonly kind: ErrorKind;
  readonly errors: FieldError[];
  /** Extra response headers the face should send (e.g. Retry-After). */
  readonly headers: Record<string, string>;

  constructor(kind: ErrorKind, detail: string, opts: { errors?: FieldError[]; headers?: Record<string, string> } = {}) {
    super(detail);
    this.name = 'AppError';
    this.kind = kind;
    this.errors = opts.errors ?? [];
    this.headers = opts.headers ?? {};
  }

  get status(): number {
    return errorStatus[this.kind];
  }

  get title(): string {
    return errorTitle[this.kind];
  }
}

export const invalid = (detail: string, errors?: FieldError[]) => new AppError('invalid', detail, { errors });

/**
 * A request body the body parsers could not read, as the AppError every face
 * answers with (REST and OAuth: problem+json; pages: a plain 400), or null
 * when the failure is not about the body. Everything a client can send wrong
 * is a 4xx here, never a 500: bad JSON, too large, an unsupported encoding or
 * charset, and a gzip, deflate or br body that does not decompress.
 */
export function bodyReadError(err: unknown): AppError | null {
  const e = err as { type?: string; status?: number; expose?: boolean; code?: unknown } | null;
  if (!e || typeof e !== 'object') return null;
  const body = (message: string) => [{ path: '(body)', message }];
  if (e.type === 'entity.parse.failed')
    return new AppError('invalid', 'The request body is not valid JSON.', { errors: body('invalid JSON') });
  if (e.type === 'entity.too.large') {
    return new AppError('payload_too_large', 'The request body is too large.', { errors: body('too large') });
  }
  if (e.type === 'parameters.too.many')
    return new AppError('invalid', 'The form has too many fields.', { errors: body('too many fields') });
  if (e.type === 'encoding.unsupported') {
    return new AppError(
      'invalid',
      'The request body has a Content-Encoding this server does not read: send it uncompressed, or as gzip, deflate or br.',
      {
        errors: body('unsupported Content-Encoding'),
      },
    );
  }
  if (e.type === 'charset.unsupported')
    return new AppError('invalid', 'The request body must be UTF-8.', { errors: body('unsupported charset') });
  // zlib failing on the bytes body-parser was inflating: marked 400 but without a type.
  if (typeof e.code === 'string' && e.code.startsWith('Z_')) {
    return new AppError('invalid', 'The request body does not decompress as its Content-Encoding says.', {
      errors: body('corrupt compressed body'),
    });
  }
  if (e.expose === true && typeof e.status === 'number' && e.status >= 400 && e.status < 500) {
    return new AppError('invalid', 'The request body could not be read.', { errors: body('unreadable') });
  }
  return null;
}
export const notFound = (detail: string) => new AppError('not_found', detail);

export interface ProblemDetails {
  type: string;
  title: string;
  status: number;
  detail: string;
  errors?: FieldError[];
  correlation_id?: string;
}

/** RFC 9457 body for an AppError; `type` points at our error docs by kind. */
export function toProblem(err: AppError, docsBase: string): ProblemDetails {
  const body: ProblemDetails = {
    type: `${docsBase}/errors#${err.kind}`,
    title: err.title,
    status: err.status,
    detail: err.message,
  };
  if (err.errors.length > 0) body.errors = err.errors;
  return body;
}

export function internalProblem(correlationId: string, docsBase: string): ProblemDetails {
  return {
    type: `${docsBase}/errors#internal`,
    title: 'Internal error',
    status: 500,
    detail: `Something went wrong on our side. Quote ${correlationId} if you report it.`,
    correlation_id: correlationId,
  };
}
