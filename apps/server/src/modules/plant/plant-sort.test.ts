import { PLANT_STATUSES } from '@pvstar/contract/enum-values';
import type { StationRow, StationSort } from '@pvstar/contract/station';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, orgIdByName, type TestApp, unique } from '../../../test/helper.ts';
import { expectBadSortRefused, expectSortedByEachColumn, SHUFFLE } from '../../../test/sorting.ts';
import { deviceLatest, devices, dongles, plantEnergyDaily, plants } from '../../db/schema/index.ts';
import { localDay } from '../../domain/calendar.ts';

/**
 * The plant list sorted on the server by each of its sortable columns. Twelve plants whose values run in
 * an order of their own (not the order they were made in), some without a value (no capacity, no grid
 * connection date, offline: no power).
 */
let t: TestApp;
let admin: string;
const tag = unique('Sort ');

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.login('admin');
  const orgId = await orgIdByName(t, 'Solartechnik Alpha');
  const today = localDay(Date.now(), 'Europe/Berlin');
  for (const [i, n] of SHUFFLE.entries()) {
    const status = PLANT_STATUSES[(n * 5) % 4]!;
    const [plant] = await t.ctx.db
      .insert(plants)
      .values({
        plantNo: unique('SRT'),
        // Letters in another order than the numbers, in either case (sorted regardless of case).
        name: `${tag} ${String.fromCharCode((i % 2 ? 97 : 65) + ((n * 7) % 12))}`,
        type: 'PHOTOVOLTAIC',
        orgId,
        status,
        installedCapacity: n === 4 ? 0 : 3 + ((n * 5) % 12),
        gridConnectionDate: n % 4 === 1 ? null : `2024-0${1 + (n % 9)}-1${n % 10}`,
        createdAt: new Date(Date.UTC(2025, 0, 1 + ((n * 11) % 12))),
        timezone: 'Europe/Berlin',
      })
      .returning({ id: plants.id });
    const plantId = plant!.id;
    const [dongle] = await t.ctx.db
      .insert(dongles)
      .values({ sn: unique('DGLSRT'), plantId, secretHash: 'x', status: 'ONLINE' })
      .returning({ id: dongles.id });
    const [inverter] = await t.ctx.db
      .insert(devices)
      .values({ sn: unique('INVSRT'), plantId, dongleId: dongle!.id, kind: 'INVERTER', status: 'ONLINE' })
      .returning({ id: devices.id });
    await t.ctx.db
      .insert(deviceLatest)
      .values({ deviceId: inverter!.id, ts: new Date(), data: { power: 100 * ((n * 7) % 12) + 50 } });
    await t.ctx.db.insert(plantEnergyDaily).values({ plantId, day: today, generation: 2 + ((n * 3) % 12) });
  }
});
afterAll(() => t.close());

const fetch = (query: Record<string, string | number>) =>
  t.call('POST', '/station/station/page', { token: admin, body: { stationName: tag }, query, lang: 'de-DE' });

const COLUMNS: Record<StationSort, (r: StationRow) => string | number | null> = {
  stationName: (r) => r.stationName,
  status: (r) => PLANT_STATUSES.indexOf(r.status),
  installedCapacity: (r) => r.installedCapacity,
  currentPower: (r) => r.currentPower,
  todayGeneration: (r) => r.todayGeneration,
  todayYield: (r) => r.specificYield.today,
  monthYield: (r) => r.specificYield.month,
  yearYield: (r) => r.specificYield.year,
  gridConnectionTime: (r) => r.gridConnectionTime,
  createTime: (r) => r.createTime,
};

describe('plant list sorted on the server', () => {
  it('orders by each sortable column either way, nulls last, pages consistent', async () => {
    await expectSortedByEachColumn(fetch, COLUMNS);
  });

  it('keeps its default order (newest first) without a column', async () => {
    const res = await fetch({ pageNum: 1, pageSize: 100 });
    const created = res.body.data.list.map((r: StationRow) => r.createTime);
    expect(created).toEqual([...created].sort().reverse());
  });

  it('refuses an unknown column or direction with a localised 400 naming the field', async () => {
    await expectBadSortRefused(fetch, 'power; DROP TABLE plants');
    const res = await fetch({ pageNum: 1, pageSize: 10, orderBy: 'ownerName' });
    expect(res.body.msg).toMatch(/ungültig|Eingabe|Wert/i);
  });
});
