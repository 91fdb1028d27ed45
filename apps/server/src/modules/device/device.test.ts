import { equipmentStatisticsParams } from '@pvstar/contract/device';
import { PERM } from '@pvstar/contract/perm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceLatest, devices, dongles, plants, telemetrySamples } from '../../db/schema/index.ts';
import {
  addRole,
  addUser,
  buildTestApp,
  orgIdByName,
  type TestApp,
  userIdByName,
} from '../../test/helper.ts';
import { issueDongleSecret } from './dongle-credentials.ts';

/**
 * Fixtures straight in the database: installer A has two plants (one owned by demo-owner), installer B
 * one. Every plant has a dongle with an inverter; A's storage plant also a battery, a meter, an EV charger
 * and a heat pump.
 */
interface Fixture {
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

describe('device center', () => {
  let t: TestApp;
  let f: Fixture;
  const tokens: Record<string, string> = {};
  const page = (who: string, body: Record<string, unknown>, query: Record<string, number> = {}) =>
    t.call('POST', '/iot/device/page', {
      token: tokens[who],
      query: { pageNum: 1, pageSize: 50, ...query },
      body,
    });
  const sns = (res: Awaited<ReturnType<typeof page>>) => res.body.data.list.map((r: { sn: string }) => r.sn);

  beforeAll(async () => {
    t = await buildTestApp();
    f = await fixture(t);
    for (const who of ['demo-installer-a', 'demo-installer-b', 'demo-owner', 'demo-dealer', 'demo-guest'])
      tokens[who] = await t.login(who);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('lists', () => {
    it('lists the inverters of the caller’s plants with plant, dongle, versions and latest power', async () => {
      const res = await page('demo-installer-a', { deviceType: 'INVERTER' });
      expect(res.status).toBe(200);
      expect(res.body.data.total).toBe(2);
      // Ordered by plant name, then serial number.
      expect(sns(res)).toEqual(['INVA2000001', 'INVA1000001']);
      const row = res.body.data.list[1];
      expect(row).toMatchObject({
        id: f.invA1,
        deviceType: 'INVERTER',
        deviceName: 'SH10RT',
        manufactor: 'Sungrow',
        deviceSpec: 'SH10RT',
        deviceStatus: 'ONLINE',
        plantId: f.plantA1,
        stationName: 'Alpha Speicher Weber',
        stationType: 'ENERGY_STORAGE',
        collectorId: f.dongleA1,
        collectorSN: 'DGLA1000001',
        inverterType: 'THREE_PHASE',
        versions: { inverter: 'V1.0.4', safety: 'S2.1', hmi: 'H3.0', dongle: 'D1.2.3' },
        networkingMode: 'ETHERNET',
        ratedPower: 10_000,
        power: 4321.5,
        soc: 80,
      });
      // No latest values yet: nulls.
      expect(res.body.data.list[0]).toMatchObject({ power: null, soc: null, deviceName: 'Primo 5.0' });
    });

    it('lists batteries with soc and soh, dongles with their link, and the other kinds', async () => {
      const bat = await page('demo-installer-a', { deviceType: 'BATTERY' });
      expect(sns(bat)).toEqual(['BATA1000001']);
      expect(bat.body.data.list[0]).toMatchObject({ power: -1500, soc: 64.25, soh: 98 });
      // Only an inverter lists its dongle's version among its own.
      expect(bat.body.data.list[0].versions).toEqual({});

      const dgl = await page('demo-installer-a', { deviceType: 'DONGLE' });
      expect(sns(dgl)).toEqual(['DGLA2000001', 'DGLA1000001']);
      expect(dgl.body.data.list[1]).toMatchObject({
        id: f.dongleA1,
        deviceType: 'DONGLE',
        deviceName: 'DGLA1000001',
        networkingMode: 'ETHERNET',
        versions: { dongle: 'D1.2.3' },
        deviceStatus: 'ONLINE',
        power: null,
      });
      expect(dgl.body.data.list[0].networkingMode).toBe('WIFI');

      for (const [deviceType, sn] of [
        ['METER', 'MTRA1000001'],
        ['EV_CHARGER', 'EVCA1000001'],
        ['HEAT_PUMP', 'HPMA1000001'],
      ])
        expect(sns(await page('demo-installer-a', { deviceType })), deviceType).toEqual([sn]);
      // Without a model the serial number names the device.
      const meter = await page('demo-installer-a', { deviceType: 'METER' });
      expect(meter.body.data.list[0]).toMatchObject({ deviceName: 'MTRA1000001', manufactor: null });
    });

    it('narrows by serial number, plant, plant name, status, manufacturer and model', async () => {
      const inv = (filter: Record<string, unknown>) =>
        page('demo-dealer', { deviceType: 'INVERTER', ...filter });
      expect(sns(await inv({}))).toEqual(['INVA2000001', 'INVA1000001', 'INVB0000001']);
      expect(sns(await inv({ sn: 'a1' }))).toEqual(['INVA1000001']);
      expect(sns(await inv({ plantId: f.plantB }))).toEqual(['INVB0000001']);
      expect(sns(await inv({ stationName: 'dach' }))).toEqual(['INVA2000001']);
      expect(sns(await inv({ status: 'OFFLINE' }))).toEqual(['INVA2000001']);
      expect(sns(await inv({ manufacturer: 'sungrow' }))).toEqual(['INVA1000001', 'INVB0000001']);
      expect(sns(await inv({ model: 'primo' }))).toEqual(['INVA2000001']);
      expect(sns(await inv({ manufacturer: 'sungrow', stationName: 'bravo' }))).toEqual(['INVB0000001']);
      // LIKE wildcards are literal text.
      expect(sns(await inv({ sn: '%' }))).toEqual([]);

      const dgl = (filter: Record<string, unknown>) =>
        page('demo-dealer', { deviceType: 'DONGLE', ...filter });
      expect(sns(await dgl({ status: 'ONLINE' }))).toEqual(['DGLA1000001', 'DGLB0000001']);
      expect(sns(await dgl({ sn: 'b0' }))).toEqual(['DGLB0000001']);
      expect(sns(await dgl({ plantId: f.plantA2 }))).toEqual(['DGLA2000001']);
      // A dongle has no manufacturer: asking for one finds none.
      expect(sns(await dgl({ manufacturer: 'x' }))).toEqual([]);
    });

    it('pages in a stable order', async () => {
      const first = await page('demo-dealer', { deviceType: 'INVERTER' }, { pageSize: 10, pageNum: 1 });
      const again = await page('demo-dealer', { deviceType: 'INVERTER' }, { pageSize: 10, pageNum: 1 });
      expect(sns(first)).toEqual(sns(again));
      const second = await page('demo-dealer', { deviceType: 'INVERTER' }, { pageSize: 10, pageNum: 2 });
      expect(second.body.data).toEqual({ total: 3, list: [] });
    });

    it('refuses an unknown device type or status, naming the field', async () => {
      const type = await page('demo-dealer', { deviceType: 'TOASTER' });
      expect(type.status).toBe(400);
      expect(JSON.stringify(type.body.data)).toContain('deviceType');
      const status = await page('demo-dealer', { deviceType: 'INVERTER', status: 'SLEEPING' });
      expect(status.status).toBe(400);
      expect(JSON.stringify(status.body.data)).toContain('status');
    });
  });

  describe('scope', () => {
    it('never shows installer B the devices of installer A, nor A those of B', async () => {
      for (const deviceType of ['INVERTER', 'DONGLE', 'BATTERY', 'METER', 'EV_CHARGER', 'HEAT_PUMP']) {
        const b = sns(await page('demo-installer-b', { deviceType }));
        expect(
          b.some((sn: string) => /A\d/.test(sn)),
          deviceType,
        ).toBe(false);
        const a = sns(await page('demo-installer-a', { deviceType }));
        expect(
          a.some((sn: string) => /B0/.test(sn)),
          deviceType,
        ).toBe(false);
      }
      // Even when asked for A's plant by id.
      const byPlant = await page('demo-installer-b', { deviceType: 'INVERTER', plantId: f.plantA1 });
      expect(byPlant.body.data).toEqual({ total: 0, list: [] });
    });

    it('answers 404 to installer B for A’s device detail and history, like a missing device', async () => {
      const detail = await t.call('GET', '/iot/device/detail', {
        token: tokens['demo-installer-b'],
        query: { deviceType: 'INVERTER', id: f.invA1 },
      });
      expect(detail.status).toBe(404);
      const missing = await t.call('GET', '/iot/device/detail', {
        token: tokens['demo-installer-b'],
        query: { deviceType: 'INVERTER', id: 999_999 },
      });
      expect(missing.status).toBe(404);
      expect(missing.body.msg).toBe(detail.body.msg);
      const dongle = await t.call('GET', '/iot/device/detail', {
        token: tokens['demo-installer-b'],
        query: { deviceType: 'DONGLE', id: f.dongleA1 },
      });
      expect(dongle.status).toBe(404);
      const history = await t.call('POST', '/iot/device/history', {
        token: tokens['demo-installer-b'],
        body: { deviceId: f.invA1, date: '2025-06-15', metrics: ['power'] },
      });
      expect(history.status).toBe(404);
      const battery = await t.call('POST', '/iot/device/history', {
        token: tokens['demo-installer-b'],
        body: { deviceId: f.batA1, date: '2025-06-15', metrics: ['soc'] },
      });
      expect(battery.status).toBe(404);
    });

    it('shows a house owner only the devices of the plants they own', async () => {
      expect(sns(await page('demo-owner', { deviceType: 'INVERTER' }))).toEqual(['INVA1000001']);
      expect(sns(await page('demo-owner', { deviceType: 'DONGLE' }))).toEqual(['DGLA1000001']);
      expect(sns(await page('demo-owner', { deviceType: 'BATTERY' }))).toEqual(['BATA1000001']);
      const other = await t.call('GET', '/iot/device/detail', {
        token: tokens['demo-owner'],
        query: { deviceType: 'INVERTER', id: f.invA2 },
      });
      expect(other.status).toBe(404);
      const own = await t.call('GET', '/iot/device/detail', {
        token: tokens['demo-owner'],
        query: { deviceType: 'INVERTER', id: f.invA1 },
      });
      expect(own.status).toBe(200);
    });

    it('does not find a device under another type than its own', async () => {
      const res = await t.call('GET', '/iot/device/detail', {
        token: tokens['demo-installer-a'],
        query: { deviceType: 'INVERTER', id: f.batA1 },
      });
      expect(res.status).toBe(404);
    });
  });

  describe('permissions', () => {
    let inverterOnly: string;
    let noDeviceCenter: string;

    beforeAll(async () => {
      // A role of installer A that may see inverters and dongles but not batteries.
      const orgA = await orgIdByName(t, 'Solartechnik Alpha');
      const inverterRole = await addRole(t, { org: orgA, perms: [PERM.deviceCenter, PERM.deviceInverter] });
      const stationRole = await addRole(t, { org: orgA, perms: [PERM.station, PERM.stationMonitor] });
      inverterOnly = await t.login(
        (await addUser(t, { org: orgA, roles: [inverterRole], prefix: 'inv' })).username,
      );
      noDeviceCenter = await t.login(
        (await addUser(t, { org: orgA, roles: [stationRole], prefix: 'sta' })).username,
      );
    });

    it('answers 403 on batteries to a user without the battery code, 200 on inverters', async () => {
      const inv = await t.call('POST', '/iot/device/page', {
        token: inverterOnly,
        body: { deviceType: 'INVERTER' },
      });
      expect(inv.status).toBe(200);
      expect(inv.body.data.total).toBe(2);
      const bat = await t.call('POST', '/iot/device/page', {
        token: inverterOnly,
        body: { deviceType: 'BATTERY' },
      });
      expect(bat.status).toBe(403);
      const detail = await t.call('GET', '/iot/device/detail', {
        token: inverterOnly,
        query: { deviceType: 'BATTERY', id: f.batA1 },
      });
      expect(detail.status).toBe(403);
      const history = await t.call('POST', '/iot/device/history', {
        token: inverterOnly,
        body: { deviceId: f.batA1, date: '2025-06-15', metrics: ['soc'] },
      });
      expect(history.status).toBe(403);
    });

    it('answers 403 to a user without any device-center code, 401 without a token', async () => {
      const res = await t.call('POST', '/iot/device/page', {
        token: noDeviceCenter,
        body: { deviceType: 'INVERTER' },
      });
      expect(res.status).toBe(403);
      // Plant screens may still ask which metrics to chart.
      const params = await t.call('GET', '/iot/stationPower/getEquipmentStatisticsParams', {
        token: noDeviceCenter,
        query: { stationType: 'PHOTOVOLTAIC' },
      });
      expect(params.status).toBe(200);
      const anonymous = await t.call('POST', '/iot/device/page', { body: { deviceType: 'INVERTER' } });
      expect(anonymous.status).toBe(401);
    });

    it('lets the view-only guest read lists and details', async () => {
      const res = await page('demo-guest', { deviceType: 'BATTERY' });
      expect(res.status).toBe(200);
      expect(sns(res)).toEqual(['BATA1000001']);
    });
  });

  describe('detail', () => {
    it('answers the row with the newest values', async () => {
      const res = await t.call('GET', '/iot/device/detail', {
        token: tokens['demo-installer-a'],
        query: { deviceType: 'BATTERY', id: f.batA1 },
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        id: f.batA1,
        deviceType: 'BATTERY',
        sn: 'BATA1000001',
        collectorSN: 'DGLA1000001',
        timezone: 'Europe/Berlin',
        latest: { ts: '2025-06-15T10:00:00.000Z', data: { power: -1500, soc: 64.25, soh: 98, status: 1 } },
      });
      const meter = await t.call('GET', '/iot/device/detail', {
        token: tokens['demo-installer-a'],
        query: { deviceType: 'METER', id: f.meterA1 },
      });
      expect(meter.body.data.latest).toBeNull();
    });

    it('answers a dongle with its devices and reporting interval', async () => {
      const res = await t.call('GET', '/iot/device/detail', {
        token: tokens['demo-installer-a'],
        query: { deviceType: 'DONGLE', id: f.dongleA1 },
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ sn: 'DGLA1000001', intervalSeconds: 10, latest: null });
      expect(res.body.data.devices.map((d: { sn: string }) => d.sn).sort()).toEqual([
        'BATA1000001',
        'EVCA1000001',
        'HPMA1000001',
        'INVA1000001',
        'MTRA1000001',
      ]);
    });
  });

  describe('history', () => {
    beforeAll(async () => {
      const at = (iso: string) => new Date(iso);
      // Europe/Berlin in June is UTC+2: the local 15 June runs from 14 June 22:00 to 15 June 22:00 UTC.
      await t.ctx.db.insert(telemetrySamples).values([
        { deviceId: f.invA1, ts: at('2025-06-14T21:59:00Z'), data: { power: 9999, dailyGeneration: 30 } },
        { deviceId: f.invA1, ts: at('2025-06-14T22:00:00Z'), data: { power: 0, dailyGeneration: 0 } },
        { deviceId: f.invA1, ts: at('2025-06-15T08:00:00Z'), data: { power: 100, dailyGeneration: 5 } },
        { deviceId: f.invA1, ts: at('2025-06-15T08:01:00Z'), data: { power: 200, dailyGeneration: 5.1 } },
        { deviceId: f.invA1, ts: at('2025-06-15T08:04:59Z'), data: { power: 330, dailyGeneration: 5.2 } },
        { deviceId: f.invA1, ts: at('2025-06-15T08:05:00Z'), data: { power: 50.5, dailyGeneration: 5.3 } },
        // Only power in this sample: the counter series skips the bucket.
        { deviceId: f.invA1, ts: at('2025-06-15T12:00:00Z'), data: { power: 10 } },
        { deviceId: f.invA1, ts: at('2025-06-15T22:00:00Z'), data: { power: 7777, dailyGeneration: 0 } },
        // Another device's samples stay out.
        { deviceId: f.invA2, ts: at('2025-06-15T08:00:00Z'), data: { power: 5000 } },
        { deviceId: f.batA1, ts: at('2025-06-15T08:00:00Z'), data: { status: 1, soc: 50 } },
        { deviceId: f.batA1, ts: at('2025-06-15T08:03:00Z'), data: { status: 2, soc: 51 } },
      ]);
    });

    const history = (body: Record<string, unknown>, who = 'demo-installer-a') =>
      t.call('POST', '/iot/device/history', { token: tokens[who], body });

    it('averages gauges into 5-minute buckets of the plant’s local day', async () => {
      const res = await history({
        deviceId: f.invA1,
        date: '2025-06-15',
        metrics: ['power', 'dailyGeneration'],
      });
      expect(res.status).toBe(200);
      expect(res.body.data.date).toBe('2025-06-15');
      expect(res.body.data.timezone).toBe('Europe/Berlin');
      const [power, generation] = res.body.data.series;
      expect(power.metric).toBe('power');
      expect(power.unit).toBe('W');
      expect(power.points).toEqual([
        [Date.parse('2025-06-14T22:00:00Z'), 0],
        [Date.parse('2025-06-15T08:00:00Z'), 210],
        [Date.parse('2025-06-15T08:05:00Z'), 50.5],
        [Date.parse('2025-06-15T12:00:00Z'), 10],
      ]);
      // A counter's bucket is its largest reading.
      expect(generation.unit).toBe('kWh');
      expect(generation.points).toEqual([
        [Date.parse('2025-06-14T22:00:00Z'), 0],
        [Date.parse('2025-06-15T08:00:00Z'), 5.2],
        [Date.parse('2025-06-15T08:05:00Z'), 5.3],
      ]);
    });

    it('answers a state metric with its last code per bucket', async () => {
      const res = await history({ deviceId: f.batA1, date: '2025-06-15', metrics: ['status', 'soc'] });
      expect(res.status).toBe(200);
      expect(res.body.data.series[0].points).toEqual([[Date.parse('2025-06-15T08:00:00Z'), 2]]);
      expect(res.body.data.series[1].points).toEqual([[Date.parse('2025-06-15T08:00:00Z'), 50.5]]);
    });

    it('answers an empty series for a day without data', async () => {
      const res = await history({ deviceId: f.invA1, date: '2025-06-10', metrics: ['power'] });
      expect(res.status).toBe(200);
      expect(res.body.data.series).toEqual([{ metric: 'power', unit: 'W', points: [] }]);
    });

    it('refuses metrics that are not the device kind’s, too many, none, or a bad date — naming the field', async () => {
      for (const body of [
        { deviceId: f.invA1, date: '2025-06-15', metrics: ['soh'] },
        { deviceId: f.invA1, date: '2025-06-15', metrics: ['power', 'nonsense'] },
        { deviceId: f.invA1, date: '2025-06-15', metrics: [] },
        {
          deviceId: f.invA1,
          date: '2025-06-15',
          metrics: [
            'power',
            'pvPower',
            'soc',
            'frequency',
            'temperature',
            'acOutput',
            'dcInput',
            'loadPower',
            'gridPower',
          ],
        },
      ]) {
        const res = await history(body);
        expect(res.status, JSON.stringify(body.metrics)).toBe(400);
        expect(res.body.data.fields.map((x: { field: string }) => x.field)).toContain('metrics');
      }
      const unknown = await history({ deviceId: f.invA1, date: '2025-06-15', metrics: ['soh'] });
      expect(unknown.body.data.fields[0].message).toContain('soh');
      const date = await history({ deviceId: f.invA1, date: '2025-02-30', metrics: ['power'] });
      expect(date.status).toBe(400);
      expect(date.body.data.fields.map((x: { field: string }) => x.field)).toContain('date');
    });
  });

  describe('equipment statistics params', () => {
    const params = async (query: Record<string, string>) => {
      const res = await t.call('GET', '/iot/stationPower/getEquipmentStatisticsParams', {
        token: tokens['demo-installer-a'],
        query,
      });
      expect(res.status).toBe(200);
      return res.body.data as { key: string; kind: string; unit: string; group: string }[];
    };

    it('charts the PV flows for a PV plant, the battery for storage, phases B and C for three phases', async () => {
      const pv = await params({ stationType: 'PHOTOVOLTAIC' });
      const keys = pv.map((p) => p.key);
      expect(keys).toEqual(expect.arrayContaining(['pvPower', 'gridPower', 'loadPower', 'dailyGeneration']));
      expect(keys).not.toContain('batteryPower');
      expect(keys).not.toContain('phaseBVoltage');
      expect(pv.find((p) => p.key === 'pvPower')).toEqual({
        key: 'pvPower',
        kind: 'INVERTER',
        unit: 'W',
        group: 'flow',
      });

      const storage = (await params({ stationType: 'ENERGY_STORAGE' })).map((p) => p.key);
      expect(storage).toEqual(
        expect.arrayContaining([...keys, 'batteryPower', 'soc', 'dailyCharge', 'dailyDischarge']),
      );

      const three = (await params({ stationType: 'PHOTOVOLTAIC', inverterType: 'THREE_PHASE' })).map(
        (p) => p.key,
      );
      expect(three).toEqual(expect.arrayContaining([...keys, 'phaseBVoltage', 'phaseCCurrent']));

      const balcony = (await params({ stationType: 'BALCONY_PHOTOVOLTAICS' })).map((p) => p.key);
      expect(balcony).toEqual(expect.arrayContaining(['power', 'pvPower', 'dailyGeneration']));
      expect(balcony).not.toContain('gridPower');
      expect(balcony).not.toContain('batteryPower');
      // The same rule the web uses.
      expect(balcony).toEqual(equipmentStatisticsParams('BALCONY_PHOTOVOLTAICS').map((p) => p.key));
    });

    it('refuses an unknown plant type, naming the field', async () => {
      const res = await t.call('GET', '/iot/stationPower/getEquipmentStatisticsParams', {
        token: tokens['demo-installer-a'],
        query: { stationType: 'NUCLEAR' },
      });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body.data)).toContain('stationType');
    });
  });
});
