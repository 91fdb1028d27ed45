import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifySchema, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../src/context.ts';

/**
 * Generators of hostile HTTP input for the security suite need to know each route's zod schemas: to start
 * from a valid request and break one field at a time, and to know whether a request is still valid after
 * the break. This file finds them; the other files of this folder build values and requests from them.
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

const MODULES_DIR = path.resolve(import.meta.dirname, '../../../src/modules');

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
