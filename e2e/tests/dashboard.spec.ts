import { expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, login, SHOTS_DIR } from './helpers.ts';

/**
 * The dashboard with the demo fleet (20 simulated plants over installers A and B, a year of daily energy
 * backfilled): figures, charts and the plant list for the dealer, installer A and the guest; the scope
 * shows in the plant counts; the figures refresh every 10 s.
 */

/** The number a KPI card shows (digits of its value, whatever the language's separators). */
async function kpiNumber(page: Page, testId: string): Promise<number> {
  const text = (await page.getByTestId(testId).locator('.pv-kpi-value').innerText()).trim();
  return Number(text.replace(/[^\d]/g, ''));
}

async function expectFigures(page: Page) {
  const figures = page.getByTestId('dashboard-figures');
  await expect(figures).toBeVisible();
  for (const id of ['kpi-fault', 'kpi-today', 'kpi-total', 'kpi-plants', 'kpi-capacity', 'kpi-revenue'])
    await expect(page.getByTestId(id)).toBeVisible();
  expect(await kpiNumber(page, 'kpi-plants')).toBeGreaterThan(0);
  // A year of backfilled energy: the lifetime total and the revenue are not zero.
  expect(await kpiNumber(page, 'kpi-total')).toBeGreaterThan(0);
  expect(await kpiNumber(page, 'kpi-revenue')).toBeGreaterThan(0);
  for (const chart of ['trend-chart', 'pie-yield', 'pie-consumption'])
    await expect(page.getByTestId(chart)).toHaveAttribute('data-ready', 'true');
  for (const status of ['OFFLINE', 'NORMAL', 'WARNING', 'FAULT'])
    await expect(page.getByTestId(`status-${status}`)).toBeVisible();
  await expect(page.getByTestId('power-flow')).toBeVisible();
  await expect(page.getByTestId('social-co2')).not.toContainText(/^\s*0\s/);
  await expect(page.getByTestId('recent-alerts')).toBeVisible();
  const rows = page.getByTestId('dashboard-plants').locator('tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeLessThanOrEqual(10);
  await expect(rows.first().getByTestId('device-group').first()).toBeVisible();
}

test('the dealer sees the figures of both installers, refreshed every 10 s', async ({ page }) => {
  test.setTimeout(90_000);
  await login(page, 'demo-dealer', DEMO_PASSWORD);
  await expectFigures(page);
  const dealerPlants = await kpiNumber(page, 'kpi-plants');
  expect(dealerPlants).toBeGreaterThanOrEqual(20);
  // The plant names lead to the plant detail.
  const link = page.getByTestId('dashboard-plant-link').first();
  const href = await link.getAttribute('href');
  expect(href).toMatch(/#\/station\/monitor\/detail\?id=\d+$/);
  // Nothing is clicked: the next reading comes by itself.
  const before = await page.getByTestId('dashboard-updated').innerText();
  const refreshed = await page.waitForResponse((r) => r.url().includes('/station/dashboard'), {
    timeout: 40_000,
  });
  expect(refreshed.status()).toBe(200);
  await expect(page.getByTestId('dashboard-updated')).not.toHaveText(before);
  await link.click();
  await expect(page).toHaveURL(/#\/station\/monitor\/detail\?id=\d+$/);
});

test('the dealer sees specific yield, CO₂ with its grid factors and their sources', async ({ page }) => {
  await login(page, 'demo-dealer', DEMO_PASSWORD, 'de-DE');
  await expect(page.getByTestId('dashboard-figures')).toBeVisible();
  await expect(page.getByTestId('kpi-yield')).toContainText(/Spez\. Ertrag \(kWh\/kWp\): heute \d/);
  await expect(page.getByTestId('kpi-total')).toContainText('Seit Aufnahme ins Portal');
  const grids = page.getByTestId('social-grid');
  await expect(grids.first()).toBeVisible();
  // The demo plants are German: their factor names the Umweltbundesamt and the year it is for.
  await expect(page.locator('[data-testid="social-grid"][data-country="DE"]')).toContainText(
    /Deutschland: 0,38 kg CO₂\/kWh \(Umweltbundesamt.*Wert für 2023\)/,
  );
  await expect(page.getByTestId('social-trees')).toContainText('Baumjahre');
  await expect(page.getByTestId('social')).not.toContainText('Steinkohle');
  // Two decimals always, with the unit, under today's generation.
  const yields = page.getByTestId('plant-today-yield');
  // The figure and its unit parted by a no-break space.
  await expect(yields.first()).toHaveText(/^\d+,\d{2}\u00a0kWh\/kWp$|^—$/);
});

/** kWh from a figure as German writes it ("1.234,56 MWh"). */
const kWhOf = (text: string) => {
  const [, n, unit] = text.trim().match(/^([\d.,]+)\s*(kWh|MWh|GWh)$/) ?? [];
  expect(n, text).toBeDefined();
  return Number(n!.replace(/\./g, '').replace(',', '.')) * { kWh: 1, MWh: 1e3, GWh: 1e6 }[unit!]!;
};

test('the yield pie’s parts, each with its energy, sum to the yield; ended alarms say so', async ({
  page,
}) => {
  await login(page, 'demo-dealer', DEMO_PASSWORD, 'de-DE');
  await expect(page.getByTestId('pie-yield')).toHaveAttribute('data-ready', 'true');
  await page.getByTestId('pie-period').getByText('Gesamt').click();
  const parts = page.getByTestId('pie-yield-part');
  // The demo has batteries: self-consumed, fed in, and what the batteries kept.
  await expect(parts).toHaveCount(3);
  await expect(parts.nth(2)).toContainText('Im Speicher verblieben');
  const total = kWhOf(await page.getByTestId('pie-yield-total').innerText());
  const values = await parts.locator('.ant-typography-secondary').allInnerTexts();
  const sum = values.map(kWhOf).reduce((a, b) => a + b, 0);
  // Each part is rounded to 2 decimals of its unit.
  expect(Math.abs(sum - total)).toBeLessThan(total * 0.001 + 1);

  const alerts = page.getByTestId('recent-alert');
  await expect(alerts.first()).toBeVisible();
  for (const alert of await alerts.all()) {
    const ended = (await alert.getAttribute('data-ended')) === 'true';
    await expect(alert.getByTestId('alarm-status')).toHaveCount(ended ? 1 : 0);
    if (ended) await expect(alert.getByTestId('alarm-status')).toHaveText('Beendet');
  }
});

test('installer A sees figures of its own plants only, fewer than the dealer', async ({ page, browser }) => {
  await login(page, 'demo-installer-a', DEMO_PASSWORD);
  await expectFigures(page);
  const own = await kpiNumber(page, 'kpi-plants');
  const dealerPage = await browser.newPage();
  await login(dealerPage, 'demo-dealer', DEMO_PASSWORD);
  await expect(dealerPage.getByTestId('dashboard-figures')).toBeVisible();
  expect(own).toBeLessThan(await kpiNumber(dealerPage, 'kpi-plants'));
  await dealerPage.close();
});

test('the guest sees the figures too, and the owner only their own plants', async ({ page, browser }) => {
  await login(page, 'demo-guest', DEMO_PASSWORD);
  await expectFigures(page);
  const ownerPage = await browser.newPage();
  await login(ownerPage, 'demo-owner', DEMO_PASSWORD);
  await expect(ownerPage.getByTestId('dashboard-figures')).toBeVisible();
  const ownerPlants = await kpiNumber(ownerPage, 'kpi-plants');
  expect(ownerPlants).toBeGreaterThan(0);
  expect(ownerPlants).toBeLessThan(await kpiNumber(page, 'kpi-plants'));
  await ownerPage.close();
});

test.describe('screenshots', () => {
  for (const lang of ['en-GB', 'de-DE', 'zh-CN']) {
    test(`dashboard (${lang})`, async ({ page }) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await login(page, 'demo-dealer', DEMO_PASSWORD, lang);
      await expect(page.getByTestId('trend-chart')).toHaveAttribute('data-ready', 'true');
      await expect(page.getByTestId('pie-yield')).toHaveAttribute('data-ready', 'true');
      // Let the charts finish their entry animation.
      await page.waitForTimeout(1500);
      await page.screenshot({ path: `${SHOTS_DIR}/dashboard-${lang}.png`, fullPage: true });
    });
  }

  test('dashboard on a phone (en-GB)', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page, 'demo-installer-a', DEMO_PASSWORD);
    await expect(page.getByTestId('trend-chart')).toHaveAttribute('data-ready', 'true');
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `${SHOTS_DIR}/dashboard-phone.png`, fullPage: true });
  });
});
