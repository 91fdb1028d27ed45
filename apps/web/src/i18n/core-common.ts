/**
 * The groups of the contract's `common` namespace (server messages, validation, field names) that the core
 * catalogue carries: what the shell, the sign-in pages and the dashboard show. The pages catalogue carries
 * the whole namespace; a group added for a new feature goes there only, and so costs the first page nothing.
 * The build picks them (`?core` imports, `pickCoreCommon` in vite.config.ts).
 */
export const CORE_COMMON_GROUPS = [
  'success',
  'error',
  'deleted',
  'saved',
  'noData',
  'offline',
  'serviceFail',
  'notFound',
  'routeNotFound',
  'methodNotAllowed',
  'tooManyRequests',
  'payloadTooLarge',
  'unsupportedMediaType',
  'conflict',
  'auth',
  'validation',
  'field',
  'table',
  'http',
  'alarm',
  'twoFactor',
] as const;
