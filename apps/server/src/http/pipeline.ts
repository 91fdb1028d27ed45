import { resolveLang } from '@pvstar/contract/lang';
import { isMessageKey, translate } from '@pvstar/contract/messages';
import { STEP_UP_WINDOW_MS } from '@pvstar/contract/two-factor';
import { parseMessage } from '@pvstar/contract/validation';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { Access, Caller } from './access.ts';
import { AppError } from './errors.ts';
import { createTokenLimiter, type TokenLimiter } from './token-limits.ts';

export interface RouteEntry {
  method: string;
  url: string;
  access: Access | undefined;
}

/** Routes added by plugins we do not write (the API docs, the web app's static files): public by nature. */
export const isPluginRoute = (url: string) => url === '/*' || url === '/docs' || url.startsWith('/docs/');

type ZodLikeIssue = {
  code?: string;
  message?: string;
  path?: (string | number)[];
  instancePath?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  origin?: string;
};

/** Which catalogue message a zod issue stands for: our own key if the schema gave one, else by issue code. */
function issueMessage(issue: ZodLikeIssue): { key: string; params: Record<string, string | number> } {
  if (issue.message) {
    const parsed = parseMessage(issue.message);
    if (isMessageKey(parsed.key)) return parsed;
  }
  switch (issue.code) {
    case 'invalid_type':
      return {
        key: /received (undefined|null)$/.test(issue.message ?? '')
          ? 'validation.required'
          : 'validation.type',
        params: {},
      };
    case 'too_small':
      return issue.origin === 'string'
        ? { key: 'validation.length', params: { min: Number(issue.minimum ?? 0), max: '…' } }
        : { key: 'validation.tooSmall', params: { min: Number(issue.minimum ?? 0) } };
    case 'too_big':
      return issue.origin === 'string'
        ? { key: 'validation.length', params: { min: 0, max: Number(issue.maximum ?? 0) } }
        : { key: 'validation.tooBig', params: { max: Number(issue.maximum ?? 0) } };
    case 'invalid_value':
    case 'invalid_union':
      return { key: 'validation.enum', params: {} };
    case 'unrecognized_keys':
      return { key: 'validation.unknownField', params: {} };
    default:
      return { key: 'validation.invalid', params: {} };
  }
}

function fieldLabel(lang: Parameters<typeof translate>[0], field: string) {
  const last =
    field
      .split('.')
      .filter((p) => !/^\d+$/.test(p))
      .pop() ?? field;
  const key = `field.${last}`;
  return isMessageKey(key) ? translate(lang, key) : field;
}

/** Whether a caller's codes open a `perm` route: one of `perm`, and one of `alsoPerm` when it names any. */
export function holdsAccess(perms: ReadonlySet<string>, access: Extract<Access, { perm: unknown }>): boolean {
  const anyOf = (codes: string | readonly string[] | undefined) =>
    codes === undefined || (typeof codes === 'string' ? [codes] : codes).some((c) => perms.has(c));
  return anyOf(access.perm) && anyOf(access.alsoPerm);
}

/** Text PostgreSQL cannot store: NUL (text columns) and lone UTF-16 surrogates (jsonb refuses their escapes). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is what it looks for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The dotted path of a string (value or key) in parsed input that PostgreSQL cannot store, or null.
 * Iterative and without copying paths: bodies may nest thousands of levels deep.
 */
export function fieldWithUnstorableText(input: unknown, rootName: string): string | null {
  const nodes: { value: unknown; key: string; parent: number }[] = [
    { value: input, key: rootName, parent: -1 },
  ];
  const pathOf = (i: number) => {
    const keys: string[] = [];
    for (let at = i; at >= 0; at = nodes[at]!.parent) if (nodes[at]!.key) keys.unshift(nodes[at]!.key);
    return keys.length > 1 && keys[0] === 'body' ? keys.slice(1).join('.') : keys.join('.') || 'body';
  };
  for (let i = 0; i < nodes.length; i += 1) {
    const { value } = nodes[i]!;
    if (typeof value === 'string') {
      if (UNSTORABLE.test(value)) return pathOf(i);
    } else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        nodes.push({ value: inner, key, parent: i });
        if (UNSTORABLE.test(key)) return pathOf(nodes.length - 1);
      }
    }
  }
  return null;
}

