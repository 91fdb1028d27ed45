import { deviceLatest, devices, dongles, plants } from '../src/db/schema/index.ts';
import { issueDongleSecret } from '../src/modules/device/dongle-credentials.ts';
import { buildTestApp, orgIdByName, type TestApp, userIdByName } from './helper.ts';

/**
 * Fixtures straight in the database: installer A has two plants (one owned by demo-owner), installer B
 * one. Every plant has a dongle with an inverter; A's storage plant also a battery, a meter, an EV charger
 * and a heat pump.
 *
 * Each test file builds its own app (and database) with `setUpDeviceCenter` in its `beforeAll`.
 */
export interface Fixture {
  plantA1: number;
  plantA2: number;
  plantB: number;
  dongleA1: number;
  dongleB: number;
  invA1: number;
  invA2: number;
  invB: number;
  batA1: number;
  meterA1: number;
}

async function fixture(t: TestApp): Promise<Fixture> {
  const db = t.ctx.db;
  const orgA = await orgIdByName(t, 'Solartechnik Alpha');
  const orgB = await orgIdByName(t, 'Energie Bravo');
  const owner = await userIdByName(t, 'demo-owner');
  const plant = async (values: Partial<typeof plants.$inferInsert> & { orgId: number; name: string }) => {
    const [row] = await db
      .insert(plants)
      .values({
        plantNo: `P${values.name.replace(/\W/g, '')}`,
        type: 'PHOTOVOLTAIC',
        installedCapacity: 10,
        ...values,
      })
      .returning({ id: plants.id });
    return row!.id;
  };
  const dongle = async (sn: string, plantId: number, extra: Partial<typeof dongles.$inferInsert> = {}) => {
    const [row] = await db
      .insert(dongles)
      .values({ sn, plantId, secretHash: issueDongleSecret().secretHash, ...extra })
      .returning({ id: dongles.id });
    return row!.id;
  };
  const device = async (values: Omit<typeof devices.$inferInsert, 'id'>) => {
    const [row] = await db.insert(devices).values(values).returning({ id: devices.id });
    return row!.id;
  };

  const plantA1 = await plant({
    orgId: orgA,
    name: 'Alpha Speicher Weber',
    type: 'ENERGY_STORAGE',
    ownerUserId: owner,
    timezone: 'Europe/Berlin',
  });
  const plantA2 = await plant({ orgId: orgA, name: 'Alpha Dach Nord' });
  const plantB = await plant({ orgId: orgB, name: 'Bravo Halle' });
  const dongleA1 = await dongle('DGLA1000001', plantA1, {
    networkingMode: 'ETHERNET',
    version: 'D1.2.3',
    status: 'ONLINE',
    intervalSeconds: 10,
  });
  const dongleA2 = await dongle('DGLA2000001', plantA2, { status: 'OFFLINE' });
  const dongleB = await dongle('DGLB0000001', plantB, { status: 'ONLINE' });
  const invA1 = await device({
    sn: 'INVA1000001',
    dongleId: dongleA1,
    plantId: plantA1,
    kind: 'INVERTER',
    manufacturer: 'Sungrow',
    model: 'SH10RT',
    inverterType: 'THREE_PHASE',
    ratedPower: 10_000,
    versions: { inverter: 'V1.0.4', safety: 'S2.1', hmi: 'H3.0' },
    status: 'ONLINE',
  });
  const invA2 = await device({
    sn: 'INVA2000001',
    dongleId: dongleA2,
    plantId: plantA2,
    kind: 'INVERTER',
    manufacturer: 'Fronius',
    model: 'Primo 5.0',
    inverterType: 'SINGLE_PHASE',
    ratedPower: 5000,
    status: 'OFFLINE',
  });
  const invB = await device({
    sn: 'INVB0000001',
    dongleId: dongleB,
    plantId: plantB,
    kind: 'INVERTER',
    manufacturer: 'Sungrow',
    model: 'SH10RT',
    inverterType: 'THREE_PHASE',
    status: 'ONLINE',
  });
  const batA1 = await device({
    sn: 'BATA1000001',
    dongleId: dongleA1,
    plantId: plantA1,
    kind: 'BATTERY',
    manufacturer: 'BYD',
    model: 'HVS 10.2',
    status: 'ONLINE',
    deviceAddress: 2,
  });
  await device({ sn: 'BATB0000001', dongleId: dongleB, plantId: plantB, kind: 'BATTERY', status: 'ONLINE' });
  const meterA1 = await device({ sn: 'MTRA1000001', dongleId: dongleA1, plantId: plantA1, kind: 'METER' });
  await device({ sn: 'EVCA1000001', dongleId: dongleA1, plantId: plantA1, kind: 'EV_CHARGER' });
  await device({ sn: 'HPMA1000001', dongleId: dongleA1, plantId: plantA1, kind: 'HEAT_PUMP' });

  const ts = new Date('2025-06-15T10:00:00Z');
  await db.insert(deviceLatest).values([
    { deviceId: invA1, ts, data: { power: 4321.5, pvPower: 5000, soc: 80, dailyGeneration: 12.5 } },
    { deviceId: batA1, ts, data: { power: -1500, soc: 64.25, soh: 98, status: 1 } },
    { deviceId: invB, ts, data: { power: 999 } },
  ]);
  return { plantA1, plantA2, plantB, dongleA1, dongleB, invA1, invA2, invB, batA1, meterA1 };
}

/** Builds the test app, stores the fixtures and signs in the demo logins. */
export async function setUpDeviceCenter(): Promise<{
  t: TestApp;
  f: Fixture;
  tokens: Record<string, string>;
}> {
  const t = await buildTestApp();
  const f = await fixture(t);
  const tokens: Record<string, string> = {};
  for (const who of ['demo-installer-a', 'demo-installer-b', 'demo-owner', 'demo-dealer', 'demo-guest'])
    tokens[who] = await t.login(who);
  return { t, f, tokens };
}
