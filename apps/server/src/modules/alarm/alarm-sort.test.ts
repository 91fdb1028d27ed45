import type { AlarmRow, AlarmSort } from '@pvstar/contract/alarm';
import { ALARM_LEVELS } from '@pvstar/contract/enum-values';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, unique } from '../../../test/helper.ts';
import {
  expectBadSortRefused,
  expectSortedByEachColumn,
  SHUFFLE,
  sortFixturePlants,
} from '../../../test/sorting.ts';
import { alarms } from '../../db/schema/index.ts';

/**
 * The alarm list sorted on the server: twelve alarms on three plants whose times, levels and serial
 * numbers run in orders of their own; the ongoing ones have no end.
 */
let t: TestApp;
let admin: string;
const tag = unique('SRT').toUpperCase();
const day = (n: number) => new Date(Date.UTC(2026, 5, 1 + n, 8));

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.login('admin');
  const plantIds = await sortFixturePlants(t, tag, 'PHOTOVOLTAIC');
  for (const [i, n] of SHUFFLE.entries()) {
    const ongoing = n % 3 === 0;
    await t.ctx.db.insert(alarms).values({
      plantId: plantIds[i % 3]!,
      sourceSn: `INV${tag}${String.fromCharCode(65 + ((n * 5) % 12))}`,
      deviceType: 'INVERTER',
      kind: 'EVENT',
      faultCode: `F${100 + n}`,
      alarmLevel: ALARM_LEVELS[(n * 3) % 5]!,
      status: ongoing ? 'ONGOING' : 'ENDED',
      startedAt: day(n),
      latestAt: day((n * 7) % 12),
      endedAt: ongoing ? null : day(12 + ((n * 5) % 12)),
      endReason: ongoing ? null : 'CLEARED',
    });
  }
});
afterAll(() => t.close());

const fetch = (query: Record<string, string | number>) =>
  t.call('POST', '/iot/alarm/page', { token: admin, body: { sn: tag }, query, lang: 'de-DE' });

const COLUMNS: Record<AlarmSort, (r: AlarmRow) => string | number | null> = {
  alarmStartTime: (r) => r.alarmStartTime,
  endTime: (r) => r.endTime,
  latestTime: (r) => r.latestTime,
  // By severity: descending puts serious first.
  alarmLevel: (r) => -ALARM_LEVELS.indexOf(r.alarmLevel),
  alarmStatus: (r) => (r.alarmStatus === 'ONGOING' ? 1 : 0),
  stationName: (r) => r.stationName,
  deviceSn: (r) => r.deviceSn,
};

describe('alarm list sorted on the server', () => {
  it('orders by each sortable column either way, ongoing alarms (no end) last, pages consistent', async () => {
    await expectSortedByEachColumn(fetch, COLUMNS);
  });

  it('keeps its default order (newest start first) without a column', async () => {
    const res = await fetch({ pageNum: 1, pageSize: 100 });
    const started = res.body.data.list.map((r: AlarmRow) => r.alarmStartTime);
    expect(started).toEqual([...started].sort().reverse());
  });

  it('refuses an unknown column or direction with a 400 naming the field', async () => {
    await expectBadSortRefused(fetch, 'faultCode');
  });
});
