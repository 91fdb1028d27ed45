import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import Fastify, { type FastifySchema, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';

/**
 * Generators of hostile HTTP input for the security suite, and what they need to know about each route:
 * its zod schemas (to start from a valid request and break one field at a time, and to know whether a
 * request is still valid after the break).
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: Json[];
  const?: Json;
  default?: Json;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
};

export type RequestPart = 'body' | 'querystring' | 'params';
export const REQUEST_PARTS: readonly RequestPart[] = ['params', 'body', 'querystring'];

export interface RouteSchemas {
  body?: z.ZodType;
  querystring?: z.ZodType;
  params?: z.ZodType;
  /** Content types the route declares it consumes (the multipart upload routes). */
  consumes?: string[];
  /** Whether its success answer is a JSON envelope (a response schema); if not, it serves bytes. */
  answersJson: boolean;
}

const MODULES_DIR = path.resolve(import.meta.dirname, '../modules');

/**
 * The request schemas of every route, keyed `METHOD url`. The app does not keep them once compiled, so each
 * module's route plugin (`modules/<domain>/<domain>.routes.ts`, every exported `…Routes`) is registered on a
 * throw-away Fastify instance that records them; a test compares the result with the app's route table, so a
 * route this misses fails the suite rather than going unfuzzed.
 */
export async function collectRouteSchemas(ctx: AppContext): Promise<Map<string, RouteSchemas>> {
  const probe = Fastify({ logger: false });
  probe.setValidatorCompiler(validatorCompiler);
  probe.setSerializerCompiler(serializerCompiler);
  const found = new Map<string, RouteSchemas>();
  probe.addHook('onRoute', (route: RouteOptions) => {
    const schema = (route.schema ?? {}) as FastifySchema & { consumes?: string[]; hide?: boolean };
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods)
      found.set(`${method} ${route.url}`, {
        body: schema.body as z.ZodType | undefined,
        querystring: schema.querystring as z.ZodType | undefined,
        params: schema.params as z.ZodType | undefined,
        consumes: schema.consumes,
        answersJson: !!(schema.response as Record<number, unknown> | undefined)?.[200],
      });
  });
  for (const domain of fs.readdirSync(MODULES_DIR).sort()) {
    const dir = path.join(MODULES_DIR, domain);
    if (!fs.statSync(dir).isDirectory()) continue;
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.routes.ts'))) {
      const mod = (await import(path.join(dir, file))) as Record<string, unknown>;
      for (const [name, plugin] of Object.entries(mod))
        if (name.endsWith('Routes') && typeof plugin === 'function')
          await probe.register((plugin as (c: AppContext) => Parameters<typeof probe.register>[0])(ctx));
    }
  }
  await probe.close();
  return found;
}

/** The JSON Schema of what a zod schema accepts (refinements it cannot express are left out). */
export function inputJsonSchema(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

// ---------------------------------------------------------------------------------------------------------
// Valid requests

/** Valid values by field name, for what a JSON Schema cannot say (patterns, refinements, pairings). */
export type FieldExamples = Record<string, Json>;

function branches(s: JsonSchema): JsonSchema[] {
  return s.anyOf ?? s.oneOf ?? [];
}

/** A value the schema accepts: the field's example if one is given, else built from the schema. */
export function sampleValid(s: JsonSchema, examples: FieldExamples, key?: string): Json {
  if (key !== undefined && key in examples) return examples[key]!;
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0]!;
  const options = branches(s);
  if (options.length) {
    const nonNull =
      options.find((o) => o.type !== 'null' && o.const !== '' && !branches(o).length) ?? options[0]!;
    return sampleValid(nonNull, examples, key);
  }
  const type = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  switch (type) {
    case 'object': {
      const out: Record<string, Json> = {};
      for (const [k, v] of Object.entries(s.properties ?? {})) out[k] = sampleValid(v, examples, k);
      if (!s.properties && typeof s.additionalProperties === 'object')
        out.fuzzKey = sampleValid(s.additionalProperties, examples);
      return out;
    }
    case 'array':
      return Array.from({ length: Math.max(1, s.minItems ?? 1) }, () =>
        sampleValid(s.items ?? {}, examples, key),
      );
    case 'integer':
    case 'number': {
      const low = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 1);
      return Math.min(Math.max(low, 1), s.maximum ?? Number.MAX_SAFE_INTEGER);
    }
    case 'boolean':
      return true;
    case 'string': {
      if (s.format === 'email') return 'fuzz@test.pvstar.local';
      if (s.format === 'date-time') return '2025-06-01T12:00:00Z';
      const min = s.minLength ?? 0;
      const max = s.maxLength ?? 64;
      return 'fuzzvalue'.padEnd(min, 'x').slice(0, Math.max(min, Math.min(max, 9)));
    }
    default:
      return 'fuzz';
  }
}

