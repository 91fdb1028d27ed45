import type { Endpoint, FormerPath } from '@pvstar/contract/endpoint';
import { LANGS } from '@pvstar/contract/lang';
import { jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/**
 * What serve() leaves on an operation for the document's last step (finishOpenApi), which removes it:
 * the error statuses the operation can answer, and for a deprecated alias its dates and successor.
 */
export const OPERATION_NOTES = 'x-pvstar';
export interface OperationNotes {
  statuses: number[];
  kind: Endpoint['kind'];
  former?: FormerPath & { successor: string };
}

interface Guards {
  public?: true;
  signedIn?: true;
  write?: boolean;
  token?: string;
}

/**
 * The error statuses an operation can answer, from what the pipeline and the services give (pipeline.ts):
 * 400 a refused request (validation with `data.fields`, or the router's own refusals) and 500 anywhere;
 * behind a token 401, 403 and 404 (a record out of reach), on a public POST 401 and 403 too, on a public
 * operation 404 where it names a record; 413/415 on a POST; 409/422 on what changes something; 429 where a limit applies (API tokens,
 * per-address limits, sign-in throttles, password tries); 503 on a write (the broker it needs is down).
 */
export function errorStatuses(
  endpoint: Endpoint,
  route: { input: boolean; rateLimited: boolean; extra?: readonly number[] },
): number[] {
  const a = endpoint.access as Guards;
  // The seed's deletes are GETs: `write` says what changes something, whatever the method.
  const changes = !!a.write || (endpoint.method === 'POST' && (!!a.public || !!a.signedIn));
  const statuses = [
    400,
    500,
    ...(route.extra ?? []),
    // A public POST checks what it is given instead (a password, a challenge, an invitation).
    ...(a.public && endpoint.method === 'GET' ? [] : [401, 403]),
    ...(!a.public || route.input || endpoint.path.includes(':') ? [404] : []),
    // Any POST: a body the parsers refuse (too large, of another type) is refused before the route's schema.
    ...(endpoint.method === 'POST' ? [413, 415] : []),
    ...(changes || endpoint.kind === 'upload' ? [409, 422] : []),
    ...(a.token || route.rateLimited || a.public || changes ? [429] : []),
    ...(a.write ? [503] : []),
  ];
  return [...new Set(statuses)].sort((x, y) => x - y);
}

/** RFC 9745 wants a structured-field date (`@` and Unix seconds), RFC 8594 an HTTP date. */
export function deprecationHeaders(former: FormerPath): Record<string, string> {
  const deprecated = Date.parse(`${former.deprecated}T00:00:00Z`) / 1000;
  return { Deprecation: `@${deprecated}`, Sunset: new Date(`${former.sunset}T23:59:59Z`).toUTCString() };
}

const REASONS: Record<number, { name: string; description: string; schema?: string }> = {
  304: { name: 'NotModified', description: 'The caller’s copy (`If-None-Match` its `ETag`) is current.' },
  400: {
    name: 'BadRequest',
    description:
      'The request was refused: `data.fields` names each field and says what is wrong (validation), or `data` is null (a malformed request).',
    schema: 'ValidationError',
  },
  401: {
    name: 'Unauthorized',
    description: 'No token, or a token that is unknown, revoked or expired.',
    schema: 'Error',
  },
  403: {
    name: 'Forbidden',
    description:
      'The caller may not do this: a missing permission, a read-only account or token, an API token on an operation closed to tokens, or (with `data.stepUp` true) a dangerous action without a recent proof of presence.',
    schema: 'Error',
  },
  404: {
    name: 'NotFound',
    description: 'No such record within the caller’s reach.',
    schema: 'Error',
  },
  409: {
    name: 'Conflict',
    description: 'It conflicts with the current state (a duplicate, a record in use).',
    schema: 'Error',
  },
  410: { name: 'Gone', description: 'The link has expired.', schema: 'Error' },
  413: { name: 'PayloadTooLarge', description: 'The body or file is too large.', schema: 'Error' },
  415: {
    name: 'UnsupportedMediaType',
    description: 'The body’s or the file’s type is not one this operation takes.',
    schema: 'Error',
  },
  422: {
    name: 'UnprocessableEntity',
    description: 'Well-formed but not acceptable: `data.fields` names the problems where there are several.',
    schema: 'ValidationError',
  },
  429: {
    name: 'TooManyRequests',
    description: 'A limit was reached; `Retry-After` says in how many seconds to try again.',
    schema: 'Error',
  },
  500: {
    name: 'InternalError',
    description: 'The server failed; the request id is in `x-request-id`.',
    schema: 'Error',
  },
  503: {
    name: 'ServiceUnavailable',
    description: 'A service this operation needs (the database, the MQTT broker) does not answer.',
    schema: 'Error',
  },
};

const FIELD_ERROR = {
  type: 'object',
  properties: {
    field: {
      type: 'string',
      description: 'The field’s dotted path in the request (`devices.dongles.0.sn`).',
    },
    message: { type: 'string', description: 'What is wrong, in the language of `lang`.' },
  },
  required: ['field', 'message'],
  additionalProperties: false,
};

const envelope = (data: object) => ({
  type: 'object',
  properties: {
    code: { type: 'integer', description: 'The HTTP status again.' },
    msg: { type: 'string', description: 'What happened, in the language of the `lang` header.' },
    data,
  },
  required: ['code', 'msg', 'data'],
  additionalProperties: false,
});

const SHARED_SCHEMAS = {
  FieldError: FIELD_ERROR,
  Error: envelope({
    type: 'object',
    nullable: true,
    description:
      'Null, or details: `fields` (each problem of a field), `stepUp` (a proof of presence is needed).',
    properties: {
      fields: { type: 'array', items: { $ref: '#/components/schemas/FieldError' } },
      stepUp: { type: 'boolean' },
    },
  }),
  ValidationError: envelope({
    type: 'object',
    nullable: true,
    properties: { fields: { type: 'array', items: { $ref: '#/components/schemas/FieldError' } } },
    required: ['fields'],
  }),
};

const HEADERS = {
  'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer' } },
  'RateLimit-Limit': {
    description: 'Requests allowed in the current window (API tokens).',
    schema: { type: 'integer' },
  },
  'RateLimit-Remaining': { description: 'Requests left in the current window.', schema: { type: 'integer' } },
  'RateLimit-Reset': { description: 'Seconds until the window resets.', schema: { type: 'integer' } },
  Deprecation: {
    description: 'The operation is deprecated since this moment (RFC 9745: `@` and Unix seconds).',
    schema: { type: 'string' },
  },
  Sunset: {
    description: 'After this moment the operation may stop answering (RFC 8594, an HTTP date).',
    schema: { type: 'string' },
  },
  Link: {
    description:
      'The same record at its successor path: `</station/station/detail/12>; rel="successor-version"`.',
    schema: { type: 'string' },
  },
};

