import { expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, login, SHOTS_DIR } from './helpers.ts';

/**
 * The fleet map (issue 20): the dashboard's map card, the plant list's map view and the location map on a
 * plant's information tab. The test server has no internet, so no tile loads: exactly the offline case,
 * where the markers must still show on the plain background and a note says the background is missing.
 */

/** The machine may be busy: a map waits for Leaflet, the plants and the cluster animation. */
const SLOW = { timeout: 30_000 };

/** Markers and clusters, each counting its plants (a cluster's number). */
async function plantsOnMap(map: Locator): Promise<number> {
  const markers = await map.getByTestId('map-marker').count();
  const clusters = await map.getByTestId('map-cluster').allInnerTexts();
  return markers + clusters.reduce((s, n) => s + Number(n.replace(/\D/g, '')), 0);
}

/** The legend's counts added up: every plant with coordinates the map was given. */
async function legendTotal(map: Locator): Promise<number> {
  const items = await map.getByTestId('map-legend-item').allInnerTexts();
  return items.reduce((s, text) => s + Number(/(\d+)\s*$/.exec(text)?.[1] ?? 0), 0);
}

async function openListMap(page: Page) {
  await page.goto('/#/station/monitor');
  return switchToMap(page);
}

async function switchToMap(page: Page) {
  await page
    .getByTestId('station-view')
    .getByText(/Map|Karte|地图/)
    .click();
  await expect(page).toHaveURL(/view=map/);
  return page.getByTestId('fleet-map');
}

test('the dashboard and the plant list show every plant of the scope on a map, without tiles', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await login(page, 'demo-installer-a', DEMO_PASSWORD);
  const card = page.getByTestId('dashboard-map');
  await card.scrollIntoViewIfNeeded(SLOW);
  const map = card.getByTestId('fleet-map');
  await expect(map.getByTestId('map-marker').or(map.getByTestId('map-cluster')).first()).toBeVisible(SLOW);
  // No internet here: the background is missing and the map says so, the markers stay.
  await expect(map.getByTestId('fleet-map-offline')).toBeVisible(SLOW);
  const total = await legendTotal(map);
  expect(total).toBeGreaterThan(0);
  // (While a cluster's animation runs, the old and the new one are both there for a moment.)
  await expect.poll(() => plantsOnMap(map)).toBe(total);

  // The list's map shows the same plants; the list counts them too.
  const listMap = await openListMap(page);
  await expect(listMap.getByTestId('map-marker').or(listMap.getByTestId('map-cluster')).first()).toBeVisible(
    SLOW,
  );
  await expect.poll(() => legendTotal(listMap)).toBe(total);
  await expect.poll(() => plantsOnMap(listMap)).toBe(total);

  // A status hidden in the legend leaves the map.
  const normal = listMap.locator('[data-testid=map-legend-item][data-status=NORMAL]');
  const normalCount = Number(/(\d+)\s*$/.exec(await normal.innerText())?.[1]);
  await normal.click();
  await expect(normal).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(() => plantsOnMap(listMap)).toBe(total - normalCount);
  await normal.click();
  await expect.poll(() => plantsOnMap(listMap)).toBe(total);
});

test("the map honours the list's filter; a marker's popup opens the plant, whose information tab shows its place", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await login(page, 'demo-installer-a', DEMO_PASSWORD, 'en-GB', '/#/station/monitor');
  const name = (await page.getByTestId('station-link').first().innerText()).trim();
  await page.getByTestId('filter-stationName').fill(name);
  await page.getByTestId('filter-search').click();
  const map = await switchToMap(page);
  const marker = map.getByTestId('map-marker');
  await expect(marker).toHaveCount(1, SLOW);
  await marker.click();
  const popup = page.getByTestId('map-popup');
  await expect(popup).toContainText(name);
  await expect(popup.getByTestId('plant-status')).toBeVisible();
  await expect(popup).toContainText('Power now');
  await popup.getByTestId('map-popup-link').click();
  await expect(page).toHaveURL(/station\/monitor\/detail\?id=\d+/);

  await page.getByRole('tab', { name: 'Information' }).click();
  const location = page.getByTestId('location-map');
  await expect(location).toBeVisible(SLOW);
  await expect(location.locator('.leaflet-interactive')).toHaveCount(1);
  await expect(page.getByTestId('location-map-offline')).toBeVisible(SLOW);
});

test.describe('screenshots', () => {
  for (const lang of ['de-DE', 'en-GB', 'zh-CN'])
    for (const [device, size] of [
      ['desktop', { width: 1440, height: 900 }],
      ['phone', { width: 390, height: 844 }],
    ] as const)
      test(`fleet map in ${lang} on the ${device}`, async ({ page }) => {
        test.setTimeout(120_000);
        await page.setViewportSize(size);
        await login(page, 'demo-dealer', DEMO_PASSWORD, lang);
        const card = page.getByTestId('dashboard-map');
        await card.scrollIntoViewIfNeeded(SLOW);
        await expect(card.getByTestId('map-marker').or(card.getByTestId('map-cluster')).first()).toBeVisible(
          SLOW,
        );
        await page.waitForTimeout(500);
        await card.screenshot({ path: `${SHOTS_DIR}/${lang}-${device}-dashboard-map.png` });
        const map = await openListMap(page);
        await expect(map.getByTestId('map-marker').or(map.getByTestId('map-cluster')).first()).toBeVisible(
          SLOW,
        );
        await map.getByTestId('map-marker').or(map.getByTestId('map-cluster')).first().click();
        await page.waitForTimeout(700);
        const marker = map.getByTestId('map-marker').first();
        if (await marker.isVisible()) await marker.click();
        await page.waitForTimeout(500);
        await page.screenshot({ path: `${SHOTS_DIR}/${lang}-${device}-plant-list-map.png`, fullPage: true });
        await page.goto('/#/station/monitor');
        await page.getByTestId('station-info').first().click();
        await expect(page.getByTestId('location-map')).toBeVisible(SLOW);
        await page.getByTestId('location-map').scrollIntoViewIfNeeded();
        await page.waitForTimeout(500);
        await page.screenshot({ path: `${SHOTS_DIR}/${lang}-${device}-plant-info-map.png` });
      });
});