/**
 * Values of the schema's shape that keep every field's JSON type and stay within its declared lengths
 * and ranges, with anything inside them: random text, text matching the field's pattern, and text of
 * exactly the longest allowed length (digits, an e-mail, a phone). What the hostile generator does not
 * reach: input the schemas accept that is longer than a column behind them.
 */
export function schemaShaped(s: JsonSchema, examples: FieldExamples, key?: string): fc.Arbitrary<Json> {
  const example = key !== undefined && key in examples ? [fc.constant(examples[key]!)] : [];
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  const options = branches(s);
  if (options.length) return fc.oneof(...example, ...options.map((o) => schemaShaped(o, examples, key)));
  const type = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  switch (type) {
    case 'object': {
      const props = Object.fromEntries(
        Object.entries(s.properties ?? {}).map(([k, v]) => [k, schemaShaped(v, examples, k)]),
      );
      return fc.record(props, { requiredKeys: s.required ?? [] }) as fc.Arbitrary<Json>;
    }
    case 'array':
      return fc.array(schemaShaped(s.items ?? {}, examples, key), {
        minLength: s.minItems ?? 0,
        maxLength: Math.min(s.maxItems ?? 3, 3),
      });
    case 'integer':
    case 'number':
      return fc.oneof(
        ...example,
        fc.integer({
          min: Math.max(s.minimum ?? -1_000_000, Number.MIN_SAFE_INTEGER),
          max: Math.min(s.maximum ?? 2_147_483_647, Number.MAX_SAFE_INTEGER),
        }),
      );
    case 'boolean':
      return fc.boolean();
    case 'string': {
      const min = s.minLength ?? 0;
      const max = s.maxLength ?? 300;
      const longest = (fill: (n: number) => string) => fc.integer({ min, max }).map(fill);
      const matching: fc.Arbitrary<Json>[] = [];
      if (s.pattern)
        try {
          matching.push(fc.stringMatching(new RegExp(s.pattern)));
        } catch {
          // A pattern fast-check cannot generate from (look-aheads): the other branches still run.
        }
      return fc.oneof(
        ...example,
        ...matching,
        fc.string({ unit: 'binary', minLength: min, maxLength: max }),
        longest((n) => '4'.repeat(n)),
        longest((n) => `${'x'.repeat(Math.max(1, n - 17))}@test.pvstar.local`.slice(-n)),
        longest((n) => `+49${'1'.repeat(Math.max(0, n - 3))}`),
        longest((n) => 'ä'.repeat(n)),
      );
    }
    default:
      return fc.oneof(...example, fc.string({ maxLength: 40 }));
  }
}

// ---------------------------------------------------------------------------------------------------------
// Paths into JSON values and schemas

export type Path = (string | number)[];

/** Every node below the root (objects' properties, arrays' items), parents before children. */
export function nodePaths(value: Json, prefix: Path = []): Path[] {
  const out: Path[] = [];
  if (Array.isArray(value))
    value.forEach((v, i) => {
      out.push([...prefix, i], ...nodePaths(v, [...prefix, i]));
    });
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) out.push([...prefix, k], ...nodePaths(v, [...prefix, k]));
  return out;
}

/** A copy of `root` with the node at `at` replaced (or removed, when `next` is undefined). */
export function withNode(root: Json, at: Path, next: Json | undefined): Json {
  if (at.length === 0) return next ?? null;
  const [head, ...rest] = at;
  if (Array.isArray(root)) {
    const copy = [...root];
    const i = head as number;
    if (rest.length === 0 && next === undefined) copy.splice(i, 1);
    else copy[i] = withNode(copy[i] ?? null, rest, next);
    return copy;
  }
  const copy: Record<string, Json> = { ...(root as Record<string, Json>) };
  const k = String(head);
  if (rest.length === 0 && next === undefined) delete copy[k];
  else copy[k] = withNode(copy[k] ?? null, rest, next);
  return copy;
}

