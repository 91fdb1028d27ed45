import type { Envelope } from '@pvstar/contract/api';
import { envelopeSchema } from '@pvstar/contract/api';
import type { Endpoint, EndpointRequest, TokenAccess } from '@pvstar/contract/endpoint';
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
} from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deprecationHeaders,
  errorStatuses,
  OPERATION_NOTES,
  type OperationNotes,
} from './openapi-document.ts';

/** The schemas of one route: each must infer exactly the types its endpoint entry declares. */
/** The Fastify instance a module's route plugin receives (its routes typed by their zod schemas). */
export type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

export interface RouteSchemas {
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  /** `data` of the 200 answer of a JSON endpoint (a plain one's whole answer); none means `null`. */
  response?: z.ZodType;
  /** Other answers worth documenting (a 422 with field errors), whole envelopes. */
  otherResponses?: Record<number, z.ZodType>;
  /** Statuses this route answers beyond those every route of its kind can (a 304, a 410; openapi-document.ts). */
  alsoAnswers?: readonly number[];
  description?: string;
  consumes?: string[];
  /** Route options besides access (a rate limit of its own). */
  config?: Omit<FastifyContextConfig, 'access'>;
}

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Part<Req, K extends string> = Req extends { [P in K]: infer T } ? T : undefined;
type InOf<S> = S extends z.ZodType ? z.input<S> : undefined;
type OutOf<S> = S extends z.ZodType ? z.output<S> : null;
type ReqOf<E> = E extends Endpoint<infer Req, unknown> ? Req : never;
type ResOf<E> = E extends Endpoint<EndpointRequest, infer Res> ? Res : never;

/** An upload's body fields are multipart parts the route reads itself: no body schema to match. */
type BodyOf<E> = E extends { kind: 'upload' } ? undefined : Part<ReqOf<E>, 'body'>;

interface Mismatch<Name extends string, Entry, Schema> {
  'the route schema does not infer the endpoint entry type': Name;
  entry: Entry;
  schema: Schema;
}

/** `unknown` when the schemas match the entry, else an object type naming the first part that differs. */
type Check<E, S extends RouteSchemas> =
  Same<InOf<S['params']>, Part<ReqOf<E>, 'params'>> extends false
    ? Mismatch<'params', Part<ReqOf<E>, 'params'>, InOf<S['params']>>
    : Same<InOf<S['querystring']>, Part<ReqOf<E>, 'query'>> extends false
      ? Mismatch<'query', Part<ReqOf<E>, 'query'>, InOf<S['querystring']>>
      : Same<InOf<S['body']>, BodyOf<E>> extends false
        ? Mismatch<'body', BodyOf<E>, InOf<S['body']>>
        : E extends { kind: 'json' | 'upload' | 'plain' }
          ? Same<OutOf<S['response']>, ResOf<E>> extends false
            ? Mismatch<'response', ResOf<E>, OutOf<S['response']>>
            : unknown
          : unknown;

type SchemaOf<S extends RouteSchemas> = {
  params: S['params'];
  querystring: S['querystring'];
  body: S['body'];
};

export type ServedRequest<S extends RouteSchemas> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  SchemaOf<S>,
  ZodTypeProvider
>;

type DataIn<S extends RouteSchemas> = z.input<S['response'] extends z.ZodType ? S['response'] : z.ZodNull>;
/** A route that documents other answers may send them itself through the reply. */
type Other<S extends RouteSchemas> =
  S['otherResponses'] extends Record<number, z.ZodType> ? FastifyReply : never;

/**
 * A JSON or upload endpoint answers its envelope (`ok(data, msg)`), a plain one its data; a file endpoint
 * sends through the reply.
 */
type Answer<E, S extends RouteSchemas> = E extends { kind: 'json' | 'upload' }
  ? Envelope<DataIn<S>> | Other<S>
  : E extends { kind: 'plain' }
    ? DataIn<S> | Other<S>
    : FastifyReply | undefined;

export type Handler<E, S extends RouteSchemas> = (
  req: ServedRequest<S>,
  reply: FastifyReply,
) => Promise<Answer<E, S>> | Answer<E, S>;

/** A former path's route: its ids match digits only, so it cannot take a verb path for an id. */
export const formerRoute = (path: string) =>
  path.replace(/:(\w+)/g, (_m, name: string) => `:${name}(^\\d+$)`);

