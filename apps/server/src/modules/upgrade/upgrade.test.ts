import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FirmwareManifest, FirmwareType } from '@pvstar/contract/firmware';
import type { CommandPayload } from '@pvstar/contract/mqtt';
import { SIMULATED_DONGLE_MODEL } from '@pvstar/simulator/dongle';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
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
import { manifestOf } from '../../test/firmware-signing.ts';
import { addUser, buildTestApp, type TestApp } from '../../test/helper.ts';
import { addSimulatedPlant, SIMULATED_MODELS, type SimulatedPlant } from '../../test/simulated-plant.ts';
import { firmwarePath } from '../firmware/firmware.files.ts';
import { fingerprintOf, generateSigningKey, signManifest } from '../firmware/firmware.signature.ts';

const MODELS: Record<FirmwareType, string[]> = {
  INVERTER_ARM: [SIMULATED_MODELS.inverter],
  INVERTER_DSP: [SIMULATED_MODELS.inverter],
  BATTERY_BMS: [SIMULATED_MODELS.battery],
  DONGLE: [SIMULATED_DONGLE_MODEL],
};

/** Upgrade tasks end to end: task → dispatcher → broker → simulated dongles check, download, flash → results. */
describe('firmware upgrade tasks', () => {
  let t: TestApp;
  let dataDir: string;
  let loop: Awaited<ReturnType<typeof startDeviceLoop>>;
  let plants: SimulatedPlant[];
  let bPlant: SimulatedPlant;
  let dealer: string;
  let admin: string;
  let image: Buffer;
  /** The manufacturer's key pair: the dongles are given the public key, manifests are signed with the other. */
  const makerKey = generateSigningKey();
  let maker: Maker;
  const sent: CommandPayload[] = [];

  type Maker = { id: number; keyId: number; key: ReturnType<typeof generateSigningKey> };
  /** A manufacturer the devices' "Solplanet" names (its short name), with a signing key of its own. */
  async function newMaker(key = makerKey): Promise<Maker> {
    const [m] = await t.ctx.db
      .insert(manufacturers)
      .values({ name: `Solplanet ${randomBytes(3).toString('hex')}`, abbreviation: 'Solplanet' })
      .returning({ id: manufacturers.id });
    const [k] = await t.ctx.db
      .insert(manufacturerKeys)
      .values({ manufacturerId: m!.id, publicKey: key.publicKey, fingerprint: fingerprintOf(key.publicKey) })
      .returning({ id: manufacturerKeys.id });
    return { id: m!.id, keyId: k!.id, key };
  }

  /**
   * A program straight in the database with its image on disk and its manifest signed with the
   * manufacturer's key the dongles trust (the firmware module's own tests cover upload). `manifest`
   * changes what the manufacturer signed; `stored` replaces the bytes on disk and `tampered` the stored
   * manifest after signing, as an attacker with access to the files and the database would.
   */
  async function addProgram(opts: {
    type: FirmwareType;
    version: string;
    manifest?: Partial<FirmwareManifest>;
    stored?: Buffer;
    tampered?: Partial<FirmwareManifest>;
    of?: Maker;
  }) {
    const id = randomBytes(16).toString('hex');
    const file = firmwarePath(t.ctx.config, id);
    const onDisk = opts.stored ?? image;
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, onDisk);
    const by = opts.of ?? maker;
    const manifest = manifestOf('Solplanet', image, {
      firmwareType: opts.type,
      version: opts.version,
      models: MODELS[opts.type],
      ...opts.manifest,
    });
    await t.ctx.db.insert(firmwareFiles).values({
      id,
      fileName: `fw-${opts.version}.bin`,
      size: onDisk.length,
      sha256: createHash('sha256').update(onDisk).digest('hex'),
      signature: signManifest(manifest, by.key.privatePem),
      manifest: { ...manifest, ...opts.tampered },
      keyId: by.keyId,
    });
    const [program] = await t.ctx.db
      .insert(firmwarePrograms)
      .values({
        manufacturerId: by.id,
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
  const addTask = (body: Record<string, unknown>, token = dealer) =>
    t.call('POST', '/iot/upgrade/task/add', { token, body: { name: 'Task', ...body } });
  const simulated = (opts: Partial<Parameters<typeof addSimulatedPlant>[1]> = {}) =>
    addSimulatedPlant(t, {
      org: 'Solartechnik Alpha',
      brokerUrl: loop.brokerUrl,
      dongle: { firmwareKeys: [makerKey.publicKey] },
      ...opts,
    });

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'pvstar-upgrade-'));
    t = await buildTestApp({ DATA_DIR: dataDir });
    image = randomBytes(200_000);
    loop = await startDeviceLoop(t);
    maker = await newMaker();
    plants = [];
    for (let i = 0; i < 4; i++) plants.push(await simulated());
    bPlant = await simulated({ org: 'Energie Bravo' });
    for (const p of [...plants, bPlant]) p.dongle.start();
    await waitFor(() => [...plants, bPlant].every((p) => p.dongle.connected), 20_000, 'simulated dongles');
    [dealer, admin] = await Promise.all([t.login('demo-dealer'), t.login('admin')]);
    const publish = t.ctx.publishCommand;
    t.ctx.publishCommand = (sn, command) => {
      sent.push(command);
      publish(sn, command);
    };
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

  describe('anti-rollback', () => {
    let newer: SimulatedPlant;
    beforeAll(async () => {
      // The cloud has V2.3.5 for its inverter, and the device runs it.
      newer = await simulated({ versions: { inverter: 'V2.3.5', dsp: 'V2.3.5' } });
      newer.dongle.start();
      await waitFor(() => newer.dongle.connected, 20_000, 'dongle of V2.3.5');
    });
    afterAll(() => newer.dongle.stop());

    it('refuses a task that takes a device back to an older version unless a provider marks the program a rollback', async () => {
      const programId = await addProgram({ type: 'INVERTER_ARM', version: '0.0.1' });
      const candidates = await t.call('POST', '/iot/upgrade/candidates', {
        token: dealer,
        query: { pageNum: 1, pageSize: 50 },
        body: { programId, sn: newer.inverter.sn },
      });
      expect(candidates.body.data.list).toEqual([
        expect.objectContaining({ sn: newer.inverter.sn, currentVersion: 'V2.3.5', downgrade: true }),
      ]);
      const refused = await addTask({ programId, targetIds: [newer.inverter.id] });
      expect(refused.status).toBe(422);
      expect(refused.body.data.fields[0].field).toBe('targetIds');
      expect(refused.body.msg).toBe(
        `Devices: ${newer.inverter.sn} runs V2.3.5, newer than 0.0.1: only a program marked as a rollback may go back`,
      );
      expect(
        (await t.ctx.db.select().from(upgradeTasks).where(eq(upgradeTasks.programId, programId))).length,
      ).toBe(0);

      // Only the provider decides, and says why.
      const byDealer = await t.call('POST', '/iot/firmware/rollback', {
        token: dealer,
        body: { id: programId, reason: 'V2.3.5 drops the grid' },
      });
      expect(byDealer.status).toBe(403);
      expect(byDealer.body.msg).toBe('Only the provider’s administrators may mark a program as a rollback');
      const noReason = await t.call('POST', '/iot/firmware/rollback', {
        token: admin,
        body: { id: programId, reason: ' ' },
      });
      expect(noReason.status).toBe(400);
      const reason = 'V2.3.5 trips on Italian grids (CEI 0-21): back to the last good image';
      const marked = await t.call('POST', '/iot/firmware/rollback', {
        token: admin,
        body: { id: programId, reason },
      });
      expect(marked.status).toBe(200);
      const [mark] = await t.ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'firmware.rollback'), eq(auditLog.targetId, String(programId))));
      expect(mark).toMatchObject({
        username: 'admin',
        detail: expect.objectContaining({ reason, version: '0.0.1' }),
      });

      const res = await addTask({ name: 'Back to 0.0.1', programId, targetIds: [newer.inverter.id] });
      expect(res.status).toBe(200);
      const id = res.body.data.id;
      expect((await task(id)).rollback).toEqual({
        reason,
        markedBy: 'Administrator',
        markedAt: expect.any(String),
      });
      const [added] = await t.ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'upgrade.add'), eq(auditLog.targetId, String(id))));
      expect(added!.detail).toMatchObject({
        rollback: reason,
        downgrades: 1,
        downgraded: [{ sn: newer.inverter.sn, from: 'V2.3.5' }],
      });
      await waitFor(async () => (await task(id)).status === 'COMPLETED', 30_000, 'rollback finished');
      const [row] = await deviceRows(id);
      expect(row).toMatchObject({ status: 'SUCCEEDED', fromVersion: 'V2.3.5', toVersion: '0.0.1' });
      expect(newer.dongle.versions.get(newer.inverter.sn)?.inverter).toBe('0.0.1');
      const command = sent.find(
        (c) => c.type === 'firmware.upgrade' && c.body.deviceSn === newer.inverter.sn,
      );
      expect(command?.body.rollback).toBe(true);

      // Withdrawn, audited: a task made with the mark sends nothing more.
      const later = await addTask({
        name: 'Later rollback',
        programId,
        targetIds: [plants[1]!.inverter.id],
        startAt: new Date(Date.now() + 3_600_000).toISOString(),
      });
      expect(later.status).toBe(200);
      const withdrawn = await t.call('POST', '/iot/firmware/rollback', {
        token: admin,
        body: { id: programId, reason: null },
      });
      expect(withdrawn.status).toBe(200);
      const [unmark] = await t.ctx.db
        .select()
        .from(auditLog)
        .where(
          and(eq(auditLog.action, 'firmware.rollbackWithdraw'), eq(auditLog.targetId, String(programId))),
        );
      expect(unmark?.detail).toMatchObject({ reason });
      await t.ctx.db
        .update(upgradeTasks)
        .set({ startAt: new Date() })
        .where(eq(upgradeTasks.id, later.body.data.id));
      await waitFor(async () => (await task(later.body.data.id)).status === 'HALTED', 10_000, 'halted');
      expect((await task(later.body.data.id, admin)).statusReason).toBe(
        'The program’s rollback mark was withdrawn: nothing more is sent',
      );
      expect((await deviceRows(later.body.data.id))[0].status).toBe('QUEUED');
    });

    it('a dongle refuses a downgrade the cloud did not know about', async () => {
      // The cloud still has 1.0.0; the device was updated to V5.0.0 behind its back.
      const stale = await simulated({ running: { inverter: 'V5.0.0', dsp: '1.0.0' } });
      stale.dongle.start();
      try {
        await waitFor(() => stale.dongle.connected, 20_000, 'stale dongle');
        const programId = await addProgram({ type: 'INVERTER_ARM', version: '2.0.0' });
        const res = await addTask({ programId, targetIds: [stale.inverter.id] });
        expect(res.status).toBe(200);
        await waitFor(async () => (await task(res.body.data.id)).status === 'COMPLETED', 30_000, 'refused');
        const [row] = await deviceRows(res.body.data.id);
        expect(row).toMatchObject({ status: 'FAILED', reason: 'downgrade refused: running V5.0.0' });
        expect(stale.dongle.versions.get(stale.inverter.sn)?.inverter).toBe('V5.0.0');
      } finally {
        await stale.dongle.stop();
      }
    });

    it('goes only to the models its manifest names', async () => {
      const programId = await addProgram({
        type: 'INVERTER_ARM',
        version: '3.1.0',
        manifest: { models: ['ASW5K-S'] },
      });
      const res = await addTask({ programId, targetIds: [plants[0]!.inverter.id] });
      expect(res.status).toBe(422);
      expect(res.body.msg).toContain(plants[0]!.inverter.sn);
    });

    it('starts nothing with a program from before manifests; running tasks with one halt', async () => {
      const programId = await addProgram({ type: 'INVERTER_ARM', version: '1.5.0' });
      const [program] = await t.ctx.db
        .select()
        .from(firmwarePrograms)
        .where(eq(firmwarePrograms.id, programId));
      // As migration 0038 leaves them: the image signed alone, no manifest, the program legacy.
      await t.ctx.db
        .update(firmwareFiles)
        .set({ manifest: null })
        .where(eq(firmwareFiles.id, program!.fileId));
      await t.ctx.db.update(firmwarePrograms).set({ legacy: true }).where(eq(firmwarePrograms.id, programId));
      const refused = await addTask({ programId, targetIds: [plants[0]!.inverter.id] });
      expect(refused.status).toBe(422);
      expect(refused.body.msg).toBe(
        'Program: This program was registered before signed manifests: it cannot be rolled out; register the image again with its manifest',
      );
      const [running] = await t.ctx.db
        .insert(upgradeTasks)
        .values({
          name: 'From before',
          programId,
          orgId: 1,
          status: 'RUNNING',
          startAt: new Date(),
          firstBatchPercent: 100,
          successThreshold: 90,
          stage: 2,
          createdByName: 'admin',
        })
        .returning({ id: upgradeTasks.id });
      await waitFor(async () => (await task(running!.id, admin)).status === 'HALTED', 10_000, 'halted');
    });
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
