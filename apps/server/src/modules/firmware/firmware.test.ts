import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { FIRMWARE_MAX_BYTES } from '@pvstar/contract/firmware';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  descriptions,
  type FirmwareFixture,
  nextVersion,
  setUpFirmware,
  tearDownFirmware,
  workbook,
} from '../../../test/firmware-fixture.ts';
import { addUser, orgIdByName, type TestApp, userIdByName } from '../../../test/helper.ts';
import {
  auditLog,
  firmwareFiles,
  firmwareProgramSns,
  firmwarePrograms,
  upgradeTasks,
} from '../../db/schema/index.ts';
import { createOrg } from '../../db/seed/seed.ts';
import { firmwarePath, removeUnusedUploads } from './firmware.files.ts';

/**
 * Firmware uploads and programs: add, visibility and rights, delete, housekeeping (fixture in
 * firmware-fixture.ts; signatures and keys in firmware-signature.test.ts, serial-number sheets in
 * firmware-sn-sheet.test.ts).
 */

let t: TestApp;
let dataDir: string;
let admin: string;
let dealer: string;
let instA: string;
let guest: string;
let demo: string;
let makerId: number;
let makerName: string;
let upload: FirmwareFixture['upload'];
let post: FirmwareFixture['post'];
let page: FirmwareFixture['page'];
let addBody: FirmwareFixture['addBody'];
let uploaded: FirmwareFixture['uploaded'];
let addProgram: FirmwareFixture['addProgram'];
let storedFiles: FirmwareFixture['storedFiles'];
let parseSn: FirmwareFixture['parseSn'];

beforeAll(async () => {
  ({
    t,
    dataDir,
    admin,
    dealer,
    instA,
    guest,
    demo,
    makerId,
    makerName,
    upload,
    post,
    page,
    addBody,
    uploaded,
    addProgram,
    storedFiles,
    parseSn,
  } = await setUpFirmware());
});
afterAll(async () => {
  await tearDownFirmware({ t, dataDir });
});

