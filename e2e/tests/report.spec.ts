import { expect, test } from '@playwright/test';
import { LANGS } from '@pvstar/contract/lang';
import type { EnergyReport } from '@pvstar/contract/report';
import type { StationSaveResult } from '@pvstar/contract/station';
import { DEMO_PASSWORD, login, pickOption, signIn } from './helpers.ts';
import {
  apiCall,
  asShown,
  common,
  download,
  mon,
  monthAgo,
  near,
  nextReport,
  num,
  openReport,
  rep,
  SHOTS_DIR,
  settle,
  tableRows,
  totalsRow,
  workbookRows,
} from './report-helpers.ts';

/**
 * Reports (/report) over the demo fleet (20 simulated plants of installers A and B, a year of daily energy
 * backfilled): the energy report per day, month, year and in total, its figures against the API's and
 * against its xlsx export; the fleet by organisation and the alarm report with their exports; a choice of
 * plants; a second currency; the installer's scope; and every tab in the 8 languages.
 */

/** A report's day (2026-11-27) or month (2026-11) as the en-GB page writes it: 27 Nov 2026, Nov 2026. */
const enGB = (period: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'short',
    day: period.length > 7 ? 'numeric' : undefined,
  }).format(Date.parse(period.length > 7 ? period : `${period}-01`));
/** A month (2026-06) as the en-GB month picker takes it typed: 06/2026. */
const typedMonth = (month: string) => `${month.slice(5)}/${month.slice(0, 4)}`;

// The demo server writes the past year of energy in the background after it starts: the figures of past
// months hold still once it is done.
test.beforeAll(async ({ request }) => {
  test.setTimeout(150_000);
  const token = await signIn(request, 'demo-dealer');
  const body = { dateType: 'month', from: `${monthAgo(12)}-01`, to: `${monthAgo(1)}-28` };
  let last = -1;
  await expect
    .poll(
      async () => {
        const report = await apiCall<EnergyReport>(request, token, '/station/report/energy', body);
        const previous = last;
        last = report.totals.generation;
        return last > 0 && last === previous;
      },
      { timeout: 140_000, intervals: [5_000] },
    )
    .toBe(true);
});

