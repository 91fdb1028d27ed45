import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { DeviceRow } from '@pvstar/contract/device';
import type { StationSaveResult } from '@pvstar/contract/station';
import { type Fleet, startFleet } from '@pvstar/simulator/fleet';
import {
  ADMIN_PASSWORD,
  DEMO_PASSWORD,
  login,
  pickOption,
  SHOTS_DIR,
  signIn,
  stickingOut,
} from './helpers.ts';

/**
 * The device center with live data: installer A registers a storage plant through the API, a simulated
 * dongle reports with the issued secret, and the inverter, dongle and battery lists and the detail
 * (metrics and a chart) show it.
 */
const HEADERS = { fromType: '2', lang: 'en-GB' };

async function api<T>(
  request: APIRequestContext,
  token: string | null,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
) {
  const headers = { ...HEADERS, ...(token ? { Authorization: `Bearer ${token}` } : {}) };
  const res =
    method === 'GET'
      ? await request.get(url, { headers })
      : await request.post(url, { headers, data: body ?? {} });
  const json = (await res.json()) as { code: number; msg: string; data: T };
  expect(json.code, `${method} ${url}: ${json.msg}`).toBe(200);
  return json.data;
}

const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`.toUpperCase();
const SN = {
  dongle: `E2EDGL-${suffix}`,
  inverter: `E2EINV-${suffix}`,
  battery: `E2EBAT-${suffix}`,
  meter: `E2EMTR-${suffix}`,
};
// A long name: lists cut it with an ellipsis, the detail shows it whole.
const PLANT_NAME = `E2E Gerätezentrum Sonnenhof Nord-West mit sehr langem Anlagennamen ${suffix}`;
const PLANT = { latitude: 48.14, longitude: 11.58, tilt: 30, azimuth: 0, timezone: 'Europe/Berlin' };

let fleet: Fleet | null = null;
let installerToken: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  const admin = await signIn(request, 'admin', ADMIN_PASSWORD);
  const config = await api<{ mqttPort?: number }>(request, admin, 'GET', '/system/config');
  const brokerUrl = process.env.E2E_MQTT_URL ?? `mqtt://127.0.0.1:${config.mqttPort}`;
  expect(config.mqttPort ?? process.env.E2E_MQTT_URL, 'the server runs an embedded broker').toBeTruthy();

  installerToken = await signIn(request, 'demo-installer-a');
  const saved = await api<StationSaveResult>(request, installerToken, 'POST', '/station/station/add', {
    stationName: PLANT_NAME,
    stationType: 'ENERGY_STORAGE',
    installedCapacity: 9.9,
    energyStorage: 10.2,
    countryCode: 'DE',
    latitude: PLANT.latitude,
    longitude: PLANT.longitude,
    angleOfRoll: PLANT.tilt,
    azimuth: PLANT.azimuth,
    timezone: PLANT.timezone,
    devices: {
      dongles: [
        {
          sn: SN.dongle,
          networkingMode: 'ETHERNET',
          inverters: [
            {
              sn: SN.inverter,
              inverterType: 'THREE_PHASE',
              ratedPower: 10_000,
              manufacturer: 'Sungrow',
              model: 'SH10RT',
            },
          ],
          batteries: [{ sn: SN.battery, manufacturer: 'BYD', model: 'HVS 10.2' }],
          meters: [{ sn: SN.meter }],
        },
      ],
    },
  });
  const secret = saved.dongles.find((d) => d.sn === SN.dongle)!.secret;
  fleet = startFleet({
    brokerUrl,
    interval: 2,
    dongles: [
      {
        sn: SN.dongle,
        secret,
        plant: { ...PLANT, capacityKwp: 9.9, storageKwh: 10.2, type: 'ENERGY_STORAGE' },
        devices: [
          { sn: SN.inverter, kind: 'INVERTER', inverterType: 'THREE_PHASE' },
          { sn: SN.battery, kind: 'BATTERY' },
          { sn: SN.meter, kind: 'METER' },
        ],
      },
    ],
  });
  // Until the inverter's first values are stored.
  await expect
    .poll(
      async () => {
        const page = await api<{ list: DeviceRow[] }>(
          request,
          installerToken,
          'POST',
          '/iot/device/page?pageNum=1&pageSize=10',
          { deviceType: 'INVERTER', sn: SN.inverter },
        );
        return page.list[0]?.deviceStatus === 'ONLINE' && page.list[0].power !== null;
      },
      { timeout: 60_000 },
    )
    .toBe(true);
});

test.afterAll(async () => {
  await fleet?.stop();
});

