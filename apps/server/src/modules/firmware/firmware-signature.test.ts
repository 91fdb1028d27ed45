import { createPublicKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Answer,
  type FirmwareFixture,
  fieldsOf,
  setUpFirmware,
  tearDownFirmware,
} from '../../../test/firmware-fixture.ts';
import { firmwareFiles, manufacturers } from '../../db/schema/index.ts';
import { registerSigner, signerOf, type TestSigner } from '../../test/firmware-signing.ts';
import type { TestApp } from '../../test/helper.ts';

/** Firmware image signatures and the manufacturers' signing keys (fixture in firmware-fixture.ts). */

let t: TestApp;
let dataDir: string;
let admin: string;
let dealer: string;
let signer: TestSigner;
let upload: FirmwareFixture['upload'];
let post: FirmwareFixture['post'];
let page: FirmwareFixture['page'];
let addBody: FirmwareFixture['addBody'];
let addProgram: FirmwareFixture['addProgram'];
let storedFiles: FirmwareFixture['storedFiles'];

beforeAll(async () => {
  ({ t, dataDir, admin, dealer, signer, upload, post, page, addBody, addProgram, storedFiles } =
    await setUpFirmware());
});
afterAll(async () => {
  await tearDownFirmware({ t, dataDir });
});

describe('signature', () => {
  const image = () => randomBytes(40_000);

  it('refuses an upload without a signature: 400 naming `signature`, localised, nothing kept', async () => {
    const before = storedFiles().length;
    const en = await upload(admin, image(), 'fw.bin', { signature: undefined });
    expect(en.status).toBe(400);
    expect(fieldsOf(en)).toEqual(['signature']);
    expect(en.body.msg).toBe('Signature: Upload the image’s signature (.sig file)');
    const de = await upload(admin, image(), 'fw.bin', { signature: undefined }, 'de-DE');
    expect(de.status).toBe(400);
    expect(de.body.msg).not.toBe(en.body.msg);
    expect(storedFiles().length).toBe(before);
  });

  it('refuses a signature that does not verify: malformed, over other bytes, or by another manufacturer’s key', async () => {
    const before = storedFiles().length;
    const bytes = image();
    const malformed = await upload(admin, bytes, 'fw.bin', {
      signature: 'not a signature',
      signatureAs: 'field',
    });
    expect(malformed.status).toBe(400);
    expect(fieldsOf(malformed)).toEqual(['signature']);
    const tampered = Buffer.from(bytes);
    tampered[100] = (tampered[100]! + 1) % 256;
    const other = await upload(admin, tampered, 'fw.bin', {
      signature: signer.sign(bytes),
      signatureAs: 'field',
    });
    expect(other.status).toBe(400);
    expect(fieldsOf(other)).toEqual(['signature']);
    expect(other.body.msg).toBe('Signature: The signature does not match any active key of the manufacturer');
    const [stranger] = await t.ctx.db
      .insert(manufacturers)
      .values({ name: `Stranger ${randomBytes(3).toString('hex')}` })
      .returning({ id: manufacturers.id });
    const strangerKey = await registerSigner(t.ctx.db, stranger!.id);
    const foreign = await upload(admin, bytes, 'fw.bin', {
      signature: strangerKey.sign(bytes),
      signatureAs: 'field',
    });
    expect(foreign.status).toBe(400);
    expect(fieldsOf(foreign)).toEqual(['signature']);
    // Signed for the stranger and uploaded for it, the image cannot become a program of our manufacturer.
    const forStranger = await upload(admin, bytes, 'fw.bin', {
      signature: strangerKey.sign(bytes),
      signatureAs: 'field',
      manufacturerId: stranger!.id,
    });
    expect(forStranger.status).toBe(200);
    const add = await post('/iot/firmware/add', admin, addBody(forStranger.body.data.fileId));
    expect(add.status).toBe(400);
    expect(fieldsOf(add as Answer)).toEqual(['signature']);
    expect((await upload(admin, bytes, 'fw.bin', { manufacturerId: undefined })).status).toBe(400);
    expect(storedFiles().length).toBe(before + 1);
  });

  it('accepts a good signature as a .sig file or a base64 field, and keeps it with its key', async () => {
    const bytes = image();
    const asFile = await upload(admin, bytes);
    expect(asFile.status).toBe(200);
    expect(asFile.body.data.keyFingerprint).toBe(signer.fingerprint);
    const [row] = await t.ctx.db
      .select()
      .from(firmwareFiles)
      .where(eq(firmwareFiles.id, asFile.body.data.fileId));
    expect(row).toMatchObject({ signature: signer.sign(bytes), keyId: signer.keyId });
    const asField = await upload(admin, bytes, 'fw.bin', {
      signature: signer.sign(bytes),
      signatureAs: 'field',
    });
    expect(asField.status).toBe(200);
    // A .sig in base64 with a trailing newline, as `openssl base64` writes it.
    const b64File = await upload(admin, bytes, 'fw.bin', { signature: `${signer.sign(bytes)}\n` });
    expect(b64File.status).toBe(200);
    const id = await addProgram();
    const listed = (await page(admin)).list.find((p) => p.id === id)!;
    expect(listed).toMatchObject({ keyFingerprint: signer.fingerprint, keyRetired: false });
  });

  it('refuses images signed with a retired key, for new uploads and new tasks', async () => {
    const [maker] = await t.ctx.db
      .insert(manufacturers)
      .values({ name: `Rotating ${randomBytes(3).toString('hex')}` })
      .returning({ id: manufacturers.id });
    const old = await registerSigner(t.ctx.db, maker!.id);
    const bytes = image();
    const res = await upload(admin, bytes, 'fw.bin', {
      signature: old.sign(bytes),
      signatureAs: 'field',
      manufacturerId: maker!.id,
    });
    expect(res.status).toBe(200);
    const add = await post(
      '/iot/firmware/add',
      admin,
      addBody(res.body.data.fileId, { manufacturerId: maker!.id }),
    );
    expect(add.status).toBe(200);
    expect((await post('/system/manufacturer/key/retire', admin, { id: old.keyId })).status).toBe(200);
    const again = await upload(admin, bytes, 'fw.bin', {
      signature: old.sign(bytes),
      signatureAs: 'field',
      manufacturerId: maker!.id,
    });
    expect(again.status).toBe(400);
    expect(fieldsOf(again)).toEqual(['signature']);
    const task = await post('/iot/upgrade/task/add', admin, {
      name: 'Retired key',
      programId: add.body.data.id,
      targetIds: [1],
    });
    expect(task.status).toBe(422);
    expect(fieldsOf(task as Answer)).toEqual(['programId']);
    expect(task.body.msg).toBe(
      'Program: The key that signed this image has been retired: it can no longer be rolled out',
    );
  });
});