/** The schema of the node at `at` (undefined where the schema does not say). */
export function schemaAt(s: JsonSchema | undefined, at: Path): JsonSchema | undefined {
  if (!s) return undefined;
  if (at.length === 0) return s;
  const [head, ...rest] = at;
  const options = branches(s);
  if (options.length) {
    for (const o of options) {
      const found = schemaAt(o, at);
      if (found) return found;
    }
    return undefined;
  }
  if (typeof head === 'number') return schemaAt(s.items, rest);
  const prop = s.properties?.[head!];
  if (prop) return schemaAt(prop, rest);
  return typeof s.additionalProperties === 'object' ? schemaAt(s.additionalProperties, rest) : undefined;
}

/** The JSON types a schema allows (empty: it does not say, so anything goes). */
export function declaredTypes(s: JsonSchema | undefined): Set<string> {
  const out = new Set<string>();
  if (!s) return out;
  const options = branches(s);
  if (options.length) {
    for (const o of options) {
      const inner = declaredTypes(o);
      if (inner.size === 0) return new Set();
      for (const t of inner) out.add(t);
    }
    return out;
  }
  if (s.type) for (const t of Array.isArray(s.type) ? s.type : [s.type]) out.add(t);
  else if (s.const !== undefined) out.add(jsonType(s.const));
  else if (s.enum) for (const e of s.enum) out.add(jsonType(e));
  return out;
}

export function jsonType(v: Json): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

/** True when the schema names the JSON types it allows and `v` is none of them. */
export function contradictsType(s: JsonSchema | undefined, v: Json): boolean {
  const allowed = declaredTypes(s);
  if (allowed.size === 0) return false;
  const t = jsonType(v);
  return !(allowed.has(t) || (t === 'integer' && allowed.has('number')));
}

/** Whether a parsed JSON value carries a key that Fastify's JSON parser refuses (prototype poisoning). */
export function hasPoisonedKey(root: unknown): boolean {
  // Iterative: the values under test nest 10,000 levels deep.
  const stack: unknown[] = [root];
  while (stack.length) {
    const v = stack.pop();
    if (!v || typeof v !== 'object') continue;
    for (const [k, inner] of Object.entries(v)) {
      if (k === '__proto__') return true;
      if (k === 'constructor' && inner && typeof inner === 'object' && 'prototype' in inner) return true;
      stack.push(inner);
    }
  }
  return false;
}

// ---------------------------------------------------------------------------------------------------------
// Hostile values

/** The largest id the schemas accept; no row has it, so a valid request naming it is answered 404. */
export const ABSENT_ID = 2_147_483_647;

const huge = (unit: string, length: number) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length);

/**
 * Strings that have broken web back ends: SQL and script fragments, direction overrides and zero-width
 * characters, emoji sequences, lone surrogates, NUL and control characters, numbers and keywords in text.
 * None of them reads as a small positive id, so a coercing id field never lands on a real row.
 */
export const HOSTILE_FRAGMENTS: readonly string[] = [
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  '" OR ""="',
  '1; SELECT pg_sleep(5)',
  "admin'--",
  '%_%',
  '\\',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '"><svg onload=alert(1)>',
  '\u202Egnp.exe',
  'a\u200B\u200C\u200D\uFEFFb',
  '👩‍👩‍👧‍👦🏳️‍🌈💥',
  'مرحبا بالعالم',
  'Z̷̢͈͚̈́a̸̛̘̓l̴̙͑g̵̣̈́o̵͎̓',
  '\uD800',
  '\uDFFF',
  'x\uD83Dy',
  '\u0000',
  'a\u0000b',
  '\u0007\u001B[31m\u007F',
  '\r\nSet-Cookie: x=1',
  'NaN',
  'Infinity',
  '-Infinity',
  'undefined',
  'null',
  'true',
  '-1',
  '0',
  '-0',
  '1.5',
  '1e308',
  '-1e308',
  '1e-400',
  '9223372036854775808',
  '18446744073709551616',
  '0x7FFFFFFF',
  '../../../../etc/passwd',
  '%00',
  '%s%s%s%n',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as plain text
  '${7*7}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  '   ',
  '',
];

/** Strings of 100 kB and more (and one over the 1 MB body limit). */
export const HUGE_STRINGS: readonly string[] = [
  huge('A', 100_001),
  huge('💥', 100_002),
  huge('\u202E\u200B', 120_000),
  huge("' OR 1=1 -- ", 100_000),
  huge('x', 1_100_000),
];