describe('upload', () => {
  it('stores a .bin under DATA_DIR with its SHA-256 and a clean name', async () => {
    const bytes = randomBytes(300_000);
    const res = await upload(admin, bytes, '..\\images/Firmware-2.1.BIN');
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('Uploaded');
    const file = res.body.data as { fileId: string; fileName: string; size: number; sha256: string };
    expect(file.fileId).toMatch(/^[a-f0-9]{32}$/);
    expect(file.fileName).toBe('Firmware-2.1.BIN');
    expect(file.size).toBe(bytes.length);
    expect(file.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    const stored = firmwarePath(t.ctx.config, file.fileId);
    expect(stored).toBe(path.join(path.resolve(dataDir), 'files', 'firmware', `${file.fileId}.bin`));
    expect(fs.readFileSync(stored).equals(bytes)).toBe(true);
    const [row] = await t.ctx.db.select().from(firmwareFiles).where(eq(firmwareFiles.id, file.fileId));
    expect(row).toMatchObject({
      size: bytes.length,
      sha256: file.sha256,
      uploadedBy: await userIdByName(t, 'admin'),
    });
  });

  it('refuses other names (415), no file (400), an empty file (400), and leaves nothing behind', async () => {
    const before = storedFiles().length;
    for (const name of ['notes.txt', 'image.png', 'fw.bin.exe', 'bin']) {
      const res = await upload(admin, randomBytes(64), name);
      expect(res.status, name).toBe(415);
      expect(res.body.msg).toBe('The file format is incorrect');
    }
    const none = await upload(admin, null);
    expect(none.status).toBe(400);
    expect(none.body.msg).toBe('Cannot find file, Please select again');
    const empty = await upload(admin, Buffer.alloc(0));
    expect(empty.status).toBe(400);
    expect(empty.body.msg).toBe('The file is empty');
    const plain = await t.call('POST', '/iot/firmware/upload', { token: admin, body: {} });
    expect(plain.status).toBe(415);
    expect(storedFiles().length).toBe(before);
  });

  it('refuses a file over the limit (413) and removes the part written', async () => {
    const before = storedFiles().length;
    const res = await upload(admin, Buffer.alloc(FIRMWARE_MAX_BYTES + 1, 7));
    expect(res.status).toBe(413);
    expect(res.body.msg).toBe('The file is larger than 32 MB');
    expect(storedFiles().length).toBe(before);
  });
});

describe('add', () => {
  it('adds a program with every field, its serial numbers, and an audit row', async () => {
    const version = nextVersion();
    const fileId = await uploaded(admin, { firmwareType: 'DONGLE', version, models: ['WIFI-KIT'] });
    const body = addBody(fileId, {
      status: 'DISABLED',
      supportAll: false,
      supportedSns: ['dgl-000001', ' DGL-000002', 'DGL-000001'],
    });
    const res = await post('/iot/firmware/add', admin, body);
    expect(res.status, res.body.msg).toBe(200);
    expect(res.body.msg).toBe('Saved');
    const id = res.body.data.id as number;
    const sns = await t.ctx.db
      .select({ sn: firmwareProgramSns.sn })
      .from(firmwareProgramSns)
      .where(eq(firmwareProgramSns.programId, id))
      .orderBy(asc(firmwareProgramSns.sn));
    expect(sns.map((s) => s.sn)).toEqual(['DGL-000001', 'DGL-000002']);
    const row = (await page(admin, { version })).list[0]!;
    expect(row).toMatchObject({
      id,
      manufacturerId: makerId,
      manufacturer: makerName,
      firmwareType: 'DONGLE',
      version,
      models: ['WIFI-KIT'],
      rollback: null,
      status: 'DISABLED',
      description: body.description,
      descriptions: body.descriptions,
      supportAll: false,
      supportedCount: 2,
      fileName: 'fw.bin',
      size: 2048,
      taskCount: 0,
      createdBy: 'Administrator',
      editable: true,
    });
    expect(row.sha256).toMatch(/^[a-f0-9]{64}$/);
    expect(Number.isNaN(Date.parse(row.createTime))).toBe(false);
    const [entry] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'firmware.add'), eq(auditLog.targetId, String(id))));
    expect(entry?.username).toBe('admin');
  });

  it('needs the descriptions confirmed', async () => {
    const fileId = await uploaded();
    const { descriptionsConfirmed: _, ...missing } = addBody(fileId);
    for (const body of [missing, addBody(fileId, { descriptionsConfirmed: false })]) {
      const res = await post('/iot/firmware/add', admin, body);
      expect([400, 422]).toContain(res.status);
      expect(res.body.data.fields.map((f: { field: string }) => f.field)).toContain('descriptionsConfirmed');
    }
  });

  it('refuses a version taken for the manufacturer and type (409), but not for another type', async () => {
    const version = nextVersion();
    expect((await post('/iot/firmware/add', admin, addBody(await uploaded(admin, { version })))).status).toBe(
      200,
    );
    const again = await post('/iot/firmware/add', admin, addBody(await uploaded(admin, { version })));
    expect(again.status).toBe(409);
    expect(again.body.data.fields).toEqual([
      { field: 'version', message: 'This version of this firmware type already exists for the manufacturer' },
    ]);
    const dsp = await post(
      '/iot/firmware/add',
      admin,
      addBody(await uploaded(admin, { version, firmwareType: 'INVERTER_DSP' })),
    );
    expect(dsp.status).toBe(200);
  });

  it('needs an unused upload of the caller, an existing manufacturer and, for some devices, their serial numbers', async () => {
    const used = await uploaded();
    expect((await post('/iot/firmware/add', admin, addBody(used))).status).toBe(200);
    const fieldOf = async (body: unknown, token = admin) => {
      const res = await post('/iot/firmware/add', token, body);
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      return res.body.data.fields[0].field as string;
    };
    expect(await fieldOf(addBody(used))).toBe('fileId');
    expect(await fieldOf(addBody('0'.repeat(32)))).toBe('fileId');
    // Another user's upload is not the caller's to name.
    expect(await fieldOf(addBody(await uploaded(admin)), dealer)).toBe('fileId');
    const fresh = await uploaded();
    expect(await fieldOf(addBody(fresh, { manufacturerId: 999_999 }))).toBe('manufacturerId');
    expect(await fieldOf(addBody(fresh, { supportAll: false }))).toBe('supportedSns');
    expect(await fieldOf(addBody(fresh, { supportAll: false, supportedSns: ['INV-000001', 'no!'] }))).toBe(
      'supportedSns.1',
    );
    // The refusals took nothing: the upload is still free.
    expect((await post('/iot/firmware/add', admin, addBody(fresh))).status).toBe(200);
  });
});

