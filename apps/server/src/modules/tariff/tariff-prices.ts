import { localTime, utcOffsetMs } from '@pvstar/contract/calendar';
import { MAX_PRICE_ROWS, PRICE_LIMIT, PRICE_RESOLUTIONS } from '@pvstar/contract/tariff';
import { CsvError, parse } from 'csv-parse/sync';
import type ExcelJS from 'exceljs';
import { AppError } from '../../lib/errors.ts';
import { firstSheet } from '../../lib/xlsx-input.ts';

/**
 * Reading a dynamic period's prices: a CSV (`;`, `,` or tab between time and price, decimal comma or
 * point, an optional header line) or the first sheet of an xlsx (time in column A, price in B), or the
 * API's JSON list. Times are ISO 8601 with an offset, or the plant's local wall-clock time
 * (`2026-03-29 01:00`, `29.03.2026 01:00`); a local hour that occurs twice (the clocks go back) is read
 * in file order. Every bad line is named (decision 023).
 */

/** A line's problem: its number (1-based, as an editor shows it) and a message key of the common catalogue. */
export interface LineError {
  line: number;
  field: 'time' | 'price' | 'file';
  key: string;
  params?: Record<string, string | number>;
}

/** A CSV that cannot be split into fields (a quote left open or inside a field): a 400 naming its line. */
export class MalformedCsvError extends Error {
  constructor(readonly error: LineError) {
    super(error.key);
  }
}

export interface PriceRow {
  line: number;
  /** Epoch ms of the interval's start. */
  at: number;
  /** Per kWh. */
  price: number;
}

const MAX_ERRORS = 100;
const QUARTER_MS = 15 * 60_000;
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/;
const LOCAL_DE = /^(\d{2})\.(\d{2})\.(\d{4}) (\d{2}):(\d{2})(?::(\d{2}))?$/;
const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * The instants a local wall-clock time names in a zone: none in the hour the clocks skip, two in the
 * hour they repeat, else one; sorted.
 */
export function instantsOfWallTime(wall: number, timeZone: string): number[] {
  const offsets = new Set([
    utcOffsetMs(wall - 14 * 3_600_000, timeZone),
    utcOffsetMs(wall + 14 * 3_600_000, timeZone),
  ]);
  const out = new Set<number>();
  for (const off of offsets) {
    const at = wall - off;
    if (utcOffsetMs(at, timeZone) === off) out.add(at);
  }
  return [...out].sort((a, b) => a - b);
}

/** The instant of a time text, or undefined; `after` (the line before's) picks the later of a repeated hour. */
function parseTime(text: string, timeZone: string, after: number | undefined): number | undefined {
  const t = text.trim();
  if (WITH_OFFSET.test(t)) {
    const at = Date.parse(t);
    return Number.isNaN(at) ? undefined : at;
  }
  const m = LOCAL.exec(t);
  const d = m ? undefined : LOCAL_DE.exec(t);
  let parts: number[];
  if (m) parts = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number);
  else if (d) parts = [d[3], d[2], d[1], d[4], d[5], d[6] ?? '0'].map(Number);
  else return undefined;
  const [y, mo, day, h, mi, s] = parts as [number, number, number, number, number, number];
  const wall = Date.UTC(y, mo - 1, day, h, mi, s);
  const check = new Date(wall);
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== day || h > 23 || mi > 59) return undefined;
  const candidates = instantsOfWallTime(wall, timeZone);
  if (!candidates.length) return undefined;
  return candidates.find((c) => after === undefined || c > after) ?? candidates[0];
}

/** A price text or number per kWh (decimal comma or point), or undefined. */
function parsePrice(value: unknown, perMwh: boolean): number | undefined {
  let n: number;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string') {
    const t = value.trim().replace(/\s/g, '');
    if (!/^[-+]?\d+([.,]\d+)?$/.test(t)) return undefined;
    n = Number(t.replace(',', '.'));
  } else return undefined;
  if (!Number.isFinite(n)) return undefined;
  return perMwh ? n / 1000 : n;
}

/** A cell of a sheet as text or number; a date cell is the wall-clock time it shows. */
function cellValue(cell: ExcelJS.CellValue): unknown {
  if (cell instanceof Date) return cell.toISOString().slice(0, 19).replace('T', ' ');
  if (cell && typeof cell === 'object' && 'result' in cell)
    return cellValue(cell.result as ExcelJS.CellValue);
  if (cell && typeof cell === 'object' && 'richText' in cell)
    return cell.richText.map((r) => r.text).join('');
  return cell ?? '';
}

/** Raw lines of a file: [line number, time cell, price cell]. */
async function fileLines(data: Buffer): Promise<[number, unknown, unknown][]> {
  const lines: [number, unknown, unknown][] = [];
  if (data.length >= 4 && data[0] === 0x50 && data[1] === 0x4b) {
    const sheet = await firstSheet(data, {
      maxUnzipped: 40 * 1024 * 1024,
      notXlsx: () => new AppError(415, 'file.format'),
    });
    sheet.eachRow({ includeEmpty: false }, (row, n) => {
      lines.push([n, cellValue(row.getCell(1).value), cellValue(row.getCell(2).value)]);
    });
    return lines;
  }
  return csvLines(data.toString('utf8'));
}