/** Would a coercing integer schema read this as a real small id (a row that exists)? Then keep it out. */
function readsAsSmallId(s: string): boolean {
  const n = Number(s);
  return Number.isInteger(n) && n > 0 && n < ABSENT_ID;
}

/** Just over the lengths our schemas allow (32, 64, 100, 200, 254, 255, 500, 1,000, 2,000, 10,000). */
export const OVER_LIMIT_STRINGS: readonly string[] = [
  33, 65, 101, 201, 255, 256, 501, 1001, 2001, 10_001,
].map((n, i) => huge(['a', 'é', '9', 'Ω'][i % 4]!, n));

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...HOSTILE_FRAGMENTS) },
  { weight: 1, arbitrary: fc.constantFrom(...HUGE_STRINGS) },
  { weight: 2, arbitrary: fc.constantFrom(...OVER_LIMIT_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }).filter((s) => !readsAsSmallId(s)) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom(...HOSTILE_FRAGMENTS), fc.string({ unit: 'grapheme', maxLength: 12 }))
      .map(([a, b]) => `${b}${a}${b}`)
      .filter((s) => !readsAsSmallId(s)),
  },
);

/** Numbers outside every range we accept, or of a kind we do not (fractions, -0); none is a small id. */
export const HOSTILE_NUMBERS: readonly number[] = [
  -1,
  0,
  -0,
  0.5,
  1.5,
  -2_147_483_648,
  2_147_483_648,
  2 ** 53 + 2,
  2 ** 63,
  Number.MAX_SAFE_INTEGER,
  Number.MIN_SAFE_INTEGER,
  1e308,
  -1e308,
  5e-324,
  Number.NaN,
  Number.POSITIVE_INFINITY,
];

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
  { weight: 1, arbitrary: fc.integer({ min: -2_147_483_648, max: 0 }) },
  {
    weight: 1,
    arbitrary: fc.double({ noNaN: false }).filter((n) => !(Number.isInteger(n) && n > 0 && n < ABSENT_ID)),
  },
);

/**
 * Nesting `levels` deep (`{"a":{"a":…}}` or `[[[…]]]`). JSON.stringify recurses and runs out of stack long
 * before a server's parser does, so deep values travel as placeholders that `toJsonText` expands.
 */
export function deeplyNested(levels: number, kind: 'object' | 'array'): string {
  return `\u0001deep:${kind}:${levels}\u0001`;
}

const deepText = (kind: string, levels: number) =>
  kind === 'object'
    ? `${'{"a":'.repeat(levels)}"bottom"${'}'.repeat(levels)}`
    : `${'['.repeat(levels)}"bottom"${']'.repeat(levels)}`;

/** JSON text of a generated value, with every deep-nesting placeholder expanded. */
export function toJsonText(value: Json): string {
  return JSON.stringify(value).replace(
    /"\\u0001deep:(object|array):(\d+)\\u0001"/g,
    (_m, kind: string, n: string) => deepText(kind, Number(n)),
  );
}

/** Keys that pollute prototypes when merged naively; parsed from text so they are own keys. */
export const POLLUTING_VALUES: readonly Json[] = [
  JSON.parse('{"__proto__":{"isAdmin":true,"perms":["*"]}}') as Json,
  JSON.parse('{"constructor":{"prototype":{"isAdmin":true}}}') as Json,
  JSON.parse('{"a":{"__proto__":{"polluted":1}}}') as Json,
];

const DEEP_VALUES: readonly string[] = [
  deeplyNested(1_000, 'object'),
  deeplyNested(1_000, 'array'),
  deeplyNested(10_000, 'array'),
];

const hostileKey = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', "' OR 1=1 --", '<script>', '', '\u0000', '$where'),
  fc.string({ unit: 'binary', maxLength: 12 }),
);

