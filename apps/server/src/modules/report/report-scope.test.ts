import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helper.ts';
import { type ReportFixture, setUpReports, tableOf, tearDownReports } from '../../../test/report-fixture.ts';

/** Which plants each login’s reports cover, and who may see reports (fixture in apps/server/test/report-fixture.ts). */

let t: TestApp;
let tokens: Record<string, string>;
let ids: Record<string, number>;
let call: ReportFixture['call'];
let workbook: ReportFixture['workbook'];

beforeAll(async () => {
  ({ t, tokens, ids, call, workbook } = await setUpReports());
}, 60_000);

afterAll(async () => {
  await tearDownReports(t);
});

describe('scope', () => {
  it('installer A never sees B’s plants; naming one answers 404, in the report and the export', async () => {
    const all = (await call('/station/report/energy', 'demo-installer-a', { dateType: 'total' })).body.data;
    expect(all.plants.map((p: { id: number }) => p.id)).not.toContain(ids.B1);
    expect(all.totals.generation).toBeLessThan(999);
    for (const url of ['/station/report/energy', '/station/report/alarm', '/station/report/energy/export'])
      expect(
        (await call(url, 'demo-installer-a', { dateType: 'total', plantIds: [ids.A1, ids.B1] })).status,
      ).toBe(404);
    const b = (await call('/station/report/energy', 'demo-installer-b', { dateType: 'total' })).body.data;
    expect(b.plants.map((p: { id: number }) => p.id)).toEqual([ids.B1]);
  });

  it('the dealer sees both installers; the owner only the plant they own', async () => {
    const dealer = (await call('/station/report/energy', 'demo-dealer', { dateType: 'total' })).body.data;
    expect(dealer.plantCount).toBe(4);
    const owner = (await call('/station/report/energy', 'demo-owner', { dateType: 'total' })).body.data;
    expect(owner.plants.map((p: { id: number }) => p.id)).toEqual([ids.A1]);
  });

  it('the guest views and exports exactly the plants it may list', async () => {
    const list = await t.call('POST', '/station/station/page', {
      token: tokens['demo-guest'],
      query: { pageNum: 1, pageSize: 50 },
      body: {},
    });
    expect(list.status).toBe(200);
    const listed = (list.body.data.list as { id: number }[]).map((p) => p.id).sort();
    const report = await call('/station/report/energy', 'demo-guest', { dateType: 'total' });
    expect(report.status).toBe(200);
    expect(report.body.data.plants.map((p: { id: number }) => p.id).sort()).toEqual(listed);
    const wb = await workbook('/station/report/energy/export', 'demo-guest', { dateType: 'total' });
    expect(tableOf(wb.worksheets[1]!, 'Plant number').body).toHaveLength(listed.length);
    for (const url of ['/station/report/fleet/export', '/station/report/alarm/export'])
      await workbook(url, 'demo-guest', { dateType: 'total' });
  });

  it('answers 403 without the report code and 401 without a token', async () => {
    for (const url of ['/station/report/energy', '/station/report/fleet', '/station/report/alarm/export'])
      expect((await call(url, 'noReports', { dateType: 'total' })).status).toBe(403);
    expect((await t.call('POST', '/station/report/fleet', { body: { dateType: 'total' } })).status).toBe(401);
  });
});
