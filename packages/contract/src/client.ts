/**
 * What the web client sends with its calls, as plain values: modules without zod, so that the web's
 * start-up code can import them without the schema library (its schemas load with the forms that use them).
 */

/** Request headers the web sends (requirements §R14.1). */
export const CLIENT_HEADERS = { fromType: '2' } as const;
export const REQUEST_TIMEOUT_MS = 50_000;

/** The page sizes a list offers; the server accepts no other. */
export const PAGE_SIZES = [10, 20, 30, 40, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;
