import { ALARM_LEVEL_CODES } from '@pvstar/contract/enum-values';
import {
  FAULT_XLSX_COLUMNS,
  type FaultCodeAddBody,
  FaultCodeAddBodySchema,
  type FaultImportError,
} from '@pvstar/contract/fault-code';
import { LANGS, type Lang } from '@pvstar/contract/lang';
import { isMessageKey, translate } from '@pvstar/contract/messages';
import { parseMessage } from '@pvstar/contract/validation';
import ExcelJS from 'exceljs';
import { AppError } from '../../http/errors.ts';
import { cellText, firstSheet } from '../../lib/xlsx-input.ts';
import { workbookBuffer } from '../../lib/xlsx-output.ts';

/**
 * Most bytes a fault code workbook may unpack to: 2,000 codes with every text at its longest in eight
 * languages stay below this.
 */
const FAULT_SHEET_MAX_UNZIPPED = 64 * 1024 * 1024;

export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 2000;
/** Enough to fix a file; a wholly wrong sheet does not need thousands of lines back. */
const MAX_ERRORS = 200;

export interface ExportRow {
  faultCode: string;
  deviceType: string;
  alarmLevel: string;
  messages: Record<Lang, string>;
  fixAdvice: Record<Lang, string>;
}

/** One row per code: code, device type, level, then the message and the fix advice in every language. */
export async function buildWorkbook(rows: ExportRow[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'PVSTAR';
  const ws = wb.addWorksheet('faultCodes');
  ws.columns = FAULT_XLSX_COLUMNS.map((key) => ({
    header: key,
    key,
    width: key.startsWith('fixAdvice') ? 60 : key.startsWith('message') ? 36 : 16,
  }));
  ws.getRow(1).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  for (const r of rows) {
    ws.addRow([
      r.faultCode,
      r.deviceType,
      r.alarmLevel,
      ...LANGS.map((l) => r.messages[l] ?? ''),
      ...LANGS.map((l) => r.fixAdvice[l] ?? ''),
    ]);
  }
  return workbookBuffer(wb);
}

const notXlsx = () => new AppError(415, 'file.format');

/** A zod issue as a message in the caller's language. */
function issueText(lang: Lang, issue: { code: string; message: string }, input: unknown) {
  const parsed = parseMessage(issue.message);
  if (isMessageKey(parsed.key)) return translate(lang, parsed.key, parsed.params);
  if (input === undefined || input === '') return translate(lang, 'validation.required');
  if (issue.code === 'invalid_value') return translate(lang, 'validation.enum');
  return translate(lang, 'validation.invalid');
}

export type ParseResult =
  | { ok: true; rows: FaultCodeAddBody[] }
  /** `total` counts every error; `errors` holds the first MAX_ERRORS of them. */
  | { ok: false; errors: FaultImportError[]; total?: number };

/**
 * Reads the first sheet and checks every row with the contract schema before anything is stored, so that
 * the answer lists every problem by sheet row number (the header is row 1).
 */
export async function parseWorkbook(data: Buffer, lang: Lang): Promise<ParseResult> {
  const ws = await firstSheet(data, { maxUnzipped: FAULT_SHEET_MAX_UNZIPPED, notXlsx });

  const header = new Map<string, number>();
  ws.getRow(1).eachCell((cell, col) => {
    const name = cellText(cell.value);
    if (name && !header.has(name)) header.set(name, col);
  });
  const missing = FAULT_XLSX_COLUMNS.filter((c) => !header.has(c));
  if (missing.length)
    return {
      ok: false,
      errors: missing.map((column) => ({
        row: 1,
        field: column,
        message: translate(lang, 'faultCode.missingColumn', { column }),
      })),
    };

  const rows: FaultCodeAddBody[] = [];
  const errors: FaultImportError[] = [];
  const firstRow = new Map<string, number>();
  let count = 0;
  for (let r = 2; r <= ws.rowCount; r++) {
    const row = ws.getRow(r);
    const text = (column: string) => cellText(row.getCell(header.get(column)!).value);
    const values = FAULT_XLSX_COLUMNS.map(text);
    if (values.every((v) => v === '')) continue; // blank lines between blocks are harmless
    count += 1;
    if (count > IMPORT_MAX_ROWS)
      return {
        ok: false,
        errors: [
          {
            row: r,
            field: 'row',
            message: translate(lang, 'faultCode.tooManyRows', { max: IMPORT_MAX_ROWS }),
          },
        ],
      };
    const level = text('alarmLevel').toUpperCase();
    // Numeric levels (1, 2, 3, 4, 999) are accepted as the spec numbers them.
    const byCode = Object.entries(ALARM_LEVEL_CODES).find(([, code]) => String(code) === level)?.[0];
    const orEmpty = (v: string) => (v === '' ? undefined : v);
    const body = {
      faultCode: orEmpty(text('faultCode').toUpperCase()),
      deviceType: orEmpty(text('deviceType').toUpperCase()),
      alarmLevel: orEmpty(byCode ?? level),
      message: Object.fromEntries(LANGS.map((l) => [l, text(`message.${l}`)])),
      fixAdvice: Object.fromEntries(LANGS.map((l) => [l, text(`fixAdvice.${l}`)])),
    };
    const parsed = FaultCodeAddBodySchema.safeParse(body);
    if (!parsed.success) {
      // One message per field: an empty text fails both "required" and "length".
      const seen = new Set<string>();
      for (const issue of parsed.error.issues) {
        const field = issue.path.join('.') || 'row';
        if (seen.has(field)) continue;
        seen.add(field);
        const input = issue.path.reduce<unknown>(
          (v, k) => (v && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[k] : undefined),
          body,
        );
        errors.push({ row: r, field, message: issueText(lang, issue, input) });
      }
      continue;
    }
    const code = parsed.data.faultCode;
    const first = firstRow.get(code);
    if (first !== undefined) {
      errors.push({
        row: r,
        field: 'faultCode',
        message: translate(lang, 'faultCode.duplicateInFile', { code, first }),
      });
      continue;
    }
    firstRow.set(code, r);
    rows.push(parsed.data);
  }
  if (errors.length) return { ok: false, errors: errors.slice(0, MAX_ERRORS), total: errors.length };
  if (rows.length === 0)
    return { ok: false, errors: [{ row: 2, field: 'row', message: translate(lang, 'faultCode.noRows') }] };
  return { ok: true, rows };
}
