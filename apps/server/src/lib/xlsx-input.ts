import zlib from 'node:zlib';
import ExcelJS from 'exceljs';
import { AppError } from './errors.ts';

/** Reading spreadsheets users upload (fault code import, serial-number lists): one guarded way in. */

/** Most parts (files) in an uploaded workbook. */
const ZIP_MAX_ENTRIES = 1000;
const unpacksTooLarge = () => new AppError(413, 'payloadTooLarge');

/** An xlsx is a zip archive: anything else (a CSV, HTML or old binary .xls renamed) is refused before parsing. */
export const isZip = (data: Buffer) =>
  data.length >= 4 && data[0] === 0x50 && data[1] === 0x4b && data[2] === 0x03 && data[3] === 0x04;

/**
 * The first sheet of an uploaded xlsx. Not a zip, not readable, or without a sheet: `notXlsx()` (the
 * caller's own 415). Parts that would unpack to more than `maxUnzipped` bytes, a "zip bomb": 413,
 * before exceljs inflates anything.
 */
export async function firstSheet(
  data: Buffer,
  opts: { maxUnzipped: number; notXlsx: () => Error },
): Promise<ExcelJS.Worksheet> {
  if (!isZip(data)) throw opts.notXlsx();
  await checkUnzippedSize(data, opts.maxUnzipped, opts.notXlsx);
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw opts.notXlsx();
  }
  const ws = wb.worksheets[0];
  if (!ws) throw opts.notXlsx();
  return ws;
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
async function checkUnzippedSize(data: Buffer, max: number, notXlsx: () => Error): Promise<void> {
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
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  // Our exports quote would-be formulas (xlsx-output.ts): a re-imported export reads as it was.
  if (typeof value === 'string') return (/^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value).trim();
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
