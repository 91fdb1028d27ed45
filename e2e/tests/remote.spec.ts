import fs from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { LANGS } from '@pvstar/contract/lang';
import type { Fleet } from '@pvstar/simulator/fleet';
import { DEMO_PASSWORD, login, pickOption, SHOTS_DIR } from './helpers.ts';
import { startLivePlant } from './live-plant.ts';

/**
 * Remote protection parameters with a live simulated inverter: installer A reads its values, changes
 * the stage-1 over-voltage threshold with the disclaimer and a password, and sees the command go from
 * pending to confirmed with the value read back from the device; a value out of range is refused in
 * the form; the change log lists it all; the guest does not get the controls.
 */
const common = JSON.parse(
  fs.readFileSync(new URL('../../packages/contract/src/locales/en-GB/common.json', import.meta.url), 'utf8'),
);

const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`.toUpperCase();
const SN = { dongle: `RPDGL-${suffix}`, inverter: `RPINV-${suffix}` };

let fleet: Fleet | null = null;
let plantId: number;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  const live = await startLivePlant(request, {
    name: `E2E Fernparametrierung ${suffix}`,
    dongles: [SN],
    manufacturer: 'Fronius',
    model: 'Symo 10.0-3-M',
    fleet: { applyDelayMs: [800, 1200] },
  });
  plantId = live.plantId;
  fleet = live.fleet;
});

test.afterAll(async () => {
  await fleet?.stop();
});

const paramInput = (page: Page, key: string) =>
  page.locator(`input[data-testid="param-${key}"], [data-testid="param-${key}"] input`).first();
const status = (page: Page) => page.getByTestId('remote-command-status');

async function openParameters(page: Page) {
  await page.goto(`/#/station/monitor/detail?id=${plantId}&tab=parameters`);
  await expect(page.getByTestId('remote-params')).toBeVisible();
}

test('reads the inverter, writes a threshold and shows it confirmed by read-back', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, 'demo-installer-a', DEMO_PASSWORD);
  await openParameters(page);
  await expect(page.getByTestId('remote-not-read')).toBeVisible();
  await page.getByTestId('remote-read').click();
  await expect(status(page)).toHaveAttribute('data-status', 'CONFIRMED', { timeout: 20_000 });
  await expect(paramInput(page, 'overVoltage1')).toHaveValue('287.5');
  await expect(page.getByTestId('remote-read-at')).not.toHaveAttribute('data-read-at', '');
  // Save needs the disclaimer.
  await expect(page.getByTestId('remote-save')).toBeDisabled();

  // Out of range: refused in the form, nothing leaves the browser.
  await paramInput(page, 'overVoltage1').fill('2530');
  await paramInput(page, 'overVoltage1').blur();
  await page.getByTestId('remote-disclaimer').check();
  await page.getByTestId('remote-save').click();
  await expect(page.getByText(common.validation.correctValue).first()).toBeVisible();
  await expect(page.getByRole('dialog')).toBeHidden();
  await page.screenshot({ path: `${SHOTS_DIR}/remote-invalid-en-GB.png`, fullPage: true });

  await paramInput(page, 'overVoltage1').fill('276');
  await paramInput(page, 'overVoltage1').blur();
  await page.getByTestId('remote-save').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByTestId('remote-changes')).toContainText('287.5');
  await expect(page.getByTestId('remote-changes')).toContainText('276');
  await page.getByTestId('remote-password').fill(DEMO_PASSWORD);
  await page.getByTestId('remote-confirm').click();
  // The device takes about a second to apply: the screen says it is waiting, not done.
  await expect(status(page)).toHaveAttribute('data-action', 'WRITE');
  await expect(status(page)).toHaveAttribute('data-status', /PENDING|ACCEPTED|VERIFYING/);
  await page.screenshot({ path: `${SHOTS_DIR}/remote-pending-en-GB.png`, fullPage: true });
  await expect(status(page)).toHaveAttribute('data-status', 'CONFIRMED', { timeout: 30_000 });
  await expect(paramInput(page, 'overVoltage1')).toHaveValue('276.0');
  expect(fleet!.dongle(SN.dongle)!.params(SN.inverter).overVoltage1).toBe(276);

  const audit = page.getByTestId('remote-audit');
  await expect(audit.locator('[data-outcome="CONFIRMED"]').first()).toBeVisible({ timeout: 20_000 });
  await expect(audit).toContainText('demo-installer-a');
  // The log in words: the parameter's name and unit, the device's answer, no raw JSON.
  const confirmed = audit.locator('tr', { has: page.locator('[data-outcome="CONFIRMED"]') }).first();
  await expect(confirmed.getByTestId('remote-audit-changes')).toContainText(
    /^Over-voltage stage 1: .+ → 276 \(V\)$/,
  );
  await expect(confirmed.getByTestId('remote-audit-answer')).toHaveText('Confirmed by the device');
  // One write is one row: the state it reached, and the states it passed with their times; no "sent,
  // pending" row is left behind once the device confirmed.
  await expect(confirmed.getByTestId('remote-audit-steps')).toHaveText(
    /^Sent → .+ → Confirmed( after \d.*)?$/,
  );
  await expect(audit.locator('[data-outcome="SENT"]')).toHaveCount(0);
  await expect(audit).not.toContainText('{');
  await page.screenshot({ path: `${SHOTS_DIR}/remote-confirmed-en-GB.png`, fullPage: true });

  // A wrong password is refused and changes nothing.
  await paramInput(page, 'overVoltage1').fill('270');
  await paramInput(page, 'overVoltage1').blur();
  await page.getByTestId('remote-disclaimer').check();
  await page.getByTestId('remote-save').click();
  await page.getByTestId('remote-password').fill('Wrong-password-1');
  await page.getByTestId('remote-confirm').click();
  await expect(page.getByText(common.auth.wrongPassword).first()).toBeVisible();
  expect(fleet!.dongle(SN.dongle)!.params(SN.inverter).overVoltage1).toBe(276);
});

