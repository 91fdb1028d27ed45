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
import {
  manifestOf,
  registerSigner,
  signedFile,
  signerOf,
  type TestSigner,
} from '../../../test/firmware-signing.ts';
import type { TestApp } from '../../../test/helper.ts';
import { firmwareFiles, manufacturers } from '../../db/schema/index.ts';
import { verifyManifest } from './firmware.signature.ts';

/** Signed firmware manifests and the manufacturers' signing keys (fixture in firmware-fixture.ts). */

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

  it('refuses an upload without a signed manifest: 400 naming `manifest`, localised, nothing kept', async () => {
    const before = storedFiles().length;
    const en = await upload(admin, image(), 'fw.bin', { manifest: undefined });
    expect(en.status).toBe(400);
    expect(fieldsOf(en)).toEqual(['manifest']);
    expect(en.body.msg).toBe('Signed manifest: Upload the image’s signed manifest (.manifest.json file)');
    const de = await upload(admin, image(), 'fw.bin', { manifest: undefined }, 'de-DE');
    expect(de.status).toBe(400);
    expect(de.body.msg).not.toBe(en.body.msg);
    expect(storedFiles().length).toBe(before);
  });

  it('refuses a manifest that does not verify: malformed, signed over another one, or by another manufacturer’s key', async () => {
    const before = storedFiles().length;
    const bytes = image();
    for (const text of ['not json', '{"manifest":{}}', JSON.stringify({ manifest: {}, signature: 'x' })]) {
      const malformed = await upload(admin, bytes, 'fw.bin', { manifest: text, manifestAs: 'field' });
      expect(malformed.status, text).toBe(400);
      expect(fieldsOf(malformed)).toEqual(['manifest']);
    }
    const manifest = signer.manifest(bytes);
    const otherSignature = JSON.parse(signer.signed(bytes)).signature;
    const other = await upload(admin, bytes, 'fw.bin', {
      manifest: JSON.stringify({ manifest, signature: otherSignature }),
      manifestAs: 'field',
    });
    expect(other.status).toBe(400);
    expect(fieldsOf(other)).toEqual(['manifest']);
    expect(other.body.msg).toBe(
      'Signed manifest: The signature does not match any active key of the manufacturer',
    );
    const [stranger] = await t.ctx.db
      .insert(manufacturers)
      .values({ name: `Stranger ${randomBytes(3).toString('hex')}` })
      .returning({ id: manufacturers.id });
    const strangerKey = await registerSigner(t.ctx.db, stranger!.id);
    // Signed by the stranger, even naming our manufacturer: no key of ours made it.
    const foreign = await upload(admin, bytes, 'fw.bin', {
      manifest: signedFile(manifestOf(signer.manufacturer, bytes), strangerKey.privatePem),
      manifestAs: 'field',
    });
    expect(foreign.status).toBe(400);
    expect(fieldsOf(foreign)).toEqual(['manifest']);
    // Signed for the stranger and uploaded for it, the image cannot become a program of our manufacturer.
    const forStranger = await upload(admin, bytes, 'fw.bin', {
      manifest: strangerKey.signed(bytes),
      manifestAs: 'field',
      manufacturerId: stranger!.id,
    });
    expect(forStranger.status).toBe(200);
    const add = await post('/iot/firmware/add', admin, addBody(forStranger.body.data.fileId));
    expect(add.status).toBe(400);
    expect(fieldsOf(add as Answer)).toEqual(['manufacturerId']);
    expect((await upload(admin, bytes, 'fw.bin', { manufacturerId: undefined })).status).toBe(400);
    expect(storedFiles().length).toBe(before + 1);
  });

  it('accepts a signed manifest as a file or a field, and keeps it with its signature and key', async () => {
    const bytes = image();
    const asFile = await upload(admin, bytes);
    expect(asFile.status).toBe(200);
    expect(asFile.body.data.keyFingerprint).toBe(signer.fingerprint);
    expect(asFile.body.data.manifest).toMatchObject({
      manufacturer: signer.manufacturer,
      size: bytes.length,
    });
    const [row] = await t.ctx.db
      .select()
      .from(firmwareFiles)
      .where(eq(firmwareFiles.id, asFile.body.data.fileId));
    expect(row).toMatchObject({ keyId: signer.keyId, manifest: asFile.body.data.manifest });
    expect(verifyManifest(row!.manifest!, Buffer.from(row!.signature!, 'base64'), signer.publicKey)).toBe(
      true,
    );
    const asField = await upload(admin, bytes, 'fw.bin', {
      manifest: signer.signed(bytes),
      manifestAs: 'field',
    });
    expect(asField.status).toBe(200);
    // Pretty-printed, keys in any order, as a person may save it: the canonical bytes are what count.
    const manifest = signer.manifest(bytes);
    const reordered = Object.fromEntries(Object.entries(manifest).reverse());
    const signature = JSON.parse(signedFile(manifest, signer.privatePem)).signature;
    const pretty = await upload(admin, bytes, 'fw.bin', {
      manifest: `${JSON.stringify({ signature, manifest: reordered }, null, 4)}\n`,
    });
    expect(pretty.status, pretty.body.msg).toBe(200);
    const id = await addProgram();
    const listed = (await page(admin)).list.find((p) => p.id === id)!;
    expect(listed).toMatchObject({
      keyFingerprint: signer.fingerprint,
      keyRetired: false,
      models: ['ASW8K-LT'],
    });
  });

  it('refuses manifests signed with a retired key, for new uploads and new tasks', async () => {
    const [maker] = await t.ctx.db
      .insert(manufacturers)
      .values({ name: `Rotating ${randomBytes(3).toString('hex')}` })
      .returning({ id: manufacturers.id });
    const old = await registerSigner(t.ctx.db, maker!.id);
    const bytes = image();
    const res = await upload(admin, bytes, 'fw.bin', {
      manifest: old.signed(bytes),
      manifestAs: 'field',
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
      manifest: old.signed(bytes),
      manifestAs: 'field',
      manufacturerId: maker!.id,
    });
    expect(again.status).toBe(400);
    expect(fieldsOf(again)).toEqual(['manifest']);
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
      manifest: own.signed(bytes),
      manifestAs: 'field',
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
