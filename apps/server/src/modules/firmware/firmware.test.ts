import { createHash, createPublicKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  FIRMWARE_DESC_LANGS,
  FIRMWARE_MAX_BYTES,
  SN_SHEET_HEADER,
  SN_SHEET_MAX_ROWS,
} from '@pvstar/contract/firmware';
import { and, asc, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  firmwareFiles,
  firmwareProgramSns,
  firmwarePrograms,
  manufacturers,
  upgradeTasks,
} from '../../db/schema/index.ts';
import { createOrg } from '../../db/seed/seed.ts';
import { firmwareForm, registerSigner, signerOf, type TestSigner } from '../../test/firmware-signing.ts';
import { addUser, buildTestApp, nextIp, orgIdByName, type TestApp, userIdByName } from '../../test/helper.ts';
import { zipOf } from '../../test/zip-bomb.ts';
import { firmwarePath, removeUnusedUploads } from './firmware.files.ts';

let t: TestApp;
let dataDir: string;
let admin: string;
let dealer: string;
let instA: string;
let guest: string;
let demo: string;
let makerId: number;
let makerName: string;
let signer: TestSigner;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pvstar-firmware-'));
  t = await buildTestApp({ DATA_DIR: dataDir });
  [admin, dealer, instA, guest] = await Promise.all([
    t.login('admin'),
    t.login('demo-dealer'),
    t.login('demo-installer-a'),
    t.login('demo-guest'),
  ]);
  demo = (await t.call('POST', '/auth/user/demo/login', { body: {}, ip: nextIp() })).body.data as string;
  const [m] = await t.ctx.db
    .select({ id: manufacturers.id, name: manufacturers.name })
    .from(manufacturers)
    .orderBy(asc(manufacturers.id))
    .limit(1);
  makerId = m!.id;
  makerName = m!.name;
  signer = await signerOf(t.ctx.db, makerId);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Answer = { status: number; body: { code: number; msg: string; data: any } };

