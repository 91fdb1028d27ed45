import { translate } from '@pvstar/contract/messages';
import { maskContact } from '@pvstar/contract/validation';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orgIdByName, type TestApp } from '../../../test/helper.ts';
import { type ReportFixture, setUpReports, tearDownReports, valuesOf } from '../../../test/report-fixture.ts';
import { sqlRows } from '../../db/rows.ts';
import { outbox, outboxAttachments, plants, reportSubscriptions, users } from '../../db/schema/index.ts';
import { isoWeekLabel, previousMonth, previousWeek } from './report-periods.ts';
import { sendScheduledReports } from './report-schedule.ts';

/** Scheduled reports by mail: subscriptions, the jobs role's run, the mail and its workbook, unsubscribing. */

let t: TestApp;
let ids: Record<string, number>;
let call: ReportFixture['call'];
let tokens: ReportFixture['tokens'];
const APP_URL = 'https://portal.example';
const MAIL_A = 'reports-a@test.pvstar.local';
const MAIL_OWNER = 'reports-owner@test.pvstar.local';

const run = (iso: string) =>
  sendScheduledReports(t.ctx.db, { title: 'PVSTAR', appUrl: APP_URL, now: new Date(iso) });

/** The report mails queued to a recipient, oldest first, with their attachments. */
async function mailsTo(recipient: string) {
  const rows = await t.ctx.db.select().from(outbox).where(eq(outbox.recipient, recipient)).orderBy(outbox.id);
  return Promise.all(
    rows.map(async (r) => ({
      ...r,
      files: await t.ctx.db.select().from(outboxAttachments).where(eq(outboxAttachments.outboxId, r.id)),
    })),
  );
}

async function workbookOf(content: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(content as unknown as ArrayBuffer);
  return wb;
}

/** Rows of a workbook's sheet whose first cell is `first`. */
const rowsStarting = (ws: ExcelJS.Worksheet, first: string) => valuesOf(ws).filter((r) => r[0] === first);

async function backdate(id: number, day = '2026-01-01') {
  await t.ctx.db.execute(
    sql`UPDATE report_subscriptions SET created_at = ${day}::timestamptz WHERE id = ${id}`,
  );
}

beforeAll(async () => {
  ({ t, ids, call, tokens } = await setUpReports());
}, 60_000);

afterAll(async () => {
  await tearDownReports(t);
});

describe('report periods', () => {
  it('are the previous calendar month and ISO week of a local day', () => {
    expect(previousMonth('2026-12-01')).toMatchObject({
      label: '2026-11',
      first: '2026-11-01',
      last: '2026-11-30',
    });
    expect(previousMonth('2027-01-15')).toMatchObject({ label: '2026-12', last: '2026-12-31' });
    expect(previousWeek('2026-10-26')).toMatchObject({
      label: '2026-W43',
      first: '2026-10-19',
      last: '2026-10-25',
    });
    // Sunday still belongs to its week.
    expect(previousWeek('2026-11-01')).toMatchObject({ label: '2026-W43' });
    expect(isoWeekLabel('2027-01-01')).toBe('2026-W53');
    expect(isoWeekLabel('2026-01-01')).toBe('2026-W01');
    expect(isoWeekLabel('2024-12-30')).toBe('2025-W01');
  });
});

