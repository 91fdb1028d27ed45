import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FirmwareType } from '@pvstar/contract/firmware';
import type { CommandPayload } from '@pvstar/contract/mqtt';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  devices,
  dongles,
  firmwareFiles,
  firmwarePrograms,
  manufacturerKeys,
  manufacturers,
  upgradeTaskDevices,
  upgradeTasks,
} from '../../db/schema/index.ts';
import { createOrg } from '../../db/seed/seed.ts';
import { startDeviceLoop, waitFor } from '../../test/device-loop.ts';
import { addUser, buildTestApp, type TestApp } from '../../test/helper.ts';
import { addSimulatedPlant, type SimulatedPlant } from '../../test/simulated-plant.ts';
import { firmwarePath } from '../firmware/firmware.files.ts';
import { fingerprintOf, generateSigningKey, signImage } from '../firmware/firmware.signature.ts';

/** Upgrade tasks end to end: task → dispatcher → broker → simulated dongles download, check, flash → results. */
describe('firmware upgrade tasks', () => {
  let t: TestApp;
  let dataDir: string;
  let loop: Awaited<ReturnType<typeof startDeviceLoop>>;
  let plants: SimulatedPlant[];
  let bPlant: SimulatedPlant;
  let dealer: string;
  let image: Buffer;
  /** The manufacturer's key pair: the dongles are given the public key, images are signed with the other. */
  const makerKey = generateSigningKey();

  /**
   * A program straight in the database with its image on disk, signed with the manufacturer's key the
   * dongles trust (the firmware module's own tests cover upload). `stored` replaces the bytes on disk
   * after signing, as an attacker with access to the files would.
   */
  async function addProgram(opts: {
    type: FirmwareType;
    version: string;
    sha256?: string;
    sns?: string[];
    stored?: Buffer;
  }) {
    const id = randomBytes(16).toString('hex');
    const file = firmwarePath(t.ctx.config, id);
    const onDisk = opts.stored ?? image;
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, onDisk);
    const [maker] = await t.ctx.db
      .insert(manufacturers)
      .values({ name: `Solplanet ${opts.version}`, abbreviation: 'Solplanet' })
      .onConflictDoNothing()
      .returning({ id: manufacturers.id });
    const [key] = await t.ctx.db
      .insert(manufacturerKeys)
      .values({
        manufacturerId: maker!.id,
        publicKey: makerKey.publicKey,
        fingerprint: fingerprintOf(makerKey.publicKey),
      })
      .returning({ id: manufacturerKeys.id });
    await t.ctx.db.insert(firmwareFiles).values({
      id,
      fileName: `fw-${opts.version}.bin`,
      size: onDisk.length,
      sha256: opts.sha256 ?? createHash('sha256').update(onDisk).digest('hex'),
      signature: signImage(image, makerKey.privatePem),
      keyId: key!.id,
    });
    const [program] = await t.ctx.db
      .insert(firmwarePrograms)
      .values({
        manufacturerId: maker!.id,
        firmwareType: opts.type,
        version: opts.version,
        description: 'Test image',
        descriptions: { zh: 'x', en: 'x', de: 'x', fr: 'x', it: 'x', es: 'x', pl: 'x' },
        supportAll: true,
        fileId: id,
        orgId: 1,
        createdByName: 'admin',
      })
      .returning({ id: firmwarePrograms.id });
    return program!.id;
  }

  const task = async (id: number, token = dealer) =>
    (await t.call('POST', '/iot/upgrade/task/detail', { token, body: { id } })).body.data;
  const deviceRows = async (taskId: number) =>
    (
      await t.call('POST', '/iot/upgrade/task/devices', {
        token: dealer,
        query: { pageNum: 1, pageSize: 50 },
        body: { taskId },
      })
    ).body.data.list;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'pvstar-upgrade-'));
    t = await buildTestApp({ DATA_DIR: dataDir });
    image = randomBytes(200_000);
    loop = await startDeviceLoop(t);
    plants = [];
    for (let i = 0; i < 4; i++)
      plants.push(
        await addSimulatedPlant(t, {
          org: 'Solartechnik Alpha',
          brokerUrl: loop.brokerUrl,
          dongle: { firmwareKeys: [makerKey.publicKey] },
        }),
      );
    bPlant = await addSimulatedPlant(t, {
      org: 'Energie Bravo',
      brokerUrl: loop.brokerUrl,
      dongle: { firmwareKeys: [makerKey.publicKey] },
    });
    for (const p of [...plants, bPlant]) p.dongle.start();
    await waitFor(() => [...plants, bPlant].every((p) => p.dongle.connected), 20_000, 'simulated dongles');
    dealer = await t.login('demo-dealer');
  });
  afterAll(async () => {
    for (const p of [...plants, bPlant]) await p.dongle.stop();
    await loop.stop();
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

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
    const res = await t.call('POST', '/iot/upgrade/task/add', {
      token: dealer,
      body: { name: 'ARM 2.1.0', programId, targetIds: plants.map((p) => p.inverter.id) },
    });
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
    expect(plants[0]!.dongle.versions.get(plants[0]!.inverter.sn)?.INVERTER_ARM).toBe('2.1.0');
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
    const programId = await addProgram({ type: 'DONGLE', version: '3.0.0', sha256: 'ab'.repeat(32) });
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
    const programId = await addProgram({ type: 'INVERTER_DSP', version: '5.0.0', sha256: 'cd'.repeat(32) });
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

  it('sends the image’s SHA-256 and signature; a download link works once, within its lifetime', async () => {
    const noToken = await t.app.inject({ method: 'GET', url: '/iot/firmware/download' });
    expect(noToken.statusCode).toBe(403);
    const forged = await t.app.inject({
      method: 'GET',
      url: `/iot/firmware/download?token=${'x'.repeat(43)}`,
    });
    expect(forged.statusCode).toBe(403);
    // A link handed out, used, and then expired.
    const sent: CommandPayload[] = [];
    const publish = t.ctx.publishCommand;
    t.ctx.publishCommand = (sn, command) => {
      sent.push(command);
      publish(sn, command);
    };
    const programId = await addProgram({ type: 'INVERTER_ARM', version: '9.9.9' });
    await plants[2]!.dongle.stop();
    const res = await t.call('POST', '/iot/upgrade/task/add', {
      token: dealer,
      body: { name: 'Offline', programId, targetIds: [plants[2]!.inverter.id] },
    });
    const id = res.body.data.id;
    // The dispatcher marks the device SENT, then publishes: wait for both (a CI run saw SENT first).
    const upgradeCommand = () =>
      sent.find((c) => c.type === 'firmware.upgrade' && c.body.version === '9.9.9');
    await waitFor(
      async () => (await deviceRows(id))[0].status === 'SENT' && upgradeCommand() !== undefined,
      10_000,
      'sent',
    );
    const command = upgradeCommand()!;
    expect(command.body).toMatchObject({
      sha256: createHash('sha256').update(image).digest('hex'),
      signature: signImage(image, makerKey.privatePem),
      keyId: fingerprintOf(makerKey.publicKey),
    });
    const url = new URL(String(command.body.url));
    expect(url.searchParams.get('token')!.length).toBeGreaterThanOrEqual(43);
    const download = await fetch(url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain('attachment');
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    const body = Buffer.from(await download.arrayBuffer());
    expect(createHash('sha256').update(body).digest('hex')).toBe(command.body.sha256);
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

  it('a dongle refuses an image that does not carry its manufacturer’s signature, and reports why', async () => {
    // Same size, hash recomputed by whoever swapped the file: only the signature gives it away.
    const swapped = randomBytes(image.length);
    const programId = await addProgram({ type: 'INVERTER_ARM', version: '6.6.6', stored: swapped });
    const target = plants[3]!;
    const res = await t.call('POST', '/iot/upgrade/task/add', {
      token: dealer,
      body: { name: 'Tampered', programId, targetIds: [target.inverter.id] },
    });
    expect(res.status).toBe(200);
    const id = res.body.data.id;
    await waitFor(async () => (await task(id)).status === 'COMPLETED', 30_000, 'task finished');
    const [row] = await deviceRows(id);
    expect(row.status).toBe('FAILED');
    expect(row.reason).toBe('signature check failed: signature mismatch');
    const [inv] = await t.ctx.db.select().from(devices).where(eq(devices.id, target.inverter.id));
    expect(inv!.versions.inverter).not.toBe('6.6.6');
    expect(target.dongle.versions.get(target.inverter.sn)?.INVERTER_ARM).not.toBe('6.6.6');
    const history = await t.call('POST', '/iot/upgrade/task/history', {
      token: dealer,
      body: { id: row.id },
    });
    expect(history.body.data.map((h: { status: string }) => h.status)).not.toContain('SUCCEEDED');
  });

  it('halts a running task whose signing key is retired, and refuses new tasks with it', async () => {
    const programId = await addProgram({ type: 'INVERTER_DSP', version: '7.7.7' });
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const res = await t.call('POST', '/iot/upgrade/task/add', {
      token: dealer,
      body: { name: 'Retired later', programId, targetIds: [plants[0]!.inverter.id], startAt: later },
    });
    expect(res.status).toBe(200);
    const [program] = await t.ctx.db
      .select()
      .from(firmwarePrograms)
      .where(eq(firmwarePrograms.id, programId));
    const [file] = await t.ctx.db.select().from(firmwareFiles).where(eq(firmwareFiles.id, program!.fileId));
    await t.ctx.db
      .update(manufacturerKeys)
      .set({ retiredAt: new Date() })
      .where(eq(manufacturerKeys.id, file!.keyId!));
    await t.ctx.db
      .update(upgradeTasks)
      .set({ startAt: new Date() })
      .where(eq(upgradeTasks.id, res.body.data.id));
    await waitFor(async () => (await task(res.body.data.id)).status === 'HALTED', 10_000, 'halted');
    expect((await deviceRows(res.body.data.id))[0].status).toBe('QUEUED');
    const refused = await t.call('POST', '/iot/upgrade/task/add', {
      token: dealer,
      body: { name: 'Retired', programId, targetIds: [plants[0]!.inverter.id] },
    });
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
