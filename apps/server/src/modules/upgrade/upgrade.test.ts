import { createHash, randomBytes } from 'node:crypto';
import type { FirmwareManifest } from '@pvstar/contract/firmware';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../../test/device-loop.ts';
import { addUser, type TestApp } from '../../../test/helper.ts';
import type { SimulatedPlant } from '../../../test/simulated-plant.ts';
import { setUpUpgrades, tearDownUpgrades, type UpgradeFixture } from '../../../test/upgrade-fixture.ts';
import {
  devices,
  dongles,
  firmwareFiles,
  firmwarePrograms,
  manufacturerKeys,
  upgradeTaskDevices,
  upgradeTasks,
} from '../../db/schema/index.ts';
import { createOrg } from '../../db/seed/seed.ts';
import { fingerprintOf, generateSigningKey, signManifest } from '../firmware/firmware.signature.ts';

let t: TestApp;
let plants: SimulatedPlant[];
let bPlant: SimulatedPlant;
let dealer: string;
let image: Buffer;
let makerKey: UpgradeFixture['makerKey'];
let sent: UpgradeFixture['sent'];
let newMaker: UpgradeFixture['newMaker'];
let addProgram: UpgradeFixture['addProgram'];
let task: UpgradeFixture['task'];
let deviceRows: UpgradeFixture['deviceRows'];
let addTask: UpgradeFixture['addTask'];
let fx: UpgradeFixture;

beforeAll(async () => {
  fx = await setUpUpgrades();
  ({ t, plants, bPlant, dealer, image, makerKey, sent, newMaker, addProgram, task, deviceRows, addTask } =
    fx);
}, 60_000);
afterAll(() => tearDownUpgrades(fx));

