import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Answer,
  descriptions,
  type FirmwareFixture,
  fieldsOf,
  nextVersion,
  setUpFirmware,
  tearDownFirmware,
} from '../../../test/firmware-fixture.ts';
import { signedFile, type TestSigner } from '../../../test/firmware-signing.ts';
import { type TestApp, userIdByName } from '../../../test/helper.ts';
import {
  auditLog,
  firmwareFiles,
  firmwarePrograms,
  manufacturerKeys,
  manufacturers,
} from '../../db/schema/index.ts';
import { generateSigningKey } from './firmware.signature.ts';

/**
 * What a firmware image is comes from its manufacturer's signed manifest, never from a form; a signing
 * key belongs to one manufacturer for ever (fixture in firmware-fixture.ts; roll-outs and rollbacks in
 * modules/upgrade/upgrade.test.ts).
 */

let t: TestApp;
let dataDir: string;
let admin: string;
let dealer: string;
let makerId: number;
let signer: TestSigner;
let upload: FirmwareFixture['upload'];
let post: FirmwareFixture['post'];
let page: FirmwareFixture['page'];
let addBody: FirmwareFixture['addBody'];
let addProgram: FirmwareFixture['addProgram'];

beforeAll(async () => {
  ({ t, dataDir, admin, dealer, makerId, signer, upload, post, page, addBody, addProgram } =
    await setUpFirmware());
});
afterAll(async () => {
  await tearDownFirmware({ t, dataDir });
});

const add = (body: Record<string, unknown>, token = admin) => post('/iot/firmware/add', token, body);

describe('the signed manifest decides what an image is', () => {
  it('refuses the same signed bytes as another version or type: the form cannot relabel them', async () => {
    const bytes = randomBytes(4096);
    const version = nextVersion();
    const signed = signer.signed(bytes, { version, firmwareType: 'DONGLE', models: ['WIFI-KIT'] });
    const first = await upload(admin, bytes, 'fw.bin', { manifest: signed });
    expect(first.status, first.body.msg).toBe(200);
    expect(first.body.data.manifest).toMatchObject({ version, firmwareType: 'DONGLE', models: ['WIFI-KIT'] });
    const fileId = first.body.data.fileId as string;
    const before = (await page(admin)).total;
    for (const [field, value, said] of [
      ['version', '0.0.1', version],
      ['version', '9.9.9', version],
      ['firmwareType', 'BATTERY_BMS', 'DONGLE'],
    ] as const) {
      const res = await add(addBody(fileId, { [field]: value }));
      expect(res.status, `${field} ${value}`).toBe(422);
      expect(fieldsOf(res as Answer)).toEqual([field]);
      expect(res.body.msg).toBe(
        `${field === 'version' ? 'Version' : 'Firmware type'}: The signed manifest says “${said}”`,
      );
    }
    expect((await page(admin)).total).toBe(before);
    // Without them, or with the manifest's, the program is what the manufacturer signed.
    const added = await add(addBody(fileId, { version, firmwareType: 'DONGLE' }));
    expect(added.status).toBe(200);
    const row = (await page(admin)).list.find((p) => p.id === added.body.data.id)!;
    expect(row).toMatchObject({ version, firmwareType: 'DONGLE', models: ['WIFI-KIT'] });
    // The same manifest again names the same version: taken.
    const again = await upload(admin, bytes, 'fw.bin', { manifest: signed });
    expect((await add(addBody(again.body.data.fileId))).status).toBe(409);

    // Changing what the manifest says breaks its signature, whatever else still matches.
    const { manifest, signature } = JSON.parse(signed);
    for (const changed of [
      { ...manifest, version: '0.0.1' },
      { ...manifest, version: '9.9.9' },
      { ...manifest, firmwareType: 'BATTERY_BMS', version: '5.0' },
      { ...manifest, models: ['WIFI-KIT', 'ASW8K-LT'] },
    ]) {
      const res = await upload(admin, bytes, 'fw.bin', {
        manifest: JSON.stringify({ manifest: changed, signature }),
      });
      expect(res.status, JSON.stringify(changed)).toBe(400);
      expect(fieldsOf(res)).toEqual(['manifest']);
      expect(res.body.msg).toBe(
        'Signed manifest: The signature does not match any active key of the manufacturer',
      );
    }
  });

  it('refuses a manifest for other bytes, another manufacturer, a bad field, or the old detached signature', async () => {
    const bytes = randomBytes(4096);
    const refusal = async (parts: Parameters<FirmwareFixture['upload']>[3], msg: string) => {
      const res = await upload(admin, bytes, 'fw.bin', parts);
      expect(res.status, msg).toBe(400);
      expect(fieldsOf(res)).toEqual(['manifest']);
      expect(res.body.msg).toBe(`Signed manifest: ${msg}`);
    };
    const other = randomBytes(4096);
    await refusal(
      { manifest: signer.signed(bytes, { sha256: createHash('sha256').update(other).digest('hex') }) },
      'The manifest describes another image: its SHA-256 or size differs from this file’s',
    );
    await refusal(
      { manifest: signer.signed(bytes, { size: bytes.length + 1 }) },
      'The manifest describes another image: its SHA-256 or size differs from this file’s',
    );
    await refusal(
      { manifest: signer.signed(bytes, { manufacturer: 'Sungrow' }) },
      'The manifest is signed for “Sungrow”, not for the manufacturer chosen',
    );
    const notComparable = signedFile(
      { ...signer.manifest(bytes), version: 'E2E-ABC' } as never,
      signer.privatePem,
    );
    await refusal({ manifest: notComparable }, 'The manifest’s “version” is missing or not valid');
    await refusal(
      { manifest: signedFile({ ...signer.manifest(bytes), models: [] }, signer.privatePem) },
      'The manifest’s “models” is missing or not valid',
    );
    // The short name, in any case, is the manufacturer too (as devices report it).
    const [maker] = await t.ctx.db.select().from(manufacturers).where(eq(manufacturers.id, makerId));
    if (maker!.abbreviation) {
      const short = await upload(admin, bytes, 'fw.bin', {
        manifest: signer.signed(bytes, { manufacturer: maker!.abbreviation.toUpperCase() }),
      });
      expect(short.status, short.body.msg).toBe(200);
    }
  });

  it('keeps programs from before manifests listed but unusable, and lets their version be registered again', async () => {
    const version = nextVersion();
    const fileId = randomBytes(16).toString('hex');
    await t.ctx.db.insert(firmwareFiles).values({
      id: fileId,
      fileName: 'old.bin',
      size: 10,
      sha256: 'ab'.repeat(32),
      signature: Buffer.alloc(64).toString('base64'),
      keyId: signer.keyId,
    });
    const [old] = await t.ctx.db
      .insert(firmwarePrograms)
      .values({
        manufacturerId: makerId,
        firmwareType: 'INVERTER_ARM',
        version,
        description: 'Before manifests',
        descriptions: descriptions('Before') as never,
        fileId,
        orgId: 1,
        createdByName: 'admin',
        legacy: true,
      })
      .returning({ id: firmwarePrograms.id });
    const listed = (await page(admin)).list.find((p) => p.id === old!.id)!;
    expect(listed).toMatchObject({ version, models: null, rollback: null });
    // An upload from before (no manifest) cannot become a program either.
    const [unused] = await t.ctx.db
      .insert(firmwareFiles)
      .values({
        id: randomBytes(16).toString('hex'),
        fileName: 'old2.bin',
        size: 10,
        sha256: 'cd'.repeat(32),
        keyId: signer.keyId,
        uploadedBy: await userIdByName(t, 'admin'),
      })
      .returning({ id: firmwareFiles.id });
    const refused = await add(addBody(unused!.id));
    expect(refused.status).toBe(422);
    expect(fieldsOf(refused as Answer)).toEqual(['fileId']);
    expect(refused.body.msg).toContain('registered before signed manifests');
    const rollback = await post('/iot/firmware/rollback', admin, {
      id: old!.id,
      reason: 'Back to the old one',
    });
    expect(rollback.status).toBe(422);
    const again = await addProgram(admin, {}, { version });
    expect((await page(admin)).list.find((p) => p.id === again)).toMatchObject({
      version,
      models: ['ASW8K-LT'],
    });
  });

  it('shows a provider’s rollback mark on the program; a dealer cannot set it', async () => {
    const id = await addProgram(dealer);
    expect((await post('/iot/firmware/rollback', dealer, { id, reason: 'Mine to decide' })).status).toBe(403);
    const reason = 'The newer image drops the Modbus link of ASW8K-LT';
    expect((await post('/iot/firmware/rollback', admin, { id, reason })).status).toBe(200);
    const row = (await page(dealer)).list.find((p) => p.id === id)!;
    expect(row.rollback).toEqual({ reason, markedBy: 'Administrator', markedAt: expect.any(String) });
    expect((await post('/iot/firmware/rollback', admin, { id, reason: null })).status).toBe(200);
    expect((await page(dealer)).list.find((p) => p.id === id)!.rollback).toBeNull();
    const actions = await t.ctx.db
      .select({ action: auditLog.action, detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'firmwareProgram'), eq(auditLog.targetId, String(id))));
    expect(actions.map((a) => a.action)).toEqual([
      'firmware.add',
      'firmware.rollback',
      'firmware.rollbackWithdraw',
    ]);
    expect(actions[1]!.detail).toMatchObject({ reason });
  });
});

