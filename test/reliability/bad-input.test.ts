// Bad input on every operation, generated from the registry: for each tool and
// each property of its published input schema, values just outside every
// bound (see bad-values.ts) sent over REST (path, query or body exactly as the
// REST face splits them) and over MCP, with a caller holding every scope. Each
// must answer 400 problem+json naming the field (REST) or an isError result
// naming it (MCP); no call may answer 5xx, and the database must be unchanged
// afterwards. Headers too: bad Idempotency-Key, bad bearer tokens; and the
// body itself: invalid JSON, not an object, wrong content type, over 1 MB.
import { createHash, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnyTool, pathParams } from '../../tools/define.js';
import { tools } from '../../tools/index.js';
import { SCOPES } from '../../src/auth/caller.js';
import { AppError } from '../../src/errors.js';
import { parseInput } from '../../src/registry/invoke.js';
import { inputJsonSchema } from '../../src/registry/json-schema.js';
import { testContext, type TestContext } from '../helpers/context.js';
import { given } from '../helpers/given.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { userWithKey } from '../helpers/users.js';
import { type AnyMcpClient, connectHttp } from '../mcp/clients.js';
import { type BadCase, type Location, type SchemaNode, badCases, unknownKeys, validObject } from './bad-values.js';
import { createEndpoint } from '../../src/webhooks/endpoints.js';

// Generated values per case, besides the boundary example (fast-check counts
// examples in numRuns, hence RUNS + 1); raise for a deeper
// (slower) fuzz: BAD_INPUT_RUNS=50 BAD_INPUT_SEED=$RANDOM npx vitest run test/reliability.
const SEED = Number(process.env.BAD_INPUT_SEED ?? 20261122);
const RUNS = Number(process.env.BAD_INPUT_RUNS ?? 1);
const BODY_METHODS = new Set(['POST', 'PATCH', 'PUT']);

let ctx: TestContext;
let server: TestServer;
let mcp: AnyMcpClient;
let auth: Record<string, string>;
let expiredKey: string;
let dbBefore: string;
const statuses: { what: string; status: number }[] = [];
const tried = { rest: 0, mcp: 0, headers: 0, bodies: 0 };

/** Path parameter values naming real rows, so a validation bypass would show as a write. */
const pathValues: Record<string, string | number> = {};