/** Runs the filter bar with these fields filled. */
async function search(
  page: Page,
  fields: Partial<Record<'sn' | 'plant' | 'manufacturer' | 'model', string>>,
) {
  await page.getByRole('button', { name: /reset|zurücksetzen|重置/i }).click();
  for (const [field, value] of Object.entries(fields)) await page.getByTestId(`filter-${field}`).fill(value);
  await page.getByTestId('filter-search').click();
}

/** Opens a list and waits until its own filter is there (a hash change leaves the old page up for a moment). */
async function openList(page: Page, list: 'inverter' | 'dongle' | 'battery') {
  await page.goto(`/#/device-center/${list}`);
  const type = list === 'dongle' ? 'DONGLE' : list === 'battery' ? 'BATTERY' : 'INVERTER';
  await expect(page.locator(`#device-filter-${type}_sn`)).toBeVisible();
}

const rows = (page: Page) => page.getByTestId('device-table').locator('tbody tr.ant-table-row');

test('the inverter list shows the plant’s inverter, and every filter narrows it', async ({ page }) => {
  await login(page, 'demo-installer-a', DEMO_PASSWORD, 'en-GB');
  await openList(page, 'inverter');
  await expect(rows(page).first()).toBeVisible();

  await search(page, { sn: SN.inverter });
  await expect(rows(page)).toHaveCount(1);
  const row = rows(page).first();
  await expect(row.getByTestId('device-status')).toHaveAttribute('data-status', 'ONLINE');
  await expect(row).toContainText('SH10RT');
  await expect(row).toContainText('Sungrow');
  await expect(row).toContainText(SN.dongle);
  await expect(row.getByTestId('device-plant-link')).toHaveAttribute(
    'href',
    /#\/station\/monitor\/detail\?id=\d+/,
  );

  await search(page, { plant: suffix, manufacturer: 'sungrow', model: 'sh10' });
  await expect(rows(page)).toHaveCount(1);
  await search(page, { plant: suffix, manufacturer: 'Fronius' });
  await expect(rows(page)).toHaveCount(0);
  await search(page, { plant: suffix, model: 'Primo' });
  await expect(rows(page)).toHaveCount(0);

  // Status: the inverter reports, so it is not among the offline ones.
  await search(page, { sn: SN.inverter });
  await page.getByTestId('filter-status').click();
  await page.getByRole('option', { name: 'Offline' }).click();
  await page.getByTestId('filter-search').click();
  await expect(rows(page)).toHaveCount(0);

  // Meters are a tab of the same page.
  await page.getByTestId('device-type-switch').getByText('Meters').click();
  // The meter list brings its own filter form: wait for it, or the search runs on the old one.
  await expect(page.locator('#device-filter-METER_sn')).toBeVisible();
  await expect(page.locator('#device-filter-INVERTER_sn')).toHaveCount(0);
  await search(page, { plant: suffix });
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(SN.meter);
});

test('the detail shows every metric of the inverter and draws a chart of the day', async ({ page }) => {
  await login(page, 'demo-installer-a', DEMO_PASSWORD, 'en-GB');
  await openList(page, 'inverter');
  await search(page, { sn: SN.inverter });
  await rows(page).first().getByTestId('device-open').click();
  await expect(page).toHaveURL(/id=\d+/);
  const drawer = page.getByTestId('device-drawer');
  await expect(drawer.getByTestId('device-info')).toContainText(SN.inverter);
  await expect(drawer.getByTestId('device-info')).toContainText(PLANT_NAME);
  await expect(drawer.getByTestId('device-info')).toContainText('Ethernet');
  for (const group of ['summary', 'ac', 'dc', 'eps', 'flow', 'energy'])
    await expect(drawer.getByTestId(`metric-group-${group}`)).toBeVisible();
  await expect(drawer.locator('[data-metric="phaseAVoltage"]')).toHaveText(/\d+(\.\d+)?\sV/);
  await expect(drawer.locator('[data-metric="phaseCCurrent"]')).toHaveText(/\d/);
  await expect(drawer.locator('[data-metric="power"]')).toHaveText(/\d+(\.\d+)?\sk?W/);
  const chart = drawer.getByTestId('device-history-chart');
  await expect(chart).toHaveAttribute('data-ready', 'true');
  await expect(chart.locator('canvas')).toHaveCount(1);

  // Another metric joins the chart.
  // Into its search field: the middle of the box may be a chosen metric's remove button.
  await pickOption(page, drawer.getByTestId('history-metrics').getByRole('combobox'), 'Phase A voltage', {
    search: true,
  });
  await page.keyboard.press('Escape');
  await expect(drawer.getByTestId('history-metrics')).toContainText('Phase A voltage');
  await expect(chart).toHaveAttribute('data-ready', 'true');

  // The link is shareable: opening it directly shows the same device.
  const url = page.url();
  await page.goto('/#/dashboard');
  await page.goto(url);
  await expect(page.getByTestId('device-drawer').getByTestId('device-info')).toContainText(SN.inverter);
});

