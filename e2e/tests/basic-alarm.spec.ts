import fs from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { ADMIN_PASSWORD, confirmDialog, login, pickOption, SHOTS_DIR } from './helpers.ts';

/** The catalogues, so that the tests read the same texts the user sees. */
const catalogue = (file: string) => JSON.parse(fs.readFileSync(new URL(file, import.meta.url), 'utf8'));
const common = catalogue('../../packages/contract/src/locales/en-GB/common.json');

const LANGS = ['de-DE', 'en-GB', 'zh-CN', 'it-IT', 'nl-NL', 'fr-FR', 'es-ES', 'pl-PL'];
const COLUMNS = [
  'faultCode',
  'deviceType',
  'alarmLevel',
  ...LANGS.map((l) => `message.${l}`),
  ...LANGS.map((l) => `fixAdvice.${l}`),
];
const unique = () => `${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1000)}`;

async function openPage(page: Page, lang = 'en-GB') {
  await login(page, 'admin', ADMIN_PASSWORD, lang, '/#/basic/alarm');
  await expect(page.getByTestId('fault-code-table').locator('tbody tr.ant-table-row').first()).toBeVisible();
}

/** A workbook in the export's layout: one good row and two bad ones (rows 3 and 4). */
async function badWorkbook(code: string): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('faultCodes');
  ws.addRow(COLUMNS);
  const row = (c: string, type: string, level: string) => [
    c,
    type,
    level,
    ...LANGS.map((l) => `Message ${c} ${l}`),
    ...LANGS.map((l) => `Advice ${c} ${l}`),
  ];
  ws.addRow(row(`${code}-OK`, 'INVERTER', 'WARN'));
  ws.addRow(row(`${code}-TYPE`, 'TOASTER', 'WARN'));
  ws.addRow(row(`${code}-LEVEL`, 'BATTERY', 'LOUD'));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

test.describe('fault code library as admin', () => {
  test('lists the seeded library and filters by level and code', async ({ page }) => {
    await openPage(page);
    const table = page.getByTestId('fault-code-table');
    await expect(page.getByText(/Total \d+/).first()).toBeVisible();
    await pickOption(page, page.getByTestId('filter-level'), common.alarm.level.SERIOUS);
    await page.getByTestId('filter-search').first().click();
    await expect(table.locator('tbody tr.ant-table-row').first()).toBeVisible();
    const tags = table.locator('[data-testid^="level-"]');
    await expect(tags.first()).toHaveText(common.alarm.level.SERIOUS);
    expect(await table.locator('[data-testid="level-SERIOUS"]').count()).toBe(await tags.count());

    await page.getByRole('button', { name: 'Reset' }).first().click();
    await page.getByTestId('filter-code').fill('INV-ISO');
    await page.getByTestId('filter-search').first().click();
    await expect(table.getByRole('row', { name: /INV-ISO/ })).toContainText('Insulation resistance low');
  });

  test('adds, edits and deletes a code; exports the list', async ({ page }) => {
    await openPage(page);
    const code = `E2E-${unique()}`;
    await page.getByTestId('fault-code-add').click();
    const dialog = page.getByRole('dialog');
    await page.getByTestId('fault-code-code').fill(code);
    await pickOption(page, page.getByTestId('fault-code-device-type'), 'Dongle');
    await pickOption(page, page.getByTestId('fault-code-level'), common.alarm.level.WARN);
    // Only English filled: saving shows the missing languages and marks their tabs.
    await page.getByTestId('fault-code-message-en-GB').fill(`E2E message ${code}`);
    await page.getByTestId('fault-code-advice-en-GB').fill('Restart the dongle.');
    await page.getByTestId('fault-code-save').click();
    await expect(dialog.getByText(common.validation.required).first()).toBeVisible();
    for (const lang of LANGS) {
      await page.getByTestId(`fault-code-tab-${lang}`).click();
      await page.getByTestId(`fault-code-message-${lang}`).fill(`E2E message ${code} ${lang}`);
      await page.getByTestId(`fault-code-advice-${lang}`).fill(`Advice ${lang}`);
    }
    await page.getByTestId('fault-code-save').click();
    await expect(dialog).toBeHidden();

    await page.getByTestId('filter-code').fill(code);
    await page.getByTestId('filter-search').first().click();
    const row = page.getByRole('row', { name: new RegExp(code) });
    await expect(row).toContainText(`E2E message ${code} en-GB`);
    await expect(row.getByTestId('level-WARN')).toBeVisible();

    // Edit the level.
    await row.getByTestId('fault-code-edit').click();
    await pickOption(page, page.getByTestId('fault-code-level'), common.alarm.level.SERIOUS);
    await page.getByTestId('fault-code-save').click();
    await expect(dialog).toBeHidden();
    await expect(row.getByTestId('level-SERIOUS')).toBeVisible();

    // Export what the filter shows.
    const download = page.waitForEvent('download');
    await page.getByTestId('fault-code-export').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^fault-codes-.*\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(await file.path());
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(1).getCell(1).value).toBe('faultCode');
    expect(ws.getRow(2).getCell(1).value).toBe(code);
    expect(ws.getRow(2).getCell(3).value).toBe('SERIOUS');

    // Delete it.
    await row.getByTestId('fault-code-delete').click();
    await confirmDialog(page);
    await expect(row).toBeHidden();
  });

  test('a bad import lists the rows with errors and imports nothing', async ({ page }) => {
    await openPage(page);
    const code = `E2E-${unique()}`;
    await page.getByTestId('fault-code-import').click();
    await page.locator('input[type="file"]').setInputFiles({
      name: 'bad.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await badWorkbook(code),
    });
    const errors = page.getByTestId('import-errors');
    await expect(errors).toBeVisible();
    await expect(errors.getByRole('row', { name: /deviceType/ })).toContainText('3');
    await expect(errors.getByRole('row', { name: /alarmLevel/ })).toContainText('4');
    await expect(errors.getByRole('row', { name: /alarmLevel/ })).toContainText(common.validation.enum);
    await page.screenshot({ path: `${SHOTS_DIR}/basic-alarm-import-errors-en-GB.png` });
    await page.keyboard.press('Escape');
    await page.getByTestId('filter-code').fill(code);
    await page.getByTestId('filter-search').first().click();
    await expect(page.getByTestId('fault-code-table').getByText(common.noData)).toBeVisible();
  });
});

for (const lang of ['en-GB', 'de-DE', 'zh-CN']) {
  test(`screenshots ${lang}`, async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await openPage(page, lang);
    await page.screenshot({ path: `${SHOTS_DIR}/basic-alarm-list-${lang}.png` });
    await page.getByTestId('fault-code-edit').first().click();
    await expect(page.getByTestId('fault-code-save')).toBeVisible();
    await page.waitForTimeout(400); // let the opening animation finish
    await page.screenshot({ path: `${SHOTS_DIR}/basic-alarm-edit-${lang}.png` });
  });
}
