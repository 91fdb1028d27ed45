import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { sha256 } from '../lib/crypto.ts';
import type { DbOrTx, RawResult } from './client.ts';
import { numbersOf, type Row } from './rows.ts';

/**
 * A statement prepared once per database: a named statement on PostgreSQL, planned once per connection
 * instead of on every request. For the lookups that run before every request that needs a caller.
 */
export function preparedPerDb<D extends DbOrTx, T>(prepare: (db: D) => T): (db: D) => T {
  const byDb = new WeakMap<D, T>();
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
 * once per connection and, after a few runs, runs a plan kept for it if that looks no dearer (with
 * `genericPlan`, from the first run and whatever the values): for statements whose planning costs more than
 * their execution (the dashboard's, docs/decisions/028-dashboard-subtree-trend.md). PGlite
 * runs it as any statement. The text is built once, so it must not depend on the caller beyond its values.
 */
export function preparedRows<T>(
  name: string,
  query: SQL,
  opts: { genericPlan?: boolean } = {},
): (db: DbOrTx, values: Record<string, unknown>) => Promise<T[]> {
  // A name stands for one text on a connection: a second text under it would fail there, not here.
  if (names.has(name)) throw new Error(`prepared statement ${name} declared twice`);
  names.add(name);
  const built = dialect.sqlToQuery(query);
  // A transaction is an object of its own: its statement object is made again (cheap), while the connection
  // keeps the statement parsed under its name.
  const statement = preparedPerDb((db: DbOrTx) => db._.session.prepareQuery(built, undefined, name, false));
  // PostgreSQL keeps a generic plan only once it looks no dearer than planning anew. Where the values make
  // the custom plans look cheaper (the dashboard of one organisation), it planned every run: `genericPlan`
  // runs the generic plan from the first run, at the price of a transaction (three more round trips).
  const run = (db: DbOrTx, values: Record<string, unknown>) =>
    opts.genericPlan
      ? db.transaction(async (tx) => {
          await tx.execute(sql`SET LOCAL plan_cache_mode = force_generic_plan`);
          return statement(tx).execute(values);
        })
      : statement(db).execute(values);
  return async (db, values) => numbersOf((await run(db, values)) as RawResult<T>);
}

/** Statement names by text: the same text always has the same name, and a name only ever one text. */
const statementNames = new Map<string, string>();
/**
 * A bound on the texts prepared: a text that varies after all (a list written out, say) runs unprepared
 * beyond it, rather than leave ever more prepared statements on every connection.
 */
const MAX_PREPARED_TEXTS = 500;

/** How many texts executePrepared has named so far (a test checks that ingest's stay fixed). */
export const preparedTexts = () => statementNames.size;

/**
 * A raw statement as a named prepared statement on PostgreSQL: each connection parses and plans it once
 * (PostgreSQL may keep a generic plan after five runs) instead of on every run. For statements of a fixed
 * text that run many times a second (ingest's per batch: planning was up to a third of their cost,
 * docs/benchmarks.md "Fleet"); a text that varies with its values would leave a prepared statement per
 * variant on every connection. PGlite runs it as any statement.
 */
export function executePrepared(db: DbOrTx, query: SQL): Promise<RawResult<Row>> {
  const built = dialect.sqlToQuery(query);
  let name = statementNames.get(built.sql);
  if (!name && statementNames.size < MAX_PREPARED_TEXTS) {
    name = `pv_${sha256(built.sql).slice(0, 24)}`;
    statementNames.set(built.sql, name);
  }
  return name
    ? (db._.session.prepareQuery(built, undefined, name, false).execute() as Promise<RawResult<Row>>)
    : db.execute(query);
}

/**
 * The transaction with every raw statement (`execute`, and so `sqlRows`) run as a prepared one
 * (executePrepared); the query builder's statements run as before. For a writer whose statements all have
 * a fixed text, such as ingest's batch.
 */
export const withPreparedStatements = <T extends DbOrTx>(tx: T): T =>
  new Proxy(tx, {
    get(target, prop, receiver) {
      if (prop === 'execute') return (query: SQL) => executePrepared(target, query);
      return Reflect.get(target, prop, receiver);
    },
  });
