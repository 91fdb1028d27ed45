import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { sqlRow } from './rows.ts';
import { deviceEnergyDaily, devices, dongles, plantEnergyDaily, plants } from './schema/index.ts';

/**
 * Migration 0020 on days written before it: its data part (the UPDATEs at its end) is run again over an
 * inverter day and a plant day that had data but no availability yet.
 */
const dataPart = fs
  .readFileSync(path.resolve(import.meta.dirname, 'migrations/0020_inverter_availability.sql'), 'utf8')
  .split('--> statement-breakpoint')
  .filter((s) => /^\s*(--.*\n\s*)*UPDATE/.test(s));

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('migration 0020: availability beside data availability', () => {
  it('counts the history’s intervals with data as available, and the months follow', async () => {
    expect(dataPart).toHaveLength(2);
    const db = t.ctx.db;
    const [plant] = await db
      .insert(plants)
      .values({
        plantNo: 'P-MIG-20',
        orgId: 3,
        name: 'Migration plant',
        type: 'PHOTOVOLTAIC',
        installedCapacity: 5,
      })
      .returning({ id: plants.id });
    const [dongle] = await db
      .insert(dongles)
      .values({ sn: 'DGL-MIG-20', plantId: plant!.id, secretHash: 'x' })
      .returning({ id: dongles.id });
    const [inverter] = await db
      .insert(devices)
      .values({ sn: 'INV-MIG-20', dongleId: dongle!.id, plantId: plant!.id, kind: 'INVERTER' })
      .returning({ id: devices.id });
    const day = '2020-01-15';
    const seen = `${'0'.repeat(100)}${'1'.repeat(80)}${'0'.repeat(120)}`;
    await db
      .insert(deviceEnergyDaily)
      .values({ deviceId: inverter!.id, day, generation: 3, daylightSeen: seen });
    await db.insert(plantEnergyDaily).values({ plantId: plant!.id, day, generation: 3, daylightSeen: 80 });

    for (const statement of dataPart) await db.execute(sql.raw(statement));

    const row = await sqlRow(
      db,
      sql`
        SELECT e.daylight_available::text AS bits, d.daylight_available AS plant, m.daylight_available AS month
        FROM device_energy_daily e, plant_energy_daily d, plant_energy_monthly m
        WHERE e.device_id = ${inverter!.id} AND e.day = ${day} AND d.plant_id = ${plant!.id} AND d.day = ${day}
          AND m.plant_id = ${plant!.id} AND m.month = '2020-01-01'`,
    );
    expect(row).toEqual({ bits: seen, plant: 80, month: 80 });
  });
});
