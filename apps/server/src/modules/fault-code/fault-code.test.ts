import { FAULT_XLSX_COLUMNS } from '@pvstar/contract/fault-code';
import { LANGS, type Lang } from '@pvstar/contract/lang';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { zipOf } from '../../../test/zip-bomb.ts';
import { faultCodes } from '../../db/schema/index.ts';
import { seedFaultCodes } from '../../db/seed/fault-codes.ts';
import { FAULT_LIBRARY } from '../../db/seed/fault-library.ts';

let t: TestApp;
let admin: string;
let instA: string;
let dealer: string;
let demo: string;

beforeAll(async () => {
  t = await buildTestApp();
  [admin, instA, dealer] = await Promise.all([
    t.login('admin'),
    t.login('demo-installer-a'),
    t.login('demo-dealer'),
  ]);
  demo = (await t.call('POST', '/auth/user/demo/login', { body: {} })).body.data;
});
afterAll(() => t.close());

const post = (url: string, token: string, body: unknown, lang?: Lang) =>
  t.call('POST', url, { token, body, ...(lang ? { lang } : {}) });
const page = async (
  body: Record<string, unknown> = {},
  lang: Lang = 'en-GB',
  pageSize = 100,
  pageNum = 1,
) => {
  const res = await t.call('POST', '/system/faultCode/page', {
    token: admin,
    body,
    lang,
    query: { pageNum, pageSize },
  });
  expect(res.status).toBe(200);
  return res.body.data as { total: number; list: Record<string, any>[] };
};
const texts = (prefix: string) => Object.fromEntries(LANGS.map((l) => [l, `${prefix} ${l}`]));
const body = (faultCode: string, extra: Record<string, unknown> = {}) => ({
  faultCode,
  deviceType: 'INVERTER',
  alarmLevel: 'WARN',
  message: texts(`Message ${faultCode}`),
  fixAdvice: texts(`Advice ${faultCode}`),
  ...extra,
});
const count = async () => (await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(faultCodes))[0]!.n;

async function exportXlsx(filter: Record<string, unknown> = {}, token = admin) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/system/faultCode/export',
    payload: filter,
    headers: { authorization: `Bearer ${token}`, lang: 'en-GB' },
  });
  return res;
}
async function readSheet(data: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  const rows: string[][] = [];
  ws.eachRow((row) => {
    rows.push(FAULT_XLSX_COLUMNS.map((_, i) => String(row.getCell(i + 1).value ?? '')));
  });
  return rows;
}
async function workbook(rows: (string | number)[][], header: string[] = FAULT_XLSX_COLUMNS) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('x');
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
const sheetRow = (code: string, level = 'ERROR', type = 'BATTERY', prefix = 'Imported') => [
  code,
  type,
  level,
  ...LANGS.map((l) => `${prefix} message ${code} ${l}`),
  ...LANGS.map((l) => `${prefix} advice ${code} ${l}`),
];
async function importFile(data: Buffer, token = admin, filename = 'codes.xlsx', lang: Lang = 'en-GB') {
  const boundary = `----pvstar${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/system/faultCode/import',
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${token}`,
      lang,
    },
  });
  return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: any } };
}

describe('seeded library', () => {
  it('holds at least 40 codes, the simulator’s among them, each with all 8 languages', async () => {
    const all = await page({}, 'en-GB', 100);
    expect(all.total).toBeGreaterThanOrEqual(40);
    const codes = all.list.map((r) => r.faultCode);
    for (const c of ['INV-GRID-OV', 'INV-ISO', 'BAT-BMS-COMM', 'MTR-COMM', 'DGL-OFFLINE', 'INV-COMM-LOST'])
      expect(codes).toContain(c);
    for (const kind of ['INVERTER', 'BATTERY', 'METER', 'DONGLE', 'EV_CHARGER', 'HEAT_PUMP'])
      expect(all.list.some((r) => r.deviceType === kind)).toBe(true);
    for (const r of all.list) {
      for (const l of LANGS) {
        expect(r.messages[l]?.trim().length, `${r.faultCode} message ${l}`).toBeGreaterThan(0);
        expect(r.fixAdvices[l]?.trim().length, `${r.faultCode} advice ${l}`).toBeGreaterThan(0);
      }
    }
    // Translations are real: no language repeats the English text of a message.
    for (const e of FAULT_LIBRARY)
      for (const l of LANGS.filter((x) => x !== 'en-GB')) expect(e.t[l][1]).not.toBe(e.t['en-GB'][1]);
  });

  it('answers in the caller’s language and seeds only what is missing', async () => {
    const de = await page({ faultCode: 'INV-ISO' }, 'de-DE');
    expect(de.list[0]!.alarmMsg).toBe('Isolationswiderstand zu niedrig');
    const zh = await page({ faultCode: 'INV-ISO' }, 'zh-CN');
    expect(zh.list[0]!.alarmMsg).toBe('绝缘阻抗过低');
    const before = await count();
    await seedFaultCodes(t.ctx.db);
    expect(await count()).toBe(before);
  });
});