/**
 * The router's own refusals (a malformed %-escape, a path parameter over 100 characters) answer before any
 * hook or error handler runs; they too get the envelope, in the caller's language.
 */
export function answerFrameworkError(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const langHeader = req.headers.lang;
  const lang = resolveLang(Array.isArray(langHeader) ? langHeader[0] : langHeader);
  reply
    .code(400)
    .header('x-request-id', req.id)
    .send({ code: 400, msg: `${translate(lang, 'validation.invalid')} (${err.code})`, data: null });
}

/**
 * Who may call a route: its language first, then its access — public, or a caller (a session or an API token
 * within its limits) holding the route's permission, write access and a recent presence where it asks.
 */
async function admit(
  req: FastifyRequest,
  reply: FastifyReply,
  resolveCaller: (token: string, meta: { ip: string }) => Promise<Caller | null>,
  tokenLimiter: TokenLimiter,
) {
  // Every answer names its request, so a user's report can be found in the logs.
  reply.header('x-request-id', req.id);
  const langHeader = req.headers.lang;
  req.lang = resolveLang(Array.isArray(langHeader) ? langHeader[0] : langHeader);
  const access = req.routeOptions.config?.access;
  if (!access) {
    // A route that forgot to declare its access is closed, never open.
    if (req.routeOptions.url === undefined) return;
    throw new AppError(403, 'auth.forbidden');
  }
  if ('public' in access) return;
  const header = req.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
  const caller = token ? await resolveCaller(token, { ip: req.ip }) : null;
  if (!caller) throw new AppError(401, token ? 'auth.sessionExpired' : 'auth.unauthorized');
  req.caller = caller;
  // An API token: its limits first (every request counts), then what a token may never do.
  if (caller.token) {
    tokenLimiter.check(caller.token, reply);
    // Closed to tokens unless the route's entry opens it (packages/contract/src/endpoint.ts, `token`).
    if (!access.token) throw new AppError(403, 'apiToken.sessionOnly');
  }
  if ('perm' in access && !holdsAccess(caller.perms, access)) throw new AppError(403, 'auth.forbidden');
  if (caller.token) {
    if (access.token === 'write' && caller.token.scope === 'READ_ONLY')
      throw new AppError(403, 'apiToken.readOnly', { name: caller.token.name });
    if (caller.token.plantIds && access.wholeScope) throw new AppError(403, 'apiToken.plantLimited');
  }
  if (access.write && caller.readOnly) throw new AppError(403, 'auth.readOnly');
  // A dangerous action needs the person at the keyboard, recently (two-factor.ts STEP_UP_WINDOW_MS).
  if (access.stepUp && !(caller.presenceAt && Date.now() - caller.presenceAt < STEP_UP_WINDOW_MS))
    throw new AppError(403, 'auth.stepUpRequired', {}, [], { data: { stepUp: true } });
}

/** An unknown route: 404, or 405 naming the methods of a path asked with the other one. */
function answerNotFound(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply) {
  // A verb path asked with the other method (GET /system/role/page) is not a missing route: say which
  // methods it takes, so that it cannot be mistaken for an id or a page that does not exist.
  const url = req.url.split('?')[0]!;
  const allow = (['GET', 'POST'] as const).filter(
    (method) => method !== req.method && app.hasRoute({ method, url }),
  );
  if (allow.length > 0)
    return reply
      .code(405)
      .header('allow', allow.join(', '))
      .send({
        code: 405,
        msg: translate(req.lang, 'methodNotAllowed', { method: req.method, allow: allow.join(', ') }),
        data: null,
      });
  return reply.code(404).send({ code: 404, msg: translate(req.lang, 'routeNotFound'), data: null });
}

