import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FIRMWARE_DESC_LANGS, SN_SHEET_HEADER } from '@pvstar/contract/firmware';
import { asc } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import { manufacturers } from '../src/db/schema/index.ts';
import {
  firmwareForm,
  freshVersion,
  type ManifestFields,
  signerOf,
  type TestSigner,
} from './firmware-signing.ts';
import { buildTestApp, nextIp, type TestApp } from './helper.ts';

/**
 * Test fixture of the firmware tests: an app with its own DATA_DIR, the demo logins signed in, and the first
 * manufacturer with a registered test signing key. Each test file builds its own app (and database) with
 * `setUpFirmware` in its `beforeAll`.
 */

export type Answer = Awaited<ReturnType<TestApp['call']>>;
/** A row of the program list, read as loosely as any answer of `TestApp['call']`. */
export type ProgramRow = Record<string, Answer['body']['data']>;
type SignedParts = Omit<Parameters<typeof firmwareForm>[0], 'image' | 'name'>;

export interface FirmwareFixture {
  t: TestApp;
  dataDir: string;
  admin: string;
  dealer: string;
  instA: string;
  guest: string;
  demo: string;
  makerId: number;
  makerName: string;
  signer: TestSigner;
  /**
   * Uploads an image with a manifest signed by the manufacturer's test key (`fields` say what the
   * manifest says; override the manifest or manufacturer in `parts`).
   */
  upload: (
    token: string,
    file: Buffer | null,
    filename?: string,
    parts?: SignedParts,
    lang?: string,
    fields?: ManifestFields,
  ) => Promise<Answer>;
  post: (url: string, token: string, body: unknown) => ReturnType<TestApp['call']>;
  /** `POST /iot/firmware/page`, expecting 200. */
  page: (token: string, body?: Record<string, unknown>) => Promise<{ total: number; list: ProgramRow[] }>;
  /** A complete `add` body for the upload `fileId` (type and version come from its manifest). */
  addBody: (fileId: string, extra?: Record<string, unknown>) => Record<string, unknown>;
  /** Uploads a small image as `token` (its manifest saying `fields`) and returns its id. */
  uploaded: (token?: string, fields?: ManifestFields) => Promise<string>;
  /** Adds a program as `token` (its manifest saying `fields`); returns its id. */
  addProgram: (token?: string, extra?: Record<string, unknown>, fields?: ManifestFields) => Promise<number>;
  /** The files stored under DATA_DIR/files/firmware. */
  storedFiles: () => string[];
  /** Sends a serial-number sheet to `POST /iot/firmware/sn/parse` as a plain multipart upload. */
  parseSn: (token: string, file: Buffer | null, filename?: string) => Promise<Answer>;
}

export const fieldsOf = (res: Answer) => (res.body.data?.fields ?? []).map((f: { field: string }) => f.field);

export const descriptions = (prefix: string) =>
  Object.fromEntries(FIRMWARE_DESC_LANGS.map((l) => [l, `${prefix} ${l}`]));
export const nextVersion = freshVersion;

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

export async function workbook(rows: (string | number | null)[][], header: string[] = [SN_SHEET_HEADER]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('x');
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Builds the test app on a fresh DATA_DIR, signs in the demo logins and picks the manufacturer. */
export async function setUpFirmware(): Promise<FirmwareFixture> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pvstar-firmware-'));
  const t = await buildTestApp({ DATA_DIR: dataDir });
  const [admin, dealer, instA, guest] = await Promise.all([
    t.login('admin'),
    t.login('demo-dealer'),
    t.login('demo-installer-a'),
    t.login('demo-guest'),
  ]);
  const demo = (await t.call('POST', '/auth/user/demo/login', { body: {}, ip: nextIp() })).body
    .data as string;
  const [m] = await t.ctx.db
    .select({ id: manufacturers.id, name: manufacturers.name })
    .from(manufacturers)
    .orderBy(asc(manufacturers.id))
    .limit(1);
  const makerId = m!.id;
  const makerName = m!.name;
  const signer = await signerOf(t.ctx.db, makerId);

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
  const upload: FirmwareFixture['upload'] = (token, file, filename = 'fw.bin', parts = {}, lang, fields) =>
    sendForm(
      '/iot/firmware/upload',
      token,
      firmwareForm({
        image: file,
        name: filename,
        manufacturerId: makerId,
        manifest: file?.length ? signer.signed(file, fields) : undefined,
        ...parts,
      }),
      lang,
    );

  const post: FirmwareFixture['post'] = (url, token, body) => t.call('POST', url, { token, body });
  const page: FirmwareFixture['page'] = async (token, body = {}) => {
    const res = await t.call('POST', '/iot/firmware/page', {
      token,
      body,
      query: { pageNum: 1, pageSize: 100 },
    });
    expect(res.status).toBe(200);
    return res.body.data as { total: number; list: ProgramRow[] };
  };

  const addBody: FirmwareFixture['addBody'] = (fileId, extra = {}) => ({
    manufacturerId: makerId,
    status: 'ENABLED',
    description: 'Fixes the grid reconnection delay',
    descriptions: descriptions('Fixes'),
    descriptionsConfirmed: true,
    supportAll: true,
    fileId,
    ...extra,
  });

  async function uploaded(token = admin, fields?: ManifestFields) {
    const res = await upload(token, randomBytes(2048), 'fw.bin', {}, 'en-GB', fields);
    expect(res.status, res.body.msg).toBe(200);
    return res.body.data.fileId as string;
  }
  async function addProgram(token = admin, extra: Record<string, unknown> = {}, fields?: ManifestFields) {
    const res = await post('/iot/firmware/add', token, addBody(await uploaded(token, fields), extra));
    expect(res.status, res.body.msg).toBe(200);
    return res.body.data.id as number;
  }

  const storedFiles = () => {
    const dir = path.join(dataDir, 'files', 'firmware');
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  };

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
  const parseSn: FirmwareFixture['parseSn'] = (token, file, filename = 'sns.xlsx') =>
    send('/iot/firmware/sn/parse', token, file, filename);

  return {
    t,
    dataDir,
    admin,
    dealer,
    instA,
    guest,
    demo,
    makerId,
    makerName,
    signer,
    upload,
    post,
    page,
    addBody,
    uploaded,
    addProgram,
    storedFiles,
    parseSn,
  };
}

export async function tearDownFirmware(fx: Pick<FirmwareFixture, 't' | 'dataDir'>) {
  await fx.t.close();
  fs.rmSync(fx.dataDir, { recursive: true, force: true });
}
