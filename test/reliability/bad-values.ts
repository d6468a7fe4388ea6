// Bad values derived from a tool's JSON Schema (the one the registry
// publishes): for every property, a valid baseline and the values just outside
// each bound (length + 1, items + 1, min - 1, max + 1, wrong type, bad enum,
// bad pattern or format, unknown key, text with control characters or an
// unpaired surrogate, a link that is not http(s)), each as a fast-check arbitrary plus the
// exact boundary value as a fixed example.
import fc from 'fast-check';

export interface SchemaNode {
  type?: string;
  anyOf?: SchemaNode[];
  enum?: unknown[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: SchemaNode;
  properties?: Record<string, SchemaNode>;
  required?: string[];
  additionalProperties?: boolean | SchemaNode;
  propertyNames?: SchemaNode;
}

/** Where a value travels: a JSON body or MCP arguments, a query string, or a URL path segment. */
export type Location = 'json' | 'query' | 'path';

export interface BadCase {
  /** The dot path the 400 must name (zod's issue path). */
  field: string;
  /** What is wrong, for the test name. */
  label: string;
  /** The exact boundary value, always tried. */
  example: unknown;
  /** More bad values of the same kind. */
  arbitrary: fc.Arbitrary<unknown>;
  /** Leave the field out instead of setting it (a missing required field). */
  omit?: boolean;
}

/** The non-null branch of a nullable (`anyOf: [T, null]`) node. */
function concrete(node: SchemaNode): { node: SchemaNode; nullable: boolean } {
  if (!node.anyOf) return { node, nullable: false };
  const branch = node.anyOf.find((n) => n.type !== 'null') ?? {};
  return { node: branch, nullable: node.anyOf.some((n) => n.type === 'null') };
}

const patternOf = (node: SchemaNode) => (node.pattern ? new RegExp(node.pattern) : null);
const NUMERIC = /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/;

/** Candidate strings for patterned fields: the first that fits is the valid value. */
const PATTERN_SAMPLES = [
  'ok-slug',
  'DE',
  'LB-2026-000001',
  'https://example.com',
  '2026-01-05',
  'maker@example.com',
  '0b9d3a52-6f1e-4c3a-9b2d-1a2b3c4d5e6f',
];

/** A valid value for a node (the smallest that satisfies its bounds). */
export function validValue(raw: SchemaNode): unknown {
  const { node } = concrete(raw);
  if (node.enum) return node.enum[0];
  switch (node.type) {
    case 'string': {
      const re = patternOf(node);
      if (node.format === 'uri') return 'https://example.com';
      if (re) {
        const sample = PATTERN_SAMPLES.find((s) => re.test(s));
        if (!sample) throw new Error(`no valid sample for pattern ${node.pattern}`);
        return sample;
      }
      return 'x'.repeat(Math.max(1, node.minLength ?? 1));
    }
    case 'integer':
    case 'number':
      return Math.max(node.minimum ?? 1, Math.min(1, node.maximum ?? 1));
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: node.minItems ?? 0 }, () => validValue(node.items ?? {}));
    case 'object':
      return validObject(node);
    default:
      return 'x';
  }
}

/** An object with just its required properties, each valid. */
export function validObject(node: SchemaNode): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of node.required ?? []) out[key] = validValue(node.properties?.[key] ?? {});
  return out;
}

/** Values of every JSON type the node does not accept. */
function wrongTypeJson(types: Set<string>): fc.Arbitrary<unknown> {
  const options: fc.Arbitrary<unknown>[] = [];
  if (!types.has('string')) options.push(fc.string({ maxLength: 8 }));
  if (!types.has('integer') && !types.has('number')) options.push(fc.integer());
  if (!types.has('number'))
    options.push(fc.double({ noNaN: true, noDefaultInfinity: true }).filter((d) => !Number.isInteger(d)));
  if (!types.has('boolean')) options.push(fc.boolean());
  if (!types.has('null')) options.push(fc.constant(null));
  if (!types.has('array')) options.push(fc.array(fc.integer(), { maxLength: 3 }));
  if (!types.has('object'))
    options.push(fc.dictionary(fc.stringMatching(/^[a-z]{1,6}$/), fc.integer(), { maxKeys: 3 }));
  return fc.oneof(...options);
}

