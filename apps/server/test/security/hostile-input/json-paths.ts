import type { Json, JsonSchema } from './route-schemas.ts';
import { branches } from './valid-values.ts';

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
