import fc from 'fast-check';
import type { Json } from './route-schemas.ts';

/** The largest id the schemas accept; no row has it, so a valid request naming it is answered 404. */
export const ABSENT_ID = 2_147_483_647;

export const huge = (unit: string, length: number) =>
  unit.repeat(Math.ceil(length / unit.length)).slice(0, length);

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

export const hostileKey = fc.oneof(
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
export const textValue: fc.Arbitrary<Json> = fc.oneof(
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
