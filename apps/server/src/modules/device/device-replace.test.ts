import { topics } from '@pvstar/contract/mqtt';
import { and, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PlantFixture, serial, setUpPlants, tearDownPlants } from '../../../test/plant-fixture.ts';
import type { BrokerCredentials } from '../../context.ts';
import { sqlRows } from '../../db/rows.ts';
import { alarms, auditLog, deviceLatest, devices, dongles, plantEnergyDaily } from '../../db/schema/index.ts';
import { recomputeEnergy } from '../../ingest/energy-recompute.ts';
import { createIngest, type Ingest } from '../../ingest/ingest.ts';
import { verifyDongleSecret } from './dongle-credentials.ts';

/*
 * Replacing a device keeps the position's history (decision 024): the hand-computed energy of a day with a
 * swap, on PGlite and (TEST_DB=postgres) PostgreSQL.
 */

const log = pino({ level: 'silent' });
let fx: PlantFixture;
let ingest: Ingest;
let clock = 0;

/** 2026-06-21 (or another day) in Berlin, UTC+2. */
const at = (hhmm: string, day = '2026-06-21') => Date.parse(`${day}T${hhmm}:00+02:00`);
const iso = (ms: number) => new Date(ms).toISOString();

const send = (dongle: string, device: string, ts: number, data: Record<string, number>) =>
  ingest.handle(
    topics.telemetry(dongle),
    Buffer.from(
      JSON.stringify({ msgId: `m-${device}-${ts}`, ts, devices: [{ sn: device, kind: 'INVERTER', data }] }),
    ),
  );
const gen = (total: number, daily: number) => ({
  totalGeneration: total,
  dailyGeneration: daily,
  power: 1000,
});

const replace = (token: string, body: Record<string, unknown>) =>
  fx.t.call('POST', '/iot/device/replace', { token, body });

interface Registered {
  plantId: number;
  dongle: { id: number; sn: string; secret: string };
  inverter: { id: number; sn: string };
}

/** A plant of installer A with one dongle and one inverter, through the API (the dongle's secret is real). */
async function plantOfA(): Promise<Registered> {
  const { body, data } = await fx.add(fx.instA);
  const dongleSn = body.devices.dongles[0]!.sn;
  const inverterSn = body.devices.dongles[0]!.inverters[0]!.sn;
  const [d] = await fx.t.ctx.db.select().from(dongles).where(eq(dongles.sn, dongleSn));
  const [i] = await fx.t.ctx.db.select().from(devices).where(eq(devices.sn, inverterSn));
  await fx.t.ctx.db.execute(sql`UPDATE plants SET timezone = 'Europe/Berlin' WHERE id = ${data.id}`);
  return {
    plantId: data.id,
    dongle: { id: d!.id, sn: dongleSn, secret: data.dongles[0]!.secret },
    inverter: { id: i!.id, sn: inverterSn },
  };
}

const deviceDays = (deviceId: number) =>
  sqlRows<{ day: string; generation: number }>(
    fx.t.ctx.db,
    sql`SELECT day::text AS day, generation FROM device_energy_daily WHERE device_id = ${deviceId} ORDER BY day`,
  );
const plantDays = async (plantId: number) =>
  Object.fromEntries(
    (
      await fx.t.ctx.db
        .select({ day: plantEnergyDaily.day, generation: plantEnergyDaily.generation })
        .from(plantEnergyDaily)
        .where(eq(plantEnergyDaily.plantId, plantId))
    ).map((r) => [String(r.day), r.generation]),
  );
const monthOf = async (plantId: number) =>
  (
    await sqlRows<{ generation: number }>(
      fx.t.ctx.db,
      sql`SELECT generation FROM plant_energy_monthly WHERE plant_id = ${plantId} AND month = '2026-06-01'`,
    )
  )[0]?.generation;

beforeAll(async () => {
  fx = await setUpPlants();
  clock = at('23:59', '2026-06-22');
  ingest = createIngest({ db: fx.t.ctx.db, log, flushMs: 5, now: () => clock });
});
afterAll(() => tearDownPlants(fx));

