import type { FieldError } from '@pvstar/contract/api';

/**
 * A failure the caller should see: the HTTP status, a message key of the common catalogue (translated
 * into the caller's language on the way out) and, for validation, the fields concerned.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly key: string,
    readonly params: Record<string, string | number> = {},
    readonly fields: { field: string; key: string; params?: Record<string, string | number> }[] = [],
    readonly answer: {
      /** What the answer's `data` carries besides field errors (a client acts on it, e.g. `stepUp`). */
      data?: Record<string, unknown>;
      /** Whole seconds to wait, sent as Retry-After (a 429 that ends). */
      retryAfterSeconds?: number;
    } = {},
  ) {
    super(key);
  }
}

export const notFound = () => new AppError(404, 'notFound');
export const forbidden = (key = 'auth.forbidden') => new AppError(403, key);
export const conflict = (key: string, field?: string) =>
  new AppError(409, key, {}, field ? [{ field, key }] : []);
/** A domain rule on one field (400 for malformed input, 422 for a well-formed value the domain refuses). */
export const invalidField = (
  field: string,
  key: string,
  status = 400,
  params: Record<string, string | number> = {},
) => new AppError(status, key, params, [{ field, key, params }]);

export type { FieldError };
