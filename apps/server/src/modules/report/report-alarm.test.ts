import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helper.ts';
import { type ReportFixture, setUpReports, tableOf, tearDownReports } from '../../../test/report-fixture.ts';

/** The alarm report (fixture in apps/server/test/report-fixture.ts). */

let t: TestApp;
let ids: Record<string, number>;
let call: ReportFixture['call'];
let workbook: ReportFixture['workbook'];

beforeAll(async () => {
  ({ t, ids, call, workbook } = await setUpReports());
}, 60_000);

afterAll(async () => {
  await tearDownReports(t);
});

describe('POST /station/report/alarm', () => {
  const period = { dateType: 'date', from: '2026-11-09', to: '2026-11-15' };

  it('counts by level, fault code, device type and plant with the mean time to end', async () => {
    const r = (await call('/station/report/alarm', 'demo-installer-a', period)).body.data;
    // In A's plants within 9–15 November: 6 alarms, 4 ended (30, 90, 15, 45 minutes).
    expect(r.totals).toEqual({ count: 6, ended: 4, meanTimeToEnd: ((30 + 90 + 15 + 45) / 4) * 60 });
    expect(r.byLevel).toEqual([
      { level: 'SERIOUS', count: 1, ended: 0, meanTimeToEnd: null },
      { level: 'ERROR', count: 3, ended: 3, meanTimeToEnd: ((30 + 90 + 15) / 3) * 60 },
      { level: 'WARN', count: 2, ended: 1, meanTimeToEnd: 45 * 60 },
      { level: 'INFO', count: 0, ended: 0, meanTimeToEnd: null },
      { level: 'GENERAL', count: 0, ended: 0, meanTimeToEnd: null },
    ]);
    expect(r.byFaultCode[0]).toMatchObject({ faultCode: 'INV-GRID-OV', count: 4, ended: 4, level: 'ERROR' });
    expect(r.byFaultCode.map((x: { faultCode: string }) => x.faultCode).sort()).toEqual([
      'BAT-TEMP-HIGH',
      'DGL-OFFLINE',
      'INV-GRID-OV',
    ]);
    expect(r.byDeviceType).toEqual([
      { deviceType: 'INVERTER', count: 4, ended: 4, meanTimeToEnd: 45 * 60 },
      { deviceType: 'BATTERY', count: 1, ended: 0, meanTimeToEnd: null },
      { deviceType: 'DONGLE', count: 1, ended: 0, meanTimeToEnd: null },
    ]);
    expect(r.byPlant.map((x: { stationName: string; count: number }) => [x.stationName, x.count])).toEqual([
      ['Report plant A1', 3],
      ['Report plant A2', 2],
      ['Report plant CH', 1],
    ]);
    expect(r.byPlant[0].levels).toMatchObject({ ERROR: 2, WARN: 1 });
    for (const list of [r.byLevel, r.byFaultCode, r.byDeviceType, r.byPlant])
      expect(list.reduce((s: number, x: { count: number }) => s + x.count, 0)).toBe(r.totals.count);
  });

  it('names fault codes in the reader’s language and exports the same counts', async () => {
    const screen = (await call('/station/report/alarm', 'demo-installer-a', period)).body.data;
    const dongle = screen.byFaultCode.find((x: { faultCode: string }) => x.faultCode === 'DGL-OFFLINE');
    expect(dongle.faultName.length).toBeGreaterThan(0);
    const wb = await workbook('/station/report/alarm/export', 'demo-installer-a', period);
    expect(wb.worksheets.map((w) => w.name)).toEqual([
      'Alarms by level',
      'Alarms by fault code',
      'Alarms by device type',
      'Alarms by plant',
    ]);
    const levels = tableOf(wb.worksheets[0]!, 'Level');
    expect(levels.header).toEqual(['Level', 'Alarms', 'Ended', 'Mean time to end (min)']);
    expect(levels.body.at(-1)).toEqual(['Total', 6, 4, 45]);
    const codes = tableOf(wb.worksheets[1]!, 'Fault code');
    expect(codes.body.find((r) => r[0] === 'DGL-OFFLINE')![1]).toBe(dongle.faultName);
  });

  it('B’s alarms stay B’s', async () => {
    const r = (await call('/station/report/alarm', 'demo-installer-b', period)).body.data;
    expect(r.totals.count).toBe(1);
    expect(r.byPlant.map((x: { plantId: number }) => x.plantId)).toEqual([ids.B1]);
  });
});