beforeAll(async () => {
  ctx = await testContext({ rateLimit: { signedInPerMinute: 1e9, anonymousPerMinute: 1e9, failedAuthPerMinute: 1e9 } });
  server = await startServer(ctx);
  const maker = await userWithKey(ctx, [...SCOPES]);
  auth = maker.auth;
  expiredKey = (await userWithKey(ctx, [...SCOPES], { expiresAt: '2026-01-01T00:00:00.000Z' })).key;
  const listingId = await given(ctx).listing({ slug: 'bad-input-listing', fields: { owner_id: maker.userId } });
  const draftId = randomUUID();
  const now = ctx.clock.now().toISOString();
  await ctx.db
    .insertInto('drafts')
    .values({
      id: draftId,
      user_id: maker.userId,
      url: 'https://bad-input.example.com',
      domain: 'bad-input.example.com',
      status: 'ready',
      created_at: now,
      updated_at: now,
    })
    .execute();
  const milestone = await ctx.db
    .insertInto('milestones')
    .values({ listing_id: listingId, date: '2026-01-05', title: 'Started', created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  Object.assign(pathValues, {
    slug: 'bad-input-listing',
    id: draftId,
    listing_id: listingId,
    milestone_id: milestone.id,
    claim_id: 1,
    webhook_id: (
      await createEndpoint(ctx, maker.userId, 'own', { url: 'https://hooks.example.com/in', events: ['order.paid'] })
    ).id,
    number: 'LB-2026-000001',
    week: 'this',
    board: 'community-weekly',
  });
  mcp = await connectHttp('v2-2026-07-28', `${server.url}/mcp`, auth);
  dbBefore = await databaseDigest();
});
afterAll(async () => {
  await mcp?.close();
  await server?.close();
  await ctx?.close();
});

/** Every row of every table (rate-limit counters aside), hashed. */
async function databaseDigest(): Promise<string> {
  const hash = createHash('sha256');
  const tables = (await ctx.db.introspection.getTables())
    .map((t) => t.name)
    .filter((n) => n !== 'rate_limits' && !n.startsWith('kysely_'))
    .sort();
  for (const table of tables) {
    const rows = await ctx.db
      .selectFrom(table as 'users')
      .selectAll()
      .execute();
    const lines = rows.map((r) => JSON.stringify(r)).sort();
    hash.update(`${table}\n${lines.join('\n')}\n`);
  }
  return hash.digest('hex');
}

const schemas = new Map(tools.map((t) => [t, inputJsonSchema(t) as SchemaNode]));
const schemaOf = (tool: AnyTool) => schemas.get(tool)!;

/** A valid input: required properties at their smallest, path parameters naming the fixture rows. */
function baseline(tool: AnyTool): Record<string, unknown> {
  const input = validObject(schemaOf(tool));
  for (const key of pathParams(tool.http.path)) input[key] = pathValues[key];
  return input;
}

interface ToolCase extends BadCase {
  key: string;
}

/** The bad cases of one tool, each for the property `key` of its input. */
function toolCases(tool: AnyTool, face: 'rest' | 'mcp'): ToolCase[] {
  const schema = schemaOf(tool);
  const pathKeys = pathParams(tool.http.path);
  const out: ToolCase[] = [];
  for (const [key, prop] of Object.entries(schema.properties ?? {})) {
    const location: Location =
      face === 'mcp' ? 'json' : pathKeys.includes(key) ? 'path' : BODY_METHODS.has(tool.http.method) ? 'json' : 'query';
    for (const c of badCases(key, prop, location)) {
      // A path segment of '', '.' or '..' is another URL, not a bad value for this one.
      const arbitrary =
        location === 'path' ? c.arbitrary.filter((v) => !['', '.', '..'].includes(String(v))) : c.arbitrary;
      out.push({ ...c, key, arbitrary });
    }
    if (schema.required?.includes(key) && (face === 'mcp' || !pathKeys.includes(key))) {
      out.push({
        key,
        field: key,
        label: 'missing required',
        example: undefined,
        arbitrary: fc.constant(undefined),
        omit: true,
      });
    }
  }
  const reserved = tool.idempotencyKey && face === 'mcp' ? ['idempotency_key'] : [];
  const unknown = unknownKeys(schema, reserved);
  // The unknown key is the field the error must name, so it is drawn here, not in the value;
  // keys that are Object.prototype's own names must be named like any other. (Over MCP the
  // SDK's zod parse of tools/call params drops a `__proto__` argument before any tool sees
  // it, so there it is ignored, not named: harmless, and out of our hands.)
  const awkward = face === 'mcp' ? ['constructor'] : ['__proto__', 'constructor'];
  for (const example of [unknown.example, ...awkward]) {
    out.push({
      key: '(unknown)',
      field: '(unknown)',
      label: `unknown key (${example})`,
      example,
      arbitrary: unknown.arbitrary,
    });
  }
  return out;
}

/** The input of one case with one value: the baseline with one property replaced, removed or added. */
function caseInput(tool: AnyTool, c: ToolCase, value: unknown): { input: Record<string, unknown>; field: string } {
  const input = baseline(tool);
  if (c.key === '(unknown)') return { input: { ...input, [value as string]: 1 }, field: value as string };
  if (c.omit) delete input[c.key];
  else input[c.key] = value;
  return { input, field: c.field };
}

function restRequest(
  tool: AnyTool,
  input: Record<string, unknown>,
  headers: Record<string, string> = {},
): [string, RequestInit] {
  const rest = { ...input };
  const path = tool.http.path.replace(/\{([a-z_]+)\}/g, (_m, key: string) => {
    const value = rest[key];
    delete rest[key];
    return encodeURIComponent(String(value));
  });
  const url = new URL(`${server.url}/api/v1${path}`);
  const init: RequestInit = { method: tool.http.method, headers: { ...auth, ...headers } };
  if (BODY_METHODS.has(tool.http.method)) {
    init.body = JSON.stringify(rest);
    init.headers = { ...init.headers, 'content-type': 'application/json' };
  } else {
    for (const [key, value] of Object.entries(rest)) {
      for (const v of Array.isArray(value) ? value : [value]) url.searchParams.append(key, String(v));
    }
  }
  return [url.toString(), init];
}

async function send(what: string, url: string, init: RequestInit): Promise<Response> {
  const res = await fetch(url, init);
  statuses.push({ what, status: res.status });
  return res;
}

const within = (path: string, field: string) => path === field || path.startsWith(`${field}.`);

/** 400 problem+json whose errors name `field` (or a key inside it, e.g. `socials.myspace`). */
async function expectNamed(res: Response, field: string, what: string): Promise<string[]> {
  const text = await res.text();
  expect(res.status, `${what}: ${text}`).toBe(400);
  expect(res.headers.get('content-type'), what).toMatch(/^application\/problem\+json/);
  const paths = (JSON.parse(text).errors ?? []).map((e: { path: string }) => e.path) as string[];
  expect(
    paths.some((p) => within(p, field)),
    `${what}: ${paths.join(', ')} do not name ${field}`,
  ).toBe(true);
  return paths;
}

/** Nothing else is named: the baseline around the bad value was valid. */
function expectOnlyWithin(paths: string[], field: string, what: string) {
  for (const p of paths)
    expect(within(p, field), `${what}: unexpected error path ${p} in ${paths.join(', ')}`).toBe(true);
}

const run = (property: fc.IAsyncProperty<[unknown]>, example: unknown) =>
  fc.assert(property, { seed: SEED, numRuns: RUNS + 1, examples: [[example]], endOnFailure: true });

describe('bad values over REST, from every tool schema', () => {
  it.each(tools.map((t) => [t.name, t] as const))('%s answers 400 naming the field', async (_name, tool) => {
    expect(tool.input.safeParse(baseline(tool)).success, 'the baseline itself is valid').toBe(true);
    for (const c of toolCases(tool, 'rest')) {
      await run(
        fc.asyncProperty(c.arbitrary, async (value) => {
          const { input, field } = caseInput(tool, c, value);
          const what = `${tool.name} ${c.label} at ${field}: ${JSON.stringify(value)?.slice(0, 80)}`;
          const paths = await expectNamed(await send(what, ...restRequest(tool, input)), field, what);
          expectOnlyWithin(paths, field, what);
          tried.rest += 1;
        }),
        c.example,
      );
    }
  });
});

describe('bad values over MCP, from every tool schema', () => {
  it.each(tools.map((t) => [t.name, t] as const))('%s answers isError naming the field', async (_name, tool) => {
    for (const c of toolCases(tool, 'mcp')) {
      await run(
        fc.asyncProperty(c.arbitrary, async (value) => {
          const { input, field } = caseInput(tool, c, value);
          const what = `${tool.name} ${c.label} at ${field}: ${JSON.stringify(value)?.slice(0, 80)}`;
          expect(() => parseInput(tool, input), `${what} is really bad`).toThrow(AppError);
          const result = await mcp.callTool(tool.name, input);
          const text = (result.content as { text: string }[])[0].text;
          expect(result.isError, `${what}: ${text}`).toBe(true);
          const problem = JSON.parse(text);
          statuses.push({ what, status: problem.status });
          expect(problem.status, `${what}: ${text}`).toBe(400);
          const paths = problem.errors.map((e: { path: string }) => e.path) as string[];
          expect(
            paths.some((p) => within(p, field)),
            `${what}: ${paths.join(', ')} do not name ${field}`,
          ).toBe(true);
          expectOnlyWithin(paths, field, what);
          tried.mcp += 1;
        }),
        c.example,
      );
    }
  });
});

const idempotent = tools.filter((t) => t.idempotencyKey);
const bodyTools = tools.filter((t) => BODY_METHODS.has(t.http.method));

describe('bad headers', () => {
  const badKeys = fc.oneof(
    fc.string({ minLength: 256, maxLength: 300, unit: 'grapheme-ascii' }).filter((s) => s.trim() === s),
    fc
      .tuple(fc.stringMatching(/^[a-z]{1,8}$/), fc.constantFrom('\t', 'é', '\u00ff'), fc.stringMatching(/^[a-z]{1,8}$/))
      .map((p) => p.join('')),
  );
  it.each(idempotent.map((t) => [t.name, t] as const))(
    '%s answers 400 to a bad Idempotency-Key over REST and MCP',
    async (_name, tool) => {
      await run(
        fc.asyncProperty(badKeys, async (key) => {
          const what = `${tool.name} Idempotency-Key ${JSON.stringify(key).slice(0, 40)}`;
          await expectNamed(
            await send(what, ...restRequest(tool, baseline(tool), { 'idempotency-key': key as string })),
            'Idempotency-Key',
            what,
          );
          const result = await mcp.callTool(tool.name, { ...baseline(tool), idempotency_key: key });
          const problem = JSON.parse((result.content as { text: string }[])[0].text);
          expect([result.isError, problem.status], what).toEqual([true, 400]);
          expect(problem.errors.map((e: { path: string }) => e.path)).toContain('idempotency_key');
          tried.headers += 2;
        }),
        'k'.repeat(256),
      );
      const result = await mcp.callTool(tool.name, { ...baseline(tool), idempotency_key: 42 });
      expect(result.isError).toBe(true);
    },
  );

  it.each(tools.filter((t) => !t.idempotencyKey).map((t) => [t.name, t] as const))(
    '%s refuses an Idempotency-Key it does not take',
    async (_name, tool) => {
      const what = `${tool.name} unexpected Idempotency-Key`;
      await expectNamed(
        await send(what, ...restRequest(tool, baseline(tool), { 'idempotency-key': 'retry-1' })),
        'Idempotency-Key',
        what,
      );
      tried.headers += 1;
    },
  );

  const fakeJwt = `${[
    { alg: 'RS256', typ: 'JWT', kid: 'nope' },
    { sub: '1', aud: 'x', exp: 1 },
  ]
    .map((p) => Buffer.from(JSON.stringify(p)).toString('base64url'))
    .join('.')}.c2ln`;
  const badAuthorizations = (): [string, string][] => [
    ['garbage', 'Bearer !!! not a token'],
    ['another scheme', 'Basic dXNlcjpwYXNz'],
    ['unknown API key', `Bearer lb_${'0'.repeat(40)}`],
    ['wrong prefix', `Bearer xx_${'0'.repeat(40)}`],
    ['expired-looking JWT', `Bearer ${fakeJwt}`],
    ['expired API key', `Bearer ${expiredKey}`],
    ['oversized token', `Bearer ${'a'.repeat(5000)}`],
    ['scheme only', 'Bearer'],
  ];

  it.each(tools.map((t) => [t.name, t] as const))(
    '%s answers 401 with a Bearer challenge to bad credentials on both faces',
    async (_name, tool) => {
      for (const [label, authorization] of badAuthorizations()) {
        const what = `${tool.name} ${label}`;
        const res = await send(what, ...restRequest(tool, baseline(tool), { authorization }));
        expect(res.status, what).toBe(401);
        expect(res.headers.get('content-type'), what).toMatch(/^application\/problem\+json/);
        expect(res.headers.get('www-authenticate'), what).toMatch(/^Bearer .*resource_metadata="[^"]+"/);
        const call = {
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: tool.name, arguments: baseline(tool) },
        };
        const overMcp = await send(`${what} over MCP`, `${server.url}/mcp`, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
          body: JSON.stringify(call),
        });
        expect(overMcp.status, `${what} over MCP`).toBe(401);
        expect(overMcp.headers.get('www-authenticate'), `${what} over MCP`).toMatch(
          /^Bearer .*resource_metadata="[^"]+"/,
        );
        tried.headers += 2;
      }
    },
  );
});

