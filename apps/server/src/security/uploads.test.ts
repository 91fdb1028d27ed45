import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FAULT_XLSX_COLUMNS } from '@pvstar/contract/fault-code';
import {
  FIRMWARE_DESC_LANGS,
  FIRMWARE_MAX_BYTES,
  SN_SHEET_HEADER,
  SN_SHEET_MAX_BYTES,
  SN_SHEET_MAX_ROWS,
} from '@pvstar/contract/firmware';
import type { Lang } from '@pvstar/contract/lang';
import { translate } from '@pvstar/contract/messages';
import { PICTURE_MAX_BYTES } from '@pvstar/contract/station';
import { PRICE_FILE_MAX_BYTES } from '@pvstar/contract/tariff';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manufacturers, plants, plantTariffPeriods, upgradeTaskDevices } from '../db/schema/index.ts';
import { isPluginRoute } from '../http/pipeline.ts';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '../modules/fault-code/fault-code.xlsx.ts';
import { tokenHash } from '../modules/upgrade/upgrade.dispatcher.ts';
import { changedTables, dbFingerprint } from '../test/db-fingerprint.ts';
import { signerOf, type TestSigner } from '../test/firmware-signing.ts';
import { buildTestApp, type TestApp } from '../test/helper.ts';
import { addSimulatedPlant } from '../test/simulated-plant.ts';
import { zipOf } from '../test/zip-bomb.ts';
import { collectRouteSchemas, type RouteSchemas } from './hostile-input.ts';

/**
 * The security suite's one place for upload rules: every multipart route of the route table, each refusal
 * (wrong signature, wrong name, over the size limit, a zip bomb or too many rows for spreadsheets) answered
 * 4xx with a message in the caller's language and nothing stored — no row (database fingerprint) and no
 * file under DATA_DIR; and every route that serves a stored file or an export answers it as an attachment
 * with `nosniff`. The module tests (file, firmware, fault-code) go deeper into each route's own behaviour.
 */

const LANG: Lang = 'it-IT';
const MB = 1024 * 1024;

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from(
    '0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5ddc2f10000000049454e44ae426082',
    'hex',
  ),
]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>',
);
const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!\xf9\x04', 'latin1');
/** A PNG behind an HTML prefix: a browser sniffing the start would see a page. */
const POLYGLOT = Buffer.concat([Buffer.from('<html><script>alert(1)</script>'), PNG]);
const CSV = Buffer.from('SN\nINV-000001\nINV-000002\n');

let zeros80: Buffer | undefined;
/** Under 100 kB, unpacking to 80 MB: past the 10 MB and 64 MB caps of both spreadsheet readers. */
const zipBomb = (declared?: number) => {
  zeros80 ??= Buffer.alloc(80 * MB);
  return zipOf('xl/worksheets/sheet1.xml', zeros80, declared);
};
/** A zip that is no workbook. */
const plainZip = () => zipOf('hello.txt', Buffer.from('hello'));
/** `size` bytes that start like the expected file, so only the size is wrong. */
const oversized = (head: Buffer, size: number) =>
  Buffer.concat([head, Buffer.alloc(size - head.length + 1, 7)]);

