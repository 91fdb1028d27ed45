import type { Envelope } from '@pvstar/contract/api';
import { CLIENT_HEADERS, REQUEST_TIMEOUT_MS } from '@pvstar/contract/client';
import { toast } from '../components/toast.ts';
import i18n from '../i18n/index.ts';
import { tokenStore } from '../stores/session.ts';
import { useSettings } from '../stores/settings.ts';

/** One UUID per browser session (the `sn` header). */
const sessionSn = (() => {
  const existing = sessionStorage.getItem('sn');
  if (existing) return existing;
  const sn = crypto.randomUUID();
  sessionStorage.setItem('sn', sn);
  return sn;
})();

export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
  }
  /** Field errors of a 400/422 answer, by field name. */
  get fields(): Record<string, string> {
    const list = (this.data as { fields?: { field: string; message: string }[] } | null)?.fields ?? [];
    return Object.fromEntries(list.map((f) => [f.field, f.message]));
  }
}

/** Called on 401 (`hadToken`: the call carried a token, so the session ended): the guard resets to /login. Set by the router. */
let onUnauthorized: (hadToken: boolean) => void = () => {};
export const setUnauthorizedHandler = (fn: (hadToken: boolean) => void) => {
  onUnauthorized = fn;
};

/**
 * Asks the person to prove presence again (password or authenticator code) when a dangerous action answers
 * 403 `{ data: { stepUp: true } }`; resolves whether they did. Set by the step-up dialog (features/auth).
 */
let onStepUp: () => Promise<boolean> = async () => false;
export const setStepUpHandler = (fn: () => Promise<boolean>) => {
  onStepUp = fn;
};

export interface RequestOptions {
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  /** Show no toast on failure (the caller shows the error itself, e.g. in a form). */
  silent?: boolean;
  /** Expect a file (xlsx/bin): resolves with a Blob, the envelope is not read. */
  blob?: boolean;
  signal?: AbortSignal;
  /** Sent again after a step-up: a second refusal is not asked again. */
  steppedUp?: boolean;
}

const SPREADSHEET = /(spreadsheetml|ms-excel|octet-stream)/;

/**
 * The HTTP client of requirements §R14: headers, 50 s timeout, envelope, 401 → /login, other codes → toast
 * of `msg` (or 'service fail'), spreadsheets passed through, network errors named.
 */
export async function request<T>(method: 'GET' | 'POST', url: string, opts: RequestOptions = {}): Promise<T> {
  const t = i18n.t.bind(i18n);
  const qs = opts.query
    ? `?${new URLSearchParams(
        Object.entries(opts.query)
          .filter(([, v]) => v !== undefined && v !== null && v !== '')
          .map(([k, v]) => [k, String(v)]),
      )}`
    : '';
  const headers = clientHeaders();
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json;charset=utf-8';

  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  let res: Response;
  try {
    res = await fetch(url + qs, {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal,
    });
  } catch (err) {
    const name = (err as Error).name;
    const text =
      name === 'TimeoutError'
        ? t('common:http.timeout')
        : name === 'AbortError'
          ? t('common:http.aborted')
          : t('common:http.network');
    if (!opts.silent && name !== 'AbortError') toast('error', text);
    throw new ApiError(0, text);
  }

  const type = res.headers.get('content-type') ?? '';
  if (res.ok && (opts.blob || SPREADSHEET.test(type))) return (await res.blob()) as T;

  let envelope: Envelope<unknown> | null = null;
  try {
    envelope = (await res.json()) as Envelope<unknown>;
  } catch {
    envelope = null;
  }
  const code = envelope?.code ?? res.status;
  if (code === 200) return envelope?.data as T;
  // A dangerous action without a recent proof of presence: ask for it, then send the request once more.
  if (
    code === 403 &&
    (envelope?.data as { stepUp?: boolean } | null)?.stepUp &&
    !opts.steppedUp &&
    (await onStepUp())
  )
    return request<T>(method, url, { ...opts, steppedUp: true });
  throw failure(code, envelope, opts.silent, headers.Authorization !== undefined);
}

/** The headers of every call (requirements §R14.1): client type, session, language and the token. */
function clientHeaders(): Record<string, string> {
  const headers: Record<string, string> = {
    fromType: CLIENT_HEADERS.fromType,
    sn: sessionSn,
    lang: useSettings.getState().language,
  };
  const token = tokenStore.get();
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

/** A failed answer: 401 → sign in again, else a toast of `msg` unless silent; returned as ApiError. */
function failure(
  code: number,
  envelope: Envelope<unknown> | null,
  silent?: boolean,
  hadToken = false,
): ApiError {
  const text = envelope?.msg || i18n.t('common:serviceFail');
  if (code === 401) {
    tokenStore.clear();
    onUnauthorized(hadToken);
  } else if (!silent) {
    toast('error', text);
  }
  return new ApiError(code, text, envelope?.data ?? null);
}

/** Saves a Blob as a file (exports). */
export function saveBlob(blob: Blob, filename: string) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

export interface UploadOptions {
  /** Called with 0–100 as the bytes leave the browser. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  silent?: boolean;
  /** Parts sent before the file (a firmware image's signature and manufacturer). */
  fields?: Record<string, string | Blob>;
}

/**
 * Sends one file as multipart field `file` (after `fields`), with the headers and envelope handling of `request`.
 * XMLHttpRequest because fetch reports no upload progress; no timeout, since a large image on a slow
 * line may take longer than a JSON call and the progress shows that it moves.
 */
export function upload<T>(url: string, file: File, opts: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (opts.signal?.aborted) return reject(new ApiError(0, i18n.t('common:http.aborted')));
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.responseType = 'json';
    const headers = clientHeaders();
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) opts.onProgress?.(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      const envelope = xhr.response as Envelope<unknown> | null;
      const code = envelope?.code ?? xhr.status;
      if (code === 200) resolve(envelope?.data as T);
      else reject(failure(code, envelope, opts.silent, headers.Authorization !== undefined));
    };
    xhr.onerror = () => {
      const text = i18n.t('common:http.network');
      if (!opts.silent) toast('error', text);
      reject(new ApiError(0, text));
    };
    xhr.onabort = () => reject(new ApiError(0, i18n.t('common:http.aborted')));
    opts.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    for (const [name, value] of Object.entries(opts.fields ?? {})) form.append(name, value);
    form.append('file', file);
    xhr.send(form);
  });
}
