import fs from 'node:fs';
import path from 'node:path';
import { LANGS } from '@pvstar/contract/lang';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { faultCodes } from '../db/schema/index.ts';
import { cellText } from './xlsx-input.ts';
import { workbookBuffer } from './xlsx-output.ts';

/** Spreadsheet exports never hand a spreadsheet program a formula that a user typed (OWASP CSV injection). */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const HOSTILE = ['=HYPERLINK("http://evil.example","x")', '+1+2', '-2+3', '@SUM(A1)', '\tTAB', '\rCR'];

async function cells(data: Buffer): Promise<ExcelJS.CellValue[]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data as unknown as ArrayBuffer);
  const out: ExcelJS.CellValue[] = [];
  wb.eachSheet((ws) => ws.eachRow((row) => row.eachCell((cell) => out.push(cell.value))));
  return out;
}

describe('xlsx exports', () => {
  it('write a cell that starts like a formula as text behind a quote, and leave others alone', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('s').addRow([...HOSTILE, 'plain', 'a=b', 42]);
    const values = await cells(await workbookBuffer(wb));
    // A stored CR reads back as a line feed; what matters is the quote in front.
    expect(values.map((v) => (typeof v === 'string' ? v.replace('\n', '\r') : v))).toEqual([
      ...HOSTILE.map((v) => `'${v}`),
      'plain',
      'a=b',
      42,
    ]);
    // Reading such an export back (the fault code import) gives the text as it was typed.
    expect(values.slice(0, 4).map((v) => cellText(v))).toEqual(HOSTILE.slice(0, 4));
  });

  it('neutralise a name starting with "=" in a real export (fault codes)', async () => {
    const admin = await t.login('admin');
    const messages = Object.fromEntries(LANGS.map((l) => [l, `=cmd|' /C calc'!A0 ${l}`]));
    await t.ctx.db.insert(faultCodes).values({
      faultCode: 'CSV-INJ-1',
      deviceType: 'INVERTER',
      alarmLevel: 'WARN',
      messages: messages as never,
      fixAdvice: messages as never,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/system/faultCode/export',
      headers: { authorization: `Bearer ${admin}` },
      payload: { faultCode: 'CSV-INJ-1' },
    });
    expect(res.statusCode).toBe(200);
    const values = (await cells(res.rawPayload)).filter((v) => typeof v === 'string' && v.includes('calc'));
    expect(values.length).toBe(2 * LANGS.length);
    for (const v of values) expect(v).toMatch(/^'=cmd/);
  });

  it('are all written through workbookBuffer (no other writeBuffer in the modules)', () => {
    const root = path.resolve(import.meta.dirname, '../modules');
    const offenders = (fs.readdirSync(root, { recursive: true }) as string[])
      // Tests and their fixtures build input workbooks of their own; only what the product writes counts.
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('-fixture.ts'))
      .filter((f) => fs.readFileSync(path.join(root, f), 'utf8').includes('.writeBuffer('));
    expect(offenders).toEqual([]);
  });
});
