import { expect, type Page, test } from '@playwright/test';
import mqtt from 'mqtt';
import { ADMIN_PASSWORD, DEMO_PASSWORD, login, pickOption, SHOTS_DIR, signIn } from './helpers.ts';
import { addKielPlant, apiOk } from './live-plant.ts';

/**
 * Readings you can trust (issue 32, decision 031): a dongle sends its inverter's lifetime counter, which
 * jumps by 5,000 kWh (a new meter, say) and stays there; metering sets the jump aside. Installer A finds it
 * on the inverter's detail, in the list and on the history chart of the counter, accepts it, and sees the
 * plant's days recomputed; wide and at 390 px, in English, German and Chinese.
 */

async function useLanguage(page: Page, lang: string) {
  await page.evaluate((l) => localStorage.setItem('language', l), lang);
  await page.reload();
}

test('a reading set aside for a jump is shown, charted, accepted and its days recomputed', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const installer = await signIn(request, 'demo-installer-a', DEMO_PASSWORD);
  const admin = await signIn(request, 'admin', ADMIN_PASSWORD);
  const config = await apiOk<{ mqttPort?: number }>(request, admin, '/system/config');
  const run = Date.now().toString(36).toUpperCase();
  const dongleSn = `DGQ-E2E-${run}`;
  const inverterSn = `INQ-E2E-${run}`;
  const { saved, inverter } = await addKielPlant(request, installer, {
    name: `Readings ${run}`,
    dongleSn,
    inverterSn,
  });
  const inverterId = inverter.id;

  // The dongle, as real ones publish: five-minute readings of the last half hour, the jump in the middle.
  const dongle = await mqtt.connectAsync(process.env.E2E_MQTT_URL ?? `mqtt://127.0.0.1:${config.mqttPort}`, {
    clientId: dongleSn,
    username: dongleSn,
    password: saved.dongles.find((d) => d.sn === dongleSn)!.secret,
    protocolVersion: 4,
    reconnectPeriod: 0,
  });
  const start = Math.floor(Date.now() / 300_000) * 300_000 - 30 * 60_000;
  const totals = [2000.0, 2000.1, 2000.2, 7000.2, 7000.3, 7000.4];
  for (const [i, total] of totals.entries())
    await dongle.publishAsync(
      `pvstar/v1/${dongleSn}/up/telemetry`,
      JSON.stringify({
        msgId: `sa-${run}-${i}`,
        ts: start + i * 300_000,
        devices: [{ sn: inverterSn, kind: 'INVERTER', data: { totalGeneration: total, power: 1200 } }],
      }),
      { qos: 1 },
    );
  await dongle.endAsync();
  const jumpTs = new Date(start + 3 * 300_000).toISOString();
  await expect
    .poll(
      async () =>
        (
          await apiOk<{ list: { ts: string; reason: string }[] }>(
            request,
            installer,
            '/iot/device/setAside/page?pageNum=1&pageSize=10',
            { deviceId: inverterId },
          )
        ).list.map((r) => `${r.ts} ${r.reason}`),
      { timeout: 30_000 },
    )
    .toEqual([`${jumpTs} JUMP`]);

  await page.setViewportSize({ width: 1440, height: 900 });
  await login(page, 'demo-installer-a', DEMO_PASSWORD, 'en-GB', `/#/device-center/inverter?id=${inverterId}`);
  const drawer = page.getByTestId('device-drawer');
  const section = drawer.getByTestId('set-aside-readings');
  const row = section.locator(`tr[data-row-key="${jumpTs}"]`);
  await expect(row).toContainText('Jump', { timeout: 30_000 });
  await expect(row).toContainText('Total generation');
  await expect(row).toContainText('7,000.2 kWh');
  await expect(row).toContainText('2,000.2 kWh');
  await expect(row).toContainText('+5,000 kWh');
  await expect(row).toContainText('Waiting');

  // The chart of the counter marks it (ECharts draws on a canvas: the legend names the markers).
  const chart = drawer.getByTestId('device-history');
  // Into its search field: the middle of the box may be a chosen metric's remove button.
  await pickOption(page, chart.getByTestId('history-metrics').getByRole('combobox'), 'Total generation', {
    search: true,
  });
  await page.keyboard.press('Escape');
  await expect(chart.getByTestId('device-history-chart')).toBeVisible({ timeout: 20_000 });
  await chart.scrollIntoViewIfNeeded();
  await page.waitForTimeout(500);
  await drawer
    .locator('.ant-card')
    .filter({ has: page.getByTestId('device-history') })
    .screenshot({ path: `${SHOTS_DIR}/set-aside-chart-en-GB.png` });

  await section.scrollIntoViewIfNeeded();
  await drawer
    .locator('.ant-card')
    .filter({ has: page.getByTestId('set-aside-readings') })
    .screenshot({ path: `${SHOTS_DIR}/set-aside-list-en-GB.png` });
  await row.getByTestId(`setaside-accept-${jumpTs}`).click();
  const dialog = page.getByTestId('setaside-confirm');
  await expect(dialog).toContainText('Accept as real?');
  await page.getByTestId('setaside-note').fill('Meter exchanged on site');
  await expect(page.locator('.ant-zoom-appear, .ant-zoom-enter')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS_DIR}/set-aside-confirm-en-GB.png` });
  await page.getByTestId('setaside-confirm-ok').click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  await expect(row).toContainText('Accepted', { timeout: 20_000 });
  await expect(row).toContainText('demo-installer-a');
  await expect(row).toContainText('Meter exchanged on site');
  // The jobs role meters the plant's days again; the section follows its progress to the end.
  await expect(section.getByTestId('setaside-recompute')).toContainText('Plant days recomputed', {
    timeout: 60_000,
  });
  await drawer
    .locator('.ant-card')
    .filter({ has: page.getByTestId('set-aside-readings') })
    .screenshot({ path: `${SHOTS_DIR}/set-aside-accepted-en-GB.png` });
  for (const [lang, accepted] of [
    ['de-DE', 'Übernommen'],
    ['zh-CN', '已采纳'],
  ] as const) {
    await useLanguage(page, lang);
    await page.goto(`/#/device-center/inverter?id=${inverterId}`);
    const again = page.getByTestId('set-aside-readings');
    await expect(again.locator(`tr[data-row-key="${jumpTs}"]`)).toContainText(accepted, { timeout: 30_000 });
    await again.scrollIntoViewIfNeeded();
    await page
      .getByTestId('device-drawer')
      .locator('.ant-card')
      .filter({ has: page.getByTestId('set-aside-readings') })
      .screenshot({ path: `${SHOTS_DIR}/set-aside-list-${lang}.png` });
  }

  // On a phone: the table scrolls inside its card; the decision's words stay readable.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const lang of ['de-DE', 'zh-CN']) {
    await useLanguage(page, lang);
    await page.goto(`/#/device-center/inverter?id=${inverterId}`);
    const phone = page.getByTestId('set-aside-readings');
    await expect(phone.locator(`tr[data-row-key="${jumpTs}"]`)).toBeVisible({ timeout: 30_000 });
    await phone.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS_DIR}/set-aside-phone-${lang}.png` });
  }
});