/** A multipart/form-data body as a browser sends it: one file part (or only a text field). */
function multipart(file: Buffer | null, filename: string, contentType = 'application/octet-stream') {
  const boundary = `----pvstar${Math.random().toString(16).slice(2)}`;
  const head = file
    ? `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`
    : `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nno file here`;
  const payload = Buffer.concat([
    Buffer.from(head),
    file ?? Buffer.alloc(0),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function send(url: string, token: string, file: Buffer | null, filename: string): Promise<Answer> {
  const body = multipart(file, filename);
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${token}`, lang: 'en-GB' },
  });
  return { status: res.statusCode, body: res.json() };
}
async function sendForm(
  url: string,
  token: string,
  form: { payload: Buffer; contentType: string },
  lang = 'en-GB',
): Promise<Answer> {
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload: form.payload,
    headers: { 'content-type': form.contentType, authorization: `Bearer ${token}`, lang },
  });
  return { status: res.statusCode, body: res.json() };
}
type SignedParts = Omit<Parameters<typeof firmwareForm>[0], 'image' | 'name'>;
/** Uploads an image signed by the manufacturer's test key (override the signature or manufacturer in `parts`). */
const upload = (
  token: string,
  file: Buffer | null,
  filename = 'fw.bin',
  parts: SignedParts = {},
  lang?: string,
) =>
  sendForm(
    '/iot/firmware/upload',
    token,
    firmwareForm({
      image: file,
      name: filename,
      manufacturerId: makerId,
      signature: file?.length ? Buffer.from(signer.sign(file), 'base64') : undefined,
      ...parts,
    }),
    lang,
  );
const fieldsOf = (res: Answer) => (res.body.data?.fields ?? []).map((f: { field: string }) => f.field);
const parseSn = (token: string, file: Buffer | null, filename = 'sns.xlsx') =>
  send('/iot/firmware/sn/parse', token, file, filename);

const post = (url: string, token: string, body: unknown) => t.call('POST', url, { token, body });
const page = async (token: string, body: Record<string, unknown> = {}) => {
  const res = await t.call('POST', '/iot/firmware/page', {
    token,
    body,
    query: { pageNum: 1, pageSize: 100 },
  });
  expect(res.status).toBe(200);
  return res.body.data as { total: number; list: Record<string, any>[] };
};

const descriptions = (prefix: string) =>
  Object.fromEntries(FIRMWARE_DESC_LANGS.map((l) => [l, `${prefix} ${l}`]));
let versionCounter = 0;
const nextVersion = () => `V1.0.${++versionCounter}`;
const addBody = (fileId: string, extra: Record<string, unknown> = {}) => ({
  manufacturerId: makerId,
  firmwareType: 'INVERTER_ARM',
  version: nextVersion(),
  status: 'ENABLED',
  description: 'Fixes the grid reconnection delay',
  descriptions: descriptions('Fixes'),
  descriptionsConfirmed: true,
  supportAll: true,
  fileId,
  ...extra,
});

/** Uploads a small image as `token` and returns its id. */
async function uploaded(token = admin) {
  const res = await upload(token, randomBytes(2048));
  expect(res.status).toBe(200);
  return res.body.data.fileId as string;
}
/** Adds a program as `token`; returns its id. */
async function addProgram(token = admin, extra: Record<string, unknown> = {}) {
  const res = await post('/iot/firmware/add', token, addBody(await uploaded(token), extra));
  expect(res.status, res.body.msg).toBe(200);
  return res.body.data.id as number;
}

async function workbook(rows: (string | number | null)[][], header: string[] = [SN_SHEET_HEADER]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('x');
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const storedFiles = () => {
  const dir = path.join(dataDir, 'files', 'firmware');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

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

describe('serial-number sheet', () => {
  it('downloads the template, which parses back once serial numbers are filled in', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/iot/firmware/sn/template',
      headers: { authorization: `Bearer ${admin}`, lang: 'en-GB' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename=".+\.xlsx"$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets).toHaveLength(1);
    const ws = wb.worksheets[0]!;
    expect(ws.name).toBe('Serial numbers');
    expect(ws.getCell('A1').value).toBe('SN');
    expect(ws.getCell('A1').font?.bold).toBe(true);
    expect(ws.getColumn(1).width).toBe(24);
    expect(ws.actualRowCount).toBe(1);

    const empty = await parseSn(admin, res.rawPayload, 'template.xlsx');
    expect(empty.status).toBe(422);
    expect(empty.body.data.fields).toEqual([
      { field: 'file', message: 'The spreadsheet lists no serial numbers' },
    ]);

    ws.addRow(['inv-000001']);
    ws.addRow([' INV-000002 ']);
    ws.addRow([123456789]);
    const filled = Buffer.from(await wb.xlsx.writeBuffer());
    const parsed = await parseSn(admin, filled, 'filled.XLSX');
    expect(parsed.status).toBe(200);
    expect(parsed.body.data).toEqual({ sns: ['INV-000001', 'INV-000002', '123456789'] });

    const de = await t.app.inject({
      method: 'GET',
      url: '/iot/firmware/sn/template',
      headers: { authorization: `Bearer ${admin}`, lang: 'de-DE' },
    });
    const deBook = new ExcelJS.Workbook();
    await deBook.xlsx.load(de.rawPayload as unknown as ArrayBuffer);
    expect(deBook.worksheets[0]!.name).not.toBe('Serial numbers');
  });

  it('lists every bad row at once (422, `row N`), skipping blank ones', async () => {
    const data = await workbook([['INV-000001'], ['bad sn!'], [null], ['inv-000001'], ['ok-123456'], ['X1']]);
    const res = await parseSn(admin, data);
    expect(res.status).toBe(422);
    expect(res.body.data.fields).toEqual([
      { field: 'row 3', message: 'Serial numbers have 6–32 letters, digits or dashes' },
      { field: 'row 5', message: 'Listed twice' },
      { field: 'row 7', message: 'Serial numbers have 6–32 letters, digits or dashes' },
    ]);
    expect(res.body.msg).toBe('Row 3: Serial numbers have 6–32 letters, digits or dashes');
  });

  it('lists at most 100 bad rows', async () => {
    const res = await parseSn(admin, await workbook(Array.from({ length: 150 }, () => ['??'])));
    expect(res.status).toBe(422);
    expect(res.body.data.fields).toHaveLength(100);
  });

  it('finds the SN column anywhere in the first row, and answers 422 without one', async () => {
    const ok = await parseSn(admin, await workbook([['note', 'DGL-000777']], ['Remark', 'sn']));
    expect(ok.status).toBe(200);
    expect(ok.body.data.sns).toEqual(['DGL-000777']);
    const res = await parseSn(admin, await workbook([['INV-000001']], ['Serial']));
    expect(res.status).toBe(422);
    expect(res.body.data.fields).toEqual([
      { field: 'file', message: 'The column “SN” is missing: use the template' },
    ]);
  });

  it('refuses more rows than the limit', async () => {
    const rows = Array.from({ length: SN_SHEET_MAX_ROWS + 1 }, (_, i) => [
      `INV-${String(i).padStart(6, '0')}`,
    ]);
    const res = await parseSn(admin, await workbook(rows));
    expect(res.status).toBe(422);
    expect(res.body.msg).toContain(String(SN_SHEET_MAX_ROWS));
  });

  it('accepts only real xlsx files named .xls/.xlsx (415), at most 2 MB (413)', async () => {
    const sheet = await workbook([['INV-000001']]);
    expect((await parseSn(admin, sheet, 'sns.csv')).status).toBe(415);
    const csv = await parseSn(admin, Buffer.from('SN\nINV-000001\n'), 'sns.xlsx');
    expect(csv.status).toBe(415);
    expect(csv.body.msg).toBe('The file format is incorrect');
    // An old binary .xls (an OLE compound file) cannot be read.
    const ole = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), randomBytes(512)]);
    expect((await parseSn(admin, ole, 'sns.xls')).status).toBe(415);
    expect((await parseSn(admin, zipOf('hello.txt', Buffer.from('hi')), 'sns.xlsx')).status).toBe(415);
    expect((await parseSn(admin, sheet, 'sns.xls')).status).toBe(200);
    const big = await parseSn(admin, Buffer.alloc(2 * 1024 * 1024 + 1, 1), 'big.xlsx');
    expect(big.status).toBe(413);
    expect(big.body.msg).toBe('The file is larger than 2 MB');
    expect((await parseSn(admin, null)).status).toBe(400);
  });

  it('refuses a zip that unpacks to far more than a serial list, whatever sizes it declares', async () => {
    const zeros = Buffer.alloc(24 * 1024 * 1024);
    const honest = zipOf('xl/worksheets/sheet1.xml', zeros);
    expect(honest.length).toBeLessThan(100_000);
    expect((await parseSn(admin, honest)).status).toBe(413);
    const lying = zipOf('xl/worksheets/sheet1.xml', zeros, 100);
    expect((await parseSn(admin, lying)).status).toBe(413);
  });
});

describe('add', () => {
  it('adds a program with every field, its serial numbers, and an audit row', async () => {
    const fileId = await uploaded();
    const body = addBody(fileId, {
      firmwareType: 'DONGLE',
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
    const row = (await page(admin, { version: body.version })).list[0]!;
    expect(row).toMatchObject({
      id,
      manufacturerId: makerId,
      manufacturer: makerName,
      firmwareType: 'DONGLE',
      version: body.version,
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
    expect((await post('/iot/firmware/add', admin, addBody(await uploaded(), { version }))).status).toBe(200);
    const again = await post('/iot/firmware/add', admin, addBody(await uploaded(), { version }));
    expect(again.status).toBe(409);
    expect(again.body.data.fields).toEqual([
      { field: 'version', message: 'This version of this firmware type already exists for the manufacturer' },
    ]);
    const dsp = await post(
      '/iot/firmware/add',
      admin,
      addBody(await uploaded(), { version, firmwareType: 'INVERTER_DSP' }),
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
    expect(refused.body.msg).toBe('Used by 1 upgrade task(s): it cannot be deleted');
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
    expect(refused.body.msg).toBe('“Programmed Maker GmbH” has 1 firmware programs and cannot be deleted');
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