const RESPONSES = Object.fromEntries(
  Object.values(REASONS).map((r) => [
    r.name,
    {
      description: r.description,
      ...(r.name === 'TooManyRequests'
        ? {
            headers: {
              'Retry-After': { $ref: '#/components/headers/Retry-After' },
              'RateLimit-Limit': { $ref: '#/components/headers/RateLimit-Limit' },
              'RateLimit-Remaining': { $ref: '#/components/headers/RateLimit-Remaining' },
              'RateLimit-Reset': { $ref: '#/components/headers/RateLimit-Reset' },
            },
          }
        : {}),
      ...(r.schema
        ? { content: { 'application/json': { schema: { $ref: `#/components/schemas/${r.schema}` } } } }
        : {}),
    },
  ]),
);

/** The request headers every client sends (requirements §R14.1); none is required by the server. */
const PARAMETERS = {
  lang: {
    name: 'lang',
    in: 'header',
    required: false,
    description:
      'The language of every `msg` and of labels in answers; bare or differently cased tags are accepted (`en`), anything else is German.',
    schema: { type: 'string', enum: [...LANGS], default: 'de-DE' },
  },
  fromType: {
    name: 'fromType',
    in: 'header',
    required: false,
    description: 'The kind of client: `2` the web app; integrations may leave it out.',
    schema: { type: 'string' },
  },
  sn: {
    name: 'sn',
    in: 'header',
    required: false,
    description:
      'A random id of the client’s session (the web app sends a UUID per browser session), for the logs.',
    schema: { type: 'string', maxLength: 100 },
  },
};

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * Makes generated schemas valid OpenAPI 3.0 that tools read alike: `nullable` beside `anyOf` (no `type`)
 * goes into each branch, a one-branch `anyOf` becomes the branch, a nullable enum lists null, and a record
 * over an enum's keys (`required` names without `properties`) gets each key as a property.
 */
