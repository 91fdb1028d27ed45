import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changedTables, dbFingerprint } from './db-fingerprint.ts';
import { buildTestApp, type TestApp } from './helper.ts';

describe('database fingerprint', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('stays equal when nothing is written and names the table that was', async () => {
    const before = await dbFingerprint(t.ctx.db);
    expect(Object.keys(before)).toEqual(expect.arrayContaining(['organizations', 'users', 'plants']));
    expect(before).not.toHaveProperty('sessions');
    expect(changedTables(before, await dbFingerprint(t.ctx.db))).toEqual([]);
    await t.ctx.db.execute(
      sql`UPDATE organizations SET description = 'changed' WHERE id = (SELECT min(id) FROM organizations)`,
    );
    expect(changedTables(before, await dbFingerprint(t.ctx.db))).toEqual(['organizations']);
  });
});
