import { PERM } from '@pvstar/contract/perm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fixture, setUpDeviceCenter } from '../../../test/device-fixture.ts';
import { addRole, addUser, orgIdByName, type TestApp } from '../../../test/helper.ts';

/** The device center's lists, who sees which devices, and its permission codes (fixture in device-fixture.ts). */

describe('device center', () => {
  let t: TestApp;
  let f: Fixture;
  let tokens: Record<string, string>;
  const page = (who: string, body: Record<string, unknown>, query: Record<string, number> = {}) =>
    t.call('POST', '/iot/device/page', {
      token: tokens[who],
      query: { pageNum: 1, pageSize: 50, ...query },
      body,
    });
  const sns = (res: Awaited<ReturnType<typeof page>>) => res.body.data.list.map((r: { sn: string }) => r.sn);

  beforeAll(async () => {
    ({ t, f, tokens } = await setUpDeviceCenter());
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

    it('carries the seed’s per-kind serials and the bus address', async () => {
      const [inv] = (await page('demo-installer-a', { deviceType: 'INVERTER', sn: 'INVA1000001' })).body.data
        .list;
      expect(inv).toMatchObject({
        inverterSN: 'INVA1000001',
        cellSN: null,
        elecMeterSN: null,
        deviceAddress: null,
      });
      // A battery or meter names the inverter it works with: the first on its dongle.
      const [bat] = (await page('demo-installer-a', { deviceType: 'BATTERY' })).body.data.list;
      expect(bat).toMatchObject({
        sn: 'BATA1000001',
        cellSN: 'BATA1000001',
        inverterSN: 'INVA1000001',
        elecMeterSN: null,
        collectorSN: 'DGLA1000001',
        deviceAddress: 2,
      });
      const [meter] = (await page('demo-installer-a', { deviceType: 'METER' })).body.data.list;
      expect(meter).toMatchObject({ elecMeterSN: 'MTRA1000001', inverterSN: 'INVA1000001', cellSN: null });
      const [dongle] = (await page('demo-installer-a', { deviceType: 'DONGLE', sn: 'DGLA1000001' })).body.data
        .list;
      expect(dongle).toMatchObject({ collectorSN: 'DGLA1000001', inverterSN: null, deviceAddress: null });
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
});