function typesOf(raw: SchemaNode): Set<string> {
  const nodes = raw.anyOf ?? [raw];
  const types = new Set(nodes.map((n) => n.type ?? 'string'));
  if (types.has('integer')) types.add('number'); // JSON has one number type; non-integers are checked by the integer case
  return types;
}

/** Strings that break a pattern (or a format carried by one), kept inside the length bound. */
function patternBreakers(node: SchemaNode): { example: string; arbitrary: fc.Arbitrary<string> } | null {
  const re = patternOf(node);
  if (!re) return null;
  const max = node.maxLength ?? 40;
  const examples: Record<string, string> = { uuid: 'not-a-uuid', date: '2026-02-30', email: 'not-an-email' };
  const example =
    (node.format && examples[node.format]) ??
    ['Not_A_Slug', '!!', 'ftp://example.com', 'LB-1'].find((s) => !re.test(s) && s.length <= max)!;
  const arbitrary = fc.string({ minLength: 1, maxLength: Math.min(max, 40) }).filter((s) => !re.test(s));
  return { example, arbitrary };
}

/**
 * The bad cases of one property. `field` is the dot path zod reports; nested
 * objects and array items are walked (their cases carry the whole property
 * value, built around a valid baseline), so a bad `faqs[0].question` is
 * `faqs` set to `[{ question: <bad>, answer: 'x' }]` with field `faqs.0.question`.
 */
