import { randomBytes } from 'node:crypto';
import { SN_SHEET_MAX_ROWS } from '@pvstar/contract/firmware';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FirmwareFixture,
  setUpFirmware,
  tearDownFirmware,
  workbook,
} from '../../../test/firmware-fixture.ts';
import type { TestApp } from '../../../test/helper.ts';
import { zipOf } from '../../../test/zip-bomb.ts';

/** The serial-number sheet of firmware programs: template, parsing and refusals (fixture in firmware-fixture.ts). */

let t: TestApp;
let dataDir: string;
let admin: string;
let parseSn: FirmwareFixture['parseSn'];

beforeAll(async () => {
  ({ t, dataDir, admin, parseSn } = await setUpFirmware());
});
afterAll(async () => {
  await tearDownFirmware({ t, dataDir });
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