describe('filters', () => {
  it('by code part, device type, level and keyword in the reader’s language', async () => {
    const byCode = await page({ faultCode: 'grid' });
    expect(byCode.total).toBeGreaterThanOrEqual(4);
    expect(byCode.list.every((r) => r.faultCode.includes('GRID'))).toBe(true);
    const dongles = await page({ deviceType: 'DONGLE' });
    expect(dongles.total).toBeGreaterThanOrEqual(3);
    expect(dongles.list.every((r) => r.deviceType === 'DONGLE')).toBe(true);
    const serious = await page({ alarmLevel: 'SERIOUS' });
    expect(serious.total).toBeGreaterThan(0);
    expect(serious.list.every((r) => r.alarmLevel === 'SERIOUS')).toBe(true);
    const de = await page({ keyword: 'lüfter' }, 'de-DE');
    expect(de.list.map((r) => r.faultCode)).toEqual(['INV-FAN']);
    // The keyword searches the reader's language only.
    expect((await page({ keyword: 'lüfter' }, 'en-GB')).total).toBe(0);
    // LIKE wildcards are literal.
    expect((await page({ keyword: '%' })).total).toBe(0);
  });

  it('pages in a stable order', async () => {
    const p1 = await page({}, 'en-GB', 10, 1);
    const p2 = await page({}, 'en-GB', 10, 2);
    expect(p1.list).toHaveLength(10);
    const codes = [...p1.list, ...p2.list].map((r) => r.faultCode);
    expect(new Set(codes).size).toBe(20);
    expect([...codes].sort()).toEqual(codes);
  });

  it('refuses a bad filter naming the field', async () => {
    const res = await t.call('POST', '/system/faultCode/page', {
      token: admin,
      body: { alarmLevel: 'LOUD' },
      query: { pageNum: 1, pageSize: 10 },
    });
    expect(res.status).toBe(400);
    expect(res.body.data.fields[0].field).toBe('alarmLevel');
  });
});

