import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { sqlRow } from './rows.ts';
import { plantEnergyDaily, plants } from './schema/index.ts';

/**
 * Migration 0019 on data written before it: its data part (everything after the trigger functions) is run
 * again over a plant day whose revenue and organisation row still count the battery's loss as saved.
 */
const dataPart = fs
  .readFileSync(path.resolve(import.meta.dirname, 'migrations/0019_energy_from_counters.sql'), 'utf8')
  .split('--> statement-breakpoint')
  .filter((s) => !s.includes('CREATE OR REPLACE FUNCTION'));

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('migration 0019: self-consumption without battery losses', () => {
  it('recomputes plant-day revenue, and the months and organisation rows follow', async () => {
    const db = t.ctx.db;
    const [plant] = await db
      .insert(plants)
      .values({
        plantNo: 'P-MIG-19',
        orgId: 3,
        name: 'Migration plant',
        type: 'ENERGY_STORAGE',
        installedCapacity: 5,
        feedInPrice: 0.1,
        purchasePrice: 0.3,
      })
      .returning({ id: plants.id });
    const day = '2020-01-15';
    // Before: self-consumption 10 − 4 = 6 kWh, revenue 4 × 0.1 + 6 × 0.3 = 2.2.
    await db.insert(plantEnergyDaily).values({
      plantId: plant!.id,
      day,
      generation: 10,
      feedIn: 4,
      charge: 3,
      discharge: 1,
      revenue: 2.2,
    });
    await db.execute(sql`UPDATE org_energy_daily SET self_consumption = 6 WHERE org_id = 3 AND day = ${day}`);

    for (const statement of dataPart) await db.execute(sql.raw(statement));

    // After: self-consumption 10 − 4 − 3 + 1 = 4 kWh, revenue 4 × 0.1 + 4 × 0.3 = 1.6.
    const row = await sqlRow<Record<string, number>>(
      db,
      sql`
        SELECT d.revenue,
          (SELECT revenue FROM plant_energy_monthly WHERE plant_id = ${plant!.id} AND month = '2020-01-01') AS month,
          (SELECT sum(self_consumption) FROM org_energy_daily WHERE org_id = 3 AND day = ${day}) AS "orgSelf",
          (SELECT sum(revenue) FROM org_energy_daily WHERE org_id = 3 AND day = ${day}) AS "orgRevenue"
        FROM plant_energy_daily d WHERE d.plant_id = ${plant!.id} AND d.day = ${day}`,
    );
    expect(row!.revenue).toBeCloseTo(1.6, 9);
    expect(row!.month).toBeCloseTo(1.6, 9);
    expect(row!.orgSelf).toBeCloseTo(4, 9);
    expect(row!.orgRevenue).toBeCloseTo(1.6, 9);
  });
});
