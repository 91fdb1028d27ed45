import { dailyEnergyRange } from '@pvstar/simulator/model/energy';
import { seedOf } from '@pvstar/simulator/model/rng';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceEnergyDaily, plantEnergyDaily } from '../db/schema/index.ts';
import { revenueOf } from '../ingest/energy.ts';
import { addDays } from '../lib/calendar.ts';
import { allDaylightBits, dayGrid } from '../lib/daylight-window.ts';
import { buildTestApp, orgIdByName, type TestApp } from '../test/helper.ts';
import { backfill } from './backfill.ts';
import { generatePlants } from './plant-generator.ts';
import { type FleetMember, insertPlants, loadFleet } from './register.ts';

// Noon in Vienna and Berlin: the year before crosses both daylight-saving changes.
const NOW = Date.parse('2025-06-15T10:00:00Z');

describe('demo backfill', () => {
  let t: TestApp;
  let members: FleetMember[];

  beforeAll(async () => {
    t = await buildTestApp();
    const orgId = await orgIdByName(t, 'Solartechnik Alpha');
    // Plants 1 (storage, with EV charger) and 3 (storage in Austria) of the generator.
    const specs = generatePlants({ prefix: 'BFT', count: 3 }).filter((s) => s.number !== 2);
    await insertPlants(
      t.ctx.db,
      specs.map((spec) => ({ spec, orgId, ownerUserId: null })),
      { intervalSeconds: 60 },
    );
    members = await loadFleet(
      t.ctx.db,
      specs.map((s) => s.dongle.sn),
    );
    // A day the live dongle already reported must stay as it is.
    const first = members[0]!;
    await t.ctx.db
      .insert(plantEnergyDaily)
      .values({ plantId: first.plantId, day: '2025-06-14', generation: 42, revenue: 1 });
    await t.ctx.db
      .insert(deviceEnergyDaily)
      .values({ deviceId: first.inverterId!, day: '2025-06-14', generation: 42 });
  });
  afterAll(() => t.close());

  it('fills 365 days up to yesterday with the model of the live dongle, and keeps live days', async () => {
    expect(members).toHaveLength(2);
    const result = await backfill(t.ctx.db, members, { now: NOW });
    expect(result).toEqual({ plants: 2, written: 365 * 2 - 1 });

    for (const m of members) {
      const rows = await t.ctx.db
        .select()
        .from(plantEnergyDaily)
        .where(eq(plantEnergyDaily.plantId, m.plantId))
        .orderBy(asc(plantEnergyDaily.day));
      expect(rows).toHaveLength(365);
      expect(rows[0]!.day).toBe('2024-06-15');
      expect(rows.at(-1)!.day).toBe('2025-06-14');

      const expected = dailyEnergyRange(m.plant!, m.devices, '2024-06-15', '2025-06-14', seedOf(m.dongleSn));
      const inverterRows = await t.ctx.db
        .select()
        .from(deviceEnergyDaily)
        .where(eq(deviceEnergyDaily.deviceId, m.inverterId!))
        .orderBy(asc(deviceEnergyDaily.day));
      expect(inverterRows).toHaveLength(365);
      const live = m === members[0];
      for (let k = 0; k < 365; k++) {
        const row = rows[k]!;
        const { date, energy } = expected[k]!;
        expect(row.day).toBe(date);
        if (live && date === '2025-06-14') {
          expect(row.generation).toBe(42);
          expect(inverterRows[k]!.generation).toBe(42);
          continue;
        }
        const { plantId: _p, day: _d, revenue, daylightSeen, daylightAvailable, ...figures } = row;
        expect(figures).toEqual(energy);
        expect(revenue).toBe(revenueOf(energy, { feedIn: m.feedInPrice, purchase: m.purchasePrice }));
        // The history's dongle reported all day, its inverter able to produce: every daylight interval
        // counts as with data and available.
        const daylight = allDaylightBits(dayGrid(m.plant!, m.plant!.timezone, date, addDays(date, 1)));
        expect(daylightSeen).toBe(daylight.count);
        expect(daylightAvailable).toBe(daylight.count);
        const {
          deviceId: _i,
          day: _e,
          daylightSeen: bits,
          daylightAvailable: up,
          ...deviceFigures
        } = inverterRows[k]!;
        expect(deviceFigures).toEqual(energy);
        expect(bits).toBe(daylight.bits);
        expect(up).toBe(daylight.bits);
      }
      // A real year: summer days yield several times what winter days do.
      const july = rows.filter((r) => r.day.startsWith('2024-07')).reduce((s, r) => s + r.generation, 0);
      const december = rows.filter((r) => r.day.startsWith('2024-12')).reduce((s, r) => s + r.generation, 0);
      expect(july).toBeGreaterThan(2 * december);
      expect(december).toBeGreaterThan(0);
    }
    expect(members[0]!.feedInPrice).toBeGreaterThan(0);
  });

  it('finds nothing to do the second time', async () => {
    const before = await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(plantEnergyDaily);
    expect(await backfill(t.ctx.db, members, { now: NOW })).toEqual({ plants: 0, written: 0 });
    const after = await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(plantEnergyDaily);
    expect(after).toEqual(before);
  });

  it('fills only the missing days of a later window', async () => {
    // A fault of the inverter's past (as alarm-history.ts writes them) stopped it 10:00–12:00 on the 16th.
    const m = members[1]!;
    const zone = m.plant!.timezone;
    await t.ctx.db.execute(sql`
      INSERT INTO alarms (plant_id, device_id, source_sn, device_type, kind, fault_code, alarm_level, status,
        started_at, latest_at, ended_at, end_reason)
      SELECT ${m.plantId}, d.id, d.sn, 'INVERTER', 'EVENT', 'INV-GRID-OV', 'ERROR', 'ENDED',
        '2025-06-16 10:00'::timestamp AT TIME ZONE ${zone}, '2025-06-16 12:00'::timestamp AT TIME ZONE ${zone},
        '2025-06-16 12:00'::timestamp AT TIME ZONE ${zone}, 'CLEARED'
      FROM devices d WHERE d.id = ${m.inverterId}`);
    // Two days later the window has moved on by two days: exactly those are written.
    const result = await backfill(t.ctx.db, members.slice(1), { now: NOW + 2 * 86_400_000 });
    expect(result).toEqual({ plants: 1, written: 2 });
    const [row] = await t.ctx.db
      .select()
      .from(plantEnergyDaily)
      .where(and(eq(plantEnergyDaily.plantId, members[1]!.plantId), eq(plantEnergyDaily.day, '2025-06-16')));
    expect(row!.generation).toBeGreaterThan(0);
    // Every daylight interval with data; the 24 of the fault's two hours not available.
    const grid = dayGrid(m.plant!, zone, '2025-06-16', '2025-06-17');
    const daylight = allDaylightBits(grid);
    expect(row!.daylightSeen).toBe(daylight.count);
    expect(row!.daylightAvailable).toBe(daylight.count - 24);
    const [before] = await t.ctx.db
      .select()
      .from(plantEnergyDaily)
      .where(and(eq(plantEnergyDaily.plantId, m.plantId), eq(plantEnergyDaily.day, '2025-06-15')));
    expect(before!.daylightAvailable).toBe(before!.daylightSeen);
  });
});