/** Any JSON value a client could send where the schema expects something else. */
export const hostileValue: fc.Arbitrary<Json> = fc.oneof(
  { weight: 5, arbitrary: hostileString },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constantFrom(...DEEP_VALUES) },
  { weight: 1, arbitrary: fc.constantFrom(...POLLUTING_VALUES) },
  { weight: 1, arbitrary: fc.array(fc.oneof(hostileString, hostileNumber), { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(hostileKey, hostileString, { maxKeys: 4 }) as fc.Arbitrary<Json> },
  { weight: 1, arbitrary: fc.constant(Array.from({ length: 20_000 }, (_, i) => -i) as Json) },
);

/**
 * Query and path values: any hostile value as text, and often one just over a limit yet under the router's
 * 100 characters for a path parameter (so the schema, not the router, has to refuse it).
 */
const textValue: fc.Arbitrary<Json> = fc.oneof(
  { weight: 4, arbitrary: hostileValue },
  { weight: 1, arbitrary: fc.constantFrom(huge('n', 65), huge('9', 100), huge('%', 99)) },
);

/** Request bodies that are not JSON of any shape the schema wants, sent as raw text. */
export const hostileRawBody: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    '{',
    '{"a":',
    '[1,2,',
    'null',
    'true',
    '"just a string"',
    '12345',
    'NaN',
    '{"a":1,}',
    "{'a':1}",
    '{"a":1}{"b":2}',
    '\u0000\u0001\u0002',
    '\uFEFF{}',
    '{"__proto__":{"isAdmin":true}}',
    '{"constructor":{"prototype":{"isAdmin":true}}}',
    `[]${' '.repeat(10)}`,
    deepText('array', 100_000),
    `{"a":"${huge('A', 1_100_000)}"}`,
    `{"length":1e9,"0":1}`,
  ),
  fc.uint8Array({ maxLength: 256 }).map((b) => Buffer.from(b).toString('latin1')),
  fc.string({ unit: 'binary', maxLength: 200 }),
);

export const ODD_CONTENT_TYPES: readonly string[] = [
  'text/plain',
  'application/xml',
  'text/html',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----fuzz',
  'application/json; charset=utf-16',
  'application/octet-stream',
  `application/${huge('x', 10_000)}`,
];

/** Header values that stress the language, auth and content-type handling. */
export const hostileHeaderValue: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...HOSTILE_FRAGMENTS.filter((s) => /^[\u0020-\u007e]*$/.test(s))),
  fc.constantFrom(huge('de-DE,', 100_000), huge('Z', 64 * 1024), 'xx-XX', '*', 'en-GB;q=NaN'),
);

export const hostileAuthorization: fc.Arbitrary<string> = fc.constantFrom(
  `Bearer ${huge('A', 100_000)}`,
  "Bearer ' OR 1=1 --",
  'Bearer ',
  'Bearer null',
  'Basic YWRtaW46YWRtaW4=',
  `Bearer ${huge('💥', 50)}`.replace(/[^\u0020-\u007e]/g, '?'),
  'bearer',
  huge('x', 20_000),
);

// ---------------------------------------------------------------------------------------------------------
// Hostile requests for one route

/** A route as the fuzzer sees it: its schemas, and a valid request to start from. */
export interface FuzzRoute {
  method: 'GET' | 'POST';
  url: string;
  isPublic: boolean;
  schemas: RouteSchemas;
  jsonSchemas: Partial<Record<RequestPart, JsonSchema>>;
  valid: { params: Record<string, string>; querystring: Record<string, string>; body: Json | undefined };
}

export interface HostileRequest {
  /** What was made hostile (for the report and for a failure's message). */
  kind: string;
  params: Record<string, string>;
  querystring: Record<string, string>;
  /** The body as sent (text), with its content type; none on GET. */
  payload?: string;
  contentType?: string;
  /** `caller`: the signed-in caller's bearer token; otherwise this header value instead. */
  authorization: string;
  lang: string;
  extraHeaders: Record<string, string>;
  /** The field one mutation broke (a coercing field must still refuse a JSON type it does not declare). */
  broken?: { part: RequestPart; path: Path };
  /** A path parameter sent as is, not percent-encoded: malformed escapes, NUL, dot segments. */
  rawSegment?: string;
}

const RAW_SEGMENTS = [
  '%',
  '%ZZ',
  '%E0%A4%A',
  '%00',
  '%C0%AE%C0%AE',
  '..%2F..%2Fetc%2Fpasswd',
  '%F0%9F%92',
  '1%20OR%201=1',
];

const JSON_TYPE = 'application/json';

/** What a lone surrogate becomes on the wire (UTF-8 has no encoding for it): U+FFFD. */
export const wellFormed = (s: string) =>
  s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

const textOf = (v: Record<string, Json>) =>
  Object.fromEntries(Object.entries(v).map(([k, x]) => [k, typeof x === 'string' ? x : toJsonText(x)]));