test('the energy report per day, month, year and in total matches the API and its export', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await login(page, 'demo-dealer', DEMO_PASSWORD);
  const first = await openReport(page);
  expect(first.body).toEqual({ dateType: 'date' });
  await expect(page.getByTestId('report-energy')).toHaveAttribute('data-date-type', 'date');
  // Refresh asks again with the same question.
  const { data: days } = await nextReport(page, 'energy', () => page.getByTestId('report-build').click());
  expect(days.plantCount).toBeGreaterThanOrEqual(20);
  expect(days.rows).toHaveLength(7);
  await expect(tableRows(page, 'report-energy-table')).toHaveCount(7);
  // Days and months as the reader writes them (the page speaks en-GB).
  await expect(tableRows(page, 'report-energy-table').first().locator('td').first()).toHaveText(
    enGB(days.rows[0]!.period),
  );
  await expect(page.getByTestId('report-energy-chart')).toHaveAttribute('data-ready', 'true');
  await expect(page.getByTestId('report-head')).toContainText(`${enGB(days.from)} – ${enGB(days.to)}`);

  // The headline figures and the totals row are the API's totals.
  for (const key of [
    'generation',
    'consumption',
    'feedIn',
    'purchase',
    'revenue',
    'selfConsumption',
  ] as const)
    await expect(page.getByTestId(`report-total-${key}`)).toHaveAttribute(
      'data-value',
      String(days.totals[key]),
    );
  expect(days.totals.generation).toBeGreaterThan(0);
  const shown = await totalsRow(page.getByTestId('report-energy-table-totals'));
  for (const key of [
    'generation',
    'consumption',
    'charge',
    'discharge',
    'feedIn',
    'purchase',
    'revenue',
  ] as const)
    expect(shown[key], key).toBe(asShown(days.totals[key]));
  expect(shown.specificYield).toBe(asShown(days.totals.specificYield));
  // The plants add up to the totals.
  const plantSum = days.plants.reduce((s, p) => s + p.generation, 0);
  expect(Math.abs(plantSum - days.totals.generation)).toBeLessThan(0.05 * days.plants.length);
  await expect(tableRows(page, 'report-energy-plants')).toHaveCount(Math.min(10, days.plants.length));

  // A shortcut of the picker: the last month, one row per day.
  const { data: lastMonth } = await nextReport(
    page,
    'energy',
    async () => {
      await page.getByTestId('report-range').first().click();
      await page.getByText(mon.range.lastMonth, { exact: true }).click();
    },
    (b) => b.dateType === 'date' && b.from !== days.from,
  );
  expect(lastMonth.rows.length).toBeGreaterThanOrEqual(28);
  await expect(tableRows(page, 'report-energy-table')).toHaveCount(lastMonth.rows.length);

  // Month: whole months, one row each.
  const { data: months } = await nextReport(
    page,
    'energy',
    () => page.getByTestId('report-date-type-month').click(),
    (b) => b.dateType === 'month',
  );
  expect(months.dateType).toBe('month');
  expect(months.rows.length).toBeGreaterThanOrEqual(12);
  await expect(page.getByTestId('report-energy')).toHaveAttribute('data-date-type', 'month');
  await expect(tableRows(page, 'report-energy-table')).toHaveCount(months.rows.length);
  await expect(tableRows(page, 'report-energy-table').first().locator('td').first()).toHaveText(
    enGB(months.rows[0]!.period),
  );
  expect(months.from.endsWith('-01')).toBe(true);

  // The export of past months (today's figures grow while the demo plants produce): its totals row is
  // the screen's. The picker takes months typed as en-GB writes them (06/2026).

  const { data: past } = await nextReport(
    page,
    'energy',
    async () => {
      const inputs = page.getByTestId('report-range');
      await inputs.nth(0).click();
      await inputs.nth(0).fill(typedMonth(monthAgo(6)));
      await inputs.nth(0).press('Enter');
      await inputs.nth(1).fill(typedMonth(monthAgo(1)));
      await inputs.nth(1).press('Enter');
    },
    (b) => b.dateType === 'month' && b.from === `${monthAgo(6)}-01`,
  );
  expect(past.rows.map((r) => r.period)).toEqual([6, 5, 4, 3, 2, 1].map(monthAgo));
  await expect(tableRows(page, 'report-energy-table')).toHaveCount(6);
  const monthTotals = await totalsRow(page.getByTestId('report-energy-table-totals'));
  const file = await download(page);
  expect(file.name).toMatch(/^energy-report-.*\.xlsx$/);
  const rows = await workbookRows(file.path);
  const total = rows.find(
    (r) => r.sheet === common.report.sheet.energy && r.texts[0] === common.report.total,
  );
  expect(total, 'the totals row of the workbook').toBeTruthy();
  // Column by column as on the screen, where self-sufficiency is in per cent.
  const onScreen = Object.entries(monthTotals).filter(([, v]) => v !== null);
  expect(total!.numbers).toHaveLength(onScreen.length);
  onScreen.forEach(([key, value], i) => {
    const cell = key === 'selfSufficiency' ? Math.round(total!.numbers[i]! * 1000) / 10 : total!.numbers[i]!;
    expect(near(cell, value!), `${key}: ${cell} in the workbook, ${value} on screen`).toBe(true);
  });
  // One row per month in the workbook too.
  for (const row of past.rows)
    expect(
      rows.some((r) => r.texts.includes(row.period)),
      row.period,
    ).toBe(true);

  // Year and total: one row per year.
  const { data: years } = await nextReport(
    page,
    'energy',
    () => page.getByTestId('report-date-type-year').click(),
    (b) => b.dateType === 'year',
  );
  expect(years.dateType).toBe('year');
  await expect(page.getByTestId('report-energy')).toHaveAttribute('data-date-type', 'year');
  await expect(tableRows(page, 'report-energy-table')).toHaveCount(years.rows.length);
  await expect(tableRows(page, 'report-energy-table').first().locator('td').first()).toHaveText(/^\d{4}$/);

  const { body, data: lifetime } = await nextReport(
    page,
    'energy',
    () => page.getByTestId('report-date-type-total').click(),
    (b) => b.dateType === 'total',
  );
  expect(body).toEqual({ dateType: 'total' });
  await expect(page.getByTestId('report-range')).toHaveCount(0);
  await expect(page.getByTestId('report-energy')).toHaveAttribute('data-date-type', 'total');
  await expect(tableRows(page, 'report-energy-table')).toHaveCount(lifetime.rows.length);
  await expect(page.getByTestId('report-total-generation')).toHaveAttribute(
    'data-value',
    String(lifetime.totals.generation),
  );
  expect(lifetime.totals.generation).toBeGreaterThanOrEqual(months.totals.generation - 0.01);
});

