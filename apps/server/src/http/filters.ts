import type { PageQuery } from '@pvstar/contract/api';
import { type AnyColumn, ilike, type SQL } from 'drizzle-orm';

/** Escapes LIKE wildcards so user text and stored paths match literally. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE pattern for "starts with" (subtrees by materialised path). */
export const prefixPattern = (text: string) => `${escapeLike(text)}%`;

/** Case-insensitive "contains" filter; nothing when the filter is empty. */
export const contains = (column: AnyColumn | SQL, text: string | undefined) =>
  text ? ilike(column, `%${escapeLike(text)}%`) : undefined;

/** LIMIT/OFFSET of a page request. */
export const pageWindow = (q: PageQuery) => ({ limit: q.pageSize, offset: (q.pageNum - 1) * q.pageSize });