async function snSheet(rows: number): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('SN');
  ws.addRow([SN_SHEET_HEADER]);
  for (let i = 0; i < rows; i += 1) ws.addRow([`INV-${String(i).padStart(8, '0')}`]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const LANGS = ['de-DE', 'en-GB', 'zh-CN', 'it-IT', 'nl-NL', 'fr-FR', 'es-ES', 'pl-PL'];
async function faultSheet(rows: number, prefix = 'UPL'): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('codes');
  ws.addRow(FAULT_XLSX_COLUMNS);
  for (let i = 0; i < rows; i += 1) {
    const code = `${prefix}-${i}`;
    ws.addRow([
      code,
      'INVERTER',
      'WARN',
      ...LANGS.map((l) => `m ${code} ${l}`),
      ...LANGS.map((l) => `a ${code} ${l}`),
    ]);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

interface Refusal {
  what: string;
  /** The file part (null: a multipart body with no file part; 'json': not multipart at all). */
  file: () => Buffer | null | 'json' | Promise<Buffer>;
  filename: string;
  status: number;
  /** The catalogue message the answer carries, in the caller's language. */
  key: string;
  params?: Record<string, number>;
  /** Text fields sent with the file (the firmware's signature and manufacturer); the route's own when absent. */
  fields?: FormFields;
}

/** The form's text fields for a file (a firmware upload signs it). */
type FormFields = (file: Buffer | null) => Record<string, string>;

interface UploadRoute {
  /** A file the route takes, so the refusals are not a route that takes nothing. */
  accepts: { file: () => Buffer | Promise<Buffer>; filename: string };
  refusals: Refusal[];
  /** Text fields every request of the route carries unless a refusal says otherwise. */
  fields?: FormFields;
}

/** The manufacturer firmware uploads name, and its signing key (set before the tests run). */
let maker: { id: number; name: string };
let signer: TestSigner;
const signedFor = (file: Buffer | null): Record<string, string> => ({
  manufacturerId: String(maker.id),
  ...(file?.length ? { signature: signer.sign(file) } : {}),
});

const notMultipart = (key: string): Refusal => ({
  what: 'a JSON body instead of a file',
  file: () => 'json',
  filename: '',
  status: 415,
  key,
});
const noFilePart = (key: string): Refusal => ({
  what: 'a form without a file part',
  file: () => null,
  filename: '',
  status: 400,
  key,
});
const zipBombs = (key: string, filename: string): Refusal[] => [
  { what: 'a zip bomb that says how big it is', file: () => zipBomb(), filename, status: 413, key },
  { what: 'a zip bomb that lies about its size', file: () => zipBomb(100), filename, status: 413, key },
];

/** The rules of every multipart upload route; the first test fails when a route is missing here. */
const UPLOADS: Record<string, UploadRoute> = {
  // Pictures: the name is never trusted (a JPEG named .png is stored as .jpg); the signature decides.
  'POST /file/upload': {
    accepts: { file: () => PNG, filename: 'roof.png' },
    refusals: [
      {
        what: 'an SVG named .png',
        file: () => SVG,
        filename: 'roof.png',
        status: 415,
        key: 'file.format',
      },
      {
        what: 'an HTML page named .jpg',
        file: () => HTML,
        filename: 'roof.jpg',
        status: 415,
        key: 'file.format',
      },
      {
        what: 'an HTML/PNG polyglot',
        file: () => POLYGLOT,
        filename: 'roof.png',
        status: 415,
        key: 'file.format',
      },
      {
        what: 'a GIF (not a format we show)',
        file: () => GIF,
        filename: 'roof.gif',
        status: 415,
        key: 'file.format',
      },
      {
        what: 'a PNG over the size limit',
        file: () => oversized(PNG, PICTURE_MAX_BYTES),
        filename: 'roof.png',
        status: 413,
        key: 'file.tooLarge',
        params: { max: PICTURE_MAX_BYTES / MB },
      },
      {
        what: 'an empty file',
        file: () => Buffer.alloc(0),
        filename: 'roof.png',
        status: 400,
        key: 'file.missing',
      },
      noFilePart('file.missing'),
      notMultipart('file.format'),
    ],
  },
  // Firmware: only a .bin, within the size limit, with a signature by its manufacturer's active key (an
  // image has no signature of its own: the .sig says who made it).
  'POST /iot/firmware/upload': {
    accepts: { file: () => randomBytes(2048), filename: 'fw-2.1.bin' },
    fields: signedFor,
    refusals: [
      {
        what: 'a .bin without a signature',
        file: () => randomBytes(512),
        filename: 'fw.bin',
        status: 400,
        key: 'firmware.signatureMissing',
        fields: () => ({ manufacturerId: String(maker.id) }),
      },
      {
        what: 'a .bin whose signature is not one',
        file: () => randomBytes(512),
        filename: 'fw.bin',
        status: 400,
        key: 'firmware.signatureFormat',
        fields: () => ({ manufacturerId: String(maker.id), signature: '<script>alert(1)</script>' }),
      },
      {
        what: 'a .bin signed over other bytes',
        file: () => randomBytes(512),
        filename: 'fw.bin',
        status: 400,
        key: 'firmware.signatureInvalid',
        fields: () => ({ manufacturerId: String(maker.id), signature: signer.sign(randomBytes(512)) }),
      },
      {
        what: 'a .bin without its manufacturer',
        file: () => randomBytes(512),
        filename: 'fw.bin',
        status: 400,
        key: 'validation.required',
        fields: (file) => ({ signature: signer.sign(file!) }),
      },
      {
        what: 'an .exe',
        file: () => randomBytes(512),
        filename: 'fw.exe',
        status: 415,
        key: 'file.format',
      },
      {
        what: 'a .bin.html',
        file: () => HTML,
        filename: 'fw.bin.html',
        status: 415,
        key: 'file.format',
      },
      {
        what: 'a name without extension',
        file: () => randomBytes(512),
        filename: 'fw',
        status: 415,
        key: 'file.format',
      },
      {
        what: 'a .bin over the size limit',
        file: () => oversized(Buffer.alloc(0), FIRMWARE_MAX_BYTES),
        filename: 'fw.bin',
        status: 413,
        key: 'firmware.fileTooLarge',
        params: { max: FIRMWARE_MAX_BYTES / MB },
      },
      {
        what: 'an empty .bin',
        file: () => Buffer.alloc(0),
        filename: 'fw.bin',
        status: 400,
        key: 'firmware.fileEmpty',
      },
      noFilePart('file.missing'),
      notMultipart('file.format'),
    ],
  },
  // Serial-number lists: a real xlsx, named so, within 2 MB, 10 MB unpacked and 10,000 rows.
  'POST /iot/firmware/sn/parse': {
    accepts: { file: () => snSheet(2), filename: 'sns.xlsx' },
    refusals: [
      {
        what: 'a CSV named .xlsx',
        file: () => CSV,
        filename: 'sns.xlsx',
        status: 415,
        key: 'file.format',
      },
      {
        what: 'an HTML page named .xlsx',
        file: () => HTML,
        filename: 'sns.xlsx',
        status: 415,
        key: 'file.format',
      },
      {
        what: 'a zip that is no workbook',
        file: plainZip,
        filename: 'sns.xlsx',
        status: 415,
        key: 'file.format',
      },
      {
        what: 'a workbook named .csv',
        file: () => snSheet(2),
        filename: 'sns.csv',
        status: 415,
        key: 'file.format',
      },
      ...zipBombs('payloadTooLarge', 'sns.xlsx'),
      {
        what: 'a file over the size limit',
        file: () => oversized(plainZip(), SN_SHEET_MAX_BYTES),
        filename: 'sns.xlsx',
        status: 413,
        key: 'firmware.fileTooLarge',
        params: { max: SN_SHEET_MAX_BYTES / MB },
      },
      {
        what: 'more rows than the limit',
        file: () => snSheet(SN_SHEET_MAX_ROWS + 1),
        filename: 'sns.xlsx',
        status: 422,
        key: 'firmware.snTooManyRows',
        params: { max: SN_SHEET_MAX_ROWS },
      },
      noFilePart('file.missing'),
      notMultipart('file.format'),
    ],
  },
  // The fault code import: a real xlsx, named so, within 2 MB, 64 MB unpacked and 2,000 rows.
  'POST /system/faultCode/import': {
    accepts: { file: () => faultSheet(1, 'UPL-OK'), filename: 'codes.xlsx' },
    refusals: [
      {
        what: 'a CSV named .xlsx',
        file: () => CSV,
        filename: 'codes.xlsx',
        status: 415,
        key: 'file.format',
      },
      {
        what: 'a zip that is no workbook',
        file: plainZip,
        filename: 'codes.xlsx',
        status: 415,
        key: 'file.format',
      },
      {
        what: 'a workbook named .html',
        file: () => faultSheet(1),
        filename: 'codes.html',
        status: 415,
        key: 'file.format',
      },
      ...zipBombs('payloadTooLarge', 'codes.xlsx'),
      {
        what: 'a file over the size limit',
        file: () => oversized(plainZip(), IMPORT_MAX_BYTES),
        filename: 'codes.xlsx',
        status: 413,
        key: 'payloadTooLarge',
      },
      {
        what: 'more rows than the limit',
        file: () => faultSheet(IMPORT_MAX_ROWS + 1),
        filename: 'codes.xlsx',
        status: 422,
        key: 'faultCode.importInvalid',
        params: { count: 1 },
      },
      noFilePart('file.missing'),
      notMultipart('file.format'),
    ],
  },
  // Day-ahead prices (decision 023): a CSV or the first sheet of an xlsx; every bad line is named.
  'POST /station/tariff/import': {
    accepts: {
      file: () => Buffer.from('time;price\n2031-03-01 10:00;0,21\n2031-03-01 11:00;0,19\n'),
      filename: 'prices.csv',
    },
    fields: () => ({ periodId: String(tariffPeriodId), commit: 'true' }),
    refusals: [
      {
        what: 'a malformed line',
        file: () => Buffer.from('2031-03-01 10:00;0,2\n2031-03-01 11:00;zwölf\n'),
        filename: 'prices.csv',
        status: 422,
        key: 'tariff.priceInvalid',
      },
      {
        what: 'a zip that is no workbook',
        file: plainZip,
        filename: 'prices.xlsx',
        status: 415,
        key: 'file.format',
      },
      ...zipBombs('payloadTooLarge', 'prices.xlsx'),
      {
        what: 'a file over the size limit',
        file: () => oversized(Buffer.from('time;price\n'), PRICE_FILE_MAX_BYTES),
        filename: 'prices.csv',
        status: 413,
        key: 'tariff.fileTooLarge',
        params: { max: PRICE_FILE_MAX_BYTES / MB },
      },
      noFilePart('file.missing'),
      notMultipart('file.format'),
    ],
  },
};

/** The dynamic tariff period the price uploads go to (made before the tests run). */
let tariffPeriodId = 0;

let t: TestApp;
let dataDir: string;
let admin: string;
let schemas: Map<string, RouteSchemas>;

/** Every file under DATA_DIR, with its size. */
function storedFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else out.push(`${path.relative(dataDir, p)} ${fs.statSync(p).size}`);
    }
  };
  walk(dataDir);
  return out.sort();
}