test('a chosen plant narrows the energy and alarm reports to it', async ({ page }) => {
  await login(page, 'demo-dealer', DEMO_PASSWORD);
  const { data: all } = await openReport(page);
  const plant = all.plants.at(-1)!;
  const select = page.getByTestId('report-plants');
  // The list is searched on the server as the user types.
  await select.click();
  await page.keyboard.type(plant.stationName);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: plant.stationName })
    .first()
    .click();
  await expect(select.locator('xpath=ancestor-or-self::*[contains(@class, "ant-select ")][1]')).toContainText(
    plant.stationName,
  );
  // The choice counts when the list closes.
  const { body, data } = await nextReport(
    page,
    'energy',
    () => page.keyboard.press('Escape'),
    (b) => Array.isArray(b.plantIds),
  );
  expect(body.plantIds).toEqual([plant.id]);
  expect(data.plantCount).toBe(1);
  await expect(tableRows(page, 'report-energy-plants')).toHaveCount(1);
  await expect(tableRows(page, 'report-energy-plants').first()).toContainText(plant.stationName);
  await expect(page.getByTestId('report-head')).toContainText(rep.head.plants.replace('{{n}}', '1'));

  // The alarm report asks for the same plant; the fleet is by organisation and has no plant choice.
  const alarm = await nextReport(page, 'alarm', () => page.getByTestId('report-tab-alarm').click());
  expect(alarm.body.plantIds).toEqual([plant.id]);
  expect(alarm.data.plantCount).toBe(1);
  await nextReport(page, 'fleet', () => page.getByTestId('report-tab-fleet').click());
  await expect(page.getByTestId('report-plants')).toHaveCount(0);
});

