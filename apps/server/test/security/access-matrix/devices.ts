import { devices, setAsideReadings } from '../../../src/db/schema/index.ts';
import type { TestApp } from '../../helper.ts';
import type { Side } from '../fixtures/sides.ts';
import { freshSerial, type MatrixEntry, page, row, SIGNED_IN, serial, yesterday } from './shared.ts';

/** The permission matrix's rows: the device center and the dashboard. */

/** A meter of its own on the side's dongle for each call: replacing it changes no other row's objects. */
async function spareMeter(t: TestApp, side: Side) {
  const [meter] = await t.ctx.db
    .insert(devices)
    .values({ sn: freshSerial('MTR'), dongleId: side.dongle.id, plantId: side.plant.id, kind: 'METER' })
    .returning({ id: devices.id });
  return meter!.id;
}

/** A reading of the side's inverter set aside for a jump, of its own for each call (decision 031). */
async function setAsideReading(t: TestApp, side: Side) {
  const ts = new Date(Date.UTC(2026, 0, 1) + serial() * 60_000);
  await t.ctx.db.insert(setAsideReadings).values({
    deviceId: side.inverter.id,
    ts,
    reason: 'JUMP',
    counter: 'totalGeneration',
    value: 65_536,
    reference: 12,
  });
  return ts.toISOString();
}

export const DEVICE_ROWS: MatrixEntry[] = [
  // Device center (2002…).
  {
    route: 'POST /iot/device/page',
    token: 'read',
    expect: row('200 200 200 200 200 200 200 200 200 401'),
    request: ({ side }) => ({ query: page, body: { deviceType: 'INVERTER', plantId: side.plant.id } }),
    hides: (s) => [s.inverter.sn],
  },
  {
    route: 'GET /iot/device/detail',
    token: 'read',
    expect: row('200 200 200 404 200 404 200 200 404 401'),
    request: ({ side }) => ({ query: { deviceType: 'INVERTER', id: side.inverter.id } }),
  },
  {
    route: 'POST /iot/device/history',
    token: 'read',
    expect: row('200 200 200 404 200 404 200 200 404 401'),
    request: ({ side }) => ({ body: { deviceId: side.inverter.id, date: yesterday(), metrics: ['power'] } }),
  },
  {
    // Like editing the plant's devices: its managers in scope; owner, guest and demo login 403.
    route: 'POST /iot/device/replace',
    token: 'none',
    expect: row('200 200 200 404 403 403 403 403 404 401'),
    request: async ({ t, side }) => ({
      body: {
        deviceType: 'METER',
        id: await spareMeter(t, side),
        newSn: freshSerial('MTRNEW'),
        replacedAt: new Date().toISOString(),
        reason: 'DEFECT',
      },
    }),
  },
  {
    route: 'GET /iot/device/replacements',
    token: 'read',
    expect: row('200 200 200 404 200 404 200 200 404 401'),
    request: ({ side }) => ({ query: { deviceType: 'INVERTER', id: side.inverter.id } }),
  },
  // Set-aside readings (decision 031): read like the detail, decided like replacing a device.
  {
    route: 'POST /iot/device/setAside/page',
    token: 'read',
    expect: row('200 200 200 404 200 404 200 200 404 401'),
    request: ({ side }) => ({ query: page, body: { deviceId: side.inverter.id } }),
  },
  {
    route: 'POST /iot/device/setAside/decide',
    token: 'write',
    expect: row('200 200 200 404 403 403 403 403 404 401'),
    request: async ({ t, side }) => ({
      body: { deviceId: side.inverter.id, readings: [await setAsideReading(t, side)], decision: 'REJECTED' },
    }),
  },
  {
    route: 'GET /iot/device/setAside/recompute',
    token: 'read',
    expect: row('200 200 200 404 200 404 200 200 404 401'),
    request: ({ side }) => ({ query: { deviceId: side.inverter.id } }),
  },
  {
    route: 'GET /iot/stationPower/getEquipmentStatisticsParams',
    token: 'read',
    expect: row(SIGNED_IN),
    request: () => ({ query: { stationType: 'ENERGY_STORAGE' } }),
  },
  {
    // The dashboard names the newest alarms' plants.
    route: 'GET /station/dashboard',
    token: 'read',
    expect: row(SIGNED_IN),
    request: () => ({}),
    hides: (s) => [s.plant.name],
  },
];