test('choosing a grid code fills its published defaults', async ({ page }) => {
  await login(page, 'demo-installer-a', DEMO_PASSWORD);
  await openParameters(page);
  await expect(paramInput(page, 'overVoltage1')).toHaveValue('276.0');
  await pickOption(page, page.getByTestId('remote-grid-code'), 'G98');
  await expect(paramInput(page, 'underFrequency1Time')).toHaveValue('20.00');
  await expect(page.getByTestId('param-changed').first()).toBeVisible();
  await page.getByTestId('remote-undo').click();
  await expect(paramInput(page, 'underFrequency1Time')).toHaveValue('0.10');
});

test('the device center opens the same parameters for an inverter', async ({ page }) => {
  await login(page, 'demo-installer-a', DEMO_PASSWORD, 'en-GB', '/#/device-center/inverter');
  await expect(page.locator('#device-filter-INVERTER_sn')).toBeVisible();
  await page.getByTestId('filter-sn').fill(SN.inverter);
  await page.getByTestId('filter-search').click();
  await page.getByTestId(`device-params-${SN.inverter}`).click();
  const drawer = page.getByTestId('device-params-drawer');
  await expect(drawer.getByTestId('remote-params')).toBeVisible();
  await expect(paramInput(page, 'overVoltage1')).toHaveValue('276.0');
  await expect(drawer.getByTestId('remote-audit')).toContainText('demo-installer-a');
  await page.screenshot({ path: `${SHOTS_DIR}/remote-device-center-en-GB.png` });
});

test('the guest gets no controls; the tab reads in every language', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await login(
    page,
    'demo-guest',
    DEMO_PASSWORD,
    'en-GB',
    `/#/station/monitor/detail?id=${plantId}&tab=parameters`,
  );
  await expect(page.getByTestId('remote-params')).toHaveCount(0);
  await expect(page.getByTestId('remote-save')).toHaveCount(0);

  // One sign-in, the language switched as the language menu does it (kept over a reload): eight sign-ins
  // and page loads ran past the test's time on a busy machine.
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const p = await context.newPage();
  await login(p, 'demo-installer-a', DEMO_PASSWORD);
  await openParameters(p);
  for (const lang of LANGS) {
    await p.evaluate((l) => localStorage.setItem('language', l), lang);
    await p.reload();
    await expect(p.locator('html')).toHaveAttribute('lang', lang, { timeout: 30_000 });
    await expect(p.getByTestId('remote-params')).toBeVisible({ timeout: 30_000 });
    // Decimals as the language writes them: 276,0 in German, 276.0 in English.
    const decimal = new Intl.NumberFormat(lang).formatToParts(1.5).find((x) => x.type === 'decimal')!.value;
    await expect(paramInput(p, 'overVoltage1')).toHaveValue(`276${decimal}0`);
    await p.screenshot({ path: `${SHOTS_DIR}/remote-params-${lang}.png`, fullPage: true });
  }
  await context.close();
});
