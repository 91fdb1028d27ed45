import type ExcelJS from 'exceljs';

/** What a spreadsheet program may take for a formula when a cell starts with it (OWASP CSV injection). */
export const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell's value as exports write it: a leading quote keeps a would-be formula plain text. */
export const neutralised = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);

/**
 * The bytes of an export workbook: every export ends here, so every text cell it wrote (names, comments,
 * details users typed) is neutralised in one place, whichever builder filled it.
 */
export async function workbookBuffer(wb: ExcelJS.Workbook): Promise<Buffer> {
  wb.eachSheet((ws) =>
    ws.eachRow((row) =>
      row.eachCell((cell) => {
        if (typeof cell.value === 'string') cell.value = neutralised(cell.value);
      }),
    ),
  );
  return Buffer.from(await wb.xlsx.writeBuffer());
}