/** The route's valid request as sent, before anything in it is broken. */
function validRequest(route: FuzzRoute): HostileRequest {
  return {
    kind: '',
    params: route.valid.params,
    querystring: route.valid.querystring,
    payload: route.valid.body === undefined ? undefined : JSON.stringify(route.valid.body),
    contentType: route.valid.body === undefined ? undefined : JSON_TYPE,
    authorization: 'caller',
    lang: 'en-GB',
    extraHeaders: {},
  };
}

/** Fast-check arbitrary of hostile requests to a route, each its valid request with one thing broken. */
export function hostileRequests(route: FuzzRoute): fc.Arbitrary<HostileRequest> {
  const base = validRequest(route);
  const hasBody = route.method === 'POST';
  const body = route.valid.body;
  const bodyNodes = body === undefined ? [] : nodePaths(body);
  const stringParts = (['params', 'querystring'] as const).flatMap((part) =>
    Object.keys(route.valid[part]).map((key) => ({ part, key })),
  );
  const options: fc.WeightedArbitrary<HostileRequest>[] = [];

  if (bodyNodes.length)
    options.push(
      {
        weight: 8,
        arbitrary: fc.tuple(fc.constantFrom(...bodyNodes), hostileValue).map(([at, value]) => ({
          ...base,
          kind: `body field ${at.join('.')}`,
          payload: toJsonText(withNode(body!, at, value)),
          broken: { part: 'body' as const, path: at },
        })),
      },
      {
        weight: 1,
        arbitrary: fc.constantFrom(...bodyNodes).map((at) => ({
          ...base,
          kind: `body without ${at.join('.')}`,
          payload: JSON.stringify(withNode(body!, at, undefined)),
          broken: { part: 'body' as const, path: at },
        })),
      },
      {
        weight: 1,
        arbitrary: fc
          .tuple(fc.constantFrom(...bodyNodes), fc.constantFrom('array', 'object'))
          .map(([at, how]) => {
            const inner = at.reduce<Json>((v, k) => (v as Record<string, Json>)[k as string] ?? null, body!);
            return {
              ...base,
              kind: `body field ${at.join('.')} wrapped in an ${how}`,
              payload: JSON.stringify(withNode(body!, at, how === 'array' ? [inner] : { value: inner })),
              broken: { part: 'body' as const, path: at },
            };
          }),
      },
    );
  if (hasBody)
    options.push(
      {
        weight: 2,
        arbitrary: hostileValue.map((value) => ({
          ...base,
          kind: 'whole body',
          payload: toJsonText(value),
          contentType: JSON_TYPE,
        })),
      },
      {
        weight: 1,
        arbitrary: fc.constantFrom(...POLLUTING_VALUES).map((pollution) => ({
          ...base,
          kind: 'body with a polluting key',
          payload: JSON.stringify(
            body && typeof body === 'object' && !Array.isArray(body)
              ? { ...body, ...(pollution as Record<string, Json>) }
              : pollution,
          ),
          contentType: JSON_TYPE,
        })),
      },
      {
        weight: 2,
        arbitrary: hostileRawBody.map((payload) => ({
          ...base,
          kind: 'raw body',
          payload,
          contentType: JSON_TYPE,
        })),
      },
      {
        weight: 1,
        arbitrary: fc.constantFrom(...ODD_CONTENT_TYPES).map((contentType) => ({
          ...base,
          kind: `content type ${contentType.slice(0, 40)}`,
          payload: base.payload ?? '{}',
          contentType,
        })),
      },
    );
  if (stringParts.length)
    options.push({
      weight: 6,
      arbitrary: fc.tuple(fc.constantFrom(...stringParts), textValue).map(([{ part, key }, value]) => ({
        ...base,
        kind: `${part} ${key}`,
        [part]: { ...route.valid[part], [key]: typeof value === 'string' ? value : toJsonText(value) },
        broken: { part, path: [key] },
      })),
    });
  if (route.schemas.params)
    options.push({
      weight: 1,
      arbitrary: fc.constantFrom(...RAW_SEGMENTS).map((segment) => ({
        ...base,
        kind: `raw path segment ${segment}`,
        rawSegment: segment,
      })),
    });
  if (route.schemas.querystring)
    options.push({
      weight: 1,
      arbitrary: fc.dictionary(hostileKey, hostileValue, { maxKeys: 4 }).map((q) => ({
        ...base,
        kind: 'query of hostile keys',
        querystring: textOf(q),
      })),
    });
  options.push(
    {
      weight: 1,
      arbitrary: hostileAuthorization.map((authorization) => ({
        ...base,
        kind: 'authorization header',
        authorization,
      })),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(hostileHeaderValue, hostileHeaderValue).map(([lang, other]) => ({
        ...base,
        kind: 'lang and other headers',
        lang,
        extraHeaders: { 'x-request-id': other, 'user-agent': other, fromtype: other, sn: other },
      })),
    },
  );
  return fc.oneof(...options);
}

