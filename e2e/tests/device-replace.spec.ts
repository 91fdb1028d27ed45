import { expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, login, SHOTS_DIR, signIn } from './helpers.ts';
import { addKielPlant } from './live-plant.ts';

/**
 * Replacing a device (issue 23, decision 024): installer A replaces a demo plant's inverter from the device
 * list, confirms, and finds the replacement in the device's history; the form and the history in all eight
 * languages, and on a phone.
 */
const LANGS = ['en-GB', 'de-DE', 'zh-CN', 'it-IT', 'nl-NL', 'fr-FR', 'es-ES', 'pl-PL'] as const;

async function useLanguage(page: Page, lang: string) {
  await page.evaluate((l) => localStorage.setItem('language', l), lang);
  await page.reload();
}

test('an inverter replaced from the device list keeps its place, and its history says so', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const installer = await signIn(request, 'demo-installer-a', DEMO_PASSWORD);
  // A plant of its own: the demo plants' inverters stay as the other specs on this server expect them.
  const run = Date.now().toString(36).toUpperCase();
  const { inverter } = await addKielPlant(request, installer, {
    name: `Replacement ${run}`,
    dongleSn: `DGR-E2E-${run}`,
    inverterSn: `INR-E2E-${run}`,
  });
  const newSn = `INV-E2E-${run}`;

  await login(page, 'demo-installer-a', DEMO_PASSWORD, 'en-GB', `/#/device-center/inverter`);
  await expect(page.locator('#device-filter-INVERTER_sn')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('filter-sn').fill('E2E-');
  await page.getByTestId('filter-search').click();
  const row = page.getByTestId('device-table').locator('tr', { hasText: inverter.sn });
  await row.getByTestId(`device-replace-${inverter.sn}`).click();
  const modal = page.getByTestId('replace-modal');
  await expect(modal).toContainText(inverter.sn);
  await modal.getByTestId('replace-new-sn').fill(newSn.toLowerCase());
  await modal.getByTestId('replace-note').fill('Display dead, exchanged under warranty');
  await modal.getByTestId('replace-submit').click();
  const ok = page.getByTestId('replace-confirm-ok');
  await expect(page.locator('.ant-modal-confirm')).toContainText(`${inverter.sn}`);
  await expect(page.locator('.ant-modal-confirm')).toContainText(newSn);
  await page.locator('.ant-modal-confirm').screenshot({ path: `${SHOTS_DIR}/replace-confirm-en-GB.png` });
  await ok.click();
  await expect(modal).toBeHidden({ timeout: 60_000 });
  // The position keeps its row: the list shows the new serial at the same plant.
  const replaced = page.getByTestId('device-table').locator('tr', { hasText: newSn });
  await expect(replaced).toContainText(inverter.stationName);

  for (const lang of LANGS) {
    await useLanguage(page, lang);
    await page.goto(`/#/device-center/inverter?id=${inverter.id}`);
    const drawer = page.getByTestId('device-drawer');
    const history = drawer.getByTestId('replacement');
    await expect(history).toContainText(`${inverter.sn} → ${newSn}`, { timeout: 20_000 });
    await expect(history).toContainText('demo-installer-a');
    await history.scrollIntoViewIfNeeded();
    await drawer
      .locator('.ant-card')
      .filter({ has: page.getByTestId('replacements') })
      .screenshot({ path: `${SHOTS_DIR}/replace-history-${lang}.png` });
    await drawer.getByTestId('detail-replace').click();
    await expect(page.getByTestId('replace-form')).toBeVisible();
    await expect(page.getByTestId('replace-modal')).toContainText(newSn);
    // Once the modal stands still (it zooms in).
    await expect(page.locator('.ant-zoom-appear, .ant-zoom-enter')).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS_DIR}/replace-form-${lang}.png` });
    await page.getByTestId('replace-cancel').click();
    await expect(page.getByTestId('replace-form')).toBeHidden();
  }

  // On a phone: the drawer takes the whole width, the history reads top to bottom.
  await page.setViewportSize({ width: 390, height: 844 });
  await useLanguage(page, 'de-DE');
  await page.goto(`/#/device-center/inverter?id=${inverter.id}`);
  await expect(page.getByTestId('replacement')).toBeVisible({ timeout: 20_000 });
  await page.getByTestId('replacement').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS_DIR}/replace-history-phone-de-DE.png` });
  await page.getByTestId('device-drawer').getByTestId('detail-replace').click();
  await expect(page.getByTestId('replace-form')).toBeVisible();
  await expect(page.locator('.ant-zoom-appear, .ant-zoom-enter')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS_DIR}/replace-form-phone-de-DE.png` });
});

test('a list filtered on the replaced serial follows it to the new device', async ({ page, request }) => {
  const installer = await signIn(request, 'demo-installer-a', DEMO_PASSWORD);
  const run = Date.now().toString(36).toUpperCase();
  const { inverter } = await addKielPlant(request, installer, {
    name: `Replacement filter ${run}`,
    dongleSn: `DGF-E2E-${run}`,
    inverterSn: `INF-E2E-${run}`,
  });
  const newSn = `INN-E2E-${run}`;
  await login(page, 'demo-installer-a', DEMO_PASSWORD, 'en-GB', '/#/device-center/inverter');
  await page.getByTestId('filter-sn').fill(inverter.sn);
  await page.getByTestId('filter-search').click();
  await page.getByTestId(`device-replace-${inverter.sn}`).click();
  await page.getByTestId('replace-new-sn').fill(newSn);
  await page.getByTestId('replace-submit').click();
  await page.getByTestId('replace-confirm-ok').click();
  await expect(page.getByTestId('replace-modal')).toBeHidden({ timeout: 30_000 });
  // Not "no data" under the old serial: the filter and the list show the new device.
  await expect(page.getByTestId('filter-sn')).toHaveValue(newSn);
  await expect(page.getByTestId('device-table').locator('tr', { hasText: newSn })).toContainText(
    inverter.stationName,
  );
});
