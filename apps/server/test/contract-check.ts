import { appendFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance } from 'fastify';

/**
 * Every answer a test app gives is checked against the OpenAPI document the app generates (the one
 * committed as docs/openapi.json): its status must be one the operation documents, and a JSON body must
 * match that status's schema — errors as well as 200s. A mismatch fails the test: `app.inject` and the
 * helper's `call` reject with it; an answer sent over a real socket fails at `close()`.
 * The document is generated once per process and each schema is compiled once, when first needed.
 */

type Json = Record<string, unknown>;
interface Operation {
  responses: Record<string, Json>;
}
interface Doc {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Json; responses: Record<string, Json> };
}

// ajv-formats is CommonJS with a default export: under ESM it may arrive wrapped.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as unknown as (ajv: Ajv) => Ajv;

let doc: Doc | null = null;
let ajv: Ajv | null = null;
const validators = new Map<string, ValidateFunction | null>();

/**
 * OpenAPI 3.0's schema dialect as JSON Schema for ajv: `exclusiveMinimum: true` beside `minimum` is
 * draft 4's boolean form; the components' `$ref`s point into the one schema ajv holds them in.
 */
function toJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toJsonSchema);
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string') out.$ref = value.replace(/^#\//, 'openapi#/');
    else if ((key === 'exclusiveMinimum' || key === 'exclusiveMaximum') && typeof value === 'boolean')
      continue;
    else out[key] = toJsonSchema(value);
  }
  const source = node as Json;
  if (source.exclusiveMinimum === true) {
    out.exclusiveMinimum = source.minimum;
    delete out.minimum;
  }
  if (source.exclusiveMaximum === true) {
    out.exclusiveMaximum = source.maximum;
    delete out.maximum;
  }
  return out;
}

function setUp(app: FastifyInstance): { doc: Doc; ajv: Ajv } {
  if (!doc || !ajv) {
    doc = app.swagger() as unknown as Doc;
    ajv = new Ajv({ strict: false, allErrors: false, logger: false });
    addFormats(ajv);
    ajv.addSchema({ components: { schemas: toJsonSchema(doc.components.schemas) } }, 'openapi');
  }
  return { doc, ajv };
}

/** Fastify's `/station/station/:id(^\d+$)` as the document writes it: `/station/station/{id}`. */
const documentPath = (url: string) => url.replace(/:(\w+)(\((?:[^()]|\([^()]*\))*\))?/g, '{$1}');

function validatorFor(key: string, schema: Json | undefined, a: Ajv): ValidateFunction | null {
  if (!validators.has(key)) validators.set(key, schema ? a.compile(toJsonSchema(schema) as Json) : null);
  return validators.get(key)!;
}

/** What is wrong with one answer, or null. */
export function check(
  app: FastifyInstance,
  answer: { method: string; url: string | undefined; status: number; type: string; payload: unknown },
): string | null {
  const { doc: d, ajv: a } = setUp(app);
  const where = `${answer.method} ${answer.url ?? '(no route)'} → ${answer.status}`;
  const json =
    answer.type.includes('json') && (typeof answer.payload === 'string' || Buffer.isBuffer(answer.payload));
  let key: string;
  let schema: Json | undefined;
  if (answer.url === undefined) {
    // No route (404, 405): the shared error envelope.
    key = 'no route';
    schema = d.components.schemas.Error as Json;
  } else {
    const op = d.paths[documentPath(answer.url)]?.[answer.method.toLowerCase()];
    if (!op) return null; // not in the document (hidden: the API docs, the web app's files)
    let response = op.responses[String(answer.status)];
    if (!response) return `${where}: the status is not documented for this operation`;
    const ref = response.$ref as string | undefined;
    if (ref) response = d.components.responses[ref.split('/').pop()!]!;
    key = `${answer.method} ${answer.url} ${answer.status}`;
    schema = (response.content as Record<string, { schema?: Json }> | undefined)?.['application/json']
      ?.schema;
  }
  if (!json) return null;
  const validate = validatorFor(key, schema, a);
  if (!validate) return null;
  const body = JSON.parse(String(answer.payload));
  if (validate(body)) return null;
  const problems = (validate.errors ?? [])
    .slice(0, 3)
    .map((e) => `${e.instancePath || '/'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`);
  return `${where}: the body does not match the document: ${problems.join('; ')}\n${String(answer.payload).slice(0, 500)}`;
}

export interface ContractCheck {
  /** Throws if the answer an `inject` returned broke the document. */
  assertAnswer(raw: ServerResponse): void;
  /** Throws if an answer sent over a socket broke the document. */
  assertNoneLeft(): void;
}

/** Checks every answer of `app` (call before `app.ready()`); `app.inject` rejects on a mismatch. */
export function checkAnswersAgainstDocument(app: FastifyInstance): ContractCheck {
  const violations = new Map<ServerResponse, string>();
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.method !== 'GET' && req.method !== 'POST') return payload;
    const problem = check(app, {
      method: req.method,
      url: req.routeOptions.url,
      status: reply.statusCode,
      type: String(reply.getHeader('content-type') ?? ''),
      payload,
    });
    // CONTRACT_CHECK_REPORT=<file>: list every mismatch there instead of failing (a survey of a whole run).
    if (problem && process.env.CONTRACT_CHECK_REPORT)
      appendFileSync(process.env.CONTRACT_CHECK_REPORT, `${problem}\n`);
    else if (problem) violations.set(reply.raw, problem);
    return payload;
  });
  const contract: ContractCheck = {
    assertAnswer(raw) {
      const problem = violations.get(raw);
      if (!problem) return;
      violations.delete(raw);
      throw new Error(`An answer that breaks the OpenAPI document (docs/openapi.json): ${problem}`);
    },
    assertNoneLeft() {
      const [first] = violations.values();
      if (first) {
        violations.clear();
        throw new Error(`An answer that breaks the OpenAPI document (docs/openapi.json): ${first}`);
      }
    },
  };
  // Promise form only (the chainable form without options and the callback form are left as they are).
  const inject = app.inject.bind(app) as unknown as (
    opts?: unknown,
    callback?: unknown,
  ) => Promise<{ raw: { res: ServerResponse } }>;
  app.inject = ((opts?: unknown, callback?: unknown) => {
    if (opts === undefined || callback !== undefined) return inject(opts, callback);
    return inject(opts).then((res) => {
      contract.assertAnswer(res.raw.res);
      return res;
    });
  }) as unknown as typeof app.inject;
  return contract;
}