/**
 * One field at a time, every field: each text field of the valid request with a NUL and at 100,001
 * characters, each number at 1e308. Run before the random requests, so these classic 500s are covered
 * whatever the seed.
 */
export function everyFieldBroken(route: FuzzRoute): HostileRequest[] {
  const base = validRequest(route);
  const out: HostileRequest[] = [];
  const body = route.valid.body;
  if (route.method === 'POST' && body !== undefined)
    for (const at of nodePaths(body)) {
      const value = at.reduce<Json>((v, k) => (v as Record<string, Json>)[k as string]!, body);
      const breaks: Json[] =
        typeof value === 'string'
          ? ['a\u0000b', huge('A', 100_001)]
          : typeof value === 'number'
            ? [1e308]
            : [];
      for (const broken of breaks)
        out.push({
          ...base,
          kind: `every field: body ${at.join('.')}`,
          payload: JSON.stringify(withNode(body, at, broken)),
          broken: { part: 'body', path: at },
        });
    }
  for (const part of ['params', 'querystring'] as const)
    for (const key of Object.keys(route.valid[part]))
      for (const broken of ['a\u0000b', huge('9', part === 'params' ? 100 : 10_001)])
        out.push({
          ...base,
          kind: `every field: ${part} ${key}`,
          [part]: { ...route.valid[part], [key]: broken },
          broken: { part, path: [key] },
        });
  return out;
}

/** The path and query string of a request, percent-encoded as a browser would (lone surrogates as U+FFFD). */
export function requestUrl(
  url: string,
  req: Pick<HostileRequest, 'params' | 'querystring' | 'rawSegment'>,
): string {
  const enc = (s: string) => encodeURIComponent(wellFormed(s));
  const pathPart = url.replace(
    /:(\w+)/g,
    (_m, name: string) => req.rawSegment ?? enc(req.params[name] ?? ''),
  );
  const query = Object.entries(req.querystring)
    .map(([k, v]) => `${enc(k)}=${enc(v)}`)
    .join('&');
  return query ? `${pathPart}?${query}` : pathPart;
}

/**
 * What the server must answer, worked out from the route's own schemas in the order Fastify applies them
 * (router, permission, body parser, our input guard, then the schemas of params, body and query):
 * - `reject`: refused before the handler (no session or permission, unreadable or poisoned body, unsupported
 *   content type, over the body limit, a JSON type the field does not declare);
 * - `invalid`: refused by validation: 400 whose `data.fields` must pass `namesTheFields`;
 * - `maybe`: valid as far as the schemas go: the handler decides (2xx, or 4xx for a domain rule).
 */
export type Verdict =
  | { verdict: 'reject'; why: string }
  | { verdict: 'invalid'; why: string; namesTheFields: (reported: string[]) => boolean }
  | { verdict: 'maybe'; why: string };

const BODY_LIMIT = 1_048_576;
const PLAIN_SEGMENT = /^[\u0021-\u007e]{1,100}$/;
const isJsonType = (ct: string) => /^application\/json\s*(;\s*charset=utf-8\s*)?$/i.test(ct);
/** Text the database cannot store: NUL, or a UTF-16 surrogate without its pair. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is what it looks for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function holdsUnstorable(root: unknown): boolean {
  const stack: unknown[] = [root];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (UNSTORABLE.test(v)) return true;
    } else if (v && typeof v === 'object')
      for (const [k, inner] of Object.entries(v)) {
        if (UNSTORABLE.test(k)) return true;
        stack.push(inner);
      }
  }
  return false;
}

/** The values at a dotted path (`body` is the root); keys may hold dots themselves, so every reading counts. */
function valuesAt(root: unknown, dotted: string): unknown[] {
  if (dotted === 'body' || dotted === '') return [root];
  if (!root || typeof root !== 'object') return [];
  return Object.entries(root).flatMap(([k, v]) =>
    dotted === k ? [v] : dotted.startsWith(`${k}.`) ? valuesAt(v, dotted.slice(k.length + 1)) : [],
  );
}