test('the fleet report lists the organisations with their totals, and exports', async ({ page }) => {
  await login(page, 'demo-dealer', DEMO_PASSWORD);
  await openReport(page);
  const { body, data } = await nextReport(page, 'fleet', () => page.getByTestId('report-tab-fleet').click());
  expect(body.plantIds).toBeUndefined();
  await expect(page).toHaveURL(/tab=fleet/);
  const orgs = page.getByTestId('report-fleet-org');
  await expect(orgs).toHaveCount(data.rows.length);
  await expect(orgs.first()).toHaveText('Sonnenhandel GmbH');
  await expect(orgs.first()).toHaveAttribute('data-depth', '0');
  for (const name of ['Solartechnik Alpha', 'Energie Bravo'])
    await expect(orgs.filter({ hasText: name })).toHaveAttribute('data-depth', '1');
  const shown = await totalsRow(page.getByTestId('report-fleet-totals'));
  expect(shown.plantCount).toBe(data.totals.plantCount);
  expect(shown.generation).toBe(asShown(data.totals.generation));
  expect(shown.revenue).toBe(asShown(data.totals.revenue));
  expect(data.totals.plantCount).toBeGreaterThanOrEqual(20);
  const statusSum = Object.values(data.totals.statusCounts).reduce((s, n) => s + n, 0);
  expect(statusSum).toBe(data.totals.plantCount);
  // The status counts and alarms by level, each a coloured count in one cell.
  const totals = page.getByTestId('report-fleet-totals');
  for (const [status, count] of Object.entries(data.totals.statusCounts))
    await expect(
      totals.getByTestId('report-fleet-total-status').locator(`[data-key="${status}"]`),
    ).toHaveAttribute('data-count', String(count));
  for (const [level, count] of Object.entries(data.totals.alarms))
    await expect(
      totals.getByTestId('report-fleet-total-alarms').locator(`[data-key="${level}"]`),
    ).toHaveAttribute('data-count', String(count));
  // Availability (IEC 61724-1) and data availability as percentages, each explained in its tooltip.
  const pct = (v: number | null) => (v === null ? null : Math.round(v * 1000) / 10);
  expect(shown.availability).toBe(pct(data.totals.availability));
  expect(shown.dataAvailability).toBe(pct(data.totals.dataAvailability));
  expect(data.totals.availability).toBeGreaterThan(0);
  await page
    .getByTestId('report-fleet-table')
    .locator('thead')
    .getByTestId('report-availability-title')
    .hover();
  await expect(page.getByRole('tooltip').filter({ hasText: rep.fleet.availabilityHint })).toBeVisible();
  await page
    .getByTestId('report-fleet-table')
    .locator('thead')
    .getByTestId('report-dataAvailability-title')
    .hover();
  await expect(page.getByRole('tooltip').filter({ hasText: rep.fleet.dataAvailabilityHint })).toBeVisible();
  // Every plant with both, the least available first.
  const plantRows = tableRows(page, 'report-fleet-plants');
  await expect(plantRows).toHaveCount(Math.min(10, data.plants.length));
  expect(data.plants).toHaveLength(data.totals.plantCount);
  const first = data.plants[0]!;
  await expect(plantRows.first()).toContainText(first.stationName);
  expect(num(await plantRows.first().locator('[data-key="availability"]').innerText())).toBe(
    pct(first.availability),
  );
  expect(num(await plantRows.first().locator('[data-key="dataAvailability"]').innerText())).toBe(
    pct(first.dataAvailability),
  );

  const file = await download(page);
  expect(file.name).toMatch(/^fleet-report-.*\.xlsx$/);
  const rows = await workbookRows(file.path);
  for (const name of ['Sonnenhandel GmbH', 'Solartechnik Alpha', 'Energie Bravo'])
    expect(
      rows.some((r) => r.texts.some((t) => t.includes(name))),
      name,
    ).toBe(true);
  const total = rows.find((r) => r.sheet === common.report.sheet.fleet && r.texts[0] === common.report.total);
  expect(total, 'the totals row of the workbook').toBeTruthy();
  // Plants, four statuses, capacity, generation, revenue, …
  expect(total!.numbers[0]).toBe(shown.plantCount);
  // The demo fleet produces while the test runs: the export, read later than the screen, may only have grown.
  const grownSince = (exported: number, onScreen: number) =>
    exported > onScreen - 0.011 && exported < onScreen * 1.01 + 0.011;
  expect(grownSince(total!.numbers[6]!, shown.generation!), 'generation').toBe(true);
  expect(grownSince(total!.numbers[7]!, shown.revenue!), 'revenue').toBe(true);
  // … alarms by level, availability, data availability (ratios, shown as percentages).
  expect(total!.numbers.slice(-2)).toEqual([data.totals.availability, data.totals.dataAvailability]);
  const plantSheet = rows.filter((r) => r.sheet === common.report.sheet.fleetPlants);
  expect(plantSheet.some((r) => r.texts.includes(common.report.column.availability))).toBe(true);
  expect(plantSheet.some((r) => r.texts.includes(common.report.column.dataAvailability))).toBe(true);
  const firstRow = plantSheet.find((r) => r.texts[0] === first.stationNo);
  expect(firstRow?.numbers.slice(-2)).toEqual([first.availability, first.dataAvailability]);
});