describe('add, edit, delete', () => {
  it('adds, reads, edits and deletes a code', async () => {
    const add = await post('/system/faultCode/add', admin, body('TST-ONE'));
    expect(add.status).toBe(200);
    const id = add.body.data.id as number;
    const got = (await page({ faultCode: 'TST-ONE' }, 'fr-FR')).list[0]!;
    expect(got).toMatchObject({
      id,
      deviceType: 'INVERTER',
      alarmLevel: 'WARN',
      alarmMsg: 'Message TST-ONE fr-FR',
    });
    const edit = await post(
      '/system/faultCode/edit',
      admin,
      body('TST-ONE-B', { id, alarmLevel: 'SERIOUS', deviceType: 'DONGLE', message: texts('Changed') }),
    );
    expect(edit.status).toBe(200);
    const after = (await page({ faultCode: 'TST-ONE-B' })).list[0]!;
    expect(after).toMatchObject({
      id,
      alarmLevel: 'SERIOUS',
      deviceType: 'DONGLE',
      alarmMsg: 'Changed en-GB',
    });
    const del = await post('/system/faultCode/delete', admin, { id });
    expect(del.status).toBe(200);
    expect((await page({ faultCode: 'TST-ONE' })).total).toBe(0);
    expect((await post('/system/faultCode/delete', admin, { id })).status).toBe(404);
    expect((await post('/system/faultCode/edit', admin, body('TST-ONE', { id }))).status).toBe(404);
  });

  it('keeps codes unique (409) on add and edit', async () => {
    const dup = await post('/system/faultCode/add', admin, body('INV-ISO'));
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toContain('INV-ISO');
    const mine = await post('/system/faultCode/add', admin, body('TST-TWO'));
    const edit = await post('/system/faultCode/edit', admin, body('INV-ISO', { id: mine.body.data.id }));
    expect(edit.status).toBe(409);
  });

  it('names the bad field: code format, level, a missing language, over-long text', async () => {
    const fieldsOf = (res: { body: { data: any } }) =>
      (res.body.data?.fields ?? []).map((f: { field: string }) => f.field);
    expect(fieldsOf(await post('/system/faultCode/add', admin, body('inv grid')))).toContain('faultCode');
    expect(
      fieldsOf(await post('/system/faultCode/add', admin, body('TST-X', { alarmLevel: 'LOUD' }))),
    ).toContain('alarmLevel');
    const noPolish = body('TST-X');
    delete (noPolish.message as Record<string, string>)['pl-PL'];
    const res = await post('/system/faultCode/add', admin, noPolish);
    expect(res.status).toBe(400);
    expect(fieldsOf(res)).toContain('message.pl-PL');
    const long = body('TST-X', { fixAdvice: { ...texts('x'), 'de-DE': 'x'.repeat(1001) } });
    expect(fieldsOf(await post('/system/faultCode/add', admin, long))).toContain('fixAdvice.de-DE');
  });
});

describe('permissions', () => {
  it('lets only the provider read and write; the demo login may read but not write', async () => {
    for (const token of [instA, dealer]) {
      const res = await t.call('POST', '/system/faultCode/page', {
        token,
        body: {},
        query: { pageNum: 1, pageSize: 10 },
      });
      expect(res.status).toBe(403);
      expect((await post('/system/faultCode/add', token, body('TST-NOPE'))).status).toBe(403);
      expect((await exportXlsx({}, token)).statusCode).toBe(403);
      expect((await importFile(await workbook([sheetRow('TST-NOPE')]), token)).status).toBe(403);
    }
    const [row] = (await page({ faultCode: 'INV-FAN' })).list;
    for (const token of [demo]) {
      expect((await post('/system/faultCode/add', token, body('TST-NOPE'))).status).toBe(403);
      expect((await post('/system/faultCode/edit', token, body('INV-FAN', { id: row!.id }))).status).toBe(
        403,
      );
      expect((await post('/system/faultCode/delete', token, { id: row!.id })).status).toBe(403);
      expect((await importFile(await workbook([sheetRow('TST-NOPE')]), token)).status).toBe(403);
    }
    expect((await page({ faultCode: 'TST-NOPE' })).total).toBe(0);
  });
});