/** A multipart/form-data body as a browser sends it: one file part, or only a text field. */
function multipart(file: Buffer | null, filename: string, fields: Record<string, string> = {}) {
  const boundary = `----pvstar${randomBytes(8).toString('hex')}`;
  const texts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const head = file
    ? `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`
    : `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nno file here`;
  const payload = Buffer.concat([
    Buffer.from(texts.join('')),
    Buffer.from(head),
    file ?? Buffer.alloc(0),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function send(
  key: string,
  file: Buffer | null | 'json',
  filename: string,
  fields: FormFields | undefined = UPLOADS[key]?.fields,
) {
  const url = key.split(' ')[1]!;
  const body = file === 'json' ? null : multipart(file, filename, fields?.(file) ?? {});
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload: body ? body.payload : JSON.stringify({ file: 'x' }),
    headers: {
      'content-type': body ? body.contentType : 'application/json',
      authorization: `Bearer ${admin}`,
      lang: LANG,
    },
  });
  return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: unknown } };
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pvstar-uploads-'));
  t = await buildTestApp({ DATA_DIR: dataDir });
  admin = await t.login('admin');
  schemas = await collectRouteSchemas(t.ctx);
  [maker] = (await t.ctx.db
    .select({ id: manufacturers.id, name: manufacturers.name })
    .from(manufacturers)
    .orderBy(manufacturers.id)
    .limit(1)) as [{ id: number; name: string }];
  signer = await signerOf(t.ctx.db, maker.id);
  const [plant] = await t.ctx.db
    .insert(plants)
    .values({
      plantNo: 'P-UPL-TARIFF',
      orgId: 3,
      name: 'Upload tariff',
      type: 'PHOTOVOLTAIC',
      installedCapacity: 3,
    })
    .returning({ id: plants.id });
  const [period] = await t.ctx.db
    .insert(plantTariffPeriods)
    .values({
      plantId: plant!.id,
      direction: 'PURCHASE',
      kind: 'DYNAMIC',
      validFrom: '2031-01-01',
      validTo: '2031-12-31',
    })
    .returning({ id: plantTariffPeriods.id });
  tariffPeriodId = period!.id;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('uploads', () => {
  it('covers every multipart route of the route table, and every module that takes multipart', () => {
    const routes = t.app.routeTable.map((r) => `${r.method} ${r.url}`);
    const multipartRoutes = [...schemas.entries()]
      .filter(([k, s]) => s.consumes?.includes('multipart/form-data') && routes.includes(k))
      .map(([k]) => k)
      .sort();
    expect(multipartRoutes).toEqual(Object.keys(UPLOADS).sort());
    // A module that registers the multipart parser without declaring an upload route would slip past the
    // list above: the modules that register it are exactly those whose routes are listed.
    const modulesDir = path.resolve(import.meta.dirname, '../modules');
    const registering = fs
      .readdirSync(modulesDir)
      .filter((d) =>
        fs
          .readdirSync(path.join(modulesDir, d))
          .some(
            (f) =>
              f.endsWith('.ts') &&
              /register\(multipart/.test(fs.readFileSync(path.join(modulesDir, d, f), 'utf8')),
          ),
      )
      .sort();
    expect(registering).toEqual(['fault-code', 'file', 'firmware', 'tariff']);
  });

  describe.each(Object.entries(UPLOADS))('%s', (key, rules) => {
    it.each(rules.refusals.map((r) => [r.what, r] as const))(
      'refuses %s, stores nothing',
      async (_what, refusal) => {
        const file = await refusal.file();
        const rowsBefore = await dbFingerprint(t.ctx.db);
        const filesBefore = storedFiles();
        const res = await send(key, file, refusal.filename, refusal.fields ?? rules.fields);
        expect(res.status, res.body.msg).toBe(refusal.status);
        expect(res.body.code).toBe(refusal.status);
        expect(res.body.msg).toContain(translate(LANG, refusal.key, refusal.params ?? {}));
        expect(changedTables(rowsBefore, await dbFingerprint(t.ctx.db))).toEqual([]);
        expect(storedFiles()).toEqual(filesBefore);
      },
    );

    it('takes a real file of its kind', async () => {
      const res = await send(key, await rules.accepts.file(), rules.accepts.filename);
      expect(res.status, res.body.msg).toBe(200);
    });
  });

  it('stores a picture by what it is, not by its name', async () => {
    const res = await send('POST /file/upload', JPEG, 'holiday.png');
    expect(res.status).toBe(200);
    expect((res.body.data as { url: string }).url).toMatch(/^\/file\/pictures\/[a-f0-9]{32}\.jpg$/);
  });
});

describe('served files and exports', () => {
  /**
   * How to fetch each route that answers bytes rather than the JSON envelope (no response schema); the
   * first test fails when such a route is missing here.
   */
  const SERVED: Record<string, () => Promise<{ url: string; body?: unknown; token?: string | null }>> = {
    'GET /file/pictures/:name': async () => {
      const res = await send('POST /file/upload', PNG, 'roof.png');
      return { url: (res.body.data as { url: string }).url };
    },
    'GET /iot/firmware/download': firmwareDownload,
    'GET /iot/firmware/sn/template': async () => ({ url: '/iot/firmware/sn/template' }),
    'POST /system/faultCode/export': async () => ({ url: '/system/faultCode/export', body: {} }),
    'POST /iot/alarm/export': async () => ({ url: '/iot/alarm/export', body: {} }),
    'POST /iot/remote/audit/export': async () => ({ url: '/iot/remote/audit/export', body: {} }),
    'POST /system/audit/export': async () => ({ url: '/system/audit/export', body: {} }),
    'POST /station/report/energy/export': async () => ({
      url: '/station/report/energy/export',
      body: { dateType: 'month' },
    }),
    'POST /station/report/fleet/export': async () => ({
      url: '/station/report/fleet/export',
      body: { dateType: 'month' },
    }),
    'POST /station/report/alarm/export': async () => ({
      url: '/station/report/alarm/export',
      body: { dateType: 'month' },
    }),
  };
  /**
   * Routes that answer something other than the envelope but serve no file: health probes, the web app (and
   * its kiosk view of a share link), the unsubscribe link's page (escaped text, no-store: report-mail.ts).
   */
  const NOT_FILES = [
    'GET /health',
    'GET /ready',
    'GET /',
    'GET /public/plant/:token',
    'GET /station/report/subscription/unsubscribe/:token',
    'POST /station/report/subscription/unsubscribe/:token',
  ];

  it('covers every route that answers bytes instead of the envelope', () => {
    const served = t.app.routeTable
      .filter((r) => r.method !== 'HEAD' && !isPluginRoute(r.url))
      .map((r) => `${r.method} ${r.url}`)
      .filter((k) => !NOT_FILES.includes(k) && !schemas.get(k)?.answersJson)
      .sort();
    expect(served).toEqual(Object.keys(SERVED).sort());
  });

  it.each(Object.keys(SERVED))('%s answers as an attachment with nosniff', async (key) => {
    const req = await SERVED[key]!();
    const res = await t.app.inject({
      method: key.startsWith('GET') ? 'GET' : 'POST',
      url: req.url,
      headers: { ...(req.token === null ? {} : { authorization: `Bearer ${admin}` }), lang: LANG },
      ...(req.body === undefined ? {} : { payload: req.body as object }),
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="[^"/\\]+"$/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-type'])).not.toMatch(/html|svg|javascript|xml(?!.*spreadsheetml)/);
  });

  /** A firmware download link as the dispatcher issues it: a task device sent, with a token's hash. */
  async function firmwareDownload() {
    const plant = await addSimulatedPlant(t, {
      org: 'Solartechnik Alpha',
      brokerUrl: 'mqtt://127.0.0.1:9',
      manufacturer: maker.name,
    });
    const upload = await send('POST /iot/firmware/upload', randomBytes(4096), 'fw-9.bin');
    const call = async (url: string, body: unknown) => {
      const res = await t.call('POST', url, { token: admin, body });
      expect(res.status, res.body.msg).toBe(200);
      return res.body.data as { id: number };
    };
    const program = await call('/iot/firmware/add', {
      manufacturerId: maker.id,
      firmwareType: 'INVERTER_ARM',
      version: 'UPL-9.0.0',
      status: 'ENABLED',
      description: 'Download test',
      descriptions: Object.fromEntries(FIRMWARE_DESC_LANGS.map((l) => [l, 'Download test'])),
      descriptionsConfirmed: true,
      supportAll: true,
      fileId: (upload.body.data as { fileId: string }).fileId,
    });
    const task = await call('/iot/upgrade/task/add', {
      name: 'Download test',
      programId: program.id,
      targetIds: [plant.inverter.id],
    });
    const token = randomBytes(32).toString('base64url');
    await t.ctx.db
      .update(upgradeTaskDevices)
      .set({ status: 'SENT', tokenHash: tokenHash(token), tokenExpiresAt: new Date(Date.now() + 600_000) })
      .where(eq(upgradeTaskDevices.taskId, task.id));
    return { url: `/iot/firmware/download?token=${token}`, token: null };
  }
});