test('the dongle and battery lists show the plant’s dongle and battery', async ({ page }) => {
  await login(page, 'demo-installer-a', DEMO_PASSWORD, 'en-GB');
  await openList(page, 'dongle');
  await search(page, { sn: SN.dongle });
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Ethernet');
  await expect(page.getByTestId('filter-manufacturer')).toHaveCount(0);
  await rows(page).first().getByTestId('device-open').click();
  const devices = page.getByTestId('dongle-devices');
  for (const sn of [SN.inverter, SN.battery, SN.meter]) await expect(devices).toContainText(sn);

  await openList(page, 'battery');
  await search(page, { sn: SN.battery });
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('HVS 10.2');
  await expect(rows(page).first()).toContainText('%');
  await rows(page).first().getByTestId('device-open').click();
  await expect(page.getByTestId('device-drawer').locator('[data-metric="soc"]')).toHaveText(/\d+(\.\d+)?\s%/);
  await expect(page.getByTestId('device-history-chart')).toHaveAttribute('data-ready', 'true');
});

test('installer B does not see installer A’s devices', async ({ page }) => {
  await login(page, 'demo-installer-b', DEMO_PASSWORD, 'en-GB');
  await openList(page, 'inverter');
  await search(page, { sn: SN.inverter });
  await expect(page.getByTestId('device-table')).toContainText('No data');
  await expect(rows(page)).toHaveCount(0);
});

test.describe('screenshots', () => {
  for (const lang of ['en-GB', 'de-DE', 'zh-CN']) {
    test(`device center in ${lang}`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width: 1440, height: 900 });
      await login(page, 'demo-installer-a', DEMO_PASSWORD, lang);
      const shot = async (name: string, full = false) => {
        await page.waitForTimeout(800);
        await page.screenshot({ path: `${SHOTS_DIR}/device-${lang}-${name}.png`, fullPage: full });
      };
      for (const list of ['inverter', 'dongle', 'battery'] as const) {
        await openList(page, list);
        await expect(rows(page).first()).toBeVisible();
        await shot(list);
      }
      await openList(page, 'inverter');
      await page.getByTestId('filter-sn').fill(SN.inverter);
      await page.getByTestId('filter-search').click();
      await expect(rows(page)).toHaveCount(1);
      await rows(page).first().getByTestId('device-open').click();
      await expect(page.getByTestId('device-history-chart')).toHaveAttribute('data-ready', 'true');
      expect(await stickingOut(page.getByTestId('device-drawer'))).toEqual([]);
      await shot('detail');
      await page.getByTestId('device-drawer').getByTestId('device-metrics').scrollIntoViewIfNeeded();
      await shot('detail-metrics');
      expect(await stickingOut(await openDetail(page, 'dongle', SN.dongle))).toEqual([]);
      await shot('detail-dongle');
    });
  }
});

/** Opens a device's detail from its list, found by its serial number. */
async function openDetail(page: Page, list: 'inverter' | 'dongle' | 'battery', sn: string) {
  await openList(page, list);
  await page.getByTestId('filter-sn').fill(sn);
  await page.getByTestId('filter-search').click();
  await expect(rows(page)).toHaveCount(1);
  await rows(page).first().getByTestId('device-open').click();
  const drawer = page.getByTestId('device-drawer');
  await expect(drawer.getByTestId('device-info')).toContainText(sn);
  if (list === 'dongle') await expect(drawer.getByTestId('dongle-devices')).toContainText(SN.meter);
  else await expect(drawer.getByTestId('device-history-chart')).toHaveAttribute('data-ready', 'true');
  return drawer;
}

// An installer on the roof looks a device up on the phone: nothing of the detail may be out of reach.
for (const lang of ['en-GB', 'de-DE', 'zh-CN']) {
  test(`on a phone the device detail fits or scrolls inside its drawer, in ${lang}`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page, 'demo-installer-a', DEMO_PASSWORD, lang);
    for (const [list, sn] of [
      ['dongle', SN.dongle],
      ['inverter', SN.inverter],
      ['battery', SN.battery],
    ] as const) {
      const drawer = await openDetail(page, list, sn);
      await page.waitForTimeout(500);
      expect(await stickingOut(drawer), `${list} detail`).toEqual([]);
      await page.screenshot({ path: `${SHOTS_DIR}/device-${lang}-phone-${list}.png` });
      if (list === 'dongle') {
        // The dongle's devices: where wider than the phone, the table scrolls sideways within its card.
        await drawer.getByTestId('dongle-devices').scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SHOTS_DIR}/device-${lang}-phone-dongle-devices.png` });
      }
    }
  });
}
