import { sameParamValue } from '@pvstar/contract/remote';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDeviceLoop, waitFor } from '../../../test/device-loop.ts';
import { buildTestApp, DEMO_PASSWORD, type TestApp } from '../../../test/helper.ts';
import { addSimulatedPlant, type SimulatedPlant } from '../../../test/simulated-plant.ts';
import { remoteCommands, remoteParamAudit, remoteParamSnapshots } from '../../db/schema/index.ts';
import { md5 } from '../../lib/crypto.ts';
import { expireRemoteCommands } from './remote.results.ts';

/** Remote parameters end to end: API → broker → simulated dongle → cmd-result → ingest → database. */
describe('remote protection parameters', () => {
  let t: TestApp;
  let loop: Awaited<ReturnType<typeof startDeviceLoop>>;
  let a: SimulatedPlant;
  let silent: SimulatedPlant;
  let tokenA: string;
  let writeCmdId: string;

  const state = async (deviceId: number, token = tokenA) =>
    (await t.call('POST', '/iot/remote/params/state', { token, body: { deviceId } })).body.data;
  const statusOf = async (deviceId: number) => (await state(deviceId)).commands[0]?.status;
  const auditOf = (deviceId: number) =>
    t.ctx.db
      .select()
      .from(remoteParamAudit)
      .where(eq(remoteParamAudit.deviceId, deviceId))
      .orderBy(remoteParamAudit.id);
  const write = (body: Record<string, unknown>, token = tokenA) =>
    t.call('POST', '/iot/remote/params/write', {
      token,
      body: { deviceId: a.inverter.id, disclaimerAccepted: true, password: md5(DEMO_PASSWORD), ...body },
    });

  beforeAll(async () => {
    t = await buildTestApp();
    loop = await startDeviceLoop(t);
    a = await addSimulatedPlant(t, { org: 'Solartechnik Alpha', brokerUrl: loop.brokerUrl });
    // Registered but never switched on: nothing ever answers its commands.
    silent = await addSimulatedPlant(t, { org: 'Solartechnik Alpha', brokerUrl: loop.brokerUrl });
    a.dongle.start();
    await waitFor(() => a.dongle.connected, 20_000, 'simulated dongle');
    tokenA = await t.login('demo-installer-a');
  });
  afterAll(async () => {
    await a.dongle.stop();
    await loop.stop();
    await t.close();
  });

  it('reads the device’s values and shows when they were read', async () => {
    const before = await state(a.inverter.id);
    expect(before.values).toBeNull();
    expect(before.canWrite).toBe(true);
    const res = await t.call('POST', '/iot/remote/params/read', {
      token: tokenA,
      body: { deviceId: a.inverter.id },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('PENDING');
    await waitFor(async () => (await statusOf(a.inverter.id)) === 'CONFIRMED', 20_000, 'read confirmed');
    const after = await state(a.inverter.id);
    expect(after.values.overVoltage1).toBe(287.5);
    expect(after.values.gridCode).toBe('VDE_AR_N_4105');
    expect(Date.parse(after.readAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('writes only the changed values and confirms them by reading them back', async () => {
    const res = await write({ values: { overVoltage1: 276, gridCode: 'VDE_AR_N_4105' } });
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('PENDING');
    // gridCode did not change, so it is not sent.
    expect(res.body.data.changes).toEqual([{ key: 'overVoltage1', old: 287.5, new: 276 }]);
    const seen = new Set<string>();
    await waitFor(
      async () => {
        const s = await statusOf(a.inverter.id);
        seen.add(s);
        return s === 'CONFIRMED';
      },
      20_000,
      'write confirmed',
    );
    // Never shown as done before the device confirmed: it went through the intermediate states.
    expect([...seen].some((s) => ['PENDING', 'ACCEPTED', 'VERIFYING'].includes(s))).toBe(true);
    expect((await state(a.inverter.id)).values.overVoltage1).toBe(276);
    expect(a.dongle.params(a.inverter.sn).overVoltage1).toBe(276);
    const cmdId = res.body.data.cmdId;
    const rows = (await auditOf(a.inverter.id)).filter((r) => r.cmdId === cmdId);
    expect(rows.map((r) => r.outcome)).toEqual(['SENT', 'ACCEPTED', 'CONFIRMED']);
    expect(rows.every((r) => r.username === 'demo-installer-a')).toBe(true);
    expect(rows[2]!.changes).toEqual([{ key: 'overVoltage1', old: 287.5, new: 276 }]);
    expect(rows[2]!.deviceAnswer).toContain('276');
    writeCmdId = cmdId;
  });

  it('lists a write as one row of the log: the state it reached, and each state with its time', async () => {
    const list = async (body: Record<string, unknown>) =>
      (
        await t.call('POST', '/iot/remote/audit/page', {
          token: tokenA,
          query: { pageNum: 1, pageSize: 50 },
          body: { deviceId: a.inverter.id, ...body },
        })
      ).body.data;
    const page = await list({ action: 'WRITE' });
    const rows = page.list.filter((r: { cmdId: string }) => r.cmdId === writeCmdId);
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row).toMatchObject({ outcome: 'CONFIRMED', username: 'demo-installer-a' });
    expect(row.changes).toEqual([{ key: 'overVoltage1', old: 287.5, new: 276 }]);
    expect(row.deviceAnswer).toContain('276');
    const steps: { outcome: string; at: string }[] = row.steps;
    expect(steps.map((s) => s.outcome)).toEqual(['SENT', 'ACCEPTED', 'CONFIRMED']);
    // The row's time is when it was sent; the states follow in order.
    expect(row.at).toBe(steps[0]!.at);
    const times = steps.map((s) => Date.parse(s.at));
    expect([...times].sort((x, y) => x - y)).toEqual(times);
    // The outcome filter finds a write by the state it reached, not by a state it passed.
    const confirmed = await list({ outcome: 'CONFIRMED' });
    expect(confirmed.list.map((r: { cmdId: string }) => r.cmdId)).toContain(writeCmdId);
    const sent = await list({ outcome: 'SENT' });
    expect(sent.list.map((r: { cmdId: string }) => r.cmdId)).not.toContain(writeCmdId);
  });

  it('refuses an out-of-range value with 422 naming the field, sends nothing and logs the attempt', async () => {
    const commandsBefore = a.dongle.stats.commands;
    const [{ n: cmdsBefore }] = (await t.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(remoteCommands)) as [{ n: number }];
    const res = await write({ values: { overVoltage1: 2530 } });
    expect(res.status).toBe(422);
    expect(res.body.data.fields).toEqual([
      { field: 'values.overVoltage1', message: expect.stringContaining('Please enter a correct value!') },
    ]);
    expect(res.body.msg).toContain('Over-voltage stage 1');
    const order = await write({ values: { overVoltage2: 250 } }); // below stage 1 (276)
    expect(order.status).toBe(422);
    expect(order.body.data.fields[0].field).toBe('values.overVoltage2');
    expect(order.body.data.fields[0].message).toContain('Over-voltage stage 1');
    const unknown = await write({ values: { selfDestruct: 1 } });
    expect(unknown.status).toBe(422);
    const [{ n: cmdsAfter }] = (await t.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(remoteCommands)) as [{ n: number }];
    expect(cmdsAfter).toBe(cmdsBefore);
    await new Promise((r) => setTimeout(r, 300));
    expect(a.dongle.stats.commands).toBe(commandsBefore);
    const refused = (await auditOf(a.inverter.id)).filter((r) => r.outcome === 'REFUSED');
    expect(refused.map((r) => r.reasonKey)).toEqual([
      'validation.correctValue',
      'remote.order',
      'validation.correctValue',
    ]);
    expect(refused[0]!.changes).toEqual([{ key: 'overVoltage1', old: 276, new: 2530 }]);
  });

  it('refuses a write without the disclaimer or with a wrong password, and logs both', async () => {
    const noDisclaimer = await write({ values: { overVoltage1: 270 }, disclaimerAccepted: false });
    expect(noDisclaimer.status).toBe(400);
    expect(noDisclaimer.body.data.fields[0].field).toBe('disclaimerAccepted');
    const wrongPassword = await write({ values: { overVoltage1: 270 }, password: md5('not-my-password') });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.data.fields[0].field).toBe('password');
    const missing = await t.call('POST', '/iot/remote/params/write', {
      token: tokenA,
      body: { deviceId: a.inverter.id, values: { overVoltage1: 270 }, disclaimerAccepted: true },
    });
    expect(missing.status).toBe(400);
    const reasons = (await auditOf(a.inverter.id))
      .filter((r) => r.outcome === 'REFUSED')
      .map((r) => r.reasonKey);
    expect(reasons).toEqual(expect.arrayContaining(['remote.disclaimerRequired', 'auth.wrongPassword']));
    expect(a.dongle.params(a.inverter.sn).overVoltage1).toBe(276);
  });

  it('times out a command the device never answers, and shows it so', async () => {
    const res = await t.call('POST', '/iot/remote/params/read', {
      token: tokenA,
      body: { deviceId: silent.inverter.id },
    });
    expect(res.status).toBe(200);
    // A write to it as well, with values known from an earlier read.
    await t.ctx.db
      .insert(remoteParamSnapshots)
      .values({ deviceId: silent.inverter.id, values: { activePowerLimit: 100 }, readAt: new Date() });
    const w = await write({ deviceId: silent.inverter.id, values: { activePowerLimit: 60 } });
    expect(w.status).toBe(200);
    expect(await expireRemoteCommands(t.ctx.db, new Date(Date.now() + 10 * 60_000))).toBe(2);
    const s = await state(silent.inverter.id);
    expect(s.commands.map((c: { status: string }) => c.status)).toEqual(['TIMED_OUT', 'TIMED_OUT']);
    expect(s.values).toEqual({ activePowerLimit: 100 });
    const outcomes = (await auditOf(silent.inverter.id)).map((r) => r.outcome);
    expect(outcomes.filter((o) => o === 'TIMED_OUT')).toHaveLength(2);
  });

  it('finds "nothing changed" in a value within float noise of the one read, as the web form does', async () => {
    const noisy = 49.800000000000004;
    await t.ctx.db
      .update(remoteParamSnapshots)
      .set({ values: { activePowerLimit: 100, underFrequency1: noisy } })
      .where(eq(remoteParamSnapshots.deviceId, silent.inverter.id));
    const res = await write({ deviceId: silent.inverter.id, values: { underFrequency1: 49.8 } });
    expect(res.status).toBe(422);
    expect(res.body.data.fields[0].field).toBe('values');
    const [last] = (await auditOf(silent.inverter.id)).slice(-1);
    expect(last).toMatchObject({ outcome: 'REFUSED', reasonKey: 'remote.nothingChanged' });
    // The rule the web's form applies to the same two values (entities/remote/params.ts).
    expect(sameParamValue(noisy, 49.8)).toBe(true);
  });

  it('keeps the log append-only', async () => {
    await expect(
      t.ctx.db.execute(sql`UPDATE remote_param_audit SET outcome = 'CONFIRMED'`),
    ).rejects.toThrow();
    await expect(t.ctx.db.execute(sql`DELETE FROM remote_param_audit`)).rejects.toThrow();
  });

  it('lists and exports the log in the reader’s language, within the scope', async () => {
    const page = await t.call('POST', '/iot/remote/audit/page', {
      token: tokenA,
      query: { pageNum: 1, pageSize: 50 },
      body: { deviceId: a.inverter.id },
      lang: 'de-DE',
    });
    expect(page.status).toBe(200);
    // One row per attempt: the read, the write and five refusals.
    expect(page.body.data.total).toBe(7);
    const refused = page.body.data.list.find((r: { outcome: string }) => r.outcome === 'REFUSED');
    expect(refused.reason).toMatch(/Überspannung|Haftungsausschluss|Passwort|korrekten/);
    // A parameter's refusal names the parameter; the password's says it plainly, without a field name.
    const reasons = page.body.data.list.map((r: { reason: string | null }) => r.reason);
    expect(reasons).toContain('Überspannung Stufe 1: Bitte geben Sie einen gültigen Wert ein!');
    expect(reasons).not.toContain(expect.stringMatching(/^password:/));
    const res = await t.app.inject({
      method: 'POST',
      url: '/iot/remote/audit/export',
      headers: { authorization: `Bearer ${tokenA}`, lang: 'en-GB' },
      payload: { deviceId: a.inverter.id },
    });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(1).getCell(1).value).toBe('Time');
    expect(ws.rowCount - 1).toBe(page.body.data.total);
    const texts = ws.getColumn(9).values.map(String).join('\n');
    expect(texts).toContain('Over-voltage stage 1: 287.5 → 276');
    const other = await t.login('demo-installer-b');
    const bPage = await t.call('POST', '/iot/remote/audit/page', {
      token: other,
      body: { deviceId: a.inverter.id },
    });
    expect(bPage.body.data.total).toBe(0);
  });

  it('answers 404 for another tenant’s inverter, 403 without the codes, 403 for the demo account', async () => {
    const b = await t.login('demo-installer-b');
    for (const url of ['/iot/remote/params/state', '/iot/remote/params/read'])
      expect((await t.call('POST', url, { token: b, body: { deviceId: a.inverter.id } })).status).toBe(404);
    expect((await write({ values: { overVoltage1: 270 } }, b)).status).toBe(404);
    const guest = await t.login('demo-guest');
    expect(
      (await t.call('POST', '/iot/remote/params/read', { token: guest, body: { deviceId: a.inverter.id } }))
        .status,
    ).toBe(403);
    expect((await write({ values: { overVoltage1: 270 } }, guest)).status).toBe(403);
    const owner = await t.login('demo-owner');
    expect((await write({ values: { overVoltage1: 270 } }, owner)).status).toBe(403);
    const demo = await t.call('POST', '/auth/user/demo/login', {});
    expect((await write({ values: { overVoltage1: 270 } }, demo.body.data)).status).toBe(403);
    const admin = await t.login('admin');
    const battery = await t.call('POST', '/iot/remote/params/read', {
      token: admin,
      body: { deviceId: a.battery.id },
    });
    expect(battery.status).toBe(422);
    expect(a.dongle.params(a.inverter.sn).overVoltage1).toBe(276);
  });
});