describe('visibility and rights', () => {
  let providerProgram: number;
  let dealerProgram: number;
  let bravoProgram: number;
  let alphaManager: string;
  let bravoManager: string;

  beforeAll(async () => {
    providerProgram = await addProgram(admin);
    dealerProgram = await addProgram(dealer);
    // Program managers inside the two sibling installers (the installer role itself lacks 2009).
    const [a, b] = await Promise.all([
      addUser(t, { org: 'Solartechnik Alpha', roles: ['DEALER_ADMIN'], prefix: 'fwa' }),
      addUser(t, { org: 'Energie Bravo', roles: ['DEALER_ADMIN'], prefix: 'fwb' }),
    ]);
    [alphaManager, bravoManager] = await Promise.all([t.login(a.username), t.login(b.username)]);
    bravoProgram = await addProgram(bravoManager);
  });

  it('shows the provider everything, each organisation its own, its subtree and its ancestors', async () => {
    const all = await page(admin);
    const ids = all.list.map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining([providerProgram, dealerProgram, bravoProgram]));
    expect(all.list.every((r) => r.editable)).toBe(true);
    // Newest first.
    expect(ids.indexOf(bravoProgram)).toBeLessThan(ids.indexOf(dealerProgram));

    const mine = await page(dealer);
    const editable = Object.fromEntries(mine.list.map((r) => [r.id, r.editable]));
    expect(editable[dealerProgram]).toBe(true);
    expect(editable[providerProgram]).toBe(false);
    expect(editable[bravoProgram]).toBe(true);
    expect(mine.total).toBe(all.total);

    const alpha = await page(alphaManager);
    const alphaIds = alpha.list.map((r) => r.id);
    expect(alphaIds).toEqual(expect.arrayContaining([providerProgram, dealerProgram]));
    expect(alphaIds).not.toContain(bravoProgram);
    expect(alpha.list.every((r) => !r.editable)).toBe(true);

    const filtered = await page(dealer, {
      firmwareType: 'INVERTER_DSP',
      status: 'ENABLED',
      manufacturerId: makerId,
    });
    expect(filtered.list.every((r) => r.firmwareType === 'INVERTER_DSP')).toBe(true);
  });

  it('is closed to installers and guests (403); the demo login may read but not write', async () => {
    for (const token of [instA, guest]) {
      expect((await t.call('POST', '/iot/firmware/page', { token, body: {} })).status).toBe(403);
      expect((await upload(token, randomBytes(16))).status).toBe(403);
    }
    expect((await page(demo)).total).toBeGreaterThan(0);
    expect((await upload(demo, randomBytes(16))).status).toBe(403);
    expect((await parseSn(demo, await workbook([['INV-000001']]))).status).toBe(403);
    expect((await post('/iot/firmware/add', demo, addBody('0'.repeat(32)))).status).toBe(403);
    expect((await post('/iot/firmware/edit', demo, editBody(dealerProgram))).status).toBe(403);
    expect((await post('/iot/firmware/status', demo, { id: dealerProgram, status: 'DISABLED' })).status).toBe(
      403,
    );
    expect((await post('/iot/firmware/delete', demo, { id: dealerProgram })).status).toBe(403);
  });

  const editBody = (id: number) => ({
    id,
    description: 'Edited',
    descriptions: descriptions('Edited'),
    descriptionsConfirmed: true,
  });

  it('lets a parent’s program be used but not changed (403), and hides other branches (404)', async () => {
    const actions = (id: number) =>
      [
        ['/iot/firmware/edit', editBody(id)],
        ['/iot/firmware/status', { id, status: 'DISABLED' }],
        ['/iot/firmware/delete', { id }],
      ] as const;
    for (const [url, body] of actions(providerProgram))
      expect((await post(url, dealer, body)).status, url).toBe(403);
    for (const [url, body] of actions(dealerProgram))
      expect((await post(url, alphaManager, body)).status, url).toBe(403);
    for (const [url, body] of actions(bravoProgram))
      expect((await post(url, alphaManager, body)).status, url).toBe(404);
    for (const [url, body] of actions(999_999)) expect((await post(url, dealer, body)).status, url).toBe(404);

    // An organisation outside the dealer's line entirely.
    const other = await createOrg(t.ctx.db, {
      name: 'Fremdhandel AG',
      type: 'DEALER',
      parentId: await orgIdByName(t, 'PVSTAR'),
    });
    const fileId = await uploaded();
    const [foreign] = await t.ctx.db
      .insert(firmwarePrograms)
      .values({
        manufacturerId: makerId,
        firmwareType: 'INVERTER_ARM',
        version: nextVersion(),
        description: 'x',
        descriptions: descriptions('x') as never,
        fileId,
        orgId: other,
        createdByName: 'x',
      })
      .returning({ id: firmwarePrograms.id });
    expect((await page(dealer)).list.map((r) => r.id)).not.toContain(foreign!.id);
    for (const [url, body] of actions(foreign!.id))
      expect((await post(url, dealer, body)).status, url).toBe(404);

    const [row] = await t.ctx.db
      .select()
      .from(firmwarePrograms)
      .where(eq(firmwarePrograms.id, providerProgram));
    expect(row).toMatchObject({ status: 'ENABLED', description: 'Fixes the grid reconnection delay' });
  });

  it('lets the owning organisation (and those above it) edit and switch a program, audited', async () => {
    const edited = await post('/iot/firmware/edit', dealer, editBody(bravoProgram));
    expect(edited.status).toBe(200);
    const status = await post('/iot/firmware/status', bravoManager, { id: bravoProgram, status: 'DISABLED' });
    expect(status.status).toBe(200);
    const [row] = await t.ctx.db.select().from(firmwarePrograms).where(eq(firmwarePrograms.id, bravoProgram));
    expect(row).toMatchObject({
      status: 'DISABLED',
      description: 'Edited',
      descriptions: descriptions('Edited'),
    });
    const actions = await t.ctx.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'firmwareProgram'), eq(auditLog.targetId, String(bravoProgram))));
    expect(actions.map((a) => a.action).sort()).toEqual(['firmware.add', 'firmware.edit', 'firmware.status']);
  });
});

