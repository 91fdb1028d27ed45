import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db, RawResult } from './client.ts';
import { numbersOf } from './rows.ts';

/**
 * A statement prepared once per database: a named statement on PostgreSQL, planned once per connection
 * instead of on every request. For the lookups that run before every request that needs a caller.
 */
export function preparedPerDb<T>(prepare: (db: Db) => T): (db: Db) => T {
  const byDb = new WeakMap<Db, T>();
  return (db) => {
    let statement = byDb.get(db);
    if (!statement) {
      statement = prepare(db);
      byDb.set(db, statement);
    }
    return statement;
  };
}

const dialect = new PgDialect();
const names = new Set<string>();

/**
 * A raw statement (`sql`…``) prepared once per database under `name`, its values given at each run by the
 * names of its `sql.placeholder`s; rows as `sqlRows` answers them. On PostgreSQL a named statement is parsed
 * once per connection and, after a few runs, runs a plan kept for it: for statements whose planning costs
 * more than their execution (the dashboard's, docs/decisions/028-dashboard-subtree-trend.md). PGlite
 * runs it as any statement. The text is built once, so it must not depend on the caller beyond its values.
 */
export function preparedRows<T>(
  name: string,
  query: SQL,
): (db: Db, values: Record<string, unknown>) => Promise<T[]> {
  // A name stands for one text on a connection: a second text under it would fail there, not here.
  if (names.has(name)) throw new Error(`prepared statement ${name} declared twice`);
  names.add(name);
  const built = dialect.sqlToQuery(query);
  const statement = preparedPerDb((db) => db._.session.prepareQuery(built, undefined, name, false));
  return async (db, values) => numbersOf((await statement(db).execute(values)) as RawResult<T>);
}