// biome-ignore lint/suspicious/noExplicitAny: the routes' own app instances differ only in their type provider
type AnyApp = FastifyInstance<any, any, any, any, any>;

/**
 * Registers the route of an endpoint entry: method, path, access, OpenAPI id and tag come from the entry,
 * the schemas from the route, and the compiler checks that the schemas infer the entry's types (a
 * mismatch names the part that differs). The answer of a JSON endpoint is documented as its envelope.
 */
export function serve<E extends Endpoint, S extends RouteSchemas>(
  app: AnyApp,
  endpoint: E,
  schemas: S & Check<E, S>,
  handler: Handler<E, S>,
): void {
  const { response, otherResponses, config, description, consumes, params, querystring, body, alsoAnswers } =
    schemas;
  const responses =
    endpoint.kind === 'file'
      ? otherResponses
      : {
          200: endpoint.kind === 'plain' ? (response ?? z.null()) : envelopeSchema(response ?? z.null()),
          ...otherResponses,
        };
  // What API tokens may not do shows on each operation of the API docs (docs/decisions/019-api-tokens.md).
  const guards = endpoint.access as {
    public?: true;
    token?: TokenAccess;
    wholeScope?: boolean;
    stepUp?: boolean;
  };
  const notes = [
    description,
    guards.public
      ? ''
      : guards.token === 'read'
        ? 'API tokens: read-only and read-write.'
        : guards.token === 'write'
          ? 'API tokens: read-write only (a read-only token gets 403).'
          : 'API tokens: none (403); an interactive session only.',
    guards.token && guards.wholeScope ? 'An API token limited to some plants gets 403.' : '',
    guards.stepUp
      ? 'A dangerous action: needs a proof of presence within five minutes (the sign-in, or `POST /auth/user/stepUp`), else 403 with `data.stepUp` true.'
      : '',
  ].filter(Boolean);
  const documented = notes.length ? notes.join(' ') : undefined;
  const statuses = errorStatuses(endpoint, {
    input: !!(params || querystring || body),
    rateLimited: !!config?.rateLimit,
    ...(alsoAnswers ? { extra: alsoAnswers } : {}),
  });
  const schema = {
    tags: [endpoint.tag],
    summary: endpoint.summary,
    ...(documented ? { description: documented } : {}),
    // Public operations need no token: an empty requirement overrides the document's bearer default.
    ...(guards.public ? { security: [] } : {}),
    ...(consumes ? { consumes } : {}),
    ...(params ? { params } : {}),
    ...(querystring ? { querystring } : {}),
    ...(body ? { body } : {}),
    ...(responses ? { response: responses } : {}),
  };
  const route = { method: endpoint.method, config: { ...config, access: endpoint.access } };
  app.route({
    ...route,
    url: endpoint.path,
    schema: {
      ...schema,
      operationId: endpoint.operationId,
      [OPERATION_NOTES]: { statuses, kind: endpoint.kind } satisfies OperationNotes,
    },
    handler: handler as never,
  });
  // A former path answers as before, marked deprecated until its sunset; a verb path asked with the other
  // method (GET /station/station/page) still answers 405, not the alias.
  for (const [i, former] of (endpoint.formerPaths ?? []).entries()) {
    const successor = endpoint.path.replace(/:(\w+)/g, '{$1}');
    const headers = deprecationHeaders(former);
    app.route({
      ...route,
      url: formerRoute(former.path),
      schema: {
        ...schema,
        operationId: `${endpoint.operationId}Former${i ? i + 1 : ''}`,
        deprecated: true,
        description: [
          `Deprecated since ${former.deprecated}, answers until ${former.sunset}: use \`${endpoint.method} ${successor}\` (docs/api-changelog.md).`,
          documented,
        ]
          .filter(Boolean)
          .join(' '),
        [OPERATION_NOTES]: {
          statuses,
          kind: endpoint.kind,
          former: { ...former, successor },
        } satisfies OperationNotes,
      },
      onSend: async (req: FastifyRequest, reply: FastifyReply) => {
        const params = (req.params ?? {}) as Record<string, string>;
        const target = endpoint.path.replace(/:(\w+)/g, (_m, name: string) =>
          encodeURIComponent(params[name] ?? ''),
        );
        reply.headers({ ...headers, Link: `<${target}>; rel="successor-version"` });
      },
      handler: handler as never,
    });
  }
}
