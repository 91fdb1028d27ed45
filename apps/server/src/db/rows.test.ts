import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './client.ts';
import { sqlRow, sqlRows } from './rows.ts';

// No tables needed: PGlite in memory, or (TEST_DB=postgres) the server of DATABASE_URL itself.
let database: Database;
beforeAll(async () => {
  database = await openDatabase(process.env.TEST_DB === 'postgres' ? { url: process.env.DATABASE_URL! } : {});
});
afterAll(() => database.close());

describe('sqlRows', () => {
  it('answers bigint and numeric as numbers on either driver, the rest as the driver gives it', async () => {
    const rows = await sqlRows(
      database.db,
      sql`SELECT count(*) AS c, sum(x) AS s, 2::int8 AS b, 1.25::numeric AS n, NULL::int8 AS none, 3::int AS i,
        0.5::float8 AS f, 'x' AS t, true AS ok, '{"a":1}'::jsonb AS j
        FROM (VALUES (1), (2)) v(x)`,
    );
    expect(rows).toEqual([
      { c: 2, s: 3, b: 2, n: 1.25, none: null, i: 3, f: 0.5, t: 'x', ok: true, j: { a: 1 } },
    ]);
  });

  it('reads a statement of a transaction, and no row as undefined', async () => {
    const found = await database.db.transaction(async (tx) => {
      const one = await sqlRow<{ n: number }>(tx, sql`SELECT 41::int8 + 1 AS n`);
      const none = await sqlRow(tx, sql`SELECT 1 WHERE false`);
      return { one, none };
    });
    expect(found).toEqual({ one: { n: 42 }, none: undefined });
  });
});