export function badCases(field: string, raw: SchemaNode, location: Location): BadCase[] {
  const { node, nullable } = concrete(raw);
  const cases: BadCase[] = [];
  const add = (label: string, example: unknown, arbitrary: fc.Arbitrary<unknown> = fc.constant(example)) =>
    cases.push({ field, label, example, arbitrary });
  const text = location !== 'json';

  // Wrong type. A URL carries only strings: a repeated query parameter is the one non-string it can hold.
  if (location === 'json')
    add('wrong type', nullable || node.type === 'string' ? 42 : 'forty-two', wrongTypeJson(typesOf(raw)));
  else if (location === 'query' && (node.type === 'string' || node.enum))
    add('repeated parameter', [validValue(node), validValue(node)]);

  if (node.enum) {
    const values = node.enum.map(String);
    add(
      'value outside the enum',
      'not-an-option',
      fc.stringMatching(/^[a-z_-]{1,20}$/).filter((s) => !values.includes(s)),
    );
    return cases;
  }

  switch (node.type) {
    case 'string': {
      // Text that is not acceptable anywhere (src/platform/text.ts): control characters, and over
      // JSON an unpaired surrogate (a URL cannot carry one: it becomes U+FFFD on the way).
      add(
        'a NUL character',
        'a\u0000b',
        fc.constantFrom('\u0000', '\u0001', '\u0008', '\u000b', '\u001b', '\u007f', '\u0085').map((c) => `ok${c}`),
      );
      // Links are http(s) only (src/platform/links.ts): format uri, and the stored *_url fields.
      if (node.format === 'uri' || /(^|\.)[a-z_]+_url$/.test(field))
        add(
          'a link that is not http(s)',
          'javascript:alert(1)',
          fc.constantFrom('javascript:alert(1)', 'data:text/html,<b>x</b>', 'ftp://example.com/x', 'vbscript:x'),
        );
      if (location === 'json')
        add(
          'an unpaired surrogate',
          'a\ud800b',
          fc.constantFrom('\ud800', '\udbff', '\udc00').map((c) => `ok${c}`),
        );
      if (node.maxLength !== undefined) {
        const max = node.maxLength;
        add('maxLength + 1', 'a'.repeat(max + 1), fc.string({ minLength: max + 1, maxLength: max + 16 }));
      }
      if (node.minLength !== undefined && node.minLength > 0) add('minLength - 1', 'x'.repeat(node.minLength - 1));
      const breakers = patternBreakers(node);
      if (breakers) add(`breaks ${node.format ?? 'the pattern'}`, breakers.example, breakers.arbitrary);
      else if (node.format === 'uri')
        add(
          'not a URI',
          'not a uri',
          fc.stringMatching(/^[a-z ]{1,20}$/).filter((s) => !s.includes(':')),
        );
      break;
    }
    case 'integer':
    case 'number': {
      const min = node.minimum;
      const max = node.maximum;
      const show = (n: number) => (text ? String(n) : n);
      if (max !== undefined)
        add(
          'maximum + 1',
          show(max + 1),
          max < 2 ** 30 ? fc.integer({ min: max + 1, max: max + 1000 }).map(show) : fc.constant(show(max + 1)),
        );
      if (min !== undefined) add('minimum - 1', show(min - 1), fc.integer({ min: min - 1000, max: min - 1 }).map(show));
      if (node.type === 'integer')
        add(
          'not an integer',
          show((min ?? 0) + 0.5),
          fc
            .double({ min: min ?? 0, max: Math.min(max ?? 1e6, 1e6), noNaN: true })
            .filter((d) => !Number.isInteger(d))
            .map(show),
        );
      if (text)
        add(
          'not a number',
          'abc',
          fc.string({ maxLength: 10 }).filter((s) => !NUMERIC.test(s)),
        );
      break;
    }
    case 'boolean':
      if (text)
        add(
          'not a boolean',
          'maybe',
          fc.string({ maxLength: 10 }).filter((s) => s !== 'true' && s !== 'false'),
        );
      break;
    case 'array': {
      const item = validValue(node.items ?? {});
      if (node.maxItems !== undefined) add('maxItems + 1', Array(node.maxItems + 1).fill(item));
      if (node.minItems !== undefined && node.minItems > 0) add('minItems - 1', Array(node.minItems - 1).fill(item));
      if (node.items) {
        for (const c of badCases(`${field}.0`, node.items, location)) cases.push(wrap(c, (v) => [v]));
      }
      break;
    }
    case 'object': {
      const base = validObject(node);
      if (node.properties) {
        cases.push({
          field: `${field}.unknown_field`,
          label: 'unknown key',
          example: { ...base, unknown_field: 1 },
          arbitrary: fc.constant({ ...base, unknown_field: 1 }),
        });
        for (const [key, child] of Object.entries(node.properties)) {
          for (const c of badCases(`${field}.${key}`, child, location))
            cases.push(wrap(c, (v) => ({ ...base, [key]: v })));
        }
      }
      if (node.propertyNames?.enum && typeof node.additionalProperties === 'object') {
        const key = String(node.propertyNames.enum[0]);
        const names = node.propertyNames.enum.map(String);
        cases.push({
          field,
          label: 'key outside the enum',
          example: { 'not-a-key': validValue(node.additionalProperties) },
          arbitrary: fc
            .stringMatching(/^[a-z]{1,12}$/)
            .filter((k) => !names.includes(k))
            .map((k) => ({ [k]: validValue(node.additionalProperties as SchemaNode) })),
        });
        for (const c of badCases(`${field}.${key}`, node.additionalProperties, location))
          cases.push(wrap(c, (v) => ({ [key]: v })));
      }
      break;
    }
  }
  return cases;
}

/** A nested case lifted to its parent property's value. */
function wrap(c: BadCase, lift: (v: unknown) => unknown): BadCase {
  return { ...c, example: lift(c.example), arbitrary: c.arbitrary.map(lift) };
}

/** Keys the object does not declare (for the unknown-key case). */
export function unknownKeys(
  node: SchemaNode,
  reserved: string[] = [],
): { example: string; arbitrary: fc.Arbitrary<string> } {
  const taken = new Set([...Object.keys(node.properties ?? {}), ...reserved]);
  return {
    example: 'unknown_field',
    arbitrary: fc.stringMatching(/^[a-z][a-z0-9_]{0,15}$/).filter((k) => !taken.has(k)),
  };
}
