import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { sqlRows } from './rows.ts';
import { plants } from './schema/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** Each plant's kept total against the sum of its days: they must agree after every statement. */
async function totals(ids: number[]) {
  return sqlRows<{ id: number; kept: number; days: number }>(
    t.ctx.db,
    sql`
    SELECT p.id, coalesce(t.generation, 0)::float8 AS kept,
      coalesce((SELECT sum(generation) FROM plant_energy_daily e WHERE e.plant_id = p.id), 0)::float8 AS days
    FROM plants p LEFT JOIN plant_energy_total t ON t.plant_id = p.id
    WHERE p.id IN (SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::int) ORDER BY p.id`,
  );
}

describe('plant_energy_total (migration 0022)', () => {
  it('follows multi-row inserts, updates and deletes of plant days, per statement', async () => {
    const db = t.ctx.db;
    const made = await db
      .insert(plants)
      .values(
        ['A', 'B'].map((k) => ({
          plantNo: `P-TOT-${k}`,
          orgId: 3,
          name: `Total plant ${k}`,
          type: 'PHOTOVOLTAIC' as const,
          installedCapacity: 5,
        })),
      )
      .returning({ id: plants.id });
    const [a, b] = made.map((p) => p.id) as [number, number];
    const check = async (expected: [number, number]) => {
      const rows = await totals([a, b]);
      expect(rows.map((r) => r.kept)).toEqual(expected);
      for (const r of rows) expect(r.kept).toBeCloseTo(r.days, 9);
    };

    await db.execute(sql`
      INSERT INTO plant_energy_daily (plant_id, day, generation) VALUES
        (${a}, '2026-11-01', 10), (${a}, '2026-11-02', 5), (${b}, '2026-11-01', 7)`);
    await check([15, 7]);
    // Ingest's upsert: one statement raising two days of A and leaving B's as it was.
    await db.execute(sql`
      INSERT INTO plant_energy_daily (plant_id, day, generation) VALUES
        (${a}, '2026-11-02', 8), (${a}, '2026-11-03', 1), (${b}, '2026-11-01', 7)
      ON CONFLICT (plant_id, day) DO UPDATE SET generation = excluded.generation`);
    await check([19, 7]);
    await db.execute(
      sql`UPDATE plant_energy_daily SET generation = generation * 2 WHERE plant_id IN (${a}, ${b})`,
    );
    await check([38, 14]);
    await db.execute(
      sql`DELETE FROM plant_energy_daily WHERE day = '2026-11-01' AND plant_id IN (${a}, ${b})`,
    );
    await check([18, 0]);
  });
});
