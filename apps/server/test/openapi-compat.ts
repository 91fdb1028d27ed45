/**
 * Breaking changes between two OpenAPI documents, as a client written against the older one meets them:
 * an operation gone, a response field gone or changed in type, a request that needs more (a new required
 * input), or takes less (a narrower type, fewer enum values, a field it no longer accepts). Additions
 * (operations, optional inputs, response fields) are not breaking.
 */

type Json = Record<string, unknown>;
interface Doc {
  paths: Record<string, Record<string, Json>>;
  components?: { schemas?: Record<string, Json>; parameters?: Record<string, Json> };
}

export interface BreakingChange {
  /** `GET /station/station/{id}`: what the changelog's line must name (or the operation id). */
  operation: string;
  operationId: string | undefined;
  change: string;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

function resolve(doc: Doc, node: unknown): Json {
  let current = node as Json;
  for (let i = 0; current && typeof current.$ref === 'string' && i < 10; i += 1) {
    const [, kind, name] = (current.$ref as string).match(/^#\/components\/(\w+)\/(.+)$/) ?? [];
    current = ((doc.components as Record<string, Record<string, Json>> | undefined)?.[kind!]?.[name!] ??
      {}) as Json;
  }
  return current ?? {};
}

/** Null allowed: on the schema, or (OpenAPI 3.0 has no `nullable` beside `anyOf`) on a branch of it. */
const nullable = (s: Json): boolean =>
  !!s.nullable || ((s.anyOf as Json[] | undefined) ?? []).some((b) => !!b.nullable);
const types = (s: Json): string[] =>
  s.anyOf ? (s.anyOf as Json[]).flatMap(types) : s.type ? [String(s.type)] : [];

/**
 * What a request schema no longer accepts, or a response schema no longer promises. `side` says which:
 * a request may widen (not breaking) but not narrow; a response may narrow but not widen or lose a field.
 */
function compareSchemas(
  oldDoc: Doc,
  newDoc: Doc,
  oldNode: unknown,
  newNode: unknown,
  side: 'request' | 'response',
  at: string,
  out: string[],
  seen: Set<string>,
): void {
  const key = `${side}|${JSON.stringify(oldNode).slice(0, 200)}|${JSON.stringify(newNode).slice(0, 200)}|${at}`;
  if (seen.has(key) || at.split('.').length > 12) return;
  seen.add(key);
  const o = resolve(oldDoc, oldNode);
  const n = resolve(newDoc, newNode);
  const oldTypes = types(o);
  const newTypes = types(n);
  if (oldTypes.length && newTypes.length) {
    const lost = side === 'request' ? oldTypes.filter((t) => !newTypes.includes(t)) : [];
    const gained = side === 'response' ? newTypes.filter((t) => !oldTypes.includes(t)) : [];
    // An integer that became a number widens a request and is no narrowing.
    if (lost.some((t) => !(t === 'integer' && newTypes.includes('number'))))
      out.push(`${at}: no longer accepts ${lost.join(', ')}`);
    if (gained.some((t) => !(t === 'integer' && oldTypes.includes('number'))))
      out.push(`${at}: may now be ${gained.join(', ')}`);
  }
  if (side === 'response' && nullable(n) && !nullable(o)) out.push(`${at}: may now be null`);
  if (side === 'request' && nullable(o) && !nullable(n)) out.push(`${at}: no longer accepts null`);
  if (side === 'request' && Array.isArray(o.enum)) {
    const removed = Array.isArray(n.enum) ? o.enum.filter((v) => !(n.enum as unknown[]).includes(v)) : [];
    if (removed.length)
      out.push(`${at}: no longer accepts ${removed.map((v) => JSON.stringify(v)).join(', ')}`);
  }
  if (side === 'request' && !Array.isArray(o.enum) && Array.isArray(n.enum) && !Array.isArray(o.anyOf))
    out.push(`${at}: accepts only ${(n.enum as unknown[]).map((v) => JSON.stringify(v)).join(', ')} now`);
  const oldProps = (o.properties ?? {}) as Record<string, Json>;
  const newProps = (n.properties ?? {}) as Record<string, Json>;
  const oldRequired = new Set((o.required as string[] | undefined) ?? []);
  const newRequired = new Set((n.required as string[] | undefined) ?? []);
  for (const [name, oldProp] of Object.entries(oldProps)) {
    const path = `${at}.${name}`;
    const newProp = newProps[name];
    if (!newProp) {
      if (side === 'response' && oldRequired.has(name)) out.push(`${path}: removed from the answer`);
      if (side === 'request' && n.additionalProperties === false) out.push(`${path}: no longer accepted`);
      continue;
    }
    if (side === 'response' && oldRequired.has(name) && !newRequired.has(name))
      out.push(`${path}: no longer always in the answer`);
    if (side === 'request' && !oldRequired.has(name) && newRequired.has(name))
      out.push(`${path}: now required`);
    compareSchemas(oldDoc, newDoc, oldProp, newProp, side, path, out, seen);
  }
  if (side === 'request')
    for (const name of Object.keys(newProps))
      if (!oldProps[name] && newRequired.has(name)) out.push(`${at}.${name}: a new required input`);
  if (o.items && n.items) compareSchemas(oldDoc, newDoc, o.items, n.items, side, `${at}[]`, out, seen);
}

const jsonSchemaOf = (doc: Doc, holder: unknown): unknown =>
  (resolve(doc, holder).content as Record<string, { schema?: unknown }> | undefined)?.['application/json']
    ?.schema;

function compareOperations(oldDoc: Doc, newDoc: Doc, o: Json, n: Json): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const params = (doc: Doc, op: Json) =>
    new Map(
      ((op.parameters as Json[] | undefined) ?? [])
        .map((p) => resolve(doc, p))
        .map((p) => [`${p.in} ${p.name}`, p] as const),
    );
  const oldParams = params(oldDoc, o);
  const newParams = params(newDoc, n);
  for (const [name, p] of newParams) {
    const before = oldParams.get(name);
    if (p.required && !before?.required)
      out.push(`${name}: ${before ? 'now required' : 'a new required input'}`);
    if (before) compareSchemas(oldDoc, newDoc, before.schema, p.schema, 'request', name, out, seen);
  }
  if (n.requestBody && !o.requestBody && resolve(newDoc, n.requestBody).required)
    out.push('body: a new required input');
  if (o.requestBody && n.requestBody)
    compareSchemas(
      oldDoc,
      newDoc,
      jsonSchemaOf(oldDoc, o.requestBody),
      jsonSchemaOf(newDoc, n.requestBody),
      'request',
      'body',
      out,
      seen,
    );
  const oldResponses = (o.responses ?? {}) as Record<string, unknown>;
  const newResponses = (n.responses ?? {}) as Record<string, unknown>;
  for (const status of Object.keys(oldResponses).filter((s) => s.startsWith('2'))) {
    if (!newResponses[status]) {
      out.push(`${status}: no longer answered`);
      continue;
    }
    const before = jsonSchemaOf(oldDoc, oldResponses[status]);
    const after = jsonSchemaOf(newDoc, newResponses[status]);
    if (before && after) compareSchemas(oldDoc, newDoc, before, after, 'response', `${status}`, out, seen);
  }
  return out;
}

export function breakingChanges(oldDocument: object, newDocument: object): BreakingChange[] {
  const oldDoc = oldDocument as Doc;
  const newDoc = newDocument as Doc;
  const changes: BreakingChange[] = [];
  for (const [path, item] of Object.entries(oldDoc.paths)) {
    for (const method of METHODS) {
      const o = item[method];
      if (!o) continue;
      const operation = `${method.toUpperCase()} ${path}`;
      const operationId = o.operationId as string | undefined;
      const n = newDoc.paths[path]?.[method];
      if (!n) {
        changes.push({ operation, operationId, change: 'removed' });
        continue;
      }
      for (const change of compareOperations(oldDoc, newDoc, o, n))
        changes.push({ operation, operationId, change });
    }
  }
  return changes;
}

/** The changes no line of the changelog names (by `METHOD /path` or by operation id). */
export function unrecorded(changes: BreakingChange[], changelog: string): BreakingChange[] {
  const lines = changelog.split('\n');
  return changes.filter(
    (c) =>
      !lines.some(
        (line) =>
          line.includes(c.operation) ||
          (c.operationId !== undefined && new RegExp(`\\b${c.operationId}\\b`).test(line)),
      ),
  );
}
