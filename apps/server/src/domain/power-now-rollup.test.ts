import { topics } from '@pvstar/contract/mqtt';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, orgIdByName, type TestApp, unique } from '../../test/helper.ts';
import { sqlRows } from '../db/rows.ts';
import { devices, dongles, plants } from '../db/schema/index.ts';
import { createOrg } from '../db/seed/seed.ts';
import { createIngest, type Ingest } from '../ingest/ingest.ts';
import { openAlarms } from '../modules/alarm/alarm-store.ts';
import { createDashboardService } from '../modules/dashboard/dashboard.service.ts';
import type { Caller } from './caller.ts';
import { plantPowerNowSql } from './power-now.ts';
import { refreshPowerNow } from './power-now-rollup.ts';
import { sweepStale } from './status-sweeper.ts';

/**
 * The roll-up of power now (plant_power_now, org_power_now) against its one definition, the live SQL of
 * power-now.ts, for a small fleet of two organisations, after each kind of writer has changed it.
 */
let t: TestApp;
let ingest: Ingest;
const orgs: number[] = [];
const fleet: { plantId: number; dongle: string; inverters: string[] }[] = [];
const PLANTS = 6;
const INTERVAL_S = 60;

const key = (r: Record<string, unknown>) => ({
  inverters: Number(r.inverters),
  ts: r.ts === null ? null : new Date(String(r.ts)).toISOString(),
  pv: Number(r.pv),
  grid: Number(r.grid),
  load: Number(r.load),
  battery: Number(r.battery),
});
const ids = () => JSON.stringify(fleet.map((p) => p.plantId));

/** Every plant's row and every organisation's sums equal the live figures at `now`. */
async function expectRollupIsLive(now: Date) {
  const db = t.ctx.db;
  const live = await sqlRows(
    db,
    plantPowerNowSql(
      now,
      sql`SELECT id, status FROM plants WHERE id IN (SELECT jsonb_array_elements_text(${ids()}::jsonb)::int)`,
    ),
  );
  const stored = await sqlRows(
    db,
    sql`SELECT * FROM plant_power_now WHERE plant_id IN (SELECT jsonb_array_elements_text(${ids()}::jsonb)::int)`,
  );
  const byPlant = (rows: Record<string, unknown>[]) =>
    Object.fromEntries(rows.map((r) => [Number(r.plant_id), key(r)]));
  expect(byPlant(stored)).toEqual(byPlant(live));
  for (const r of stored) expect(r.fresh_until === null || new Date(String(r.fresh_until)) >= now).toBe(true);
  const sums = await sqlRows<{ org_id: number; pv: number; inverters: number; battery: number }>(
    db,
    sql`SELECT org_id, sum(pv)::float8 AS pv, sum(inverters)::int AS inverters, sum(battery)::float8 AS battery
      FROM org_power_now WHERE org_id IN (${orgs[0]}, ${orgs[1]}) GROUP BY org_id ORDER BY org_id`,
  );
  const liveSums = await sqlRows<{ org_id: number; pv: number; inverters: number; battery: number }>(
    db,
    sql`SELECT p.org_id, sum(l.pv)::float8 AS pv, sum(l.inverters)::int AS inverters,
        sum(l.battery)::float8 AS battery
      FROM (${plantPowerNowSql(now, sql`SELECT id, status FROM plants WHERE org_id IN (${orgs[0]}, ${orgs[1]})`)}) l
      JOIN plants p ON p.id = l.plant_id GROUP BY p.org_id ORDER BY p.org_id`,
  );
  expect(sums.map((s) => s.org_id)).toEqual(liveSums.map((s) => s.org_id));
  for (const [i, s] of sums.entries()) {
    expect(s.inverters).toBe(liveSums[i]!.inverters);
    expect(s.pv).toBeCloseTo(liveSums[i]!.pv, 6);
    expect(s.battery).toBeCloseTo(liveSums[i]!.battery, 6);
  }
  return live;
}

const telemetry = (p: (typeof fleet)[number], ts: number, pv: number) =>
  ingest.handle(
    topics.telemetry(p.dongle),
    Buffer.from(
      JSON.stringify({
        msgId: unique('m'),
        ts,
        devices: p.inverters.map((sn, i) => ({
          sn,
          kind: 'INVERTER',
          data: { power: pv - 100, pvPower: pv + i, gridPower: -200, loadPower: 500, batteryPower: -100 },
        })),
      }),
    ),
  );

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.ctx.db;
  const root = await orgIdByName(t, 'PVSTAR');
  for (const name of ['Power A ', 'Power B '])
    orgs.push(await createOrg(db, { name: unique(name), type: 'INSTALLER', parentId: root }));
  for (let i = 0; i < PLANTS; i++) {
    const [plant] = await db
      .insert(plants)
      .values({
        plantNo: unique('P-PNR'),
        orgId: orgs[i % 2]!,
        name: `Roll-up ${i}`,
        type: 'PHOTOVOLTAIC',
        installedCapacity: 10,
        status: 'OFFLINE',
      })
      .returning({ id: plants.id });
    // Serial numbers in capitals, as the contract reads them.
    const dongle = unique('DGL-PNR-').toUpperCase();
    const [g] = await db
      .insert(dongles)
      .values({ sn: dongle, plantId: plant!.id, secretHash: 'x', intervalSeconds: INTERVAL_S })
      .returning({ id: dongles.id });
    const inverters = [unique('INV-PNR-').toUpperCase(), unique('INV-PNR-').toUpperCase()];
    for (const sn of inverters)
      await db
        .insert(devices)
        .values({ sn, kind: 'INVERTER', dongleId: g!.id, plantId: plant!.id, status: 'NOT_CONNECTED' });
    fleet.push({ plantId: plant!.id, dongle, inverters });
  }
  ingest = createIngest({ db, log: pino({ level: 'silent' }), flushMs: 1 });
});