/**
 * Language, access, input hygiene, envelope and errors for every route. Who a session token or an API token
 * belongs to is the modules' business: app.ts hands `resolveCaller` in, so the pipeline depends on no module.
 * A route's `token` (whether an API token may call it: read, write or not at all) and `wholeScope` (not for
 * tokens limited to some plants) are checked here for API tokens, with their limits (token-limits.ts).
 */
export function installPipeline(
  app: FastifyInstance,
  deps: {
    /** A session's or an API token's caller (the token's request address is recorded as its last use). */
    resolveCaller: (token: string, meta: { ip: string }) => Promise<Caller | null>;
    tokenLimiter?: TokenLimiter;
  },
) {
  const tokenLimiter = deps.tokenLimiter ?? createTokenLimiter();
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.decorateRequest('lang', 'de-DE');
  app.decorateRequest('caller', null);

  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!route.config?.access && isPluginRoute(route.url))
      route.config = { ...route.config, access: { public: true } };
    for (const method of methods) routeTable.push({ method, url: route.url, access: route.config?.access });
  });

  app.addHook('onRequest', async (req, reply) => admit(req, reply, deps.resolveCaller, tokenLimiter));

  // Text the database cannot store (NUL, lone surrogates) is refused here, naming its field, rather than
  // failing in PostgreSQL as a 500.
  app.addHook('preValidation', async (req) => {
    const field =
      fieldWithUnstorableText(req.params, '') ??
      fieldWithUnstorableText(req.query, '') ??
      fieldWithUnstorableText(req.body, 'body');
    if (field !== null)
      throw new AppError(400, 'validation.invalid', {}, [{ field, key: 'validation.invalid' }]);
  });

  // Success answers carry a catalogue key in `msg`; translate it into the caller's language.
  app.addHook('preSerialization', async (req, _reply, payload: unknown) => {
    if (payload && typeof payload === 'object' && 'msg' in payload && 'code' in payload) {
      const env = payload as { msg: string };
      if (isMessageKey(env.msg)) env.msg = translate(req.lang, env.msg);
    }
    return payload;
  });

  app.setNotFoundHandler((req, reply) => answerNotFound(app, req, reply));

  app.setErrorHandler((err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    const lang = req.lang ?? 'de-DE';
    if (err instanceof AppError) {
      const fields = err.fields.map((f) => ({
        field: f.field,
        message: translate(lang, f.key, f.params ?? {}),
      }));
      const msg = fields[0]
        ? `${fieldLabel(lang, fields[0].field)}: ${fields[0].message}`
        : translate(lang, err.key, err.params);
      if (err.answer.retryAfterSeconds !== undefined)
        reply.header('Retry-After', err.answer.retryAfterSeconds);
      return reply
        .code(err.status)
        .send({ code: err.status, msg, data: fields.length ? { fields } : (err.answer.data ?? null) });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields = err.validation.map((v) => {
        const path = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
        const field = path || 'body';
        const { key, params } = issueMessage({
          ...(v.params as ZodLikeIssue),
          code: v.keyword,
          message: v.message,
        });
        return { field, message: translate(lang, key, params) };
      });
      return reply.code(400).send({
        code: 400,
        msg: fields[0]
          ? `${fieldLabel(lang, fields[0].field)}: ${fields[0].message}`
          : translate(lang, 'validation.invalid'),
        data: { fields },
      });
    }
    const status = err.statusCode ?? 500;
    if (status === 429)
      return reply.code(429).send({ code: 429, msg: translate(lang, 'auth.tryLater'), data: null });
    if (status === 413)
      return reply.code(413).send({ code: 413, msg: translate(lang, 'payloadTooLarge'), data: null });
    if (status === 415)
      return reply.code(415).send({ code: 415, msg: translate(lang, 'unsupportedMediaType'), data: null });
    if (status >= 400 && status < 500)
      return reply.code(400).send({
        code: 400,
        msg: `${translate(lang, 'validation.invalid')} (${err.code ?? 'bad request'})`,
        data: null,
      });
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ code: 500, msg: translate(lang, 'serviceFail'), data: null });
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteEntry[];
  }
}