describe('delete', () => {
  it('is refused while an upgrade task uses the program, then removes program, list, upload and file', async () => {
    const id = await addProgram(dealer, { supportAll: false, supportedSns: ['INV-000010', 'INV-000011'] });
    const [program] = await t.ctx.db.select().from(firmwarePrograms).where(eq(firmwarePrograms.id, id));
    const stored = firmwarePath(t.ctx.config, program!.fileId);
    expect(fs.existsSync(stored)).toBe(true);
    const [task] = await t.ctx.db
      .insert(upgradeTasks)
      .values({
        name: 'Roll-out',
        programId: id,
        orgId: program!.orgId,
        status: 'SCHEDULED',
        startAt: new Date(),
        firstBatchPercent: 100,
        successThreshold: 90,
        createdByName: 'fixture',
      })
      .returning({ id: upgradeTasks.id });
    expect((await page(dealer)).list.find((r) => r.id === id)?.taskCount).toBe(1);

    const refused = await post('/iot/firmware/delete', dealer, { id });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe('Used by 1 upgrade task: it cannot be deleted');
    expect(fs.existsSync(stored)).toBe(true);

    await t.ctx.db.delete(upgradeTasks).where(eq(upgradeTasks.id, task!.id));
    const res = await post('/iot/firmware/delete', dealer, { id });
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('Deleted');
    expect(fs.existsSync(stored)).toBe(false);
    const count = async (
      table: typeof firmwareFiles | typeof firmwarePrograms | typeof firmwareProgramSns,
      where: any,
    ) => (await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(table).where(where))[0]!.n;
    expect(await count(firmwarePrograms, eq(firmwarePrograms.id, id))).toBe(0);
    expect(await count(firmwareProgramSns, eq(firmwareProgramSns.programId, id))).toBe(0);
    expect(await count(firmwareFiles, eq(firmwareFiles.id, program!.fileId))).toBe(0);
    const [entry] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'firmware.delete'), eq(auditLog.targetId, String(id))));
    expect(entry?.username).toBe('demo-dealer');
  });
});

describe('housekeeping', () => {
  it('removes day-old uploads no program names, and stray files, keeping the rest', async () => {
    const old = await uploaded();
    const recent = await uploaded();
    const usedProgram = await addProgram(admin);
    const [used] = await t.ctx.db
      .select({ fileId: firmwarePrograms.fileId })
      .from(firmwarePrograms)
      .where(eq(firmwarePrograms.id, usedProgram));
    const twoDaysAgo = new Date(Date.now() - 48 * 3_600_000);
    await t.ctx.db.update(firmwareFiles).set({ createdAt: twoDaysAgo }).where(eq(firmwareFiles.id, old));
    await t.ctx.db
      .update(firmwareFiles)
      .set({ createdAt: twoDaysAgo })
      .where(eq(firmwareFiles.id, used!.fileId));
    const stray = firmwarePath(t.ctx.config, 'f'.repeat(32));
    const freshStray = firmwarePath(t.ctx.config, 'e'.repeat(32));
    fs.writeFileSync(stray, 'x');
    fs.writeFileSync(freshStray, 'x');
    fs.utimesSync(stray, twoDaysAgo, twoDaysAgo);

    const removed = await removeUnusedUploads(t.ctx.db, dataDir);
    expect(removed.uploads).toBeGreaterThanOrEqual(1);
    expect(removed.orphans).toBe(1);
    expect(fs.existsSync(firmwarePath(t.ctx.config, old))).toBe(false);
    expect(fs.existsSync(stray)).toBe(false);
    for (const kept of [recent, used!.fileId])
      expect(fs.existsSync(firmwarePath(t.ctx.config, kept))).toBe(true);
    expect(fs.existsSync(freshStray)).toBe(true);
    const ids = (await t.ctx.db.select({ id: firmwareFiles.id }).from(firmwareFiles)).map((r) => r.id);
    expect(ids).not.toContain(old);
    expect(ids).toEqual(expect.arrayContaining([recent, used!.fileId]));
    fs.rmSync(freshStray);
  });
});