describe('xlsx export and import', () => {
  it('exports the filtered rows with a header, every language in its column', async () => {
    const res = await exportXlsx({ deviceType: 'METER' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="fault-codes-.*\.xlsx"$/);
    const rows = await readSheet(res.rawPayload);
    expect(rows[0]).toEqual(FAULT_XLSX_COLUMNS);
    const meters = await page({ deviceType: 'METER' });
    expect(rows.slice(1).map((r) => r[0])).toEqual(meters.list.map((r) => r.faultCode));
    const mtr = rows.find((r) => r[0] === 'MTR-COMM')!;
    const listed = meters.list.find((r) => r.faultCode === 'MTR-COMM')!;
    expect(mtr.slice(1, 3)).toEqual([listed.deviceType, listed.alarmLevel]);
    LANGS.forEach((l, i) => {
      expect(mtr[3 + i]).toBe(listed.messages[l]);
      expect(mtr[3 + LANGS.length + i]).toBe(listed.fixAdvices[l]);
    });
  });

  it('round-trips: exporting then importing the same file changes nothing', async () => {
    const before = await page({}, 'en-GB', 100);
    const file = (await exportXlsx()).rawPayload;
    const res = await importFile(file);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ added: 0, updated: before.total });
    const after = await page({}, 'en-GB', 100);
    const strip = (list: Record<string, any>[]) => list.map(({ updateTime: _u, ...r }) => r);
    expect(strip(after.list)).toEqual(strip(before.list));
  });

  it('adds new codes and updates existing ones by code, in one go', async () => {
    const before = await count();
    const file = await workbook([
      sheetRow('TST-IMP-A'),
      sheetRow('INV-FAN', '4', 'INVERTER', 'New'),
      sheetRow('TST-IMP-B', 'GENERAL'),
    ]);
    const res = await importFile(file);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ added: 2, updated: 1 });
    expect(await count()).toBe(before + 2);
    const fan = (await page({ faultCode: 'INV-FAN' }, 'it-IT')).list[0]!;
    expect(fan).toMatchObject({ alarmLevel: 'INFO', alarmMsg: 'New message INV-FAN it-IT' });
  });

  it('refuses a zip bomb named .xlsx (413), whatever sizes it declares, and imports nothing', async () => {
    const before = await count();
    // Past the import's 64 MB cap on what a workbook may unpack to, from under 100 kB.
    const zeros = Buffer.alloc(80 * 1024 * 1024);
    for (const bomb of [
      zipOf('xl/worksheets/sheet1.xml', zeros),
      zipOf('xl/worksheets/sheet1.xml', zeros, 100),
    ]) {
      expect(bomb.length).toBeLessThan(100_000);
      expect((await importFile(bomb)).status).toBe(413);
    }
    expect(await count()).toBe(before);
  });

  it('a bad row anywhere imports nothing and names every row and field', async () => {
    const before = await count();
    const wrongType = sheetRow('TST-BAD-A');
    wrongType[1] = 'TOASTER';
    const badLevel = sheetRow('TST-BAD-B');
    badLevel[2] = 'LOUD';
    const noGerman = sheetRow('TST-BAD-C');
    noGerman[3 + LANGS.indexOf('de-DE')] = '';
    const file = await workbook([
      sheetRow('TST-GOOD-A'),
      wrongType,
      badLevel,
      noGerman,
      sheetRow('TST-GOOD-A'),
    ]);
    const res = await importFile(file, admin, 'codes.xlsx', 'de-DE');
    expect(res.status).toBe(422);
    const errors = res.body.data.errors as { row: number; field: string; message: string }[];
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          row: 3,
          field: 'deviceType',
          message: 'Bitte wählen Sie einen der angebotenen Werte',
        }),
        expect.objectContaining({
          row: 4,
          field: 'alarmLevel',
          message: 'Bitte wählen Sie einen der angebotenen Werte',
        }),
        expect.objectContaining({ row: 5, field: 'message.de-DE', message: 'Pflichtfeld' }),
        expect.objectContaining({ row: 6, field: 'faultCode' }),
      ]),
    );
    expect(res.body.msg).toContain('4');
    expect(await count()).toBe(before);
    expect((await page({ faultCode: 'TST-GOOD' })).total).toBe(0);
  });

  it('a missing column is reported on the header row', async () => {
    const header = FAULT_XLSX_COLUMNS.filter((c) => c !== 'alarmLevel');
    const row = sheetRow('TST-COL');
    row.splice(2, 1);
    const res = await importFile(await workbook([row], header));
    expect(res.status).toBe(422);
    expect(res.body.data.errors).toEqual([expect.objectContaining({ row: 1, field: 'alarmLevel' })]);
    expect((await page({ faultCode: 'TST-COL' })).total).toBe(0);
  });

  it('refuses bytes that are not an xlsx, even named .xlsx (415), and an empty sheet (422)', async () => {
    const before = await count();
    const csv = Buffer.from(`${FAULT_XLSX_COLUMNS.join(',')}\n${sheetRow('TST-CSV').join(',')}\n`);
    expect((await importFile(csv)).status).toBe(415);
    // A zip that is not a workbook.
    const zipOnly = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64)]);
    expect((await importFile(zipOnly)).status).toBe(415);
    expect((await importFile(await workbook([]))).status).toBe(422);
    expect(await count()).toBe(before);
  });

  it('refuses a file over 2 MB (413)', async () => {
    const big = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(2 * 1024 * 1024 + 10)]);
    expect((await importFile(big)).status).toBe(413);
  });
});