test('the alarm report counts the alarms by level, code, device type and plant, and exports', async ({
  page,
}) => {
  await login(page, 'demo-dealer', DEMO_PASSWORD);
  // A year of alarms, so that there is something to count.
  await page.goto('/#/report?tab=alarm');
  const { data } = await nextReport(
    page,
    'alarm',
    () => page.getByTestId('report-date-type-total').click(),
    (b) => b.dateType === 'total',
  );
  await expect(page.getByTestId('report-alarm')).toHaveAttribute('data-date-type', 'total');
  await expect(page.getByTestId('report-alarm-count')).toHaveAttribute(
    'data-value',
    String(data.totals.count),
  );
  await expect(page.getByTestId('report-alarm-ended')).toHaveAttribute(
    'data-value',
    String(data.totals.ended),
  );
  for (const [id, list] of [
    ['report-alarm-levels', data.byLevel],
    ['report-alarm-types', data.byDeviceType],
  ] as const)
    await expect(tableRows(page, id)).toHaveCount(list.length);
  await expect(tableRows(page, 'report-alarm-codes')).toHaveCount(Math.min(10, data.byFaultCode.length));
  await expect(tableRows(page, 'report-alarm-plants')).toHaveCount(Math.min(10, data.byPlant.length));
  expect(data.byLevel.reduce((s, l) => s + l.count, 0)).toBe(data.totals.count);
  if (data.totals.count === 0)
    await expect(page.getByTestId('report-alarm-levels')).toContainText(common.noData);

  const file = await download(page);
  expect(file.name).toMatch(/^alarm-report-.*\.xlsx$/);
  const rows = await workbookRows(file.path);
  expect(rows.length).toBeGreaterThan(0);
  for (const code of data.byFaultCode.slice(0, 5))
    expect(
      rows.some((r) => r.texts.includes(code.faultCode)),
      code.faultCode,
    ).toBe(true);
});