function normalise(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(normalise);
  if (!isObject(node)) return node;
  let out: Json = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, normalise(v)]));
  if (Array.isArray(out.anyOf) && out.type === undefined) {
    const { anyOf, nullable, ...rest } = out as Json & { anyOf: Json[] };
    // A tuple's items come as one branch per position, the same for `[number, number]`.
    const distinct = anyOf.filter(
      (b, i) => anyOf.findIndex((o) => JSON.stringify(o) === JSON.stringify(b)) === i,
    );
    const branches = nullable ? distinct.map((b) => (b.$ref ? b : { ...b, nullable: true })) : distinct;
    out = branches.length === 1 ? { ...rest, ...branches[0] } : { ...rest, anyOf: branches };
  }
  // OpenAPI 3.0.3: `nullable` does not extend an `enum`, which must list null itself.
  if (out.nullable === true && Array.isArray(out.enum) && !out.enum.includes(null))
    out.enum = [...out.enum, null];
  if (Array.isArray(out.required) && isObject(out.additionalProperties)) {
    const props = (out.properties as Json | undefined) ?? {};
    const extra = (out.required as string[]).filter((k) => !(k in props));
    if (extra.length)
      out.properties = { ...props, ...Object.fromEntries(extra.map((k) => [k, out.additionalProperties])) };
  }
  return out;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/**
 * The document's last step (@fastify/swagger's transformObject): the named components (recursive
 * schemas), the shared error answers, headers and parameters, each operation's error answers, and the
 * normalisation of its schemas; components nothing refers to are left out.
 */
export function finishOpenApi(input: Parameters<typeof jsonSchemaTransformObject>[0]): Json {
  const doc = jsonSchemaTransformObject(input) as Json & {
    paths: Record<string, Record<string, Json>>;
    components: Json & { schemas?: Json };
  };
  for (const path of Object.values(doc.paths)) {
    for (const method of METHODS) {
      const op = path[method];
      if (!op) continue;
      const notes = op[OPERATION_NOTES] as OperationNotes | undefined;
      delete op[OPERATION_NOTES];
      op.parameters = [
        ...((op.parameters as Json[] | undefined) ?? []),
        ...Object.keys(PARAMETERS).map((p) => ({ $ref: `#/components/parameters/${p}` })),
      ];
      const responses = (op.responses ?? {}) as Record<string, Json>;
      for (const status of notes?.statuses ?? []) {
        const reason = REASONS[status];
        if (reason && !responses[status])
          responses[status] = { $ref: `#/components/responses/${reason.name}` };
      }
      if (notes?.kind === 'file') {
        // A download: the file itself (xlsx, PDF, a firmware image, a page); failures answer the envelope.
        const ok = responses['200'] ?? { description: 'The file.' };
        ok.content ??= { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } };
        responses['200'] = ok;
      }
      if (notes?.former) {
        const ok = responses['200'];
        if (ok)
          ok.headers = Object.fromEntries(
            ['Deprecation', 'Sunset', 'Link'].map((h) => [h, { $ref: `#/components/headers/${h}` }]),
          );
      }
      op.responses = Object.fromEntries(Object.entries(responses).sort(([x], [y]) => x.localeCompare(y)));
    }
  }
  const schemas = { ...SHARED_SCHEMAS, ...(doc.components.schemas ?? {}) };
  const finished = normalise({
    ...doc,
    components: {
      ...doc.components,
      schemas,
      responses: RESPONSES,
      headers: HEADERS,
      parameters: PARAMETERS,
    },
  }) as Json & { components: { schemas: Json; responses: Json } };
  // A registered schema has an input and an output component; keep those something refers to.
  const text = JSON.stringify({ ...finished, components: { ...finished.components, schemas: {} } });
  const used = new Set<string>();
  const queue = [...text.matchAll(/#\/components\/schemas\/([\w.-]+)/g)].map((m) => m[1]!);
  while (queue.length) {
    const name = queue.pop()!;
    if (used.has(name)) continue;
    used.add(name);
    const inner = JSON.stringify(finished.components.schemas[name] ?? {});
    queue.push(...[...inner.matchAll(/#\/components\/schemas\/([\w.-]+)/g)].map((m) => m[1]!));
  }
  finished.components.schemas = Object.fromEntries(
    Object.entries(finished.components.schemas).filter(([name]) => used.has(name)),
  );
  const responsesUsed = new Set([...text.matchAll(/#\/components\/responses\/(\w+)/g)].map((m) => m[1]!));
  finished.components.responses = Object.fromEntries(
    Object.entries(RESPONSES).filter(([name]) => responsesUsed.has(name)),
  );
  return finished;
}
