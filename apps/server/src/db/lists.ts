import type { PageQuery, SortedPageQuery } from '@pvstar/contract/api';
import { type AnyColumn, Column, ilike, is, type SQL, sql } from 'drizzle-orm';
import { invalidField } from '../lib/errors.ts';
import { escapeLike } from '../lib/like.ts';

/**
 * The SQL every list query is made of (a filter, an order, a page), written once for all modules; a query
 * of one domain that several modules share lives in domain/ or the owning module's data-access file.
 */

/** Case-insensitive "contains" filter; nothing when the filter is empty. */
export const contains = (column: AnyColumn | SQL, text: string | undefined) =>
  text ? ilike(column, `%${escapeLike(text)}%`) : undefined;

/** LIMIT/OFFSET of a page request. */
export const pageWindow = (q: PageQuery) => ({ limit: q.pageSize, offset: (q.pageNum - 1) * q.pageSize });

/**
 * ORDER BY of a sorted page: the chosen column's expression from the list's own table of them (the
 * request only picks a key, it never reaches the SQL as text) in the chosen direction with nulls last,
 * then the id the same way, so that equal values never make pages overlap. No column chosen: the
 * list's default order. A key the list has no column for here (a dongle's power) is refused like an
 * unknown one.
 */
export function pageOrder<K extends string>(
  q: SortedPageQuery<K>,
  columns: Partial<Record<K, AnyColumn | SQL>>,
  id: AnyColumn,
  defaultOrder: SQL[],
): SQL[] {
  if (!q.orderBy) return defaultOrder;
  const column = columns[q.orderBy];
  if (!column) throw invalidField('orderBy', 'validation.enum');
  const dir = q.order === 'descend' ? sql`DESC` : sql`ASC`;
  // A NOT NULL column says no more, and so keeps to the order its index is read in (DESC means NULLS FIRST).
  const nulls = is(column, Column) && column.notNull ? sql`` : sql` NULLS LAST`;
  return [sql`${column} ${dir}${nulls}`, sql`${id} ${dir}`];
}

/** An enum column as its position in `values`, to sort by meaning (severity) rather than by spelling. */
export const rankOf = (column: AnyColumn | SQL, values: readonly string[]) =>
  sql`(CASE ${column} ${sql.join(
    values.map((v, i) => sql`WHEN ${v} THEN ${sql.raw(String(i))}`),
    sql` `,
  )} END)`;

/** Text sorted regardless of case. */
export const caseless = (column: AnyColumn | SQL) => sql`lower(${column})`;