describe('an inverter replaced mid-day by one whose counters start at 0', () => {
  let p: Registered;
  const NEW = serial('INVNEW');

  beforeAll(async () => {
    p = await plantOfA();
    // The old inverter: its first reading counts its daily counter (15.0 on the 20th), then its lifetime counter.
    await send(p.dongle.sn, p.inverter.sn, at('18:00', '2026-06-20'), gen(12_330.0, 15.0));
    await send(p.dongle.sn, p.inverter.sn, at('10:00'), gen(12_340.1, 10.1));
    await send(p.dongle.sn, p.inverter.sn, at('12:00'), gen(12_345.6, 15.6));
    await fx.t.ctx.db.insert(alarms).values({
      plantId: p.plantId,
      dongleId: p.dongle.id,
      deviceId: p.inverter.id,
      sourceSn: p.inverter.sn,
      deviceType: 'INVERTER',
      kind: 'EVENT',
      faultCode: 'F-REPLACE-1',
      alarmLevel: 'ERROR',
      startedAt: new Date(at('11:00')),
      latestAt: new Date(at('11:00')),
    });
  });

  it('refuses a time before the old inverter’s last reading, in the future, its own serial, a taken one', async () => {
    const base = { deviceType: 'INVERTER', id: p.inverter.id, reason: 'DEFECT' };
    const early = await replace(fx.instA, { ...base, newSn: NEW, replacedAt: iso(at('11:59')) });
    expect(early.status).toBe(422);
    expect(early.body.data.fields[0].field).toBe('replacedAt');
    expect(early.body.msg).toContain('10:00:00');
    const future = await replace(fx.instA, {
      ...base,
      newSn: NEW,
      replacedAt: iso(Date.now() + 3_600_000),
    });
    expect([future.status, future.body.data.fields[0].field]).toEqual([422, 'replacedAt']);
    const same = await replace(fx.instA, { ...base, newSn: p.inverter.sn, replacedAt: iso(at('12:10')) });
    expect([same.status, same.body.data.fields[0].field]).toEqual([422, 'newSn']);
    // Another tenant's inverter and a dongle: the same answer, naming the field.
    const other = await fx.add(fx.instB);
    for (const taken of [other.body.devices.dongles[0]!.inverters[0]!.sn, p.dongle.sn]) {
      const res = await replace(fx.instA, { ...base, newSn: taken, replacedAt: iso(at('12:10')) });
      expect([res.status, res.body.data.fields[0].field]).toEqual([409, 'newSn']);
    }
    const malformed = await replace(fx.instA, { ...base, newSn: 'a b', replacedAt: iso(at('12:10')) });
    expect([malformed.status, malformed.body.data.fields[0].field]).toEqual([400, 'newSn']);
    const [row] = await fx.t.ctx.db.select().from(devices).where(eq(devices.id, p.inverter.id));
    expect(row!.sn).toBe(p.inverter.sn);
  });

  it('is refused to the sibling installer (404), the owner and the guest (403), and changes nothing', async () => {
    const body = {
      deviceType: 'INVERTER',
      id: p.inverter.id,
      newSn: NEW,
      replacedAt: iso(at('12:10')),
      reason: 'DEFECT',
    };
    expect((await replace(fx.instB, body)).status).toBe(404);
    expect((await replace(fx.owner, body)).status).toBe(403);
    expect((await replace(fx.guest, body)).status).toBe(403);
    expect((await replace(fx.demo, body)).status).toBe(403);
    const history = await fx.t.call('GET', '/iot/device/replacements', {
      token: fx.instB,
      query: { deviceType: 'INVERTER', id: p.inverter.id },
    });
    expect(history.status).toBe(404);
    const [row] = await fx.t.ctx.db.select().from(devices).where(eq(devices.id, p.inverter.id));
    expect(row!.sn).toBe(p.inverter.sn);
  });

  it('keeps the day: energy of the old inverter before the swap plus the new one’s after it', async () => {
    const res = await replace(fx.instA, {
      deviceType: 'INVERTER',
      id: p.inverter.id,
      newSn: NEW,
      replacedAt: iso(at('12:10')),
      reason: 'DEFECT',
      note: 'Display dead',
    });
    expect(res.status, res.body.msg).toBe(200);
    expect(res.body.data).toMatchObject({ id: p.inverter.id, sn: NEW });
    expect(res.body.data.secret).toBeUndefined();

    // The new inverter: its first reading counts its daily counter (0.4 since it started), then its increases.
    await send(p.dongle.sn, NEW, at('12:30'), gen(0.4, 0.4));
    await send(p.dongle.sn, NEW, at('14:00'), gen(3.1, 3.1));
    await send(p.dongle.sn, NEW, at('18:00'), gen(6.0, 6.0));

    // Old: 12,345.6 − 12,330.0 = 15.6 on the 21st; new: 0.4 + 2.7 + 2.9 = 6.0. The 20th: 15.0.
    const days = await deviceDays(p.inverter.id);
    expect(days.map((d) => d.day)).toEqual(['2026-06-20', '2026-06-21']);
    expect(days[0]!.generation).toBeCloseTo(15.0, 6);
    expect(days[1]!.generation).toBeCloseTo(15.6 + 6.0, 6);
    const plant = await plantDays(p.plantId);
    expect(plant['2026-06-21']).toBeCloseTo(21.6, 6);
    expect(await monthOf(p.plantId)).toBeCloseTo(36.6, 6);
  });

  it('does not count a resend of the old inverter’s message, nor the new one’s from before the swap', async () => {
    const before = await plantDays(p.plantId);
    const dropped = ingest.stats().dropped.replaced ?? 0;
    const unknown = ingest.stats().dropped.unknownDevice ?? 0;
    // Still cached as the position's device: refused under the batch's lock, and forgotten.
    await send(p.dongle.sn, p.inverter.sn, at('12:00'), gen(12_345.6, 15.6));
    // The new inverter's reading stamped before it took over.
    await send(p.dongle.sn, NEW, at('12:05'), gen(0.1, 0.1));
    expect(ingest.stats().dropped.replaced).toBe(dropped + 2);
    // Looked up again, the old serial is unknown.
    await send(p.dongle.sn, p.inverter.sn, at('12:20'), gen(12_346.0, 16.0));
    expect(ingest.stats().dropped.unknownDevice).toBe(unknown + 1);
    expect(await plantDays(p.plantId)).toEqual(before);
  });

  it('rebuilds the same days from raw samples', async () => {
    const before = await plantDays(p.plantId);
    const r = await recomputeEnergy(fx.t.ctx.db, {
      plantId: p.plantId,
      from: '2026-06-20',
      to: '2026-06-21',
    });
    expect(r.after.generation).toBeCloseTo(r.before.generation, 6);
    const after = await plantDays(p.plantId);
    for (const day of Object.keys(before)) expect(after[day]).toBeCloseTo(before[day]!, 6);
  });

  it('continues the lifetime total: the old inverter’s last counter plus the new one’s', async () => {
    const res = await fx.t.call('GET', `/station/station/overview/${p.plantId}`, { token: fx.instA });
    expect(res.status).toBe(200);
    expect(res.body.data.lifetime).toEqual({ generation: 12_351.6, source: 'COUNTERS' });
    expect(res.body.data.total.generation).toBeCloseTo(36.6, 3);
  });

  it('ends the old inverter’s alarms, writes the audit log and the position’s history', async () => {
    const [alarm] = await fx.t.ctx.db.select().from(alarms).where(eq(alarms.faultCode, 'F-REPLACE-1'));
    expect(alarm).toMatchObject({ status: 'ENDED', endReason: 'REPLACED' });
    expect(alarm!.endedAt!.getTime()).toBe(at('12:10'));
    const [entry] = await fx.t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'device.replace'), eq(auditLog.targetId, String(p.inverter.id))));
    expect(entry).toMatchObject({ username: 'demo-installer-a', targetType: 'device' });
    expect(entry!.detail).toMatchObject({
      oldSn: p.inverter.sn,
      newSn: NEW,
      reason: 'DEFECT',
      note: 'Display dead',
    });
    // Whoever may see the device sees its history: here the installer's dealer.
    const history = await fx.t.call('GET', '/iot/device/replacements', {
      token: fx.dealer,
      query: { deviceType: 'INVERTER', id: p.inverter.id },
    });
    expect(history.status).toBe(200);
    expect(history.body.data).toEqual([
      expect.objectContaining({
        oldSn: p.inverter.sn,
        newSn: NEW,
        replacedAt: iso(at('12:10')),
        reason: 'DEFECT',
        note: 'Display dead',
        username: 'demo-installer-a',
        finalGeneration: 12_345.6,
      }),
    ]);
    const audit = await fx.t.call('POST', '/system/audit/page', {
      token: fx.admin,
      query: { pageNum: 1, pageSize: 10 },
      body: { action: 'device.replace' },
      lang: 'de-DE',
    });
    expect(audit.body.data.list[0]).toMatchObject({ actionText: 'Gerät getauscht' });
  });

  it('frees the old serial: another installer registers it afterwards', async () => {
    const res = await fx.post('/station/station/add', fx.instB, {
      ...(await import('../../../test/plant-fixture.ts')).addBody(),
      devices: {
        dongles: [
          {
            sn: serial('DGL'),
            networkingMode: 'WIFI',
            inverters: [{ sn: p.inverter.sn, inverterType: 'SINGLE_PHASE', ratedPower: 5000 }],
            batteries: [],
          },
        ],
      },
    });
    expect(res.status, res.body.msg).toBe(200);
  });
});

