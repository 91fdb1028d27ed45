import fc from 'fast-check';
import {
  hostileAuthorization,
  hostileHeaderValue,
  hostileKey,
  hostileRawBody,
  hostileValue,
  huge,
  ODD_CONTENT_TYPES,
  POLLUTING_VALUES,
  textValue,
  toJsonText,
} from './hostile-values.ts';
import { nodePaths, type Path, withNode } from './json-paths.ts';
import type { Json, JsonSchema, RequestPart, RouteSchemas } from './route-schemas.ts';

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
