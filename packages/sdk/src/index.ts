import createClient, { type Client, type FetchResponse, type MaybeOptionalInit } from 'openapi-fetch';
import type { HttpMethod, PathsWithMethod } from 'openapi-typescript-helpers';
import type { components, paths } from './schema.d.ts';

/**
 * A typed client of the PVSTAR API (docs/api.md), generated from the committed OpenAPI document
 * (docs/openapi.json → src/schema.d.ts, `npm run generate -w @pvstar/sdk`). It signs every call with an API
 * token, unwraps the envelope `{ code, msg, data }` into `data`, throws a `PvstarApiError` for an error
 * answer, and waits and retries where the server says when (`429`/`503` with `Retry-After`).
 */
export type { components, paths };

export interface PvstarOptions {
  /** The installation's address, e.g. `https://monitoring.example.com` (no trailing slash). */
  baseUrl: string;
  /** An API token (`pvst_…`), made in the personal centre. A session token works too. */
  token: string;
  /** The language of `msg` and of labels in answers (`lang` header). */
  lang?: components['parameters']['lang'];
  /** How many times a `429`/`503` answer with `Retry-After` is retried (default 3). */
  maxRetries?: number;
  /** The longest `Retry-After` waited for, in seconds (default 60); a longer one is thrown at once. */
  maxRetryAfterSeconds?: number;
  /** Another fetch (tests, proxies); the platform's by default. */
  fetch?: (input: Request) => Promise<Response>;
}

type FieldError = components['schemas']['FieldError'];

/** An error answer of the API: its status, its localised message and the fields it names. */
export class PvstarApiError extends Error {
  override readonly name = 'PvstarApiError';
  constructor(
    /** The HTTP status (the envelope's `code`). */
    readonly status: number,
    message: string,
    /** Each refused field of a validation error (400/422), already localised. */
    readonly fields: FieldError[],
    /** The envelope's `data` (details such as `stepUp`), or null. */
    readonly data: unknown,
    /** The server's id of the request (`x-request-id`): quote it when asking for support. */
    readonly requestId: string | null,
    /** Seconds to wait before trying again (429), when the server said. */
    readonly retryAfterSeconds: number | null,
  ) {
    super(message);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A fetch that waits out `Retry-After` on 429 and 503, up to `maxRetries` times. */
export function retryingFetch(
  inner: (input: Request) => Promise<Response>,
  {
    maxRetries = 3,
    maxRetryAfterSeconds = 60,
  }: Pick<PvstarOptions, 'maxRetries' | 'maxRetryAfterSeconds'> = {},
): (input: Request) => Promise<Response> {
  return async (input) => {
    for (let attempt = 0; ; attempt += 1) {
      const response = await inner(input.clone());
      if ((response.status !== 429 && response.status !== 503) || attempt >= maxRetries) return response;
      const wait = retryAfterSeconds(response);
      if (wait === null || wait > maxRetryAfterSeconds) return response;
      await response.body?.cancel();
      await sleep(wait * 1000);
    }
  };
}

/** `Retry-After` as seconds: a number of seconds or an HTTP date (RFC 9110). */
function retryAfterSeconds(response: Response): number | null {
  const value = response.headers.get('retry-after');
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

type Envelope = { code: number; msg: string; data: unknown };
/** What a successful call gives: `data` of the envelope (a plain JSON answer as it is). */
type Unwrapped<R> = R extends { data: infer D; error?: never }
  ? NonNullable<D> extends { code: number; msg: string; data: infer T }
    ? T
    : NonNullable<D>
  : never;
type InitParam<Init> = [Init] extends [undefined] ? [Init?] : undefined extends Init ? [Init?] : [Init];

type Call<M extends HttpMethod> = <
  P extends PathsWithMethod<paths, M>,
  I extends MaybeOptionalInit<paths[P], M>,
>(
  path: P,
  ...init: InitParam<I>
) => Promise<Unwrapped<FetchResponse<NonNullable<paths[P][M]>, I, `${string}/${string}`>>>;

export interface PvstarClient {
  /** A GET answering JSON: resolves to `data` of the envelope, rejects with `PvstarApiError`. */
  get: Call<'get'>;
  /** A POST answering JSON: resolves to `data` of the envelope, rejects with `PvstarApiError`. */
  post: Call<'post'>;
  /** The underlying openapi-fetch client (downloads: `parseAs: 'blob'`), signed and retrying alike. */
  raw: Client<paths>;
}

async function unwrap(pending: Promise<{ data?: unknown; error?: unknown; response: Response }>) {
  const { data, error, response } = await pending;
  const body = (error ?? data) as Partial<Envelope> | undefined;
  const isEnvelope = !!body && typeof body === 'object' && 'code' in body && 'msg' in body && 'data' in body;
  if (!response.ok || error !== undefined) {
    const details = isEnvelope ? (body.data as { fields?: FieldError[] } | null) : null;
    throw new PvstarApiError(
      response.status,
      isEnvelope ? String(body.msg) : response.statusText || `HTTP ${response.status}`,
      details?.fields ?? [],
      isEnvelope ? body.data : null,
      response.headers.get('x-request-id'),
      retryAfterSeconds(response),
    );
  }
  return isEnvelope ? body.data : data;
}

export function createPvstarClient(options: PvstarOptions): PvstarClient {
  const raw = createClient<paths>({
    baseUrl: options.baseUrl,
    headers: { authorization: `Bearer ${options.token}`, lang: options.lang ?? 'en-GB' },
    fetch: retryingFetch(options.fetch ?? ((input) => globalThis.fetch(input)), options),
  });
  return {
    raw,
    get: ((path: never, ...init: never[]) => unwrap(raw.GET(path, ...init))) as Call<'get'>,
    post: ((path: never, ...init: never[]) => unwrap(raw.POST(path, ...init))) as Call<'post'>,
  };
}
