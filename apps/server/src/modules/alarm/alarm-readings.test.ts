import { CLOUD_FAULT_CODES } from '@pvstar/contract/alarm';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { addSetAsidePlant } from '../../../test/set-aside-plant.ts';
import { sqlRows } from '../../db/rows.ts';
import { setAsideReadings } from '../../db/schema/index.ts';
import { READINGS_QUIET_HOURS, watchImplausibleReadings } from './alarm-readings.ts';

/**
 * The data-quality alarm (INV-IMPLAUSIBLE): one per inverter and episode of set-aside readings, never one
 * per reading; ended by a quiet day or by decisions on all of them.
 */
let t: TestApp;
let plant: Awaited<ReturnType<typeof addSetAsidePlant>>;
const HOUR = 3600_000;
const code = CLOUD_FAULT_CODES.implausibleReadings;

beforeAll(async () => {
  t = await buildTestApp();
  plant = await addSetAsidePlant(t, 'AL');
  // Metering set its two readings aside an hour ago (the fixture's recomputation just now).
  await t.ctx.db.execute(sql`UPDATE set_aside_readings SET created_at = now() - interval '1 hour'`);
}, 60_000);
afterAll(() => t?.close());

const alarmsOf = () =>
  sqlRows<{
    status: string;
    kind: string;
    device_type: string;
    alarm_level: string;
    started_at: Date;
    latest_at: Date;
    ended_at: Date | null;
    end_reason: string | null;
  }>(
    t.ctx.db,
    sql`SELECT status, kind, device_type, alarm_level, started_at, latest_at, ended_at, end_reason
        FROM alarms WHERE fault_code = ${code} AND device_id = ${plant.inverterId} ORDER BY id`,
  );
/** A reading set aside at `createdAt` (its own time stamp `ts`, minutes after the fixture's day). */
let n = 0;
const setAside = (createdAt: Date, deviceId = plant.inverterId) =>
  t.ctx.db.insert(setAsideReadings).values({
    deviceId,
    ts: new Date(plant.at('12:00').getTime() + ++n * 60_000),
    reason: 'JUMP',
    counter: 'totalGeneration',
    value: 99_999_999,
    reference: 1091.1,
    createdAt,
  });

describe('INV-IMPLAUSIBLE', () => {
  it('opens once for an inverter’s set-aside readings, however many, at the first one', async () => {
    const now = new Date();
    const first = await watchImplausibleReadings(t.ctx.db, now);
    expect(first.opened).toHaveLength(1);
    await setAside(new Date(now.getTime() - 10 * 60_000));
    const again = await watchImplausibleReadings(t.ctx.db, now);
    expect(again.opened).toEqual([]);
    const [alarm, ...others] = await alarmsOf();
    expect(others).toEqual([]);
    expect(alarm).toMatchObject({
      status: 'ONGOING',
      kind: 'DATA_QUALITY',
      device_type: 'INVERTER',
      alarm_level: 'INFO',
    });
    // Started at the first set-aside reading, latest at the newest.
    expect(now.getTime() - new Date(alarm!.started_at).getTime()).toBeGreaterThan(HOUR - 60_000);
    expect(now.getTime() - new Date(alarm!.latest_at).getTime()).toBeLessThan(11 * 60_000);
    // The battery's BEFORE_PLANT reading opens nothing: only inverters' counters are judged.
    await t.ctx.db.insert(setAsideReadings).values({
      deviceId: plant.batteryId,
      ts: new Date('2020-01-01T00:00:00Z'),
      reason: 'BEFORE_PLANT',
      data: { soc: 50 },
    });
    expect((await watchImplausibleReadings(t.ctx.db, now)).opened).toEqual([]);
  });

  it('ends once a person has decided on all of them, and opens again only for readings set aside later', async () => {
    await t.ctx.db.execute(
      sql`UPDATE set_aside_readings SET decision = 'REJECTED', decided_at = now() WHERE device_id = ${plant.inverterId}`,
    );
    const now = new Date();
    expect((await watchImplausibleReadings(t.ctx.db, now)).ended).toHaveLength(1);
    expect((await alarmsOf()).map((a) => [a.status, a.end_reason])).toEqual([['ENDED', 'CLOSED']]);
    expect((await watchImplausibleReadings(t.ctx.db, now)).opened).toEqual([]);
    await setAside(new Date(now.getTime() + 1000));
    expect((await watchImplausibleReadings(t.ctx.db, new Date(now.getTime() + 2000))).opened).toHaveLength(1);
  });

  it(`ends after ${READINGS_QUIET_HOURS} h without a new one, dated at the last, and stays ended`, async () => {
    const later = new Date(Date.now() + (READINGS_QUIET_HOURS + 1) * HOUR);
    const { ended } = await watchImplausibleReadings(t.ctx.db, later);
    expect(ended).toHaveLength(1);
    const last = (await alarmsOf()).at(-1)!;
    expect([last.status, last.end_reason]).toEqual(['ENDED', 'RECOVERED']);
    expect(new Date(last.ended_at!).getTime()).toBe(new Date(last.latest_at).getTime());
    // Its reading is still undecided, but it is no news: no new episode.
    expect((await watchImplausibleReadings(t.ctx.db, later)).opened).toEqual([]);
    expect(await alarmsOf()).toHaveLength(2);
  });

  it('closed by hand, opens again for a reading set aside after that, not before', async () => {
    const now = new Date(Date.now() + 2 * HOUR);
    await setAside(new Date(now.getTime() - 60_000));
    expect((await watchImplausibleReadings(t.ctx.db, now)).opened).toHaveLength(1);
    await t.ctx.db.execute(sql`
      UPDATE alarms SET status = 'ENDED', end_reason = 'CLOSED', ended_at = ${now.toISOString()}::timestamptz
      WHERE fault_code = ${code} AND status = 'ONGOING'`);
    expect((await watchImplausibleReadings(t.ctx.db, now)).opened).toEqual([]);
    await setAside(new Date(now.getTime() + 60_000));
    const after = new Date(now.getTime() + 2 * 60_000);
    expect((await watchImplausibleReadings(t.ctx.db, after)).opened).toHaveLength(1);
    expect((await alarmsOf()).map((a) => a.status)).toEqual(['ENDED', 'ENDED', 'ENDED', 'ONGOING']);
  });
});