/** Upgrade tasks end to end: task → dispatcher → broker → simulated dongles check, download, flash → results (fixture in apps/server/test/upgrade-fixture.ts). */
describe('firmware upgrade tasks', () => {
  it('upgrades inverters across several dongles and changes their version', async () => {
    const programId = await addProgram({ type: 'INVERTER_ARM', version: '2.1.0' });
    const candidates = await t.call('POST', '/iot/upgrade/candidates', {
      token: dealer,
      query: { pageNum: 1, pageSize: 50 },
      body: { programId },
    });
    expect(candidates.status).toBe(200);
    const sns = candidates.body.data.list.map((c: { sn: string }) => c.sn);
    expect(sns).toEqual(expect.arrayContaining([...plants, bPlant].map((p) => p.inverter.sn)));
    expect(sns).not.toContain(plants[0]!.battery.sn);
    const res = await addTask({ name: 'ARM 2.1.0', programId, targetIds: plants.map((p) => p.inverter.id) });
    expect(res.status).toBe(200);
    const id = res.body.data.id;
    await waitFor(async () => (await task(id)).status === 'COMPLETED', 30_000, 'task completed');
    const done = await task(id);
    expect(done.counts).toMatchObject({ total: 4, succeeded: 4, failed: 0 });
    const rows = await deviceRows(id);
    expect(
      rows.every((r: { status: string; progress: number }) => r.status === 'SUCCEEDED' && r.progress === 100),
    ).toBe(true);
    expect(rows[0].fromVersion).toBe('1.0.0');
    const [inv] = await t.ctx.db.select().from(devices).where(eq(devices.id, plants[0]!.inverter.id));
    expect(inv!.versions.inverter).toBe('2.1.0');
    expect(plants[0]!.dongle.versions.get(plants[0]!.inverter.sn)?.inverter).toBe('2.1.0');
    const history = await t.call('POST', '/iot/upgrade/task/history', {
      token: dealer,
      body: { id: rows[0].id },
    });
    const steps = history.body.data.map((h: { status: string }) => h.status);
    expect(steps[0]).toBe('QUEUED');
    expect(steps).toContain('SENT');
    expect(steps).toContain('DOWNLOADING');
    expect(steps.at(-1)).toBe('SUCCEEDED');
  });

  it('fails a device whose image does not match its hash, and retries it', async () => {
    const programId = await addProgram({
      type: 'DONGLE',
      version: '3.0.0',
      manifest: { sha256: 'ab'.repeat(32) },
    });
    const target = plants[1]!;
    const res = await t.call('POST', '/iot/upgrade/task/add', {
      token: dealer,
      body: { name: 'Dongle bad hash', programId, targetIds: [target.dongleId] },
    });
    expect(res.status).toBe(200);
    const id = res.body.data.id;
    await waitFor(async () => (await task(id)).status === 'COMPLETED', 30_000, 'task finished');
    const [row] = await deviceRows(id);
    expect(row.status).toBe('FAILED');
    expect(row.reason).toContain('hash mismatch');
    const [dongle] = await t.ctx.db.select().from(dongles).where(eq(dongles.id, target.dongleId));
    expect(dongle!.version).toBe('1.0.0');
    const retry = await t.call('POST', '/iot/upgrade/task/retry', { token: dealer, body: { id } });
    expect(retry.status).toBe(200);
    expect(retry.body.data.count).toBe(1);
    await waitFor(
      async () => (await deviceRows(id))[0].attempts === 2 && (await task(id)).status === 'COMPLETED',
      30_000,
      'retried',
    );
  });

  it('stages: halts after a failing first batch and releases the rest on resume', async () => {
    const programId = await addProgram({
      type: 'INVERTER_DSP',
      version: '5.0.0',
      manifest: { sha256: 'cd'.repeat(32) },
    });
    const res = await t.call('POST', '/iot/upgrade/task/add', {
      token: dealer,
      body: {
        name: 'Staged',
        programId,
        targetIds: plants.map((p) => p.inverter.id),
        firstBatchPercent: 25,
        successThreshold: 90,
      },
    });
    const id = res.body.data.id;
    await waitFor(async () => (await task(id)).status === 'HALTED', 30_000, 'halted');
    const halted = await task(id);
    expect(halted.counts).toMatchObject({ failed: 1, queued: 3 });
    expect(halted.statusReason).toContain('90');
    expect((await t.call('POST', '/iot/upgrade/task/resume', { token: dealer, body: { id } })).status).toBe(
      200,
    );
    await waitFor(async () => (await task(id)).status === 'COMPLETED', 30_000, 'completed after resume');
    expect((await task(id)).counts).toMatchObject({ failed: 4, queued: 0 });
  });

  it('pauses, resumes and cancels; a cancelled task sends nothing more', async () => {
    const programId = await addProgram({ type: 'BATTERY_BMS', version: '1.2.0' });
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const res = await t.call('POST', '/iot/upgrade/task/add', {
      token: dealer,
      body: { name: 'Later', programId, targetIds: plants.map((p) => p.battery.id), startAt: later },
    });
    const id = res.body.data.id;
    expect((await task(id)).status).toBe('SCHEDULED');
    expect((await t.call('POST', '/iot/upgrade/task/pause', { token: dealer, body: { id } })).status).toBe(
      200,
    );
    expect((await task(id)).status).toBe('PAUSED');
    expect((await t.call('POST', '/iot/upgrade/task/pause', { token: dealer, body: { id } })).status).toBe(
      409,
    );
    expect((await t.call('POST', '/iot/upgrade/task/resume', { token: dealer, body: { id } })).status).toBe(
      200,
    );
    expect((await task(id)).status).toBe('SCHEDULED');
    expect((await t.call('POST', '/iot/upgrade/task/cancel', { token: dealer, body: { id } })).status).toBe(
      200,
    );
    const cancelled = await task(id);
    expect(cancelled.status).toBe('CANCELLED');
    expect(cancelled.counts.cancelled).toBe(4);
    expect(cancelled.statusReason).toContain('demo-dealer');
  });

  it('sends the signed manifest and its signature; a download link works once, within its lifetime', async () => {
    const noToken = await t.app.inject({ method: 'GET', url: '/iot/firmware/download' });
    expect(noToken.statusCode).toBe(403);
    const forged = await t.app.inject({
      method: 'GET',
      url: `/iot/firmware/download?token=${'x'.repeat(43)}`,
    });
    expect(forged.statusCode).toBe(403);
    // A link handed out, used, and then expired.
    const programId = await addProgram({ type: 'INVERTER_ARM', version: '9.9.9' });
    await plants[2]!.dongle.stop();
    const res = await addTask({ name: 'Offline', programId, targetIds: [plants[2]!.inverter.id] });
    const id = res.body.data.id;
    // The dispatcher marks the device SENT, then publishes: wait for both (a CI run saw SENT first).
    const upgradeCommand = () =>
      sent.find(
        (c) =>
          c.type === 'firmware.upgrade' &&
          (c.body.manifest as FirmwareManifest | undefined)?.version === '9.9.9',
      );
    await waitFor(
      async () => (await deviceRows(id))[0].status === 'SENT' && upgradeCommand() !== undefined,
      10_000,
      'sent',
    );
    const command = upgradeCommand()!;
    const [file] = await t.ctx.db
      .select({ manifest: firmwareFiles.manifest })
      .from(firmwareFiles)
      .innerJoin(firmwarePrograms, eq(firmwarePrograms.fileId, firmwareFiles.id))
      .where(eq(firmwarePrograms.id, programId));
    // What the image is travels only inside the manifest the manufacturer signed.
    expect(Object.keys(command.body).sort()).toEqual([
      'deviceSn',
      'keyId',
      'manifest',
      'rollback',
      'signature',
      'url',
    ]);
    expect(command.body).toMatchObject({
      manifest: file!.manifest,
      signature: signManifest(file!.manifest!, makerKey.privatePem),
      keyId: fingerprintOf(makerKey.publicKey),
      rollback: false,
    });
    expect(file!.manifest).toMatchObject({ sha256: createHash('sha256').update(image).digest('hex') });
    const url = new URL(String(command.body.url));
    expect(url.searchParams.get('token')!.length).toBeGreaterThanOrEqual(43);
    const download = await fetch(url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain('attachment');
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    const body = Buffer.from(await download.arrayBuffer());
    expect(createHash('sha256').update(body).digest('hex')).toBe(file!.manifest!.sha256);
    const [row] = await t.ctx.db.select().from(upgradeTaskDevices).where(eq(upgradeTaskDevices.taskId, id));
    expect(row!.tokenHash).toMatch(/^[a-f0-9]{64}$/);
    expect(row!.tokenHash).not.toContain(url.searchParams.get('token'));
    expect(row!.tokenExpiresAt!.getTime() - row!.sentAt!.getTime()).toBe(60 * 60_000);
    // Used once: the same link again is gone.
    const again = await fetch(url, { headers: { lang: 'en-GB' } });
    expect(again.status).toBe(410);
    expect(((await again.json()) as { msg: string }).msg).toBe(
      'This download link has been used or has expired',
    );
    // Unused but past its lifetime: gone too.
    await t.ctx.db
      .update(upgradeTaskDevices)
      .set({ tokenUsedAt: null, tokenExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(upgradeTaskDevices.id, row!.id));
    expect((await fetch(url)).status).toBe(410);
    await t.call('POST', '/iot/upgrade/task/cancel', { token: dealer, body: { id } });
  });

  it('a dongle refuses an image whose manifest its manufacturer did not sign, and reports why', async () => {
    // Another image on disk, and its hash put into the stored manifest by whoever swapped the file: only
    // the manifest's signature gives it away, before a byte is fetched.
    const swapped = randomBytes(image.length);
    const programId = await addProgram({
      type: 'INVERTER_ARM',
      version: '6.6.6',
      stored: swapped,
      tampered: { sha256: createHash('sha256').update(swapped).digest('hex') },
    });
    const target = plants[3]!;
    const res = await addTask({ name: 'Tampered', programId, targetIds: [target.inverter.id] });
    expect(res.status).toBe(200);
    const id = res.body.data.id;
    await waitFor(async () => (await task(id)).status === 'COMPLETED', 30_000, 'task finished');
    const [row] = await deviceRows(id);
    expect(row.status).toBe('FAILED');
    expect(row.reason).toBe('signature check failed: signature mismatch');
    const [inv] = await t.ctx.db.select().from(devices).where(eq(devices.id, target.inverter.id));
    expect(inv!.versions.inverter).not.toBe('6.6.6');
    expect(target.dongle.versions.get(target.inverter.sn)?.inverter).not.toBe('6.6.6');
    const history = await t.call('POST', '/iot/upgrade/task/history', {
      token: dealer,
      body: { id: row.id },
    });
    expect(history.body.data.map((h: { status: string }) => h.status)).not.toContain('SUCCEEDED');
  });

  it('halts a running task whose signing key is retired, and refuses new tasks with it', async () => {
    const own = await newMaker(generateSigningKey());
    const programId = await addProgram({ type: 'INVERTER_DSP', version: '7.7.7', of: own });
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const res = await addTask({
      name: 'Retired later',
      programId,
      targetIds: [plants[0]!.inverter.id],
      startAt: later,
    });
    expect(res.status).toBe(200);
    await t.ctx.db
      .update(manufacturerKeys)
      .set({ retiredAt: new Date() })
      .where(eq(manufacturerKeys.id, own.keyId));
    await t.ctx.db
      .update(upgradeTasks)
      .set({ startAt: new Date() })
      .where(eq(upgradeTasks.id, res.body.data.id));
    await waitFor(async () => (await task(res.body.data.id)).status === 'HALTED', 10_000, 'halted');
    expect((await deviceRows(res.body.data.id))[0].status).toBe('QUEUED');
    const refused = await addTask({ name: 'Retired', programId, targetIds: [plants[0]!.inverter.id] });
    expect(refused.status).toBe(422);
    expect(refused.body.data.fields[0].field).toBe('programId');
  });

  it('never targets a device outside the caller’s scope', async () => {
    const programId = await addProgram({ type: 'INVERTER_ARM', version: '4.0.0' });
    // A second dealer with its own (empty) tree.
    const otherDealer = await createOrg(t.ctx.db, { name: 'Other Dealer GmbH', type: 'DEALER', parentId: 1 });
    const user = await addUser(t, { org: otherDealer, roles: ['DEALER_ADMIN'] });
    const token = await t.login(user.username);
    const cands = await t.call('POST', '/iot/upgrade/candidates', {
      token,
      query: { pageNum: 1, pageSize: 50 },
      body: { programId },
    });
    expect(cands.body.data.total).toBe(0);
    const res = await t.call('POST', '/iot/upgrade/task/add', {
      token,
      body: { name: 'Foreign', programId, targetIds: [plants[0]!.inverter.id] },
    });
    expect(res.status).toBe(404);
    const installerA = await t.login('demo-installer-a');
    expect((await t.call('POST', '/iot/upgrade/task/page', { token: installerA, body: {} })).status).toBe(
      403,
    );
    const guest = await t.login('demo-guest');
    expect((await t.call('POST', '/iot/upgrade/task/add', { token: guest, body: {} })).status).toBe(403);
    // The other dealer sees none of demo-dealer's tasks.
    const page = await t.call('POST', '/iot/upgrade/task/page', { token, body: {} });
    expect(page.body.data.total).toBe(0);
    expect((await t.call('POST', '/iot/upgrade/task/detail', { token, body: { id: 1 } })).status).toBe(404);
    // A battery is not an inverter firmware candidate: in scope, but refused by name.
    const wrong = await t.call('POST', '/iot/upgrade/task/add', {
      token: dealer,
      body: { name: 'Wrong', programId, targetIds: [plants[0]!.battery.id] },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.msg).toContain(plants[0]!.battery.sn);
  });
});
