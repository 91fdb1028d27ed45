import { expect, type Page, test } from '@playwright/test';
import { ADMIN_PASSWORD, DEMO_PASSWORD, flowOverlaps, login, SHOTS_DIR } from './helpers.ts';

/**
 * One figure per concept, signs in words (docs/energy.md "Power now"): the dashboard's live fleet power
 * flow is the plant's drawing, the plants with the highest PV power show every device group at 1440 px,
 * and the battery list says "charging"/"discharging" instead of a minus sign. Screenshots of the screens
 * in three languages at 1440×900 and 390×844 are kept for looking at the layout.
 */

const LANGS = ['en-GB', 'de-DE', 'zh-CN'] as const;
const SIZES = {
  desktop: { width: 1440, height: 900 },
  phone: { width: 390, height: 844 },
} as const;

/** The machine may be busy (the demo's history is still being written): pages get longer to show. */
const SLOW = { timeout: 30_000 };

/** A minus sign or hyphen before a digit: a bare sign. */
const BARE_SIGN = /(^|[^\w])[-−]\s?\d/;

/** Opens the battery list and waits for its rows. */
async function openBatteries(page: Page) {
  await page.goto('/#/device-center/battery');
  await expect(page.locator('#device-filter-BATTERY_sn')).toBeVisible(SLOW);
  await expect(page.getByTestId('device-table').locator('tbody tr.ant-table-row').first()).toBeVisible(SLOW);
}

async function dashboardReady(page: Page) {
  await expect(page.getByTestId('fleet-flow')).toBeVisible(SLOW);
  await expect(page.getByTestId('trend-chart')).toHaveAttribute('data-ready', 'true', SLOW);
  await expect(page.getByTestId('dashboard-plants').locator('tbody tr.ant-table-row').first()).toBeVisible(
    SLOW,
  );
}

test('the dashboard’s fleet power flow is the plant’s drawing, live, with directions in words', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(SIZES.desktop);
  await login(page, 'demo-dealer', DEMO_PASSWORD);
  await dashboardReady(page);
  const flow = page.getByTestId('fleet-flow');
  for (const node of ['pv', 'grid', 'load', 'battery'])
    await expect(flow.getByTestId(`flow-value-${node}`)).toBeVisible();
  // The demo fleet reports: the drawing is live and its values carry no sign.
  await expect(flow.getByTestId('power-flow')).toHaveAttribute('data-live', 'true', SLOW);
  for (const node of ['pv', 'grid', 'load', 'battery'])
    expect(await flow.getByTestId(`flow-value-${node}`).innerText()).not.toMatch(BARE_SIGN);
  await expect(flow.getByTestId('flow-node-battery')).toContainText(/Charging|Discharging|Idle/);
  // It refreshes by itself, as a plant's overview does.
  const before = await flow.getByTestId('power-flow').getAttribute('data-ts');
  await expect
    .poll(() => flow.getByTestId('power-flow').getAttribute('data-ts'), { timeout: 40_000 })
    .not.toBe(before);
});

test('the plants with the highest PV power show every device group inside the card at 1440 px', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize(SIZES.desktop);
  await login(page, 'demo-dealer', DEMO_PASSWORD, 'de-DE');
  await dashboardReady(page);
  const table = page.getByTestId('dashboard-plants');
  const card = table.locator('xpath=ancestor::div[contains(@class,"ant-card")][1]');
  const cardBox = (await card.boundingBox())!;
  const groups = table.getByTestId('device-group');
  expect(await groups.count()).toBeGreaterThan(0);
  for (const box of await Promise.all((await groups.all()).map((g) => g.boundingBox())))
    expect(box!.x + box!.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
  // No sideways scrolling needed to see them.
  const body = table.locator('.ant-table-content, .ant-table-body').first();
  const overflow = await body.evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(overflow).toBeLessThanOrEqual(1);
  await expect(page.getByTestId('dashboard-plants').locator('th').nth(2)).toHaveText('PV-Leistung jetzt');
});

