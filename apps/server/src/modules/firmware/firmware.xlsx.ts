import { SN_SHEET_HEADER, SN_SHEET_MAX_ROWS } from '@pvstar/contract/firmware';
import { SERIAL } from '@pvstar/contract/mqtt';
import ExcelJS from 'exceljs';
import { AppError } from '../../http/errors.ts';
import { cellText, firstSheet } from '../../lib/xlsx-input.ts';
import { workbookBuffer } from '../../lib/xlsx-output.ts';

/**
 * Most bytes the parts of a serial-number workbook may hold once unpacked. A list of 10,000 serial
 * numbers is well under 2 MB of XML; this leaves room for styles and extra columns and stops a small
 * "zip bomb" from being inflated by the spreadsheet reader.
 */
export const SN_SHEET_MAX_UNZIPPED = 10 * 1024 * 1024;
/** Enough to fix a sheet; a wholly wrong one does not need thousands of lines back. */
export const SN_MAX_ERRORS = 100;

const notXlsx = () => new AppError(415, 'file.format');

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
  return workbookBuffer(wb);
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
  const ws = await firstSheet(data, { maxUnzipped: SN_SHEET_MAX_UNZIPPED, notXlsx });

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