describe('subscriptions', () => {
  it('need an e-mail address, a frequency and plants in scope', async () => {
    await t.ctx.db.update(users).set({ email: null }).where(eq(users.username, 'demo-installer-a'));
    const noMail = await call('/station/report/subscription/add', 'demo-installer-a', {
      monthly: true,
      weekly: false,
    });
    expect(noMail.status).toBe(422);
    expect(noMail.body.data.fields).toEqual([{ field: 'email', message: expect.stringMatching(/e-mail/) }]);
    const de = await call(
      '/station/report/subscription/add',
      'demo-installer-a',
      { monthly: true, weekly: false },
      'de-DE',
    );
    expect(de.body.msg).toMatch(/E-Mail-Adresse/);

    await t.ctx.db
      .update(users)
      .set({ email: MAIL_A, lang: 'de-DE' })
      .where(eq(users.username, 'demo-installer-a'));
    const none = await call('/station/report/subscription/add', 'demo-installer-a', {
      monthly: false,
      weekly: false,
    });
    expect(none.status).toBe(400);
    expect(none.body.data.fields[0].field).toBe('monthly');
    const foreign = await call('/station/report/subscription/add', 'demo-installer-a', {
      monthly: true,
      weekly: false,
      plantIds: [ids.A1, ids.B1],
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.data.fields[0].field).toBe('plantIds');
  });

  it('are listed, changed and removed by their own user only', async () => {
    const added = await call('/station/report/subscription/add', 'demo-installer-a', {
      monthly: true,
      weekly: true,
      plantIds: [ids.A2],
    });
    expect(added.status).toBe(200);
    // The account's own address, masked as everywhere in answers (security/accounts.test.ts).
    expect(added.body.data).toMatchObject({
      monthly: true,
      weekly: true,
      email: maskContact(MAIL_A),
      lastPeriod: null,
    });
    expect(added.body.data.plants).toEqual([{ id: ids.A2, stationName: 'Report plant A2' }]);
    const id = added.body.data.id;

    const edited = await call('/station/report/subscription/edit', 'demo-installer-a', {
      id,
      monthly: false,
      weekly: true,
    });
    expect(edited.body.data).toMatchObject({ id, monthly: false, weekly: true, plants: null });

    const page = await t.call('POST', '/station/report/subscription/page', {
      token: tokens['demo-installer-a'],
    });
    expect(page.body.data.list.map((r: { id: number }) => r.id)).toContain(id);
    const other = await t.call('POST', '/station/report/subscription/page', {
      token: tokens['demo-installer-b'],
    });
    expect(other.body.data).toEqual({ total: 0, list: [] });
    expect(
      (
        await call('/station/report/subscription/edit', 'demo-installer-b', {
          id,
          monthly: true,
          weekly: false,
        })
      ).status,
    ).toBe(404);
    expect((await call('/station/report/subscription/delete', 'demo-installer-b', { id })).status).toBe(404);
    expect((await call('/station/report/subscription/delete', 'demo-installer-a', { id })).status).toBe(200);
    expect((await call('/station/report/subscription/delete', 'demo-installer-a', { id })).status).toBe(404);
  });

  it('refuse an exact duplicate with a localised 409 naming the plants, as added or changed', async () => {
    const add = '/station/report/subscription/add';
    const body = { monthly: true, weekly: false, plantIds: [ids.A2!, ids.A1!] };
    const first = await call(add, 'demo-installer-a', body);
    expect(first.status).toBe(200);
    // The same plants in another order are the same subscription.
    const again = await call(add, 'demo-installer-a', { ...body, plantIds: [ids.A1, ids.A2] }, 'de-DE');
    expect(again.status).toBe(409);
    expect(again.body.data.fields).toEqual([
      { field: 'plantIds', message: translate('de-DE', 'reportSubscription.duplicate') },
    ]);
    expect(again.body.msg).toMatch(/bereits abonniert/);
    // Another frequency is another subscription; changing it into the first one is refused.
    const weekly = await call(add, 'demo-installer-a', { ...body, weekly: true });
    expect(weekly.status).toBe(200);
    const edited = await call('/station/report/subscription/edit', 'demo-installer-a', {
      id: weekly.body.data.id,
      ...body,
    });
    expect(edited.status).toBe(409);
    for (const id of [first.body.data.id, weekly.body.data.id])
      expect((await call('/station/report/subscription/delete', 'demo-installer-a', { id })).status).toBe(
        200,
      );
  });
});

describe('the scheduled run', () => {
  let monthlyId: number;

  it('sends last month’s report once the plants’ local day has ended, as xlsx with the API’s figures and a German mail', async () => {
    const plantIds = [ids.A1, ids.A2, ids.CH];
    const added = await call('/station/report/subscription/add', 'demo-installer-a', {
      monthly: true,
      weekly: false,
      plantIds,
    });
    monthlyId = added.body.data.id;
    await backdate(monthlyId);

    // 23:30 on 30 November in Berlin: the month has not ended there.
    expect(await run('2026-11-30T22:30:00Z')).toEqual({ queued: 0, empty: 0 });
    expect(await mailsTo(MAIL_A)).toEqual([]);
    // Down on the 1st, back on the 3rd: the missed report goes out.
    expect((await run('2026-12-03T08:00:00Z')).queued).toBe(1);
    const [mail] = await mailsTo(MAIL_A);
    expect(mail!.subject).toBe('PVSTAR: Energiebericht November 2026');
    expect(mail!.html).toContain('<html lang="de-DE">');
    expect(mail!.html).toContain('Ihr monatlicher Energiebericht für November 2026.');
    expect(mail!.html).toContain('Erzeugung');
    expect(mail!.body).toContain('Anlagen: 3 (19 kWp)');

    const api = await call('/station/report/energy', 'demo-installer-a', {
      dateType: 'date',
      from: '2026-11-01',
      to: '2026-11-30',
      plantIds,
    });
    const report = api.body.data;
    // German number format: 41,25 kWh of generation (7.25 + 20 + 10 + 4 + 6 … as the API sums it).
    expect(mail!.html).toContain(
      `${new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2 }).format(report.totals.generation)} kWh`,
    );
    expect(mail!.html).toContain('Ertrag (CHF)');
    expect(mail!.html).toContain('Ertrag (EUR)');

    expect(mail!.files).toHaveLength(1);
    expect(mail!.files[0]!.filename).toBe('energy-report-2026-11-01-2026-11-30.xlsx');
    const wb = await workbookOf(mail!.files[0]!.content);
    const total = translate('de-DE', 'report.total');
    const [byPeriod, byPlant] = wb.worksheets;
    const [periodTotal] = rowsStarting(byPeriod!, total);
    expect(periodTotal!.slice(1, 10)).toEqual([
      report.totals.generation,
      report.totals.consumption,
      report.totals.charge,
      report.totals.discharge,
      report.totals.selfConsumption,
      report.totals.selfSufficiency,
      report.totals.feedIn,
      report.totals.purchase,
      report.totals.revenue,
    ]);
    // Every day of the month, and each plant's generation as the API answers it.
    expect(valuesOf(byPeriod!).filter((r) => /^2026-11-\d\d$/.test(String(r[0])))).toHaveLength(30);
    for (const p of report.plants)
      expect(valuesOf(byPlant!).find((r) => r.includes(p.stationName))).toContain(p.generation);
  });

  it('sends a period exactly once across concurrent runs and restarts', async () => {
    const runs = await Promise.all([
      run('2026-12-03T08:00:00Z'),
      run('2026-12-03T08:00:00Z'),
      run('2026-12-01T01:00:00Z'),
    ]);
    expect(runs.reduce((n, r) => n + r.queued, 0)).toBe(0);
    // A new subscription, two processes at once, then a restarted one.
    await t.ctx.db.delete(reportSubscriptions).where(eq(reportSubscriptions.id, monthlyId));
    const again = await call('/station/report/subscription/add', 'demo-installer-a', {
      monthly: true,
      weekly: false,
      plantIds: [ids.A1],
    });
    await backdate(again.body.data.id);
    const before = (await mailsTo(MAIL_A)).length;
    const both = await Promise.all([run('2026-12-01T06:00:00Z'), run('2026-12-01T06:00:00Z')]);
    expect(both.reduce((n, r) => n + r.queued, 0)).toBe(1);
    expect((await run('2026-12-02T06:00:00Z')).queued).toBe(0);
    expect(await mailsTo(MAIL_A)).toHaveLength(before + 1);
    const [delivery] = await sqlRows<{ period: string; outbox_id: number | null }>(
      t.ctx.db,
      sql`SELECT period, outbox_id FROM report_deliveries WHERE subscription_id = ${again.body.data.id}`,
    );
    expect(delivery).toMatchObject({ period: '2026-11', outbox_id: expect.any(Number) });
    // Weeks later, no stale catch-up of a month that ended long ago.
    await t.ctx.db.execute(sql`DELETE FROM report_deliveries WHERE subscription_id = ${again.body.data.id}`);
    expect((await run('2026-12-20T06:00:00Z')).queued).toBe(0);
    await t.ctx.db.delete(reportSubscriptions).where(eq(reportSubscriptions.id, again.body.data.id));
  });

  it('ends a week at local midnight across the change from summer time (Europe/Berlin)', async () => {
    await t.ctx.db
      .update(users)
      .set({ email: MAIL_OWNER, lang: 'en-GB' })
      .where(eq(users.username, 'demo-owner'));
    const added = await call('/station/report/subscription/add', 'demo-owner', {
      monthly: false,
      weekly: true,
    });
    expect(added.status).toBe(200);
    await backdate(added.body.data.id, '2026-10-01');
    // The clocks went back at 01:00 UTC on Sunday 25 October: 22:30 UTC is 23:30 in Berlin, still Sunday
    // (at the summer offset it would already be Monday).
    expect((await run('2026-10-25T22:30:00Z')).queued).toBe(0);
    expect((await run('2026-10-25T23:00:00Z')).queued).toBe(1);
    const [mail] = await mailsTo(MAIL_OWNER);
    expect(mail!.subject).toBe('PVSTAR: weekly energy report 2026-W43');
    expect(mail!.body).toMatch(/Your weekly energy report for 2026-W43 \(19\s–\s25 Oct 2026\)\./);
    // The owner's plant only (A1: 12 kWh on the 20th; the 31st is the next week).
    expect(mail!.body).toContain('Plants: 1 (10 kWp)');
    expect(mail!.body).toContain('Generation: 12 kWh');
    const wb = await workbookOf(mail!.files[0]!.content);
    expect(rowsStarting(wb.worksheets[0]!, translate('en-GB', 'report.total'))[0]![1]).toBe(12);
  });

  it('resolves the scope when it sends: a plant the user lost is left out; no plants, no mail', async () => {
    const added = await call('/station/report/subscription/add', 'demo-installer-a', {
      monthly: false,
      weekly: true,
      plantIds: [ids.A1, ids.CH],
    });
    await backdate(added.body.data.id);
    const orgB = await orgIdByName(t, 'Energie Bravo');
    const orgA = await orgIdByName(t, 'Solartechnik Alpha');
    await t.ctx.db.update(plants).set({ orgId: orgB }).where(eq(plants.id, ids.CH!));
    try {
      const before = (await mailsTo(MAIL_A)).length;
      // (The owner's weekly report goes out in the same run.)
      await run('2026-11-16T06:00:00Z');
      expect(await mailsTo(MAIL_A)).toHaveLength(before + 1);
      const mail = (await mailsTo(MAIL_A))[before]!;
      expect(mail.subject).toContain('2026-W46');
      expect(mail.html).not.toContain('Report plant CH');
      expect(mail.body).toContain('Anlagen: 1 (10 kWp)');
      const wb = await workbookOf(mail.files[0]!.content);
      expect(JSON.stringify(valuesOf(wb.worksheets[1]!))).not.toContain('Report plant CH');
      // The list no longer names it either.
      const page = await t.call('POST', '/station/report/subscription/page', {
        token: tokens['demo-installer-a'],
      });
      const row = page.body.data.list.find((r: { id: number }) => r.id === added.body.data.id);
      expect(row.plants).toEqual([{ id: ids.A1, stationName: 'Report plant A1' }]);
      expect(row.lastPeriod).toBe('2026-W46');
    } finally {
      await t.ctx.db.update(plants).set({ orgId: orgA }).where(eq(plants.id, ids.CH!));
    }
    // The owner loses their plant: the next week is settled without a mail.
    await t.ctx.db.update(plants).set({ ownerUserId: null }).where(eq(plants.id, ids.A1!));
    const owner = (await mailsTo(MAIL_OWNER)).length;
    expect(await run('2026-11-02T06:00:00Z')).toMatchObject({ empty: 1 });
    expect(await mailsTo(MAIL_OWNER)).toHaveLength(owner);
  });
});

describe('unsubscribing from the mail', () => {
  it('asks on GET, ends the subscription on POST, and says so again later; the next report is not sent', async () => {
    const [mail] = await mailsTo(MAIL_OWNER);
    const url = /Unsubscribe: (\S+)/.exec(mail!.body)![1]!;
    expect(mail!.html).toContain(`href="${url}"`);
    expect(url.startsWith(`${APP_URL}/station/report/subscription/unsubscribe/`)).toBe(true);
    const path = url.slice(APP_URL.length);

    const ask = await t.app.inject({ method: 'GET', url: path });
    expect(ask.statusCode).toBe(200);
    expect(ask.headers['content-type']).toMatch(/^text\/html/);
    expect(ask.headers['cache-control']).toBe('no-store');
    // Whoever holds the link sees the address masked.
    expect(ask.body).toContain(`Stop sending the energy report (weekly) to ${maskContact(MAIL_OWNER)}?`);
    expect(ask.body).not.toContain(MAIL_OWNER);
    expect(ask.body).toContain('<form method="post">');
    // Looking does not unsubscribe (mail scanners open links).
    const subs = () =>
      t.ctx.db
        .select()
        .from(reportSubscriptions)
        .innerJoin(users, eq(users.id, reportSubscriptions.userId))
        .where(eq(users.email, MAIL_OWNER));
    expect(await subs()).toHaveLength(1);

    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const done = await t.app.inject({ method: 'POST', url: path, headers: form, payload: '' });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('You are unsubscribed');
    expect(await subs()).toHaveLength(0);
    const again = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { ...form, 'accept-language': 'en-GB' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('does not exist any more');
    const gone = await t.app.inject({
      method: 'GET',
      url: path,
      headers: { 'accept-language': 'de-DE,de;q=0.9' },
    });
    expect(gone.statusCode).toBe(200);
    expect(gone.body).toContain('Dieses Abonnement besteht nicht mehr');

    // The owner's plant back: the next week would have been sent, but there is no subscription.
    await t.ctx.db
      .update(plants)
      .set({
        ownerUserId: (
          await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.username, 'demo-owner'))
        )[0]!.id,
      })
      .where(eq(plants.id, ids.A1!));
    const before = (await mailsTo(MAIL_OWNER)).length;
    await run('2026-11-09T06:00:00Z');
    expect(await mailsTo(MAIL_OWNER)).toHaveLength(before);
    // A malformed token is refused before anything is looked up.
    expect(
      (await t.app.inject({ method: 'GET', url: '/station/report/subscription/unsubscribe/x' })).statusCode,
    ).toBe(400);
  });

  it('delivers the queued report with its workbook and then keeps nothing of it', async () => {
    await t.ctx.outbox.flush();
    await t.ctx.outbox.flush();
    const left = await t.ctx.db.select().from(outboxAttachments);
    expect(left).toEqual([]);
    const sent = await mailsTo(MAIL_A);
    expect(sent.every((m) => m.status === 'SENT' && m.body === '' && m.html === null)).toBe(true);
  });
});
