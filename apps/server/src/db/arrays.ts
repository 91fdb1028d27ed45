import { type SQL, sql } from 'drizzle-orm';

/**
 * A list as one array parameter, for `= ANY(…)` and `unnest(…)`: the planner reads its length (a JSON
 * list it takes for 100 rows, and then scans whole tables to join them) and the statement's text stays
 * the same whatever the list's length. Only for values that need no quoting in an array literal: ids,
 * serial numbers ([A-Z0-9-]), ISO times.
 */
const arrayOf = (values: readonly (string | number)[], type: string): SQL =>
  sql`${`{${values.join(',')}}`}::${sql.raw(type)}[]`;

export const intArray = (values: readonly number[]) => arrayOf(values, 'int');
export const boolArray = (values: readonly boolean[]) =>
  arrayOf(
    values.map((b) => (b ? 'true' : 'false')),
    'bool',
  );
export const textArray = (values: readonly string[]) => arrayOf(values, 'text');
/** Local days, `YYYY-MM-DD`. */
export const dayArray = (values: readonly string[]) => arrayOf(values, 'date');
export const timeArray = (values: readonly Date[]) =>
  arrayOf(
    values.map((d) => d.toISOString()),
    'timestamptz',
  );
