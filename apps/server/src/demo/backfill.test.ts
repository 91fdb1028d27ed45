import { localMidnight } from '@pvstar/contract/calendar';
import { Dongle } from '@pvstar/simulator/dongle';
import { type PlantState, plantHistory } from '@pvstar/simulator/model/energy';
import { seedOf } from '@pvstar/simulator/model/rng';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, orgIdByName, type TestApp } from '../../test/helper.ts';
import { sqlRows } from '../db/rows.ts';
import { allDaylightBits, dayGrid } from '../domain/daylight.ts';
import { TOTAL_COUNTERS } from '../domain/energy.ts';
import { recomputeEnergy } from '../ingest/energy-recompute.ts';
import { backfill } from './backfill.ts';
import { generatePlants } from './plant-generator.ts';
import { dongleDefOf, type FleetMember, insertPlants, loadFleet } from './register.ts';

// Noon in Vienna and Berlin on a Sunday in June.
const NOW = Date.parse('2025-06-15T10:03:00Z');
const HOUR = 3_600_000;
const FLOWS = Object.keys(TOTAL_COUNTERS) as (keyof typeof TOTAL_COUNTERS)[];

describe('demo back-fill', () => {
  let t: TestApp;
  let members: FleetMember[];
  const rows = <T>(query: SQL) => sqlRows<T>(t.ctx.db, query);

  /** Per plant: its roll-ups summed over all days, and its inverter's latest lifetime counters. */
  const ledger = async (m: FleetMember) => {
    const [sums] = await rows<Record<(typeof FLOWS)[number], number> & { days: number; first: string }>(sql`
      SELECT count(*)::int AS days, min(day)::text AS first, sum(generation)::float8 AS generation,
        sum(consumption)::float8 AS consumption, sum(charge)::float8 AS charge, sum(discharge)::float8 AS discharge,
        sum(feed_in)::float8 AS "feedIn", sum(purchase)::float8 AS purchase
      FROM plant_energy_daily WHERE plant_id = ${m.plantId}`);
    const [latest] = await rows<{ ts: string; data: Record<string, number> }>(
      sql`SELECT ts::text, data FROM device_latest WHERE device_id = ${m.inverterId}`,
    );
    return { sums: sums!, latest: latest! };
  };

  beforeAll(async () => {
    t = await buildTestApp();
    const orgId = await orgIdByName(t, 'Solartechnik Alpha');
    // Plants 1 (storage with EV charger, Germany) and 3 (storage, Austria), connected months ago.
    const specs = generatePlants({ prefix: 'BFT', count: 3 }).filter((s) => s.number !== 2);
    specs[0]!.gridConnectionDate = '2024-12-10';
    specs[1]!.gridConnectionDate = '2025-03-29';
    await insertPlants(
      t.ctx.db,
      specs.map((spec) => ({ spec, orgId, ownerUserId: null })),
      { intervalSeconds: 60 },
    );
    members = await loadFleet(
      t.ctx.db,
      specs.map((s) => s.dongle.sn),
    );
  });
  afterAll(() => t.close());

  it('at first start runs each plant from its grid connection: roll-ups up to a week ago, then raw samples', async () => {
    // A fault of the inverter's past (as alarm-history.ts writes them) stopped it 10:00–12:00 on 1 June.
    const faulty = members[1]!;
    const zone = faulty.plant!.timezone;
    await t.ctx.db.execute(sql`
      INSERT INTO alarms (plant_id, device_id, source_sn, device_type, kind, fault_code, alarm_level, status,
        started_at, latest_at, ended_at, end_reason)
      SELECT ${faulty.plantId}, d.id, d.sn, 'INVERTER', 'EVENT', 'INV-GRID-OV', 'ERROR', 'ENDED',
        '2025-06-01 10:00'::timestamp AT TIME ZONE ${zone}, '2025-06-01 12:00'::timestamp AT TIME ZONE ${zone},
        '2025-06-01 12:00'::timestamp AT TIME ZONE ${zone}, 'CLEARED'
      FROM devices d WHERE d.id = ${faulty.inverterId}`);
    const ready = new Map<string, PlantState | null>();
    const result = await backfill(t.ctx.db, members, {
      now: NOW,
      onReady: (m, s) => ready.set(m.dongleSn, s),
    });
    expect(result.plants).toBe(2);

    for (const m of members) {
      const tz = m.plant!.timezone;
      const samplesFrom = localMidnight('2025-06-08', tz);
      const expected = plantHistory(m.plant!, m.devices, seedOf(m.dongleSn), {
        start: { connected: m.gridConnectionDate! },
        samplesFrom,
        until: NOW,
      });
      const { sums, latest } = await ledger(m);
      // Every day from the connection up to today, nothing before it.
      expect(sums.first).toBe(m.gridConnectionDate);
      expect(sums.days).toBe(expected.days.length + 8);
      const [june1] = await rows<{ generation: number }>(
        sql`SELECT generation FROM plant_energy_daily WHERE plant_id = ${m.plantId} AND day = '2025-06-01'`,
      );
      expect(june1!.generation).toBe(expected.days.find((d) => d.date === '2025-06-01')!.energy.generation);
      // Every daylight interval of the history has data and is available, but for the fault's 24 intervals.
      const daylight = allDaylightBits(dayGrid(m.plant!, tz, '2025-06-01', '2025-06-02'));
      const [june1Availability] = await rows<{ seen: number; available: number }>(
        sql`SELECT daylight_seen AS seen, daylight_available AS available FROM plant_energy_daily
          WHERE plant_id = ${m.plantId} AND day = '2025-06-01'`,
      );
      expect(june1Availability).toEqual({
        seen: daylight.count,
        available: daylight.count - (m === faulty ? 24 : 0),
      });

      // The inverter's lifetime counters are the sum of its history: roll-ups before, samples since.
      expect(new Date(latest.ts).getTime()).toBe(Date.parse('2025-06-15T10:00:00Z'));
      for (const flow of FLOWS) expect(latest.data[TOTAL_COUNTERS[flow]]).toBeCloseTo(sums[flow], 1);
      expect(ready.get(m.dongleSn)!.at).toBe(Date.parse('2025-06-15T10:00:00Z'));
      expect(ready.get(m.dongleSn)!.totals.total.generation).toBeCloseTo(latest.data.totalGeneration!, 2);

      // Five-minute samples of every device from local midnight a week ago up to now.
      const perDevice = await rows<{ n: number; first: string }>(sql`
        SELECT count(*)::int AS n, min(s.ts)::text AS first FROM telemetry_samples s JOIN devices d ON d.id = s.device_id
        WHERE d.plant_id = ${m.plantId} GROUP BY d.id`);
      expect(perDevice).toHaveLength(m.devices.length);
      for (const d of perDevice) {
        expect(new Date(d.first).getTime()).toBe(samplesFrom);
        expect(d.n).toBe((Date.parse('2025-06-15T10:00:00Z') - samplesFrom) / 300_000 + 1);
      }
      // Yesterday's power curve: 288 inverter samples with the sun at noon.
      const [yesterday] = await rows<{ n: number; peak: number }>(sql`
        SELECT count(*)::int AS n, max((s.data->>'pvPower')::float8) AS peak FROM telemetry_samples s
        WHERE s.device_id = ${m.inverterId}
          AND s.ts >= ('2025-06-14'::timestamp AT TIME ZONE ${tz}) AND s.ts < ('2025-06-15'::timestamp AT TIME ZONE ${tz})`);
      expect(yesterday).toEqual({ n: 288, peak: expect.any(Number) });
      expect(yesterday!.peak).toBeGreaterThan(500);

      // The recomputation from raw samples gives exactly the roll-ups the back-fill wrote.
      const before = await rows(
        sql`SELECT * FROM plant_energy_daily WHERE plant_id = ${m.plantId} ORDER BY day`,
      );
      const again = await recomputeEnergy(t.ctx.db, {
        plantId: m.plantId,
        from: '2025-06-08',
        to: '2025-06-15',
      });
      expect(again.deviceDays).toBe(8);
      expect(
        await rows(sql`SELECT * FROM plant_energy_daily WHERE plant_id = ${m.plantId} ORDER BY day`),
      ).toEqual(before);
    }
  });

  it('on a restart adds nothing twice, and hands the dongles the state of their last reading', async () => {
    const count = async () =>
      (
        await rows<{ s: number; d: number }>(sql`
        SELECT (SELECT count(*)::int FROM telemetry_samples) AS s, (SELECT count(*)::int FROM plant_energy_daily) AS d`)
      )[0];
    const before = await count();
    const ready = new Map<string, PlantState | null>();
    const result = await backfill(t.ctx.db, members, {
      now: NOW + 60_000,
      onReady: (m, s) => ready.set(m.dongleSn, s),
    });
    expect(result).toEqual({ plants: 0, days: 0, samples: 0 });
    expect(await count()).toEqual(before);
    for (const m of members) {
      const { latest } = await ledger(m);
      const state = ready.get(m.dongleSn)!;
      expect(state.totals.total.generation).toBe(latest.data.totalGeneration);
      expect(state.soc).toBeGreaterThanOrEqual(10);
    }
  });

  it('fills the gap of a later restart with samples, still adding up, and the dongle continues the counters', async () => {
    const later = NOW + 2 * HOUR;
    const ready = new Map<string, PlantState | null>();
    const result = await backfill(t.ctx.db, members, {
      now: later,
      onReady: (m, s) => ready.set(m.dongleSn, s),
    });
    expect(result.plants).toBe(2);
    expect(result.days).toBe(0);
    expect(result.samples).toBe(24 * members.reduce((n, m) => n + m.devices.length, 0));
    for (const m of members) {
      const { sums, latest } = await ledger(m);
      for (const flow of FLOWS) expect(latest.data[TOTAL_COUNTERS[flow]]).toBeCloseTo(sums[flow], 1);
      // The live dongle starts where the history ends: it adds what the plant made since the last sample.
      const state = ready.get(m.dongleSn)!;
      const start = later + 60_000;
      const def = dongleDefOf(m, 'secret')!;
      const dongle = new Dongle(def, { brokerUrl: 'mqtt://127.0.0.1:1', interval: 60, resume: state }, start);
      const live = dongle.snapshot().totals.total;
      const added = live.generation - state.totals.total.generation;
      expect(added).toBeGreaterThan(0);
      // At most those minutes at the array's peak.
      expect(added).toBeLessThan((m.plant!.capacityKwp * (start - state.at)) / HOUR);
      expect(live.consumption).toBeGreaterThan(state.totals.total.consumption);
    }
  });

  it('sets each demo inverter to the grid code of its country', () => {
    const codes = members.map((m) => [m.countryCode, dongleDefOf(m, 'secret')!.params!.gridCode]);
    expect(codes).toEqual([
      ['DE', 'VDE_AR_N_4105'],
      ['AT', 'EN_50549_1'],
    ]);
  });
});
