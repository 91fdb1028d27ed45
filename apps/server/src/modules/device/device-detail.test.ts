import { equipmentStatisticsParams } from '@pvstar/contract/device';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fixture, setUpDeviceCenter } from '../../../test/device-fixture.ts';
import type { TestApp } from '../../../test/helper.ts';
import { telemetrySamples } from '../../db/schema/index.ts';

/** A device's detail, its history by day, and the metrics a plant may chart (fixture in device-fixture.ts). */

describe('device center', () => {
  let t: TestApp;
  let f: Fixture;
  let tokens: Record<string, string>;

  beforeAll(async () => {
    ({ t, f, tokens } = await setUpDeviceCenter());
  });
  afterAll(async () => {
    await t?.close();
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
