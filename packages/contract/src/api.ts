import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from './client.ts';

/** Every JSON answer: `code` equals the HTTP status, `msg` is localised by the `lang` header. */
export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), msg: z.string(), data });
export type Envelope<T> = { code: number; msg: string; data: T };

export const PageQuerySchema = z.object({
  pageNum: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), { message: 'validation.pageSize' })
    // A refinement is invisible to JSON Schema: the document names the sizes (as an enum).
    .meta({ enum: [...PAGE_SIZES] })
    .default(DEFAULT_PAGE_SIZE),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

/** The directions a list may be sorted in (antd's words, so the table's sorter passes through). */
export const SORT_ORDERS = ['ascend', 'descend'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/**
 * The page query of a list sorted on the server: `orderBy` one of the list's sortable columns (any other
 * is a 400 naming `orderBy`), `order` ascend (the default) or descend. Without `orderBy` the list keeps
 * its own order. Ties and rows without a value (nulls, last either way) go by id, so pages stay stable.
 */
export const sortedPageQuerySchema = <const K extends readonly [string, ...string[]]>(columns: K) =>
  PageQuerySchema.extend({
    orderBy: z.enum(columns).optional(),
    order: z.enum(SORT_ORDERS).optional(),
  });
export type SortedPageQuery<K extends string> = PageQuery & { orderBy?: K; order?: SortOrder };

export const pageResultSchema = <T extends z.ZodType>(row: T) =>
  z.object({ total: z.number().int(), list: z.array(row) });
export type PageResult<T> = { total: number; list: T[] };

/**
 * A row id: a JSON integer, or its decimal digits (query strings and path parameters are text). Nothing else
 * is read as a number: `true`, `[5]` or `"0x10"` are not ids (a coercing schema took `true` for id 1).
 */
const idNumber = z.number().int().positive().max(2_147_483_647);
export const IdSchema = z.union(
  [
    idNumber,
    z
      .string()
      .regex(/^[0-9]{1,10}$/)
      .transform(Number)
      .pipe(idNumber),
  ],
  { error: 'validation.type' },
);
export const IdBodySchema = z.object({ id: IdSchema });
/** `:id` of a path. */
export const IdParamsSchema = IdBodySchema;

/** Field-level problems travel in `data.fields` of a 400/422 answer, each already localised. */
export const FieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof FieldErrorSchema>;