test('the battery list shows the power with its direction in words, never a bare sign', async ({ page }) => {
  await page.setViewportSize(SIZES.desktop);
  await login(page, 'demo-installer-a', DEMO_PASSWORD);
  await openBatteries(page);
  const cells = page.getByTestId('signed-power');
  await expect(cells.first()).toBeVisible();
  for (const text of await cells.allInnerTexts()) {
    expect(text).toMatch(/ · (Charging|Discharging|Idle)$/);
    expect(text).not.toMatch(BARE_SIGN);
  }
});

test('a plant with a heat pump and an EV charger: every label of its power flow stands clear, on a phone too', async ({
  page,
}) => {
  test.setTimeout(240_000);
  // Demo plant 3 (a storage plant in Graz) has a battery, a heat pump and an EV charger: six nodes.
  await login(page, 'admin', ADMIN_PASSWORD, 'de-DE');
  for (const [size, layout] of [
    ['phone', 'tall'],
    ['desktop', 'wide'],
  ] as const) {
    await page.setViewportSize(SIZES[size]);
    await page.goto('/#/station/monitor/detail?id=3');
    const flow = page.getByTestId('tab-overview').getByTestId('power-flow');
    // The heat pump and the charger join the drawing once they have reported (the overview refreshes).
    // (A node is a point the icon and text hang on: attached, not "visible".)
    await expect(flow.getByTestId('flow-node-heatPump')).toBeAttached({ timeout: 90_000 });
    await expect(flow.getByTestId('flow-node-ev')).toBeAttached({ timeout: 90_000 });
    // On the phone the tall layout; on the desktop whichever fits the card's width (both keep labels clear).
    if (layout === 'tall') await expect(flow).toHaveAttribute('data-layout', layout);
    expect(await flowOverlaps(flow)).toEqual([]);
    await flow.screenshot({ path: `${SHOTS_DIR}/figures-flow-six-nodes-de-DE-${size}.png` });
  }
});

test.describe('screenshots', () => {
  for (const lang of LANGS)
    for (const [size, viewport] of Object.entries(SIZES))
      test(`dashboard, plant list and battery list (${lang}, ${size})`, async ({ page }) => {
        test.setTimeout(150_000);
        await page.setViewportSize(viewport);
        await login(page, 'demo-installer-a', DEMO_PASSWORD, lang);
        await dashboardReady(page);
        await page.waitForTimeout(1500);
        await page.screenshot({ path: `${SHOTS_DIR}/figures-dashboard-${lang}-${size}.png`, fullPage: true });
        // The cards this change is about, at full resolution.
        await page
          .getByTestId('fleet-flow')
          .screenshot({ path: `${SHOTS_DIR}/figures-dashboard-flow-${lang}-${size}.png` });
        // Every label stands clear of the other nodes, on a phone too (heat pump and EV charger included).
        expect(await flowOverlaps(page.getByTestId('fleet-flow').getByTestId('power-flow'))).toEqual([]);
        await page
          .getByTestId('dashboard-plants')
          .screenshot({ path: `${SHOTS_DIR}/figures-dashboard-plants-${lang}-${size}.png` });
        // A plant's overview: the same drawing, with the plant's values.
        await page.getByTestId('dashboard-plant-link').first().click();
        await expect(page.getByTestId('tab-overview').getByTestId('power-flow')).toBeVisible(SLOW);
        await page.waitForTimeout(800);
        expect(await flowOverlaps(page.getByTestId('tab-overview').getByTestId('power-flow'))).toEqual([]);
        await page.screenshot({ path: `${SHOTS_DIR}/figures-overview-${lang}-${size}.png`, fullPage: true });
        await page.goto('/#/station/monitor');
        await expect(page.getByTestId('station-kpis')).toBeVisible(SLOW);
        await expect(page.getByTestId('station-no').first()).toBeVisible(SLOW);
        await page.screenshot({ path: `${SHOTS_DIR}/figures-plants-${lang}-${size}.png`, fullPage: true });
        await openBatteries(page);
        await page.screenshot({ path: `${SHOTS_DIR}/figures-batteries-${lang}-${size}.png`, fullPage: true });
      });
});