describe('a signing key belongs to one manufacturer for ever', () => {
  it('is refused for another manufacturer, also once retired and once its manufacturer is gone', async () => {
    const [first, second] = await t.ctx.db
      .insert(manufacturers)
      .values([
        { name: `Owner ${randomBytes(3).toString('hex')}` },
        { name: `Claimant ${randomBytes(3).toString('hex')}` },
      ])
      .returning({ id: manufacturers.id });
    const { publicKey } = generateSigningKey();
    const addKey = (manufacturerId: number) =>
      post('/system/manufacturer/key/add', admin, { manufacturerId, publicKey, label: 'Shared?' });
    const owned = await addKey(first!.id);
    expect(owned.status).toBe(200);
    const refusedFor = async (what: string) => {
      const res = await addKey(second!.id);
      expect(res.status, what).toBe(409);
      expect(fieldsOf(res as Answer), what).toEqual(['publicKey']);
      expect(res.body.msg, what).toBe(
        'Public key: This key belongs to another manufacturer: a signing key stays with one manufacturer, also once retired',
      );
    };
    await refusedFor('active');
    expect((await post('/system/manufacturer/key/retire', admin, { id: owned.body.data.id })).status).toBe(
      200,
    );
    await refusedFor('retired');
    expect((await post('/system/manufacturer/delete', admin, { id: first!.id })).status).toBe(200);
    await refusedFor('its manufacturer deleted');
    // Nor by any other path: the database refuses it too.
    await expect(
      t.ctx.db.insert(manufacturerKeys).values({
        manufacturerId: second!.id,
        publicKey,
        fingerprint: owned.body.data.fingerprint,
      }),
    ).rejects.toThrow();
    expect(
      await t.ctx.db.select().from(manufacturerKeys).where(eq(manufacturerKeys.manufacturerId, second!.id)),
    ).toEqual([]);
  });
});
