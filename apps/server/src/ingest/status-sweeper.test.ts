import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, dongles, plants } from '../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../test/helper.ts';
import { sweepStale } from './status-sweeper.ts';

describe('offline after three missed intervals', () => {
  let t: TestApp;
  let plantId: number;
  let deviceId: number;
  const seen = new Date('2026-06-21T10:00:00Z');
  beforeAll(async () => {
    t = await buildTestApp();
    const [plant] = await t.ctx.db
      .insert(plants)
      .values({
        plantNo: 'P-SWEEP',
        orgId: 3,
        name: 'Sweep',
        type: 'PHOTOVOLTAIC',
        installedCapacity: 5,
        status: 'NORMAL',
      })
      .returning({ id: plants.id });
    plantId = plant!.id;
    const [dongle] = await t.ctx.db
      .insert(dongles)
      .values({
        sn: 'DGL-SWEEP1',
        plantId,
        secretHash: 'x',
        status: 'ONLINE',
        intervalSeconds: 60,
        lastSeenAt: seen,
      })
      .returning({ id: dongles.id });
    const [device] = await t.ctx.db
      .insert(devices)
      .values({
        sn: 'INV-SWEEP1',
        dongleId: dongle!.id,
        plantId,
        kind: 'INVERTER',
        status: 'ONLINE',
        lastSeenAt: seen,
      })
      .returning({ id: devices.id });
    deviceId = device!.id;
  });
  afterAll(() => t.close());

  const statusOf = async () => ({
    device: (await t.ctx.db.select().from(devices).where(eq(devices.id, deviceId)))[0]!.status,
    plant: (await t.ctx.db.select().from(plants).where(eq(plants.id, plantId)))[0]!.status,
  });

  it('keeps a device online within three intervals', async () => {
    expect(await sweepStale(t.ctx.db, new Date(seen.getTime() + 179_000))).toBe(0);
    expect(await statusOf()).toEqual({ device: 'ONLINE', plant: 'NORMAL' });
  });

  it('marks it and its plant offline after three', async () => {
    expect(await sweepStale(t.ctx.db, new Date(seen.getTime() + 181_000))).toBe(1);
    expect(await statusOf()).toEqual({ device: 'OFFLINE', plant: 'OFFLINE' });
    const [dongle] = await t.ctx.db.select().from(dongles).where(eq(dongles.sn, 'DGL-SWEEP1'));
    expect(dongle!.status).toBe('OFFLINE');
  });
});