/**
 * A CSV's lines through csv-parse: a quoted field may hold the separator (`"0,25"` in a comma-separated
 * file, as a German spreadsheet exports it) or a doubled quote; a BOM and CRLF are read. The separator
 * is the first of `;`, tab, `,` outside quotes on the first line. A misplaced quote throws MalformedCsvError.
 */
function csvLines(text: string): [number, unknown, unknown][] {
  const first =
    text
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/)
      .find((l) => l.trim()) ?? '';
  const bare = first.replace(/"[^"]*"?/g, '');
  const delimiter = bare.includes(';') ? ';' : bare.includes('\t') ? '\t' : ',';
  const lines: [number, unknown, unknown][] = [];
  let lastLine = 0;
  try {
    parse(text, {
      delimiter,
      bom: true,
      trim: true,
      relax_column_count: true,
      skip_empty_lines: true,
      on_record: (record: string[], info) => {
        lastLine = info.lines;
        if (record.some((c) => c !== ''))
          lines.push([info.lines, record[0] ?? '', record.length > 1 ? record[1] : undefined]);
        return null;
      },
    });
    return lines;
  } catch (err) {
    if (!(err instanceof CsvError)) throw err;
    const column = Number(err.column ?? 0);
    const field = column === 0 ? 'time' : column === 1 ? 'price' : 'file';
    if (err.code === 'CSV_QUOTE_NOT_CLOSED') {
      // csv-parse names the line where the text ends; the open quote is on the first line after the last record.
      const all = text.split(/\r?\n/);
      let line = lastLine + 1;
      while (line < all.length && !all[line - 1]!.trim()) line++;
      throw new MalformedCsvError({
        line,
        field,
        key: 'tariff.csvQuoteOpen',
        params: { column: column + 1 },
      });
    }
    throw new MalformedCsvError({
      line: Number(err.lines) || lastLine + 1,
      field,
      key: 'tariff.csvMalformed',
      params: { column: column + 1 },
    });
  }
}

/**
 * Checks rows in order: each time readable, on a quarter hour, later than the line before; each price a
 * number within ±PRICE_LIMIT per kWh. The resolution is the smallest step between lines (15 or 60
 * minutes), or `known` (the period's) with a single line.
 */
export function checkRows(
  lines: [number, unknown, unknown][],
  o: { timeZone: string; perMwh: boolean; known: number | null; header: boolean },
): { rows: PriceRow[]; resolution: number; errors: LineError[] } {
  const errors: LineError[] = [];
  const rows: PriceRow[] = [];
  let last: number | undefined;
  lines.forEach(([line, time, price], i) => {
    if (errors.length >= MAX_ERRORS) return;
    const p = parsePrice(price, o.perMwh);
    // A first line whose price is not a number is the header.
    if (i === 0 && o.header && p === undefined && parsePrice(time, false) === undefined) return;
    const at = typeof time === 'string' ? parseTime(time, o.timeZone, last) : undefined;
    if (at === undefined) errors.push({ line, field: 'time', key: 'tariff.timeInvalid' });
    else if (at % QUARTER_MS !== 0) errors.push({ line, field: 'time', key: 'tariff.timeQuarter' });
    else if (last !== undefined && at <= last) errors.push({ line, field: 'time', key: 'tariff.timeOrder' });
    if (p === undefined) errors.push({ line, field: 'price', key: 'tariff.priceInvalid' });
    else if (Math.abs(p) > PRICE_LIMIT)
      errors.push({ line, field: 'price', key: 'validation.tooBig', params: { max: PRICE_LIMIT } });
    if (at !== undefined && p !== undefined) {
      rows.push({ line, at, price: p });
      if (last === undefined || at > last) last = at;
    }
  });
  if (!errors.length && !rows.length) errors.push({ line: 1, field: 'file', key: 'tariff.noPrices' });
  if (rows.length > MAX_PRICE_ROWS)
    errors.push({
      line: rows[MAX_PRICE_ROWS]!.line,
      field: 'file',
      key: 'tariff.tooManyPrices',
      params: { max: MAX_PRICE_ROWS },
    });
  let step = Number.POSITIVE_INFINITY;
  for (let i = 1; i < rows.length; i++) step = Math.min(step, (rows[i]!.at - rows[i - 1]!.at) / 60_000);
  const resolution = Number.isFinite(step) ? step : (o.known ?? 60);
  if (!errors.length && !(PRICE_RESOLUTIONS as readonly number[]).includes(resolution))
    errors.push({ line: 1, field: 'file', key: 'tariff.resolution' });
  else if (!errors.length && o.known !== null && o.known !== resolution)
    errors.push({ line: 1, field: 'file', key: 'tariff.resolutionChanged', params: { minutes: o.known } });
  return { rows, resolution, errors };
}

/** The lines of an uploaded file. */
export const readPriceFile = fileLines;

/** Rows outside the period's days (the plant's local calendar). */
export function outsidePeriod(
  rows: PriceRow[],
  period: { validFrom: string; validTo: string | null },
  timeZone: string,
): LineError[] {
  const out: LineError[] = [];
  for (const r of rows) {
    const day = localTime(r.at, timeZone).date;
    if (day < period.validFrom || (period.validTo !== null && day > period.validTo))
      out.push({ line: r.line, field: 'time', key: 'tariff.outsidePeriod' });
    if (out.length >= MAX_ERRORS) break;
  }
  return out;
}