afterAll(async () => {
  await t?.close();
});

describe('power now kept by its writers', () => {
  it('starts with a row of no power for every new plant', async () => {
    const live = await expectRollupIsLive(new Date());
    expect(live.every((r) => Number(r.pv) === 0)).toBe(true);
  });

  it('equals the live figures after ingest', async () => {
    const now = Date.now();
    for (const [i, p] of fleet.entries()) await telemetry(p, now - 1000, 1000 * (i + 1));
    const live = await expectRollupIsLive(new Date());
    expect(live.every((r) => Number(r.inverters) === 2)).toBe(true);
  });

  it('equals them after an alarm and after the sweeper', async () => {
    const db = t.ctx.db;
    const p = fleet[0]!;
    const [inverter] = await db.select().from(devices).where(eq(devices.sn, p.inverters[0]!));
    await db.transaction((tx) =>
      openAlarms(tx, [
        {
          plantId: p.plantId,
          dongleId: inverter!.dongleId,
          deviceId: inverter!.id,
          sourceSn: inverter!.sn,
          deviceType: 'INVERTER',
          kind: 'EVENT',
          faultCode: 'INV-ISO',
          startedAt: new Date(),
        },
      ]),
    );
    await expectRollupIsLive(new Date());
    // Silent for more than three intervals: the sweeper takes every device offline, and the power away.
    const later = new Date(Date.now() + 4 * INTERVAL_S * 1000);
    await sweepStale(db, later);
    const live = await expectRollupIsLive(later);
    expect(live.every((r) => Number(r.pv) === 0)).toBe(true);
  });

  it('equals them after a device is deleted and a plant moves to another organisation', async () => {
    const db = t.ctx.db;
    const now = Date.now();
    for (const [i, p] of fleet.entries()) await telemetry(p, now - 500, 2000 * (i + 1));
    await expectRollupIsLive(new Date());
    const p = fleet[1]!;
    await db.delete(devices).where(eq(devices.sn, p.inverters[1]!));
    // As the plant's edit does after changing its devices.
    await refreshPowerNow(db, { plantIds: [p.plantId] }, new Date());
    p.inverters.pop();
    await expectRollupIsLive(new Date());
    await db.update(plants).set({ orgId: orgs[0]! }).where(eq(plants.id, p.plantId));
    await expectRollupIsLive(new Date());
  });
});

describe('the dashboard', () => {
  it('shows no stale power: a row past its fresh_until is computed live', async () => {
    const db = t.ctx.db;
    const caller = {
      userId: 0,
      orgId: orgs[0]!,
      orgPath: '',
      dataScope: 'ORG',
      perms: new Set(),
    } as unknown as Caller;
    const service = createDashboardService(t.ctx);
    const before = (await service.get(caller, 'en-GB')).powerFlow;
    expect(before.pvPower).toBeGreaterThan(0);
    // Every inverter of the organisation's first plant stops describing now a second ago (its dongle
    // reported since), and no writer has refreshed the row yet.
    const p = fleet[0]!;
    await db.execute(sql`
      UPDATE device_latest SET ts = now() - interval '200 seconds'
      WHERE device_id IN (SELECT id FROM devices WHERE plant_id = ${p.plantId})`);
    await db.execute(sql`UPDATE dongles SET last_telemetry_at = now() WHERE sn = ${p.dongle}`);
    await db.execute(sql`UPDATE plant_power_now SET fresh_until = now() - interval '1 second'
      WHERE plant_id = ${p.plantId}`);
    const [row] = await sqlRows<{ pv: number }>(
      db,
      sql`SELECT pv FROM plant_power_now WHERE plant_id = ${p.plantId}`,
    );
    expect(row!.pv).toBeGreaterThan(0);
    const after = (await service.get(caller, 'en-GB')).powerFlow;
    expect(after.pvPower).toBeCloseTo(before.pvPower - row!.pv, 0);
    expect(after.inverterCount).toBe(before.inverterCount - 2);
    // The sweeper's round brings the row back in line.
    await sweepStale(db, new Date());
    await expectRollupIsLive(new Date());
  });
});
