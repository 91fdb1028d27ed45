import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { LANGS } from '@pvstar/contract/lang';
import type { Fleet } from '@pvstar/simulator/fleet';
import { DEMO_PASSWORD, login, pickOption } from './helpers.ts';
import { startLivePlant } from './live-plant.ts';

/**
 * Firmware programs and an upgrade task with live simulated dongles: the dealer adds a program (a .bin
 * uploaded with progress, its SHA-256 shown), creates a task for three inverters on three dongles, and
 * watches it complete on the detail page; the inverters then report the new version.
 */
const SHOTS_DIR = process.env.SHOTS_DIR ?? new URL('../test-results/screens', import.meta.url).pathname;
const common = JSON.parse(
  fs.readFileSync(new URL('../../packages/contract/src/locales/en-GB/common.json', import.meta.url), 'utf8'),
);

const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`.toUpperCase();
const VERSION = `E2E-${suffix}`;
const DONGLES = [1, 2, 3].map((i) => ({ dongle: `UPDGL${i}-${suffix}`, inverter: `UPINV${i}-${suffix}` }));
const IMAGE = randomBytes(400_000);
const IMAGE_SHA = createHash('sha256').update(IMAGE).digest('hex');

let fleet: Fleet | null = null;
let taskId: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  const live = await startLivePlant(request, {
    name: `E2E Firmware ${suffix}`,
    dongles: DONGLES,
    manufacturer: 'SMA',
    model: 'Sunny Tripower 10.0',
    fleet: { firmwareFailRate: 0, flashDelayMs: [1500, 2500] },
  });
  fleet = live.fleet;
});

test.afterAll(async () => {
  await fleet?.stop();
});

test('the dealer adds a firmware program with an uploaded image', async ({ page }) => {
  test.setTimeout(90_000);
  await login(page, 'demo-dealer', DEMO_PASSWORD);
  await page.goto('/#/upgrade/program');
  await expect(page.getByTestId('program-page')).toBeVisible();
  await page.getByTestId('program-add').click();
  const form = page.getByTestId('program-form');
  await expect(form).toBeVisible();
  // The manufacturer comes first: the rest waits for it.
  await expect(page.getByTestId('program-version')).toBeDisabled();
  await pickOption(page, page.getByTestId('program-manufacturer'), 'SMA Solar Technology AG');
  await pickOption(page, page.getByTestId('program-type'), 'Inverter ARM');
  await page.getByTestId('program-version').fill(VERSION);
  await page.getByTestId('program-description').fill('Improves MPPT tracking under partial shade.');
  for (const lang of ['zh', 'en', 'de', 'fr', 'it', 'es', 'pl'])
    await page.getByTestId(`program-desc-${lang}`).fill(`Release notes ${lang} ${VERSION}`);

  // Not a .bin: refused before anything is sent.
  await page.getByTestId('program-bin-file').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('hello'),
  });
  await expect(page.getByText(common.firmware.fileFormat).first()).toBeVisible();
  await page.getByTestId('program-bin-file').setInputFiles({
    name: `sma-arm-${VERSION}.bin`,
    mimeType: 'application/octet-stream',
    buffer: IMAGE,
  });
  await expect(page.getByTestId('program-sha256')).toContainText(IMAGE_SHA.slice(0, 12), { timeout: 30_000 });
  await page.getByTestId('program-desc-confirm').check();
  await page.screenshot({ path: `${SHOTS_DIR}/upgrade-program-add-en-GB.png`, fullPage: true });
  await page.getByTestId('program-submit').click();
  await expect(form).toBeHidden();
  const row = page.getByTestId('program-table').locator('tr', { hasText: VERSION });
  await expect(row).toBeVisible();
  await expect(row).toContainText('SMA Solar Technology AG');
  await page.screenshot({ path: `${SHOTS_DIR}/upgrade-programs-en-GB.png`, fullPage: true });
});

test('an upgrade task across three dongles runs to completion', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, 'demo-dealer', DEMO_PASSWORD);
  await page.goto('/#/upgrade/inverter');
  await expect(page.getByTestId('task-page')).toBeVisible();
  await page.getByTestId('task-add').click();
  await expect(page.getByTestId('task-form')).toBeVisible();
  await page.getByTestId('task-name').fill(`Roll-out ${VERSION}`);
  await pickOption(page, page.getByTestId('task-program'), VERSION);
  const search = page.getByTestId('task-candidate-sn').locator('input');
  await search.fill(suffix);
  await search.press('Enter');
  const candidates = page.getByTestId('task-candidates').locator('tbody tr.ant-table-row');
  await expect(candidates).toHaveCount(3);
  await page.getByTestId('task-candidates').locator('thead input[type="checkbox"]').check();
  await expect(page.getByTestId('task-selected-count')).toHaveAttribute('data-count', '3');
  await page.screenshot({ path: `${SHOTS_DIR}/upgrade-task-add-en-GB.png`, fullPage: true });
  await page.getByTestId('task-submit').click();

  await expect(page).toHaveURL(/upgrade-detail\?id=\d+/);
  taskId = new URL(page.url().replace('/#', '')).searchParams.get('id')!;
  await expect(page.getByTestId('task-detail')).toBeVisible();
  // Downloading shows on the way (the image takes a moment to flash).
  await expect(page.getByTestId('task-status')).toHaveAttribute('data-status', 'COMPLETED', {
    timeout: 90_000,
  });
  await expect(page.getByTestId('task-count-succeeded')).toHaveText('3');
  await expect(page.getByTestId('task-count-failed')).toHaveText('0');
  for (const d of DONGLES) {
    await expect(page.getByTestId(`task-device-${d.inverter}`)).toHaveAttribute('data-status', 'SUCCEEDED');
    expect(fleet!.dongle(d.dongle)!.versions.get(d.inverter)?.INVERTER_ARM).toBe(VERSION);
  }
  await page.getByTestId(`task-device-history-${DONGLES[0]!.inverter}`).click();
  const history = page.getByTestId('task-history');
  await expect(history).toBeVisible();
  await expect(history.getByTestId('task-history-item').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS_DIR}/upgrade-detail-en-GB.png`, fullPage: true });
});

test('the pages read in every language; installers have no upgrade menu', async ({ page, browser }) => {
  test.setTimeout(150_000);
  for (const lang of LANGS) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const p = await context.newPage();
    await login(p, 'demo-dealer', DEMO_PASSWORD, lang);
    await p.goto(`/#/upgrade/upgrade-detail?id=${taskId}`);
    await expect(p.getByTestId('task-status')).toHaveAttribute('data-status', 'COMPLETED');
    await p.screenshot({ path: `${SHOTS_DIR}/upgrade-detail-${lang}.png`, fullPage: true });
    await p.goto('/#/upgrade/inverter');
    await expect(p.getByTestId(`task-row-${taskId}`)).toBeVisible();
    await p.screenshot({ path: `${SHOTS_DIR}/upgrade-tasks-${lang}.png`, fullPage: true });
    await context.close();
  }
  await login(page, 'demo-installer-a', DEMO_PASSWORD);
  await page.goto('/#/upgrade/inverter');
  await expect(page.getByTestId('task-page')).toHaveCount(0);
});