test('plants in a second currency bring the currency choice and a note', async ({ page, request }) => {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`.toUpperCase();
  const name = `E2E Report CHF ${suffix}`;
  const token = await signIn(request, 'demo-installer-b');
  const saved = await apiCall<StationSaveResult>(request, token, '/station/station/add', {
    stationName: name,
    stationType: 'PHOTOVOLTAIC',
    installedCapacity: 5,
    countryCode: 'CH',
    detailAddress: 'Bahnhofstrasse 1, 8001 Zürich',
    latitude: 47.37,
    longitude: 8.54,
    timezone: 'Europe/Zurich',
    currency: 'CHF',
    onlineElectrovalence: 0.1,
    buyElectrovalence: 0.3,
    devices: {
      dongles: [
        { sn: `RPDGL-${suffix}`, inverters: [{ sn: `RPINV-${suffix}`, inverterType: 'SINGLE_PHASE' }] },
      ],
    },
  });
  try {
    await login(page, 'demo-dealer', DEMO_PASSWORD);
    const { data } = await openReport(page);
    expect(data.currency).toBe('EUR');
    expect(data.currencies.map((c) => c.currency).sort()).toEqual(['CHF', 'EUR']);
    await expect(page.getByTestId('report-currency-note')).toBeVisible();
    await expect(page.getByTestId('report-currency-note')).toContainText('CHF');
    const swiss = await nextReport(
      page,
      'energy',
      () => pickOption(page, page.getByTestId('report-currency'), 'CHF'),
      (b) => b.currency === 'CHF',
    );
    expect(swiss.data.currency).toBe('CHF');
    await expect(page.getByTestId('report-total-revenue')).toContainText('CHF');
    await expect(page.getByTestId('report-energy-table').locator('thead')).toContainText('(CHF)');
    // The fleet is in the same currency.
    const fleet = await nextReport(page, 'fleet', () => page.getByTestId('report-tab-fleet').click());
    expect(fleet.body.currency).toBe('CHF');
    await expect(page.getByTestId('report-currency')).toBeVisible();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByTestId('report-tab-energy').click();
    await expect(page.getByTestId('report-energy-chart')).toHaveAttribute('data-ready', 'true');
    await settle(page);
    await page.screenshot({ path: `${SHOTS_DIR}/report-currency-en-GB.png`, fullPage: true });
  } finally {
    await apiCall(request, token, '/station/station/delete', { id: saved.id, confirmName: name });
  }
});

test('an installer sees its own organisation and plants only', async ({ page }) => {
  await login(page, 'demo-installer-a', DEMO_PASSWORD);
  const { data: energy } = await openReport(page);
  expect(energy.plantCount).toBeGreaterThan(0);
  // (Other specs add plants to installer A: the count is checked against its own plant list below.)
  for (const plant of energy.plants) expect(plant.orgName).not.toBe('Energie Bravo');
  const { data } = await nextReport(page, 'fleet', () => page.getByTestId('report-tab-fleet').click());
  const orgs = page.getByTestId('report-fleet-org');
  await expect(orgs).toHaveCount(data.rows.length);
  await expect(orgs.first()).toHaveText('Solartechnik Alpha');
  await expect(orgs.first()).toHaveAttribute('data-depth', '0');
  await expect(page.getByTestId('report-fleet-table')).not.toContainText('Energie Bravo');
  await expect(page.getByTestId('report-fleet-table')).not.toContainText('Sonnenhandel GmbH');
  expect(data.totals.plantCount).toBe(energy.plantCount);
  // The plant choice offers its own plants only.
  await page.getByTestId('report-tab-energy').click();
  const offered = page.waitForResponse((r) => r.url().includes('/station/station/page'));
  await page.getByTestId('report-plants').click();
  const list = (await (await offered).json()).data as { total: number; list: { orgName: string }[] };
  expect(list.total).toBe(energy.plantCount);
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option').first()).toBeVisible();
});

test.describe('screenshots', () => {
  for (const lang of LANGS)
    test(`report (${lang})`, async ({ page }) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width: 1440, height: 900 });
      await login(page, 'demo-dealer', DEMO_PASSWORD, lang);
      await openReport(page);
      await expect(page.getByTestId('report-energy-chart')).toHaveAttribute('data-ready', 'true');
      await settle(page);
      await page.screenshot({ path: `${SHOTS_DIR}/report-energy-${lang}.png`, fullPage: true });
      await nextReport(page, 'fleet', () => page.getByTestId('report-tab-fleet').click());
      await settle(page);
      await page.screenshot({ path: `${SHOTS_DIR}/report-fleet-${lang}.png`, fullPage: true });
      await nextReport(page, 'alarm', () => page.getByTestId('report-tab-alarm').click());
      await nextReport(
        page,
        'alarm',
        () => page.getByTestId('report-date-type-month').click(),
        (b) => b.dateType === 'month',
      );
      await settle(page);
      await page.screenshot({ path: `${SHOTS_DIR}/report-alarm-${lang}.png`, fullPage: true });
    });

  test('report on a phone (en-GB)', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page, 'demo-installer-a', DEMO_PASSWORD);
    await openReport(page);
    await expect(page.getByTestId('report-energy-chart')).toHaveAttribute('data-ready', 'true');
    await settle(page);
    await page.screenshot({ path: `${SHOTS_DIR}/report-energy-phone.png`, fullPage: true });
  });
});
