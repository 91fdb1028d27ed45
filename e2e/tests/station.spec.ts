import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, login, pickOption, SHOTS_DIR, signIn } from './helpers.ts';

/**
 * The plant center: installer A registers a plant with a dongle and an inverter through the form, sees
 * the dongle's secret once, finds the plant in the list, opens its information, edits it and deletes a
 * throwaway plant; the form shows validation errors on the fields; installer B never sees A's plant.
 */
const run = Date.now().toString(36).toUpperCase().slice(-6);
const serial = (kind: string, n: number) => `${kind}-E2E${run}${n}`;

/** A plant registered through the API, for the tests that are about something else. */
async function addPlantByApi(request: APIRequestContext, token: string, name: string, n: number) {
  const res = await request.post('/station/station/add', {
    headers: { Authorization: `Bearer ${token}`, lang: 'en-GB' },
    data: {
      stationName: name,
      stationType: 'ENERGY_STORAGE',
      installedCapacity: 12.5,
      energyStorage: 10,
      angleOfRoll: 25,
      azimuth: 10,
      onlineElectrovalence: 0.0823,
      buyElectrovalence: 0.31,
      countryCode: 'DE',
      regionCode: 'DE-BY',
      detailAddress: 'Maximilianstraße 1, 86150 Augsburg',
      latitude: 48.3668,
      longitude: 10.8986,
      ownerName: 'Anna Weber',
      contactType: 'EMAIL',
      contactInformation: 'owner@demo.pvstar.local',
      devices: {
        dongles: [
          {
            sn: serial('DGA', n),
            networkingMode: 'ETHERNET',
            inverters: [{ sn: serial('INA', n), inverterType: 'THREE_PHASE', ratedPower: 10000 }],
            batteries: [{ sn: serial('BTA', n), manufacturer: 'BYD', model: 'HVS 10.2' }],
          },
        ],
      },
    },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { id: number } }).data.id;
}

const rows = (page: Page) => page.getByTestId('station-table').locator('tr.ant-table-row');

async function openList(page: Page) {
  await page.goto('/#/station/monitor');
  await expect(page.getByTestId('station-table')).toBeVisible();
  await expect(page.getByTestId('kpi-total')).toBeVisible();
}

async function searchName(page: Page, name: string) {
  await page.getByTestId('filter-stationName').fill(name);
  await page.getByTestId('filter-search').click();
}

/** Picks an option of an antd Select by typing and choosing the match. */
async function choose(page: Page, testId: string, text: string) {
  await pickOption(page, page.getByTestId(testId), text, { search: true });
}

const fieldError = (page: Page, testId: string) =>
  page
    .locator('.ant-form-item')
    .filter({ has: page.getByTestId(testId) })
    .locator('.ant-form-item-explain-error');

test.describe.configure({ mode: 'serial' });

const plantName = `Sonnenhof E2E ${run}`;

