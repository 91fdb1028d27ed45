import { type APIRequestContext, expect, test } from '@playwright/test';
import { type Fleet, startFleet } from '@pvstar/simulator/fleet';
import { ADMIN_PASSWORD, DEMO_PASSWORD, login, signIn } from './helpers.ts';

/**
 * The installer's first day: a plant registered through the form, its dongle configured with the secret
 * the form showed once, and its live power on the plant overview and on the dashboard.
 */
const run = `${Date.now().toString(36)}`.toUpperCase().slice(-6);
const SN = { dongle: `JRDGL-${run}`, inverter: `JRINV-${run}` };
const PLANT = { latitude: 52.52, longitude: 13.405, tilt: 30, azimuth: 0, timezone: 'Europe/Berlin' };

async function brokerUrl(request: APIRequestContext): Promise<string> {
  if (process.env.E2E_MQTT_URL) return process.env.E2E_MQTT_URL;
  const token = await signIn(request, 'admin', ADMIN_PASSWORD);
  const config = await request.get('/system/config', { headers: { Authorization: `Bearer ${token}` } });
  const port = ((await config.json()) as { data: { mqttPort?: number } }).data.mqttPort;
  expect(port, 'the server runs an embedded broker').toBeTruthy();
  return `mqtt://127.0.0.1:${port}`;
}

let fleet: Fleet | null = null;
test.afterAll(async () => {
  await fleet?.stop();
});

test('a plant added through the form reports live power to its overview and the dashboard', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  await login(page, 'demo-installer-a', DEMO_PASSWORD);
  const reporting = page.getByTestId('flow-inverters');
  await expect(reporting).toBeVisible();
  const before = Number(await reporting.getAttribute('data-count'));

  await page.goto('/#/station/monitor/add');
  await page.getByTestId('field-stationName').fill(`Erster Tag ${run}`);
  await page.getByTestId('field-installedCapacity').fill('6.2');
  await page.getByTestId('field-angleOfRoll').fill(String(PLANT.tilt));
  await page.getByTestId('field-azimuth').fill(String(PLANT.azimuth));
  await page.getByTestId('field-latitude').fill(String(PLANT.latitude));
  await page.getByTestId('field-longitude').fill(String(PLANT.longitude));
  await page.getByTestId('dongle-sn').fill(SN.dongle);
  await page.getByTestId('inverter-sn').fill(SN.inverter);
  await page.getByTestId('station-save').click();

  // The installer copies the secret into the dongle: here, into a simulated one.
  const secret = (await page.getByTestId('secret-value').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
  await page.getByTestId('secret-done').click();
  await expect(page).toHaveURL(/#\/station\/monitor\/detail\?id=\d+/);
  fleet = startFleet({
    brokerUrl: await brokerUrl(request),
    interval: 3,
    dongles: [
      {
        sn: SN.dongle,
        secret,
        plant: { ...PLANT, capacityKwp: 6.2, storageKwh: 0, type: 'PHOTOVOLTAIC' },
        devices: [{ sn: SN.inverter, kind: 'INVERTER', inverterType: 'SINGLE_PHASE' }],
      },
    ],
  });

  // The overview refreshes by itself: live within a minute, the house drawing power.
  const flow = page.getByTestId('power-flow');
  await expect(flow).toHaveAttribute('data-live', 'true', { timeout: 60_000 });
  await expect(page.getByTestId('flow-value-load')).toHaveText(/\d+(\.\d+)?\sk?W/);
  await expect(page.getByTestId('plant-status')).toHaveAttribute('data-status', 'NORMAL', {
    timeout: 25_000,
  });

  // The dashboard counts one more reporting inverter.
  await page.goto('/#/dashboard');
  await expect
    .poll(async () => Number(await page.getByTestId('flow-inverters').getAttribute('data-count')), {
      timeout: 45_000,
    })
    .toBeGreaterThanOrEqual(before + 1);
});
