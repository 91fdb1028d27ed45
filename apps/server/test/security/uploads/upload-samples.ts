import { FAULT_XLSX_COLUMNS } from '@pvstar/contract/fault-code';
import { SN_SHEET_HEADER } from '@pvstar/contract/firmware';
import ExcelJS from 'exceljs';
import { jpegOf } from '../../picture-fixture.ts';
import { zipOf } from '../../zip-bomb.ts';
import { PNG } from '../fixtures/sample-files.ts';

/** Files the upload rules send: real ones of each kind, and ones that only pretend to be. */

export const MB = 1024 * 1024;

export const JPEG = jpegOf(4, 3);
export const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>',
);
export const HTML = Buffer.from(
  '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>',
);
export const GIF = Buffer.from(
  'GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!\xf9\x04',
  'latin1',
);
/** A PNG behind an HTML prefix: a browser sniffing the start would see a page. */
export const POLYGLOT = Buffer.concat([Buffer.from('<html><script>alert(1)</script>'), PNG]);
export const CSV = Buffer.from('SN\nINV-000001\nINV-000002\n');

let zeros80: Buffer | undefined;
/** Under 100 kB, unpacking to 80 MB: past the 10 MB and 64 MB caps of both spreadsheet readers. */
export const zipBomb = (declared?: number) => {
  zeros80 ??= Buffer.alloc(80 * MB);
  return zipOf('xl/worksheets/sheet1.xml', zeros80, declared);
};
/** A zip that is no workbook. */
export const plainZip = () => zipOf('hello.txt', Buffer.from('hello'));
/** `size` bytes that start like the expected file, so only the size is wrong. */
export const oversized = (head: Buffer, size: number) =>
  Buffer.concat([head, Buffer.alloc(size - head.length + 1, 7)]);

export async function snSheet(rows: number): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('SN');
  ws.addRow([SN_SHEET_HEADER]);
  for (let i = 0; i < rows; i += 1) ws.addRow([`INV-${String(i).padStart(8, '0')}`]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const LANGS = ['de-DE', 'en-GB', 'zh-CN', 'it-IT', 'nl-NL', 'fr-FR', 'es-ES', 'pl-PL'];
export async function faultSheet(rows: number, prefix = 'UPL'): Promise<Buffer> {
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
