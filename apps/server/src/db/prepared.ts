import type { Db } from './client.ts';

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