describe('replacements whose new counters start at any value', () => {
  it('never take the difference of two devices’ counters for energy (20,000 after 5,004; then 300)', async () => {
    const p = await plantOfA();
    const second = serial('INVUSED');
    const third = serial('INVREFURB');
    await send(p.dongle.sn, p.inverter.sn, at('09:00'), gen(5_000.0, 2.0));
    await send(p.dongle.sn, p.inverter.sn, at('11:00'), gen(5_004.0, 6.0));
    const one = await replace(fx.instA, {
      deviceType: 'INVERTER',
      id: p.inverter.id,
      newSn: second,
      replacedAt: iso(at('11:30')),
      reason: 'UPGRADE',
    });
    expect(one.status, one.body.msg).toBe(200);
    await send(p.dongle.sn, second, at('12:00'), gen(20_000.5, 0.5));
    await send(p.dongle.sn, second, at('13:00'), gen(20_002.0, 2.0));
    const two = await replace(fx.instA, {
      deviceType: 'INVERTER',
      id: p.inverter.id,
      newSn: third,
      replacedAt: iso(at('14:00')),
      reason: 'WARRANTY',
    });
    expect(two.status, two.body.msg).toBe(200);
    await send(p.dongle.sn, third, at('14:30'), gen(300.2, 0.2));
    await send(p.dongle.sn, third, at('15:00'), gen(300.9, 0.9));
    // 2.0 + 4.0 (old) + 0.5 + 1.5 (second) + 0.2 + 0.7 (third).
    const day = (await plantDays(p.plantId))['2026-06-21']!;
    expect(day).toBeCloseTo(8.9, 6);
    const r = await recomputeEnergy(fx.t.ctx.db, {
      plantId: p.plantId,
      from: '2026-06-21',
      to: '2026-06-21',
    });
    expect(r.after.generation).toBeCloseTo(8.9, 6);
    const overview = await fx.t.call('GET', `/station/station/overview/${p.plantId}`, { token: fx.instA });
    expect(overview.body.data.lifetime.generation).toBeCloseTo(5_004.0 + 20_002.0 + 300.9, 3);
  });
});