describe('bad bodies', () => {
  const notJson = fc.string({ minLength: 1, maxLength: 40 }).filter((s) => {
    try {
      JSON.parse(s);
      return false;
    } catch {
      return true;
    }
  });
  const notAnObject = fc
    .oneof(fc.array(fc.integer(), { maxLength: 3 }), fc.constant(null))
    .map((v) => JSON.stringify(v));

  it.each(bodyTools.map((t) => [t.name, t] as const))(
    '%s answers 400, 415-style 400 and 413 to bodies it cannot read, corrupt encodings included',
    async (_name, tool) => {
      const [url, init] = restRequest(tool, baseline(tool));
      const post = (body: string, contentType: string | null, what: string) =>
        send(what, url, {
          ...init,
          body,
          headers: { ...auth, ...(contentType ? { 'content-type': contentType } : {}) },
        });
      await run(
        fc.asyncProperty(notJson, async (body) => {
          await expectNamed(
            await post(body as string, 'application/json', `${tool.name} invalid JSON`),
            '(body)',
            `${tool.name} invalid JSON ${body}`,
          );
          tried.bodies += 1;
        }),
        '{"url":',
      );
      await run(
        fc.asyncProperty(notAnObject, async (body) => {
          await expectNamed(
            await post(body as string, 'application/json', `${tool.name} not an object`),
            '(body)',
            `${tool.name} body ${body}`,
          );
          tried.bodies += 1;
        }),
        '[1,2]',
      );
      for (const contentType of [
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        null,
      ]) {
        const what = `${tool.name} content type ${contentType}`;
        await expectNamed(await post(init.body as string, contentType, what), 'Content-Type', what);
        tried.bodies += 1;
      }
      // A body its Content-Encoding does not describe: corrupt gzip, deflate and br, an unknown coding;
      // then bytes that are not UTF-8 in a key (read as U+FFFD: an unknown key, a 400 like any other).
      for (const encoding of ['gzip', 'deflate', 'br', 'zstd']) {
        const what = `${tool.name} corrupt ${encoding} body`;
        const res = await send(what, url, {
          ...init,
          body: Buffer.from('\x1f\x8b\x08\x00garbage', 'latin1'),
          headers: { ...auth, 'content-type': 'application/json', 'content-encoding': encoding },
        });
        await expectNamed(res, '(body)', what);
        tried.bodies += 1;
      }
      const notUtf8 = await send(`${tool.name} bytes that are not UTF-8`, url, {
        ...init,
        body: Buffer.concat([Buffer.from('{"'), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from('":1}')]),
        headers: { ...auth, 'content-type': 'application/json' },
      });
      expect(notUtf8.status, `${tool.name} bytes that are not UTF-8`).toBe(400);
      tried.bodies += 1;
      const huge = await post(
        JSON.stringify({ ...JSON.parse(init.body as string), padding: 'x'.repeat(1_100_000) }),
        'application/json',
        `${tool.name} huge body`,
      );
      expect(huge.status, `${tool.name} huge body`).toBe(413);
      expect(huge.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect((await huge.json()).errors.map((e: { path: string }) => e.path)).toContain('(body)');
      tried.bodies += 1;
    },
  );
});

describe('after every bad call', () => {
  it('never answered 5xx', () => {
    expect(statuses.filter((s) => s.status >= 500)).toEqual([]);
  });
  it('wrote nothing: every table is as it was', async () => {
    expect(await databaseDigest()).toBe(dbBefore);
    const total = tried.rest + tried.mcp + tried.headers + tried.bodies;
    console.info(
      `bad input: ${tools.length} operations; ${total} bad calls (REST values ${tried.rest}, MCP values ${tried.mcp}, headers ${tried.headers}, bodies ${tried.bodies})`,
    );
  });
});
