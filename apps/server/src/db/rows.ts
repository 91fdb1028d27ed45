import type { SQL } from 'drizzle-orm';
import type { DbOrTx, RawResult } from './client.ts';

/** A row of a raw statement before the caller names its columns. */
export type Row = Record<string, unknown>;

/** PostgreSQL's type ids of bigint (int8) and numeric. */
const INT8 = 20;
const NUMERIC = 1700;

/**
 * The rows of a raw statement, typed once here by the caller (`sqlRows<{ id: number }>(db, sql`…`)`), on
 * either driver. A bigint or numeric column (count(*), sum() of integers, a numeric column) comes back as a
 * number: node-postgres hands both over as text, PGlite bigint as a number and numeric as text, so one
 * statement would answer differently per driver. Beyond 2^53 or 15 significant digits a number loses
 * precision: a statement that needs the exact value casts it to text. Other types are as the driver
 * (with drizzle's settings) gives them: timestamps and dates as text, jsonb parsed, float8 and int as numbers.
 */
export async function sqlRows<T = Row>(db: DbOrTx, query: SQL): Promise<T[]> {
  return numbersOf<T>(await db.execute(query));
}

/** The rows of a raw statement's result with its bigint and numeric columns as numbers (see `sqlRows`). */
export function numbersOf<T = Row>(res: RawResult<unknown>): T[] {
  const numeric = res.fields
    .filter((f) => f.dataTypeID === INT8 || f.dataTypeID === NUMERIC)
    .map((f) => f.name);
  if (numeric.length)
    for (const row of res.rows)
      for (const name of numeric) {
        const value = (row as Row)[name];
        if (typeof value === 'string') (row as Row)[name] = Number(value);
      }
  return res.rows as T[];
}

/** The first row of a raw statement (see `sqlRows`), or undefined when it answers none. */
export async function sqlRow<T = Row>(db: DbOrTx, query: SQL): Promise<T | undefined> {
  return (await sqlRows<T>(db, query))[0];
}
