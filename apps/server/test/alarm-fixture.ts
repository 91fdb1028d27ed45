import type { StationType } from '@pvstar/contract/enums';
import type { DeviceKind } from '@pvstar/contract/metrics';
import { topics } from '@pvstar/contract/mqtt';
import { eq } from 'drizzle-orm';
import { alarms, devices, dongles, plants } from '../src/db/schema/index.ts';
import { orgIdByName, type TestApp } from './helper.ts';

/** Test fixtures of the alarm tests: a plant in Berlin with a dongle and devices, straight in the database. */

export interface FixturePlant {
  plantId: number;
  dongleId: number;
  dongleSn: string;
  devices: Record<DeviceKind, { id: number; sn: string }>;
}

let counter = 0;

export async function addPlant(
  t: TestApp,
  opts: { org: string; type?: StationType; name?: string; lastSeenAt?: Date; intervalSeconds?: number },
): Promise<FixturePlant> {
  counter += 1;
  const tag = `${Date.now().toString(36).slice(-4).toUpperCase()}${counter}`;
  const db = t.ctx.db;
  const seen = opts.lastSeenAt ?? null;
  const [plant] = await db
    .insert(plants)
    .values({
      plantNo: `P-ALM-${tag}`,
      orgId: await orgIdByName(t, opts.org),
      name: opts.name ?? `Alarm plant ${tag}`,
      type: opts.type ?? 'ENERGY_STORAGE',
      installedCapacity: 10,
      latitude: 52.52,
      longitude: 13.405,
      timezone: 'Europe/Berlin',
      status: seen ? 'NORMAL' : 'OFFLINE',
    })
    .returning({ id: plants.id });
  const dongleSn = `DGL-ALM-${tag}`;
  const [dongle] = await db
    .insert(dongles)
    .values({
      sn: dongleSn,
      plantId: plant!.id,
      secretHash: 'x',
      status: seen ? 'ONLINE' : 'NOT_CONNECTED',
      intervalSeconds: opts.intervalSeconds ?? 60,
      lastSeenAt: seen,
    })
    .returning({ id: dongles.id });
  const kinds: DeviceKind[] = ['INVERTER', 'BATTERY', 'METER', 'EV_CHARGER', 'HEAT_PUMP'];
  const made = {} as FixturePlant['devices'];
  for (const kind of kinds) {
    const sn = `${kind.replace('_', '').slice(0, 3)}-ALM-${tag}`;
    const [d] = await db
      .insert(devices)
      .values({
        sn,
        dongleId: dongle!.id,
        plantId: plant!.id,
        kind,
        status: seen ? 'ONLINE' : 'NOT_CONNECTED',
        lastSeenAt: seen,
      })
      .returning({ id: devices.id });
    made[kind] = { id: d!.id, sn };
  }
  return { plantId: plant!.id, dongleId: dongle!.id, dongleSn, devices: made };
}

/** An `up/event` payload. */
export const event = (deviceSn: string, faultCode: string, state: 'raised' | 'cleared', ts: number) => ({
  msgId: `e-${deviceSn}-${faultCode}-${state}-${ts}`,
  ts,
  deviceSn,
  faultCode,
  state,
});

/** What the fixture needs of ingest: hand it a message, and flush its batch (the test builds the real one). */
interface MessageSink {
  handle(topic: string, payload: Buffer): Promise<unknown>;
  flush(): Promise<unknown>;
}

/** Sends one telemetry message of the plant's inverter through ingest and waits until it is stored. */
export async function sendInverter(
  ingest: MessageSink,
  p: FixturePlant,
  ts: number,
  data: Record<string, number>,
) {
  const payload = {
    msgId: `t-${p.dongleSn}-${ts}`,
    ts,
    devices: [{ sn: p.devices.INVERTER.sn, kind: 'INVERTER', data }],
  };
  const stored = ingest.handle(topics.telemetry(p.dongleSn), Buffer.from(JSON.stringify(payload)));
  await ingest.flush();
  await stored;
}

export const alarmsOf = (t: TestApp, plantId: number) =>
  t.ctx.db.select().from(alarms).where(eq(alarms.plantId, plantId)).orderBy(alarms.id);

export async function statusOf(t: TestApp, p: FixturePlant, kind: DeviceKind = 'INVERTER') {
  const [device] = await t.ctx.db
    .select({ status: devices.status })
    .from(devices)
    .where(eq(devices.id, p.devices[kind].id));
  const [plant] = await t.ctx.db
    .select({ status: plants.status })
    .from(plants)
    .where(eq(plants.id, p.plantId));
  return { device: device!.status, plant: plant!.status };
}
