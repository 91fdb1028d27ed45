import type { DeviceRow, DeviceSort } from '@pvstar/contract/device';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, unique } from '../../../test/helper.ts';
import {
  expectBadSortRefused,
  expectSortedByEachColumn,
  SHUFFLE,
  sortFixturePlants,
} from '../../../test/sorting.ts';
import { deviceLatest, devices, dongles } from '../../db/schema/index.ts';

/**
 * The device lists sorted on the server: twelve dongles on three plants, each with an inverter and a
 * battery, their values running in an order of their own; some never reported (no values, no time).
 */
let t: TestApp;
let admin: string;
const tag = unique('SRT').toUpperCase();
const STATUSES = ['ONLINE', 'OFFLINE', 'NOT_CONNECTED', 'FAULT', 'ABNORMAL'] as const;
/** The server's order of statuses: those needing attention last (first when descending). */
const STATUS_RANK = ['NOT_CONNECTED', 'OFFLINE', 'ONLINE', 'ABNORMAL', 'FAULT'];

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.login('admin');
  const plantIds = await sortFixturePlants(t, tag, 'ENERGY_STORAGE');
  for (const [i, n] of SHUFFLE.entries()) {
    const plantId = plantIds[i % 3]!;
    const status = STATUSES[(n * 3) % 5]!;
    const lastSeenAt = n % 5 === 2 ? null : new Date(Date.UTC(2026, 0, 1 + ((n * 7) % 12)));
    const sn = (kind: string) => `${kind}${tag}${String.fromCharCode(65 + ((n * 5) % 12))}`;
    const [dongle] = await t.ctx.db
      .insert(dongles)
      .values({ sn: sn('D'), plantId, secretHash: 'x', status, lastSeenAt })
      .returning({ id: dongles.id });
    for (const kind of ['INVERTER', 'BATTERY'] as const) {
      const [d] = await t.ctx.db
        .insert(devices)
        .values({ sn: sn(kind.slice(0, 1)), plantId, dongleId: dongle!.id, kind, status, lastSeenAt })
        .returning({ id: devices.id });
      if (lastSeenAt)
        await t.ctx.db.insert(deviceLatest).values({
          deviceId: d!.id,
          ts: lastSeenAt,
          data: {
            power: 250 * ((n * 7) % 12) - 1000,
            soc: 5 * ((n * 5) % 12) + 10,
            soh: 100 - ((n * 11) % 12),
          },
        });
    }
  }
});
afterAll(() => t.close());

const fetchOf = (deviceType: string) => (query: Record<string, string | number>) =>
  t.call('POST', '/iot/device/page', { token: admin, body: { deviceType, sn: tag }, query, lang: 'de-DE' });

type Column = (r: DeviceRow) => string | number | null;
const COMMON: Partial<Record<DeviceSort, Column>> = {
  sn: (r) => r.sn,
  stationName: (r) => r.stationName,
  deviceStatus: (r) => STATUS_RANK.indexOf(r.deviceStatus),
  lastSeenAt: (r) => r.lastSeenAt,
};

describe('device lists sorted on the server', () => {
  it('orders inverters and batteries by each sortable column either way, nulls last, pages consistent', async () => {
    await expectSortedByEachColumn(fetchOf('INVERTER'), { ...COMMON, power: (r) => r.power });
    await expectSortedByEachColumn<DeviceRow>(fetchOf('BATTERY'), {
      power: (r) => r.power,
      soc: (r) => r.soc,
      soh: (r) => r.soh,
    });
  });

  it('orders dongles by their own columns and refuses the values they do not have', async () => {
    await expectSortedByEachColumn(fetchOf('DONGLE'), COMMON);
    for (const orderBy of ['power', 'soc', 'soh']) {
      const res = await fetchOf('DONGLE')({ pageNum: 1, pageSize: 10, orderBy });
      expect(res.status).toBe(400);
      expect(res.body.data.fields[0].field).toBe('orderBy');
    }
  });

  it('keeps its default order (by plant, then serial number) without a column', async () => {
    const res = await fetchOf('INVERTER')({ pageNum: 1, pageSize: 100 });
    const list: DeviceRow[] = res.body.data.list;
    // Each plant's inverters together, by serial number within it.
    expect(list.filter((r, i) => i > 0 && r.plantId !== list[i - 1]!.plantId)).toHaveLength(2);
    for (const [i, r] of list.entries())
      if (i > 0 && r.plantId === list[i - 1]!.plantId) expect(r.sn > list[i - 1]!.sn).toBe(true);
  });

  it('refuses an unknown column or direction with a 400 naming the field', async () => {
    await expectBadSortRefused(fetchOf('INVERTER'), 'deviceSpec');
  });
});
