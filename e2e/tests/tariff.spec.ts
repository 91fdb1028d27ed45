import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, login, SHOTS_DIR, signIn } from './helpers.ts';
import { apiOk } from './live-plant.ts';

/**
 * A plant's tariffs (issue 23): installer A adds a feed-in price on the plant's information page, sees
 * the recomputation of past days run to its end, finds a malformed price file's lines named, imports
 * day-ahead prices after a preview; the section is photographed in the 8 languages, wide and at 390 px.
 */
const LANGS = ['en-GB', 'de-DE', 'zh-CN', 'it-IT', 'nl-NL', 'fr-FR', 'es-ES', 'pl-PL'];
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

test('tariffs: add, recompute, import with preview, in 8 languages', async ({ page, request }) => {
  test.setTimeout(240_000);
  const installer = await signIn(request, 'demo-installer-a', DEMO_PASSWORD);
  // A plant with history (a fresh demo server is still filling it in): its past days have figures to recompute.
  let plantId = 0;
  await expect(async () => {
    const plants = await apiOk<{ list: { id: number; specificYield: { year: number | null } }[] }>(
      request,
      installer,
      '/station/station/page?pageNum=1&pageSize=50',
      {},
    );
    // This year's yield, not today's: before sunrise (a night run) no plant has generated anything today.
    const yearOf = (p: (typeof plants.list)[number]) => p.specificYield.year ?? 0;
    const best = plants.list.reduce((a, b) => (yearOf(b) > yearOf(a) ? b : a));
    expect(yearOf(best)).toBeGreaterThan(0);
    plantId = best.id;
  }).toPass({ timeout: 90_000 });
  // Through the API: a time-of-use purchase tariff over the last ten days, and a dynamic one ahead.
  await apiOk(request, installer, '/station/tariff/add', {
    stationId: plantId,
    direction: 'PURCHASE',
    kind: 'TOU',
    validFrom: day(-10),
    validTo: day(0),
    price: 0.28,
    gridFee: 0.09,
    bands: [
      { fromMonth: 10, toMonth: 3, days: 'WEEKDAY', fromHour: 17, toHour: 21, price: 0.41 },
      { fromMonth: 1, toMonth: 12, days: 'ALL', fromHour: 0, toHour: 6, price: 0.19 },
    ],
  });
  const dynamic = await apiOk<{ id: number }>(request, installer, '/station/tariff/add', {
    stationId: plantId,
    direction: 'PURCHASE',
    kind: 'DYNAMIC',
    validFrom: day(1),
    validTo: day(2),
    gridFee: 0.12,
  });

  await login(page, 'demo-installer-a', DEMO_PASSWORD, 'en-GB', `/#/station/monitor/info?id=${plantId}`);
  const section = page.getByTestId('plant-tariffs');
  await expect(section).toBeVisible({ timeout: 60_000 });
  await expect(section.getByTestId('tariff-PURCHASE')).toContainText('Time bands: 2');

  // A feed-in price through the form: from the first of this month, open-ended.
  await section.getByTestId('tariff-add-FEED_IN').click();
  const form = page.getByTestId('tariff-form');
  await expect(form).toBeVisible();
  await form.getByTestId('tariff-form-price').fill('0.0811');
  await page.getByTestId('tariff-form-save').click();
  await expect(form).toBeHidden();
  await expect(section.getByTestId('tariff-FEED_IN')).toContainText('0.0811');
  // The past days are recomputed in the background; the section shows how far, then that it is done.
  await expect(section.getByTestId('tariff-recompute')).toBeVisible();
  await expect(section.getByTestId('tariff-recompute')).toContainText('Past days recomputed', {
    timeout: 120_000,
  });

  // A price file with a malformed line: the line is named, nothing is stored.
  const tomorrow = day(1);
  const good = [
    'Zeit;Preis',
    ...Array.from(
      { length: 24 },
      (_, h) =>
        `${tomorrow} ${String(h).padStart(2, '0')}:00;${(0.1 + h / 100).toFixed(2).replace('.', ',')}`,
    ),
  ].join('\n');
  const bad = good.replace(`${tomorrow} 05:00;0,15`, `${tomorrow} 05:00;fünfzehn`);
  await section.getByTestId(`tariff-import-${dynamic.id}`).click();
  const fileInput = page.locator('.ant-modal input[type=file]');
  await fileInput.setInputFiles({ name: 'prices.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
  await page.getByTestId('tariff-import-preview').click();
  await expect(page.getByTestId('tariff-import-problems')).toContainText('Line 7: the price is not a number');
  await page.screenshot({ path: `${SHOTS_DIR}/tariff-import-errors-en-GB.png` });
  await fileInput.setInputFiles({ name: 'prices.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
  await page.getByTestId('tariff-import-preview').click();
  const summary = page.getByTestId('tariff-import-summary');
  await expect(summary).toContainText('24');
  await page.screenshot({ path: `${SHOTS_DIR}/tariff-import-preview-en-GB.png` });
  await page.getByTestId('tariff-import-save').click();
  await expect(summary).toBeHidden();
  await expect(section.getByTestId('tariff-PURCHASE')).toContainText('24');

  // The time-of-use form with its bands, then the section in every language, wide and on a phone.
  await section.getByTestId(`tariff-edit-${await firstTouId(request, installer, plantId)}`).click();
  await expect(page.getByTestId('tariff-bands')).toBeVisible();
  // Once the dialog stands still (it zooms in).
  await expect(page.locator('.ant-modal')).not.toHaveClass(/-(appear|enter)\b/);
  await page.waitForTimeout(300);
  await page.locator('.ant-modal').screenshot({ path: `${SHOTS_DIR}/tariff-bands-en-GB.png` });
  await page.keyboard.press('Escape');
  for (const lang of LANGS) {
    await page.evaluate((l) => localStorage.setItem('language', l), lang);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width > 400 ? 900 : 844 });
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(section.getByTestId('tariff-recompute')).toBeVisible({ timeout: 30_000 });
      await section.scrollIntoViewIfNeeded();
      await section.screenshot({ path: `${SHOTS_DIR}/tariff-section-${width}-${lang}.png` });
    }
  }
});

async function firstTouId(request: Parameters<typeof apiOk>[0], token: string, stationId: number) {
  const list = await apiOk<{ periods: { id: number; kind: string }[] }>(
    request,
    token,
    '/station/tariff/list',
    { stationId },
  );
  return list.periods.find((p) => p.kind === 'TOU')!.id;
}