describe('manufacturer keys', () => {
  let maker: number;
  beforeAll(async () => {
    const [m] = await t.ctx.db
      .insert(manufacturers)
      .values({ name: `Keyed ${randomBytes(3).toString('hex')}` })
      .returning({ id: manufacturers.id });
    maker = m!.id;
  });

  it('takes a key as PEM or raw base64, stores it raw with a fingerprint, once', async () => {
    const { publicKey: pem } = generateKeyPairSync('ed25519', {
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    const added = await post('/system/manufacturer/key/add', admin, {
      manufacturerId: maker,
      publicKey: pem,
      label: 'Plant 2024',
    });
    expect(added.status, added.body.msg).toBe(200);
    const raw = createPublicKey(pem).export({ type: 'spki', format: 'der' }).subarray(12).toString('base64');
    const twice = await post('/system/manufacturer/key/add', admin, {
      manufacturerId: maker,
      publicKey: raw,
    });
    expect(twice.status).toBe(409);
    expect(fieldsOf(twice as Answer)).toEqual(['publicKey']);
    const list = await post('/system/manufacturer/key/list', admin, { manufacturerId: maker });
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([
      expect.objectContaining({
        publicKey: raw,
        fingerprint: added.body.data.fingerprint,
        label: 'Plant 2024',
        retired: false,
        imageCount: 0,
      }),
    ]);
    expect(added.body.data.fingerprint).toMatch(/^SHA256:[A-Za-z0-9+/]{43}$/);
  });

  it('refuses what is not an Ed25519 public key (400 naming publicKey), and retires keys for good', async () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({
      type: 'spki',
      format: 'pem',
    });
    for (const publicKey of [
      'hello',
      Buffer.alloc(31, 1).toString('base64'),
      String(rsa),
      '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----',
    ]) {
      const res = await post('/system/manufacturer/key/add', admin, { manufacturerId: maker, publicKey });
      expect(res.status, publicKey).toBe(400);
      expect(fieldsOf(res as Answer)).toEqual(['publicKey']);
    }
    const key = await registerSigner(t.ctx.db, maker);
    expect((await post('/system/manufacturer/key/retire', admin, { id: key.keyId })).status).toBe(200);
    expect((await post('/system/manufacturer/key/retire', admin, { id: key.keyId })).status).toBe(200);
    expect((await post('/system/manufacturer/key/retire', admin, { id: 2_000_000 })).status).toBe(404);
    const list = (await post('/system/manufacturer/key/list', admin, { manufacturerId: maker })).body.data;
    expect(list.at(-1)).toMatchObject({ id: key.keyId, retired: true });
    expect(
      (
        await post('/system/manufacturer/key/add', dealer, {
          manufacturerId: maker,
          publicKey: key.publicKey,
        })
      ).status,
    ).toBe(403);
  });
});

describe('manufacturer', () => {
  it('cannot be deleted while a program of it exists', async () => {
    const [maker] = await t.ctx.db
      .insert(manufacturers)
      .values({ name: 'Programmed Maker GmbH', abbreviation: 'PMG' })
      .returning({ id: manufacturers.id });
    const own = await signerOf(t.ctx.db, maker!.id);
    const bytes = randomBytes(2048);
    const file = await upload(admin, bytes, 'fw.bin', {
      manufacturerId: maker!.id,
      signature: own.sign(bytes),
      signatureAs: 'field',
    });
    expect(file.status).toBe(200);
    const res = await post(
      '/iot/firmware/add',
      admin,
      addBody(file.body.data.fileId, { manufacturerId: maker!.id }),
    );
    expect(res.status).toBe(200);
    const refused = await post('/system/manufacturer/delete', admin, { id: maker!.id });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe('“Programmed Maker GmbH” has 1 firmware program and cannot be deleted');
  });
});
