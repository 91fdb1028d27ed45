import type { PageQuery } from '@pvstar/contract/api';
import { type AnyColumn, ilike, type SQL } from 'drizzle-orm';

import { escapeLike } from '../lib/like.ts';

export { escapeLike, prefixPattern } from '../lib/like.ts';

/** Case-insensitive "contains" filter; nothing when the filter is empty. */
export const contains = (column: AnyColumn | SQL, text: string | undefined) =>
  text ? ilike(column, `%${escapeLike(text)}%`) : undefined;

/** LIMIT/OFFSET of a page request. */
export const pageWindow = (q: PageQuery) => ({ limit: q.pageSize, offset: (q.pageNum - 1) * q.pageSize });
