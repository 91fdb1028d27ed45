import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, orgIdByName, type TestApp } from '../../../test/helper.ts';
import { sqlRows } from '../../db/rows.ts';
import type { Caller } from '../../domain/caller.ts';
import { dashboardFromRollup } from './dashboard-rollup.ts';

/**
 * The dashboard's one statement is planned once per connection, whatever the scope: for one organisation
 * (an installer's scope) PostgreSQL found its custom plans cheaper than the kept generic one and planned
 * every run anew (2.4 ms of planning for 1.1 ms of execution at 10,000 plants). PostgreSQL only: PGlite
 * runs no named statements. Counted in pg_prepared_statements of the connection that ran them (one
 * transaction, so one connection).
 */
describe.skipIf(process.env.TEST_DB !== 'postgres')('dashboard statement plans', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('runs the generic plan for an installer’s scope, not a new plan every time', async () => {
    const orgId = await orgIdByName(t, 'Solartechnik Alpha');
    const [org] = await sqlRows<{ path: string }>(
      t.ctx.db,
      sql`SELECT path FROM organizations WHERE id = ${orgId}`,
    );
    const caller = {
      userId: 0,
      orgId,
      orgPath: org!.path,
      dataScope: 'ORG_AND_SUB',
      perms: new Set(),
    } as unknown as Caller;
    const plans = await t.ctx.db.transaction(async (tx) => {
      for (let i = 0; i < 10; i++) await dashboardFromRollup(tx, caller, new Date());
      return sqlRows<{ generic: number; custom: number }>(
        tx,
        sql`SELECT generic_plans AS generic, custom_plans AS custom FROM pg_prepared_statements
            WHERE name = 'dashboard_org_and_sub'`,
      );
    });
    expect(plans).toHaveLength(1);
    expect(plans[0]).toEqual({ generic: 10, custom: 0 });
  });
});
