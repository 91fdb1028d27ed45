import type { z } from 'zod';

/**
 * What a route requires. Every endpoint declares one:
 * - `public`: anyone, no token;
 * - `signedIn`: any signed-in user (their own account);
 * - `perm`: one of these permission codes (menu or button codes); with `alsoPerm`, one of those too (an
 *   export's button code is not enough alone: an export is its list, so it needs the list's code as well).
 * `write` marks a route that changes something: read-only accounts (the demo login) get 403.
 * `token` says whether an API token may call the route (docs/decisions/032-token-capabilities.md): `read`
 * any token, `write` a read-write token (only on `write` routes); absent, **no token at all** (403), so that a
 * new route is closed to tokens until someone decides otherwise. Never by token: credentials and tokens,
 * two-factor, users and roles, webhooks, dongle secrets, deleting plants or devices, owner invitations,
 * share links, report subscriptions, firmware and upgrade tasks, remote parameter writes.
 * `wholeScope` marks a route whose answer spans the caller's data scope beyond single plants
 * (organisations, fleet report): a token limited to some plants gets 403 there rather than see more than
 * its plants (docs/decisions/019-api-tokens.md).
 */
export type TokenAccess = 'read' | 'write';
interface Guards {
  write?: boolean;
  token?: TokenAccess;
  wholeScope?: boolean;
  /**
   * A dangerous action: the session's user must have proved presence (password, or the TOTP code with
   * two-factor sign-in) within `STEP_UP_WINDOW_MS`, else 403 `auth.stepUpRequired` (two-factor.ts). Never
   * with `token`: a program cannot prove it is a person at a keyboard.
   */
  stepUp?: boolean;
}
export type Access =
  | { public: true }
  | ({ signedIn: true } & Guards)
  | ({ perm: string | readonly string[]; alsoPerm?: string | readonly string[] } & Guards);

/** What a caller sends: path parameters, query string and JSON body, each as the client writes it. */
export interface EndpointRequest {
  params?: Record<string, string | number>;
  query?: Record<string, unknown>;
  body?: unknown;
}

export type EndpointKind = 'json' | 'file' | 'upload' | 'plain';

/** A path an endpoint moved away from (Fastify's notation), served until `sunset` (both `YYYY-MM-DD`, UTC). */
export interface FormerPath {
  readonly path: string;
  /** The day the path was deprecated (the `Deprecation` header, RFC 9745). */
  readonly deprecated: string;
  /** The day after which it may answer 404 (the `Sunset` header, RFC 8594). */
  readonly sunset: string;
}

/** What an entry may say besides its summary. */
interface EntryOptions {
  formerPaths?: readonly FormerPath[];
}

/**
 * One endpoint of the API: the server registers its route from this entry (`serve` in apps/server/src/http),
 * the web calls it with `call` (apps/web/src/api) and derives its query keys from it. Run-time values only
 * (method, path, access); the request and response types ride along as a type that is never set.
 * - `json`: the JSON envelope `{ code, msg, data }` around `Res`;
 * - `file`: a download (xlsx, a firmware image); failures still answer the envelope;
 * - `upload`: a multipart request (its `file` part and the fields in `Req['body']`), answered as `json`;
 * - `plain`: `Res` itself as JSON, no envelope, for a caller that is not our client (the broker's auth hooks).
 */
export interface Endpoint<
  Req extends EndpointRequest = EndpointRequest,
  Res = unknown,
  K extends EndpointKind = EndpointKind,
> {
  readonly method: 'GET' | 'POST';
  /** Fastify's notation: `/station/station/:id`. */
  readonly path: string;
  readonly access: Access;
  /** The OpenAPI operation id and tag: the domain's name and the entry's key. */
  readonly operationId: string;
  readonly tag: string;
  readonly kind: K;
  /** One short line in English, the API's own documentation language: the OpenAPI operation's summary. */
  readonly summary: string;
  /**
   * Paths this endpoint had before: still served (same handler, same access) as deprecated aliases that
   * answer `Deprecation` and `Sunset` headers until their sunset, recorded in docs/api-changelog.md.
   */
  readonly formerPaths?: readonly FormerPath[];
  /** The types of the entry; never set at run time. */
  readonly types?: { req: Req; res: Res };
}

type Entry<Req extends EndpointRequest, Res, K extends EndpointKind> = Omit<
  Endpoint<Req, Res, K>,
  'operationId' | 'tag'
>;
type NoRequest = Record<never, never>;

/** A GET entry answering JSON. `Req` holds `params` and `query`; `Res` is what `data` of the envelope carries. */
export const get = <Req extends EndpointRequest = NoRequest, Res = null>(
  path: string,
  access: Access,
  summary: string,
  options: EntryOptions = {},
): Entry<Req, Res, 'json'> => ({ method: 'GET', path, access, kind: 'json', summary, ...options });

/** A POST entry answering JSON. `Req` holds `body` (and `params`, `query` where the route reads them). */
export const post = <Req extends EndpointRequest = NoRequest, Res = null>(
  path: string,
  access: Access,
  summary: string,
  options: EntryOptions = {},
): Entry<Req, Res, 'json'> => ({ method: 'POST', path, access, kind: 'json', summary, ...options });

/** A download: the answer is a file, not JSON. */
export const download = <Req extends EndpointRequest = NoRequest>(
  method: 'GET' | 'POST',
  path: string,
  access: Access,
  summary: string,
): Entry<Req, Blob, 'file'> => ({ method, path, access, kind: 'file', summary });

/** A multipart upload (POST): `Req['body']` names the text fields sent before the file; answered as JSON. */
export const upload = <Req extends EndpointRequest = NoRequest, Res = null>(
  path: string,
  access: Access,
  summary: string,
): Entry<Req, Res, 'upload'> => ({ method: 'POST', path, access, kind: 'upload', summary });

/**
 * A JSON answer without the envelope: for callers that read fields at the top level (the MQTT broker's
 * HTTP auth plugin), not for the web.
 */
export const plain = <Req extends EndpointRequest = NoRequest, Res = null>(
  method: 'GET' | 'POST',
  path: string,
  access: Access,
  summary: string,
): Entry<Req, Res, 'plain'> => ({ method, path, access, kind: 'plain', summary });

/**
 * A domain's table: names each entry (`operationId` = domain + Key, tag = domain). One table per file in
 * `src/endpoints/`.
 */
export function endpoints<T extends Record<string, Entry<EndpointRequest, unknown, EndpointKind>>>(
  domain: string,
  table: T,
): {
  readonly [K in keyof T]: T[K] extends Entry<infer Req, infer Res, infer Kind>
    ? Endpoint<Req, Res, Kind>
    : never;
} {
  const named: Record<string, Endpoint> = {};
  for (const [key, entry] of Object.entries(table)) {
    named[key] = { ...entry, operationId: domain + key[0]!.toUpperCase() + key.slice(1), tag: domain };
  }
  return named as never;
}

export type RequestOf<E> = E extends Endpoint<infer Req, unknown> ? Req : never;
export type ResponseOf<E> = E extends Endpoint<EndpointRequest, infer Res> ? Res : never;

/** What a client sends for a schema (before defaults and transforms). */
export type In<S extends z.ZodType> = z.input<S>;
/** What a schema gives back (after defaults and transforms): the shape of an answer. */
export type Out<S extends z.ZodType> = z.output<S>;
