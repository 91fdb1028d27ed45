import zlib from 'node:zlib';
import { SN_SHEET_HEADER, SN_SHEET_MAX_ROWS } from '@pvstar/contract/firmware';
import { SERIAL } from '@pvstar/contract/mqtt';
import ExcelJS from 'exceljs';
import { AppError } from '../../http/errors.ts';
import { isZip } from '../fault-code/fault-code.xlsx.ts';

/**
 * Most bytes the parts of a serial-number workbook may hold once unpacked. A list of 10,000 serial
 * numbers is well under 2 MB of XML; this leaves room for styles and extra columns and stops a small
 * "zip bomb" from being inflated by the spreadsheet reader.
 */
export const SN_SHEET_MAX_UNZIPPED = 10 * 1024 * 1024;
/** Most parts (files) in that workbook. */
const ZIP_MAX_ENTRIES = 1000;
/** Enough to fix a sheet; a wholly wrong one does not need thousands of lines back. */
export const SN_MAX_ERRORS = 100;

const notXlsx = () => new AppError(415, 'firmware.fileFormat');
const unpacksTooLarge = () => new AppError(413, 'payloadTooLarge');

/** The template: one sheet, one bold `SN` header over a text column. */
export async function buildSnTemplate(sheetName: string): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'PVSTAR';
  // Sheet names: at most 31 characters, none of : \ / ? * [ ]
  const name = sheetName.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || SN_SHEET_HEADER;
  const ws = wb.addWorksheet(name);
  ws.columns = [{ header: SN_SHEET_HEADER, key: 'sn', width: 24 }];
  // Text, so that serial numbers of digits keep their leading zeros.
  ws.getColumn(1).numFmt = '@';
  ws.getRow(1).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** How many bytes a raw-deflate stream inflates to, counting no further than just past `limit`. */
function inflatedSize(raw: Buffer, limit: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const inflate = zlib.createInflateRaw();
    let n = 0;
    inflate.on('data', (chunk: Buffer) => {
      n += chunk.length;
      if (n > limit) {
        inflate.destroy();
        resolve(n);
      }
    });
    inflate.on('end', () => resolve(n));
    inflate.on('error', reject);
    inflate.end(raw);
  });
}

/**
 * Refuses a zip whose parts would unpack to more than `max` bytes — by inflating them (and dropping
 * the output) as far as the cap, since the sizes a zip declares may lie. Zip64, encryption and
 * compression methods other than stored and deflate do not occur in a spreadsheet: refused as not xlsx.
 */
export async function checkUnzippedSize(data: Buffer, max: number): Promise<void> {
  const u16 = (at: number) => data.readUInt16LE(at);
  const u32 = (at: number) => data.readUInt32LE(at);
  let eocd = -1;
  for (let p = data.length - 22; p >= Math.max(0, data.length - 22 - 0xffff); p--) {
    if (u32(p) === 0x06054b50) {
      eocd = p;
      break;
    }
  }
  if (eocd < 0) throw notXlsx();
  const entries = u16(eocd + 10);
  const cdOffset = u32(eocd + 16);
  if (entries === 0xffff || cdOffset === 0xffffffff) throw notXlsx();
  if (entries > ZIP_MAX_ENTRIES) throw unpacksTooLarge();

  const parts: { method: number; compressed: number; start: number }[] = [];
  let declared = 0;
  let p = cdOffset;
  for (let i = 0; i < entries; i++) {
    if (p + 46 > data.length || u32(p) !== 0x02014b50) throw notXlsx();
    const flags = u16(p + 8);
    const method = u16(p + 10);
    const compressed = u32(p + 20);
    const uncompressed = u32(p + 24);
    const local = u32(p + 42);
    if (flags & 1 || (method !== 0 && method !== 8)) throw notXlsx();
    if (compressed === 0xffffffff || uncompressed === 0xffffffff) throw notXlsx();
    declared += uncompressed;
    if (local + 30 > data.length || u32(local) !== 0x04034b50) throw notXlsx();
    const start = local + 30 + u16(local + 26) + u16(local + 28);
    if (start + compressed > data.length) throw notXlsx();
    parts.push({ method, compressed, start });
    p += 46 + u16(p + 28) + u16(p + 30) + u16(p + 32);
  }
  if (declared > max) throw unpacksTooLarge();

  let total = 0;
  for (const part of parts) {
    const raw = data.subarray(part.start, part.start + part.compressed);
    total +=
      part.method === 0
        ? raw.length
        : await inflatedSize(raw, max - total).catch(() => Promise.reject(notXlsx()));
    if (total > max) throw unpacksTooLarge();
  }
}

/** The text of a cell whatever exceljs made of it (numbers, rich text, hyperlinks, formula results). */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    if ('richText' in value)
      return value.richText
        .map((p) => p.text)
        .join('')
        .trim();
    if ('text' in value && typeof value.text === 'string') return value.text.trim();
    if ('result' in value && value.result !== undefined && value.result !== null)
      return cellText(value.result as ExcelJS.CellValue);
  }
  return '';
}

export interface SnRowError {
  /** The sheet's row number (the header is row 1). */
  row: number;
  key: 'validation.serial' | 'firmware.snDuplicate';
}

export type SnSheet = { ok: true; sns: string[] } | { ok: false; errors: SnRowError[]; total: number };

/**
 * Reads the `SN` column of the first sheet: trimmed, upper case, blank rows skipped. Every bad row is
 * reported at once (the first SN_MAX_ERRORS of them); a sheet that is not a workbook answers 415.
 */
export async function parseSnSheet(data: Buffer): Promise<SnSheet> {
  // An old binary .xls is no zip: exceljs cannot read it.
  if (!isZip(data)) throw notXlsx();
  await checkUnzippedSize(data, SN_SHEET_MAX_UNZIPPED);
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw notXlsx();
  }
  const ws = wb.worksheets[0];
  if (!ws) throw notXlsx();

  let column = 0;
  ws.getRow(1).eachCell((cell, col) => {
    if (!column && cellText(cell.value).toUpperCase() === SN_SHEET_HEADER) column = col;
  });
  if (!column)
    throw new AppError(422, 'firmware.snMissingColumn', {}, [
      { field: 'file', key: 'firmware.snMissingColumn' },
    ]);

  const sns: string[] = [];
  const errors: SnRowError[] = [];
  const seen = new Set<string>();
  let count = 0;
  let tooMany = false;
  // Only the rows the sheet holds (a lone cell on row 1,000,000 does not make a million rows).
  ws.eachRow((row, r) => {
    if (r === 1 || tooMany) return;
    const sn = cellText(row.getCell(column).value).toUpperCase();
    if (sn === '') return;
    count += 1;
    if (count > SN_SHEET_MAX_ROWS) {
      tooMany = true;
      return;
    }
    if (!SERIAL.test(sn)) errors.push({ row: r, key: 'validation.serial' });
    else if (seen.has(sn)) errors.push({ row: r, key: 'firmware.snDuplicate' });
    else {
      seen.add(sn);
      sns.push(sn);
    }
  });
  if (tooMany) {
    const params = { max: SN_SHEET_MAX_ROWS };
    throw new AppError(422, 'firmware.snTooManyRows', params, [
      { field: 'file', key: 'firmware.snTooManyRows', params },
    ]);
  }
  if (errors.length) return { ok: false, errors: errors.slice(0, SN_MAX_ERRORS), total: errors.length };
  if (sns.length === 0)
    throw new AppError(422, 'firmware.snEmpty', {}, [{ field: 'file', key: 'firmware.snEmpty' }]);
  return { ok: true, sns };
}