/**
 * The fields a zod schema names for a value, as the answer reports them: the issue's path dotted (a key's own
 * `/` reads as a dot too, the path travels as a JSON pointer), `body` for the root.
 */
function schemaFields(schema: z.ZodType, value: unknown): string[] | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  const dotted = (path: PropertyKey[]) => path.map(String).join('/').replaceAll('/', '.');
  return [...new Set(result.error.issues.map((i) => (i.path.length ? dotted(i.path) : 'body')))].sort();
}

const sameFields = (expected: string[]) => (reported: string[]) =>
  JSON.stringify([...new Set(reported)].sort()) === JSON.stringify(expected);

export function judge(route: FuzzRoute, req: HostileRequest, caller: { permitted: boolean }): Verdict {
  if (req.rawSegment !== undefined)
    return { verdict: 'reject', why: 'a path segment the router refuses or no id reads' };
  if (!route.isPublic) {
    if (req.authorization !== 'caller') return { verdict: 'reject', why: 'no valid session' };
    // Permissions are checked when the request arrives, before its input is read.
    if (!caller.permitted) return { verdict: 'reject', why: 'the caller lacks the permission' };
  }
  if (Object.values(req.params).some((v) => !PLAIN_SEGMENT.test(v) || /[/%?#]/.test(v)))
    return { verdict: 'maybe', why: 'a path segment the router may not match' };

  let body: unknown;
  if (route.method === 'POST' && req.payload !== undefined && req.contentType !== undefined) {
    const ct = req.contentType;
    if (Buffer.byteLength(req.payload) > BODY_LIMIT) return { verdict: 'reject', why: 'over the body limit' };
    if (isJsonType(ct)) {
      try {
        // Fastify's JSON parser skips a byte-order mark, as JSON.parse does not.
        body = JSON.parse(req.payload.replace(/^\uFEFF/, ''));
      } catch {
        return { verdict: 'reject', why: 'not JSON' };
      }
      if (hasPoisonedKey(body)) return { verdict: 'reject', why: 'prototype poisoning' };
    } else if (/^text\/plain$/i.test(ct)) body = req.payload;
    else if (/^multipart\/form-data/i.test(ct) && route.schemas.consumes?.includes('multipart/form-data'))
      return { verdict: 'maybe', why: 'multipart to an upload route' };
    else if (/^application\/json/i.test(ct)) return { verdict: 'maybe', why: 'JSON in another charset' };
    else return { verdict: 'reject', why: 'unsupported content type' };
  }
  const query = Object.fromEntries(
    Object.entries(req.querystring).map(([k, v]) => [wellFormed(k), wellFormed(v)]),
  );

  if ([req.params, query, body].some(holdsUnstorable))
    return {
      verdict: 'invalid',
      why: 'text the database cannot store (NUL, a lone surrogate)',
      namesTheFields: (reported) =>
        reported.length > 0 &&
        reported.every((f) =>
          [req.params, query, body].some(
            (part) => UNSTORABLE.test(f) || valuesAt(part, f).some((v) => holdsUnstorable(v)),
          ),
        ),
    };

  const checks: [RequestPart, z.ZodType | undefined, unknown][] = [
    ['params', route.schemas.params, req.params],
    ['body', route.method === 'POST' ? route.schemas.body : undefined, body],
    ['querystring', route.schemas.querystring, query],
  ];
  for (const [part, schema, value] of checks) {
    if (!schema) continue;
    if (
      part === 'querystring' &&
      Object.keys(query).some((k) => ['__proto__', 'constructor', 'prototype'].includes(k))
    )
      return { verdict: 'maybe', why: 'a query key the parser may drop' };
    const fields = schemaFields(schema, value);
    if (fields)
      return {
        verdict: 'invalid',
        why: `${part} refused by the schema at ${fields.join(', ')}`,
        namesTheFields: sameFields(fields),
      };
    // A field that coerces (ids read from text) still must not take a JSON type it does not declare.
    if (part === 'body' && req.broken?.part === 'body') {
      const sent = req.broken.path.reduce<unknown>(
        (v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined),
        body,
      );
      if (
        sent !== undefined &&
        contradictsType(schemaAt(route.jsonSchemas.body, req.broken.path), sent as Json)
      )
        return {
          verdict: 'reject',
          why: `a ${jsonType(sent as Json)} where the field declares another type`,
        };
    }
  }
  return { verdict: 'maybe', why: 'valid as far as the schemas go' };
}
