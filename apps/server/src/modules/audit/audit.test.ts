import { AUDIT_ACTIONS } from '@pvstar/contract/enum-values';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, nextIp, type TestApp } from '../../../test/helper.ts';

describe('audit log', () => {
  let t: TestApp;
  let admin: string;
  let dealer: string;
  let installerA: string;
  let installerB: string;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await t.login('admin');
    dealer = await t.login('demo-dealer');
    installerA = await t.login('demo-installer-a');
    installerB = await t.login('demo-installer-b');
    // A failed sign-in of an unknown name: an entry without an organisation.
    await t.call('POST', '/auth/user/login', {
      body: { account: 'nobody-here', password: 'f'.repeat(32), loginType: 'password', agree: true },
      ip: nextIp(),
    });
  });
  afterAll(() => t.close());

  const page = (token: string, body: object = {}, lang: 'en-GB' | 'de-DE' = 'en-GB') =>
    t.call('POST', '/system/audit/page', { token, body, query: { pageNum: 1, pageSize: 100 }, lang });
  const usernames = (res: Awaited<ReturnType<typeof page>>) =>
    new Set(res.body.data.list.map((r: { username: string | null }) => r.username));

  it('shows the provider every entry, newest first, in the reader’s language', async () => {
    const res = await page(admin, { action: 'auth.login' }, 'de-DE');
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBeGreaterThanOrEqual(4);
    const first = res.body.data.list[0];
    expect(first).toMatchObject({
      action: 'auth.login',
      actionText: 'Angemeldet',
      username: 'demo-installer-b',
    });
    expect(first.ip).toBeTruthy();
    const times = res.body.data.list.map((r: { at: string }) => r.at);
    expect([...times].sort().reverse()).toEqual(times);
    const failed = await page(admin, { action: 'auth.loginFailed' });
    expect(failed.body.data.list[0]).toMatchObject({
      username: null,
      orgName: null,
      targetText: 'Account #nobody-here',
    });
  });

  it('shows others only the entries of people in their scope', async () => {
    expect([...usernames(await page(dealer))]).toEqual(
      expect.arrayContaining(['demo-dealer', 'demo-installer-a', 'demo-installer-b']),
    );
    expect(usernames(await page(dealer)).has('admin')).toBe(false);
    const failed = await page(dealer, { action: 'auth.loginFailed' });
    expect(failed.body.data.total).toBe(0);
    const a = usernames(await page(installerA));
    expect(a.has('demo-installer-a')).toBe(true);
    expect(a.has('demo-installer-b')).toBe(false);
    expect(a.has('demo-dealer')).toBe(false);
    expect(usernames(await page(installerB)).has('demo-installer-a')).toBe(false);
  });

  it('filters by action, user name and day', async () => {
    const byUser = await page(admin, { username: 'INSTALLER-A' });
    expect(byUser.body.data.total).toBeGreaterThan(0);
    expect(usernames(byUser)).toEqual(new Set(['demo-installer-a']));
    const today = new Date().toISOString().slice(0, 10);
    expect((await page(admin, { startDate: today, endDate: today })).body.data.total).toBeGreaterThanOrEqual(
      5,
    );
    expect((await page(admin, { startDate: '2020-01-01', endDate: '2020-01-31' })).body.data.total).toBe(0);
    const bad = await page(admin, { action: 'auth.everything' });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields[0].field).toBe('action');
  });

  it('lists every action with its label for the filter', async () => {
    const res = await t.call('GET', '/system/audit/actions', { token: installerA, lang: 'de-DE' });
    expect(res.status).toBe(200);
    expect(res.body.data.map((o: { value: string }) => o.value)).toEqual([...AUDIT_ACTIONS]);
    const labels = new Map(res.body.data.map((o: { value: string; label: string }) => [o.value, o.label]));
    expect(labels.get('user.revealContact')).toBe('Kontakt angezeigt');
    for (const label of labels.values()) expect(label).not.toMatch(/^audit\.|^[a-z]+\.[a-zA-Z]+$/);
  });

  it('exports what the list shows as an attachment', async () => {
    const listed = await page(dealer);
    const res = await t.app.inject({
      method: 'POST',
      url: '/system/audit/export',
      headers: { authorization: `Bearer ${dealer}`, lang: 'de-DE' },
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.xlsx"$/,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.name).toBe('Protokoll');
    expect(ws.getRow(1).getCell(4).value).toBe('Aktion');
    expect(ws.rowCount - 1).toBe(listed.body.data.total);
  });

  it('is closed to owners, guests and the demo login (403) and to callers without a token (401)', async () => {
    for (const name of ['demo-owner', 'demo-guest']) {
      const token = await t.login(name);
      expect((await page(token)).status, name).toBe(403);
    }
    const demo = await t.call('POST', '/auth/user/demo/login', { body: {}, ip: nextIp() });
    expect((await page(demo.body.data)).status).toBe(403);
    expect((await t.call('POST', '/system/audit/page', { body: {} })).status).toBe(401);
  });
});
