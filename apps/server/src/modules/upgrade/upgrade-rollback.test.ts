import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../../test/device-loop.ts';
import type { TestApp } from '../../../test/helper.ts';
import type { SimulatedPlant } from '../../../test/simulated-plant.ts';
import { setUpUpgrades, tearDownUpgrades, type UpgradeFixture } from '../../../test/upgrade-fixture.ts';
import { auditLog, firmwareFiles, firmwarePrograms, upgradeTasks } from '../../db/schema/index.ts';

let t: TestApp;
let plants: SimulatedPlant[];
let dealer: string;
let admin: string;
let sent: UpgradeFixture['sent'];
let addProgram: UpgradeFixture['addProgram'];
let task: UpgradeFixture['task'];
let deviceRows: UpgradeFixture['deviceRows'];
let addTask: UpgradeFixture['addTask'];
let simulated: UpgradeFixture['simulated'];
let fx: UpgradeFixture;

beforeAll(async () => {
  fx = await setUpUpgrades();
  ({ t, plants, dealer, admin, sent, addProgram, task, deviceRows, addTask, simulated } = fx);
}, 60_000);
afterAll(() => tearDownUpgrades(fx));

/** Anti-rollback (issue 33): a task never takes a device back to an older version unless a provider said so (fixture in apps/server/test/upgrade-fixture.ts). */
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
    const command = sent.find((c) => c.type === 'firmware.upgrade' && c.body.deviceSn === newer.inverter.sn);
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
      .where(and(eq(auditLog.action, 'firmware.rollbackWithdraw'), eq(auditLog.targetId, String(programId))));
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
    await t.ctx.db.update(firmwareFiles).set({ manifest: null }).where(eq(firmwareFiles.id, program!.fileId));
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