test('installer A adds a plant through the form, sees its secret once and finds it', async ({ page }) => {
  await login(page, 'demo-installer-a', DEMO_PASSWORD);
  await openList(page);
  await page.screenshot({ path: `${SHOTS_DIR}/station-list-en-GB.png`, fullPage: true });
  await page.getByTestId('station-add').click();
  await expect(page).toHaveURL(/#\/station\/monitor\/add$/);
  await expect(page.getByTestId('dongle-card')).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS_DIR}/station-form-empty-en-GB.png`, fullPage: true });

  // Nothing filled in: the errors stand on the fields.
  await page.getByTestId('field-latitude').fill('91');
  await page.getByTestId('field-angleOfRoll').fill('-5');
  await page.getByTestId('station-save').click();
  await expect(fieldError(page, 'field-stationName')).toHaveText('Required');
  await expect(fieldError(page, 'field-installedCapacity')).toHaveText('Required');
  await expect(fieldError(page, 'field-latitude')).toHaveText('Latitude lies between -90 and 90');
  await expect(fieldError(page, 'field-angleOfRoll')).toHaveText('Tilt lies between 0 and 90 degrees');
  await expect(fieldError(page, 'dongle-sn')).toHaveText('Complete device and battery info');
  await expect(fieldError(page, 'inverter-sn')).toHaveText('Complete device and battery info');
  await page.getByTestId('add-battery').click();
  await page.getByTestId('station-save').click();
  await expect(fieldError(page, 'battery-sn')).toHaveText('Complete device and battery info');
  await page.screenshot({ path: `${SHOTS_DIR}/station-form-errors-en-GB.png`, fullPage: true });
  await page.getByTestId('remove-battery').click();

  // Filled in.
  await page.getByTestId('field-stationName').fill(plantName);
  await page.getByTestId('field-installedCapacity').fill('8.4');
  await page.getByTestId('field-angleOfRoll').fill('30');
  await page.getByTestId('field-azimuth').fill('0');
  await page.getByTestId('field-latitude').fill('48.137');
  await page.getByTestId('field-longitude').fill('11.575');
  await choose(page, 'field-regionCode', 'Bayern');
  await page.getByTestId('field-detailAddress').fill('Marienplatz 1, 80331 München');
  await page.getByTestId('dongle-sn').fill(serial('dgl', 1));
  await page.getByTestId('inverter-sn').fill(serial('inv', 1));
  await expect(page.getByTestId('dongle-sn')).toHaveValue(serial('DGL', 1));
  await page.screenshot({ path: `${SHOTS_DIR}/station-form-filled-en-GB.png`, fullPage: true });
  await page.getByTestId('station-save').click();

  // The secret, once.
  const item = page.getByTestId('secret-item');
  await expect(item).toHaveCount(1);
  await expect(item.getByTestId('secret-sn')).toContainText(serial('DGL', 1));
  await expect(item.getByTestId('secret-value')).toHaveText(/^[A-Za-z0-9_-]{43}$/);
  // The dialog zooms in: let it settle before the picture.
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${SHOTS_DIR}/station-secret-en-GB.png` });
  await page.getByTestId('secret-done').click();
  await expect(page).toHaveURL(/#\/station\/monitor\/detail\?id=\d+/);

  // In the list, with its information.
  await openList(page);
  await searchName(page, plantName);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('8.4 kWp');
  await expect(rows(page).first()).toContainText('Solartechnik Alpha');
  await rows(page).first().getByTestId('station-info').click();
  await expect(page).toHaveURL(/#\/station\/monitor\/info\?id=\d+/);
  const info = page.getByTestId('plant-info');
  await expect(info).toContainText(plantName);
  await expect(info).toContainText('Bavaria');
  await expect(info.getByTestId('plant-devices')).toContainText(serial('INV', 1));
  await expect(page.getByText(/secret/i).filter({ hasText: /[A-Za-z0-9_-]{43}/ })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS_DIR}/station-info-en-GB.png`, fullPage: true });
});

test('a serial registered elsewhere is refused on its field', async ({ page }) => {
  await login(page, 'demo-installer-a', DEMO_PASSWORD, 'en-GB', '/#/station/monitor/add');
  await page.getByTestId('field-stationName').fill(`Duplicate ${run}`);
  await page.getByTestId('field-installedCapacity').fill('3');
  // A click on the map sets the coordinates (tiles or not: the map knows where it is).
  await page.getByTestId('location-map').click({ position: { x: 120, y: 90 } });
  await expect(page.getByTestId('field-latitude')).toHaveValue(/^-?\d+\.\d+$/);
  await expect(page.getByTestId('field-longitude')).toHaveValue(/^-?\d+\.\d+$/);
  await page.getByTestId('field-latitude').fill('48.1');
  await page.getByTestId('field-longitude').fill('11.5');
  await page.getByTestId('dongle-sn').fill(serial('DGL', 1));
  await page.getByTestId('inverter-sn').fill(serial('INV', 99));
  await page.getByTestId('station-save').click();
  await expect(fieldError(page, 'dongle-sn')).toHaveText('This serial number is already registered');
  await expect(page).toHaveURL(/#\/station\/monitor\/add$/);
});

test('installer A edits the plant; its dongle keeps its secret', async ({ page }) => {
  await login(page, 'demo-installer-a', DEMO_PASSWORD);
  await openList(page);
  await searchName(page, plantName);
  await rows(page).first().getByTestId('station-edit').click();
  await expect(page).toHaveURL(/#\/station\/monitor\/add\?id=\d+/);
  await expect(page.getByTestId('field-stationName')).toHaveValue(plantName);
  await expect(page.getByTestId('dongle-sn')).toHaveValue(serial('DGL', 1));
  await page.getByTestId('field-installedCapacity').fill('9.6');
  await page.getByTestId('station-save').click();
  // No new dongle: no secret to show, straight to the plant.
  await expect(page).toHaveURL(/#\/station\/monitor\/detail\?id=\d+/);
  await expect(page.getByTestId('secret-item')).toHaveCount(0);
  await openList(page);
  await searchName(page, plantName);
  await expect(rows(page).first()).toContainText('9.6 kWp');
});

test("installer B does not see installer A's plant", async ({ page }) => {
  await login(page, 'demo-installer-b', DEMO_PASSWORD);
  await openList(page);
  await searchName(page, plantName);
  await expect(rows(page)).toHaveCount(0);
  await expect(page.getByTestId('station-table')).toContainText('No data available');
});

test('installer A deletes a throwaway plant after typing its name', async ({ page, request }) => {
  const name = `Throwaway ${run}`;
  await addPlantByApi(request, await signIn(request, 'demo-installer-a'), name, 2);
  await login(page, 'demo-installer-a', DEMO_PASSWORD);
  await openList(page);
  await searchName(page, name);
  await expect(rows(page)).toHaveCount(1);
  await rows(page).first().getByTestId('station-delete').click();
  const ok = page.getByTestId('station-delete-ok');
  await expect(ok).toBeDisabled();
  await page.getByTestId('station-delete-input').fill('Throwaway');
  await expect(ok).toBeDisabled();
  await page.getByTestId('station-delete-input').fill(name);
  await ok.click();
  await expect(rows(page)).toHaveCount(0);
});

test('the list shows specific yields and sorts by them on the server', async ({ page }) => {
  await login(page, 'demo-dealer', DEMO_PASSWORD, 'de-DE');
  await openList(page);
  const header = page.getByTestId('station-table').locator('thead');
  await expect(header).toContainText('Spezifischer Ertrag (kWh/kWp)');
  const yearHeader = header.locator('th', { hasText: /^Jahr$/ });
  // Sorting asks the server (the list is paged): descending first, the highest yield on top.
  const sorted = page.waitForResponse(
    (r) => r.url().includes('/station/station/page') && r.url().includes('orderBy=yearYield'),
  );
  await yearHeader.click();
  const body = (await (await sorted).json()) as {
    data: { list: { specificYield: { year: number | null } }[] };
  };
  const years = body.data.list.map((r) => r.specificYield.year ?? -1);
  expect(years).toEqual([...years].sort((a, b) => b - a));
  // The new columns are not hidden under the sticky actions column: scrolled to, each is visible.
  const cell = rows(page)
    .first()
    .locator('td')
    .filter({ hasText: /^\d+(,\d+)?$/ })
    .last();
  await cell.scrollIntoViewIfNeeded();
  await expect(cell).toBeVisible();
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: `${SHOTS_DIR}/station-list-yield-de-DE.png`, fullPage: true });
});

test('the guest sees plants but no add, edit or delete', async ({ page }) => {
  await login(page, 'demo-guest', DEMO_PASSWORD);
  await openList(page);
  await expect(rows(page).first()).toBeVisible();
  await expect(page.getByTestId('station-add')).toHaveCount(0);
  await expect(page.getByTestId('station-edit')).toHaveCount(0);
  await expect(page.getByTestId('station-delete')).toHaveCount(0);
});

test.describe('screenshots', () => {
  const longName = `Photovoltaik-Großanlage Gewerbepark Augsburg-Lechhausen Süd, Halle 7 (${run})`;
  test.beforeAll(async ({ request }) => {
    await addPlantByApi(request, await signIn(request, 'demo-installer-a'), longName, 3);
  });

  for (const lang of ['en-GB', 'de-DE', 'zh-CN']) {
    test(`plant center (${lang})`, async ({ page }) => {
      await login(page, 'demo-installer-a', DEMO_PASSWORD, lang);
      await openList(page);
      await expect(rows(page).first()).toBeVisible();
      await page.screenshot({ path: `${SHOTS_DIR}/station-list-${lang}.png`, fullPage: true });
      await searchName(page, longName);
      await expect(rows(page)).toHaveCount(1);
      await page.screenshot({ path: `${SHOTS_DIR}/station-list-long-${lang}.png` });
      await rows(page).first().getByTestId('station-info').click();
      await expect(page.getByTestId('plant-info')).toContainText('Photovoltaik-Großanlage');
      await expect(page.getByTestId('plant-owner')).toContainText('ow***@demo.pvstar.local');
      await page.screenshot({ path: `${SHOTS_DIR}/station-info-${lang}.png`, fullPage: true });
      await page.goto('/#/station/monitor/add');
      await expect(page.getByTestId('dongle-card')).toHaveCount(1);
      await page.screenshot({ path: `${SHOTS_DIR}/station-form-empty-${lang}.png`, fullPage: true });
      await page.getByTestId('station-save').click();
      await expect(fieldError(page, 'dongle-sn')).toBeVisible();
      await page.screenshot({ path: `${SHOTS_DIR}/station-form-errors-${lang}.png`, fullPage: true });
    });
  }
});
