import type { z } from 'zod';
import { type FuzzRoute, type HostileRequest, wellFormed } from './hostile-requests.ts';
import { contradictsType, hasPoisonedKey, jsonType, schemaAt } from './json-paths.ts';
import type { Json, RequestPart } from './route-schemas.ts';

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
