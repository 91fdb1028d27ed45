import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { ADMIN_PASSWORD, DEMO_PASSWORD, login, pickOption, SHOTS_DIR, signIn } from './helpers.ts';

const rows = (page: import('@playwright/test').Page) =>
  page.getByTestId('audit-table').locator('tbody tr.ant-table-row');

test('the provider reads, filters and exports the audit log', async ({ page, request }) => {
  await signIn(request, 'demo-installer-b', DEMO_PASSWORD);
  await login(page, 'admin', ADMIN_PASSWORD, 'en-GB', '/#/system/audit');
  await expect(rows(page).first()).toBeVisible();
  // Newest first: the admin's own sign-in heads the list.
  await expect(rows(page).first()).toContainText('admin');
  await expect(rows(page).first().getByTestId('audit-action')).toHaveAttribute('data-action', 'auth.login');

  await pickOption(page, page.getByTestId('audit-filter-action'), 'Signed in', { search: true });
  await page.getByTestId('audit-filter-user').fill('installer-b');
  await page.getByTestId('audit-search').click();
  await expect(async () => {
    const n = await rows(page).count();
    expect(n).toBeGreaterThan(0);
    for (const row of await rows(page).all()) await expect(row).toContainText('demo-installer-b');
  }).toPass();

  const download = page.waitForEvent('download');
  await page.getByTestId('audit-export').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^audit-log-.*\.xlsx$/);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await file.path());
  const ws = wb.worksheets[0]!;
  // The whole filtered log (the page shows its first 10): every entry a sign-in of installer B.
  expect(ws.rowCount - 1).toBeGreaterThanOrEqual(await rows(page).count());
  for (let r = 2; r <= ws.rowCount; r += 1) {
    expect(String(ws.getRow(r).getCell(2).text)).toBe('demo-installer-b');
    expect(String(ws.getRow(r).getCell(4).text)).toBe('Signed in');
  }
});

test('installers see their own organisation’s log', async ({ page }) => {
  await login(page, 'demo-installer-a', DEMO_PASSWORD, 'en-GB', '/#/system/audit');
  await expect(rows(page).first()).toBeVisible();
  await expect(page.getByTestId('audit-table')).toContainText('demo-installer-a');
  await expect(page.getByTestId('audit-table')).not.toContainText('demo-installer-b');
});

test('guests have no audit log page', async ({ page }) => {
  await login(page, 'demo-guest', DEMO_PASSWORD, 'en-GB', '/#/system/audit');
  await expect(page).toHaveURL(/#\/(404|401)/);
});

test.describe('screenshots', () => {
  for (const lang of ['de-DE', 'en-GB', 'zh-CN', 'it-IT', 'nl-NL', 'fr-FR', 'es-ES', 'pl-PL']) {
    test(`audit log in ${lang}`, async ({ page }) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await login(page, 'admin', ADMIN_PASSWORD, lang, '/#/system/audit');
      await expect(rows(page).first()).toBeVisible();
      await expect(page.getByTestId('audit-table')).not.toContainText('audit.');
      await page.screenshot({ path: `${SHOTS_DIR}/${lang}-audit.png` });
    });
  }
});
