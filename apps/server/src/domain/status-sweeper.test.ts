import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { devices, dongles, plants } from '../db/schema/index.ts';
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

describe('silence in device time', () => {
  let t: TestApp;
  const now = new Date('2026-06-21T12:00:00Z');
  const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  /** A plant whose dongle was last heard `heard` minutes ago, its newest reading `newest` minutes old. */
  async function plantWith(name: string, heard: number, newest: number, readings: Record<string, number>) {
    const [plant] = await t.ctx.db
      .insert(plants)
      .values({
        plantNo: `P-${name}`,
        orgId: 3,
        name,
        type: 'PHOTOVOLTAIC',
        installedCapacity: 5,
        status: 'NORMAL',
      })
      .returning({ id: plants.id });
    const [dongle] = await t.ctx.db
      .insert(dongles)
      .values({
        sn: `DGL-${name}`,
        plantId: plant!.id,
        secretHash: 'x',
        status: 'ONLINE',
        intervalSeconds: 60,
        lastSeenAt: ago(heard),
        lastTelemetryAt: ago(newest),
      })
      .returning({ id: dongles.id });
    for (const [sn, minutes] of Object.entries(readings))
      await t.ctx.db.insert(devices).values({
        sn,
        dongleId: dongle!.id,
        plantId: plant!.id,
        kind: 'INVERTER',
        status: 'ONLINE',
        lastSeenAt: ago(minutes),
      });
  }
  const statusOf = async (sn: string) =>
    (await t.ctx.db.select().from(devices).where(eq(devices.sn, sn)))[0]!.status;

  it('keeps the devices of a dongle uploading a backlog online, and finds the one among them that is silent', async () => {
    // Heard now, its newest reading two hours old: the upload of an outage, oldest first.
    await plantWith('BACKLOG', 0, 120, { 'INV-BACKLOG1': 120, 'INV-BACKLOG2': 125 });
    // A clock an hour behind, reporting live.
    await plantWith('BEHIND', 0, 60, { 'INV-BEHIND1': 60 });
    // Silent itself: its devices go with it.
    await plantWith('GONE', 5, 5, { 'INV-GONE1': 5 });

    expect(await sweepStale(t.ctx.db, now)).toBe(2);
    expect(await statusOf('INV-BACKLOG1')).toBe('ONLINE');
    expect(await statusOf('INV-BACKLOG2')).toBe('OFFLINE');
    expect(await statusOf('INV-BEHIND1')).toBe('ONLINE');
    expect(await statusOf('INV-GONE1')).toBe('OFFLINE');
  });
});