describe('a dongle replaced', () => {
  it('moves its devices to the new dongle: the new secret signs in, the old one stops, data keeps coming', async () => {
    const p = await plantOfA();
    const told: string[] = [];
    const broker: BrokerCredentials = {
      issued: async (list) => void told.push(...list.map((d) => `issued ${d.sn}`)),
      removed: async (sns) => void told.push(...sns.map((sn) => `removed ${sn}`)),
      committed: async (sns) => void told.push(...sns.map((sn) => `committed ${sn}`)),
    };
    const original = fx.t.ctx.brokerCredentials;
    fx.t.ctx.brokerCredentials = broker;
    await send(p.dongle.sn, p.inverter.sn, at('10:00'), gen(100.0, 1.0));
    await fx.t.ctx.db.insert(alarms).values({
      plantId: p.plantId,
      dongleId: p.dongle.id,
      sourceSn: p.dongle.sn,
      deviceType: 'DONGLE',
      kind: 'COMM',
      faultCode: 'DGL-OFFLINE',
      alarmLevel: 'WARN',
      startedAt: new Date(at('10:30')),
      latestAt: new Date(at('10:30')),
    });
    const NEW = serial('DGLNEW');
    const res = await replace(fx.instA, {
      deviceType: 'DONGLE',
      id: p.dongle.id,
      newSn: NEW,
      replacedAt: iso(at('11:00')),
      reason: 'DEFECT',
    });
    fx.t.ctx.brokerCredentials = original;
    expect(res.status, res.body.msg).toBe(200);
    const secret = res.body.data.secret as string;
    expect(secret.length).toBeGreaterThanOrEqual(40);
    expect(told).toEqual([
      `removed ${p.dongle.sn}`,
      `issued ${NEW}`,
      `committed ${p.dongle.sn}`,
      `committed ${NEW}`,
    ]);
    expect(await verifyDongleSecret(fx.t.ctx.db, NEW, secret)).toBe(true);
    expect(await verifyDongleSecret(fx.t.ctx.db, p.dongle.sn, p.dongle.secret)).toBe(false);
    expect(await verifyDongleSecret(fx.t.ctx.db, NEW, p.dongle.secret)).toBe(false);

    // The inverter was cached as the old dongle's: its first message through the new one counts.
    await send(NEW, p.inverter.sn, at('12:00'), gen(102.5, 3.5));
    // What still comes under the old dongle's topic is not its device's any more.
    const foreign = ingest.stats().dropped.foreignDevice ?? 0;
    await send(p.dongle.sn, p.inverter.sn, at('12:30'), gen(103.0, 4.0));
    expect(ingest.stats().dropped.foreignDevice).toBe(foreign + 1);
    expect((await plantDays(p.plantId))['2026-06-21']).toBeCloseTo(3.5, 6);
    const [dongle] = await fx.t.ctx.db.select().from(dongles).where(eq(dongles.id, p.dongle.id));
    expect(dongle).toMatchObject({ sn: NEW, status: 'ONLINE' });
    const [latest] = await fx.t.ctx.db
      .select()
      .from(deviceLatest)
      .where(eq(deviceLatest.deviceId, p.inverter.id));
    expect(latest!.data.totalGeneration).toBe(102.5);

    const [alarm] = await fx.t.ctx.db
      .select()
      .from(alarms)
      .where(and(eq(alarms.plantId, p.plantId), eq(alarms.faultCode, 'DGL-OFFLINE')));
    expect(alarm).toMatchObject({ status: 'ENDED', endReason: 'REPLACED' });
    const history = await fx.t.call('GET', '/iot/device/replacements', {
      token: fx.instA,
      query: { deviceType: 'DONGLE', id: p.dongle.id },
    });
    expect(history.body.data).toEqual([expect.objectContaining({ oldSn: p.dongle.sn, newSn: NEW })]);
  });
});
