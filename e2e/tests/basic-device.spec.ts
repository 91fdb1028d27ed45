import fs from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { ADMIN_PASSWORD, confirmDialog, DEMO_PASSWORD, login, pickOption, SHOTS_DIR } from './helpers.ts';

/** The English catalogues, so that the tests read the same texts the user sees. */
const catalogue = (file: string) => JSON.parse(fs.readFileSync(new URL(file, import.meta.url), 'utf8'));
const common = catalogue('../../packages/contract/src/locales/en-GB/common.json');
const basic = catalogue('../../apps/web/src/i18n/locales/en-GB/basic.json');

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** Picks an option of an antd Select by its text. */

async function filterManufacturers(page: Page, name: string) {
  await page.getByTestId('filter-manufacturer-name').fill(name);
  await page.getByTestId('filter-search').first().click();
}

test.describe('device basics as admin', () => {
  test.beforeEach(async ({ page }) => {
    await login(page, 'admin', ADMIN_PASSWORD, 'en-GB', '/#/basic/device');
    await expect(page.getByTestId('manufacturer-add')).toBeVisible();
  });

  test('adds, edits and deletes a manufacturer and a specification; one in use cannot be deleted', async ({
    page,
  }) => {
    const name = `E2E Maker ${unique()}`;
    // Add a manufacturer; an empty name is refused on the field.
    await page.getByTestId('manufacturer-add').click();
    const dialog = page.getByRole('dialog');
    await page.getByTestId('manufacturer-save').click();
    await expect(dialog.getByText(common.validation.required)).toBeVisible();
    await page.getByTestId('manufacturer-name').fill(name);
    await page.getByTestId('manufacturer-abbreviation').fill('E2E');
    await page.getByTestId('manufacturer-save').click();
    await expect(dialog).toBeHidden();
    await filterManufacturers(page, name);
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText('E2E');

    // A second one with the same name (other case) is refused on the name field.
    await page.getByTestId('manufacturer-add').click();
    await page.getByTestId('manufacturer-name').fill(name.toUpperCase());
    await page.getByTestId('manufacturer-save').click();
    await expect(dialog.getByText(name.toUpperCase())).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // Edit it.
    await row.getByTestId('manufacturer-edit').click();
    await page.getByTestId('manufacturer-abbreviation').fill('E2X');
    await page.getByTestId('manufacturer-save').click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('E2X');

    // A specification of it.
    await page.getByRole('tab', { name: basic.tab.specs }).click();
    await page.getByTestId('spec-add').click();
    const specForm = page.getByRole('dialog');
    await pickOption(page, specForm.getByLabel(basic.spec.deviceType), basic.deviceType.INVERTER);
    await pickOption(page, specForm.getByLabel(basic.spec.manufacturer), name);
    await page.getByTestId('spec-text').fill('E2E-10K');
    await page.getByTestId('spec-save').click();
    await expect(specForm).toBeHidden();
    await page.getByTestId('filter-spec').fill('E2E-10K');
    await page.getByTestId('filter-search').first().click();
    const specRow = page.getByRole('row', { name: /E2E-10K/ }).filter({ hasText: name });
    await expect(specRow).toContainText(basic.deviceType.INVERTER);

    await specRow.getByTestId('spec-edit').click();
    await pickOption(page, specForm.getByLabel(basic.spec.deviceType), basic.deviceType.CELL);
    await page.getByTestId('spec-save').click();
    await expect(specForm).toBeHidden();
    await expect(specRow).toContainText(basic.deviceType.CELL);

    // The manufacturer is in use now: deleting it is refused with the reason.
    await page.getByRole('tab', { name: basic.tab.manufacturers }).click();
    await filterManufacturers(page, name);
    await row.getByTestId('manufacturer-delete').click();
    await confirmDialog(page);
    await expect(page.getByText(`“${name}” is used by 1 device specification`)).toBeVisible();
    await page.getByTestId('delete-refused-ok').click();
    await expect(row).toBeVisible();

    // Delete the specification, then the manufacturer.
    await page.getByRole('tab', { name: basic.tab.specs }).click();
    await page.getByTestId('filter-spec').fill('E2E-10K');
    await page.getByTestId('filter-search').first().click();
    await specRow.getByTestId('spec-delete').click();
    await confirmDialog(page);
    await expect(specRow).toBeHidden();
    await page.getByRole('tab', { name: basic.tab.manufacturers }).click();
    await filterManufacturers(page, name);
    await row.getByTestId('manufacturer-delete').click();
    await confirmDialog(page);
    await expect(row).toBeHidden();
  });
});

test('an installer has no access to the basic data', async ({ page }) => {
  await login(page, 'demo-installer-a', DEMO_PASSWORD, 'en-GB');
  await expect(page.getByRole('menuitem', { name: /Basic Data/ })).toHaveCount(0);
  // A page of the app the installer's roles do not open: 401, not 404 (issue 20).
  await page.goto('/#/basic/device');
  await expect(page).toHaveURL(/#\/401/);
  await expect(page.getByTestId('manufacturer-table')).toHaveCount(0);
});

test.describe('screenshots', () => {
  for (const lang of ['de-DE', 'en-GB', 'zh-CN']) {
    test(`device basics in ${lang}`, async ({ page }) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await login(page, 'admin', ADMIN_PASSWORD, lang);
      const shot = async (name: string) => {
        await page.waitForTimeout(600);
        await page.screenshot({ path: `${SHOTS_DIR}/basic-device-${lang}-${name}.png` });
      };
      await page.goto('/#/basic/device');
      await expect(page.getByTestId('manufacturer-add')).toBeVisible();
      await expect(page.getByTestId('manufacturer-table').locator('tr.ant-table-row').first()).toBeVisible();
      await shot('manufacturers');
      await page.getByTestId('manufacturer-add').click();
      await page.getByTestId('manufacturer-save').click();
      await shot('manufacturer-form');
      await page.keyboard.press('Escape');
      await page.getByTestId('manufacturer-delete').first().click();
      await confirmDialog(page);
      await expect(page.getByTestId('delete-refused-ok')).toBeVisible();
      await shot('delete-refused');
      await page.getByTestId('delete-refused-ok').click();
      await page.getByRole('tab').nth(1).click();
      await expect(page.getByTestId('spec-add')).toBeVisible();
      await shot('specs');
      await page.getByTestId('spec-add').click();
      await page.getByTestId('spec-save').click();
      await shot('spec-form');
    });
  }
});
