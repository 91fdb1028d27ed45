import { expect, type Page, test } from '@playwright/test';
import type { PlantPerformance } from '@pvstar/contract/performance';
import { DEMO_PASSWORD, login, SHOTS_DIR, signIn } from './helpers.ts';

/**
 * The plant detail's Performance tab on a demo plant: once the demo's history is in, the jobs role has
 * computed its days, and the tab shows them as a chart and a table — PR, or why there is none — with
 * the explanation of what PR means here, in the reader's language.
 */
const HEADERS = { fromType: '2', lang: 'en-GB' };

let plantId: number;
let expected: PlantPerformance;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  const token = await signIn(request, 'demo-installer-a');
  const headers = { ...HEADERS, Authorization: `Bearer ${token}` };
  const page = await request.post('/station/station/page?pageNum=1&pageSize=100', { headers, data: {} });
  const list = ((await page.json()) as { data: { list: { id: number; stationNo: string }[] } }).data.list;
  // A demo plant: the other specs add plants of their own, without history, before this one runs.
  plantId = list.find((p) => p.stationNo.startsWith('DEMO-P-'))!.id;
  // The demo's year of history is filled in the background; its performance follows right after.
  await expect(async () => {
    const res = await request.get(`/station/station/performance/${plantId}`, { headers });
    expected = ((await res.json()) as { data: PlantPerformance }).data;
    expect(expected.days.length).toBeGreaterThan(20);
  }).toPass({ timeout: 150_000, intervals: [2_000] });
});

const open = async (page: Page) => {
  await page.goto(`/#/station/monitor/detail?id=${plantId}&tab=performance`);
  await expect(page.getByTestId('tab-performance')).toBeVisible();
};

test('shows the plant’s days with their PR, or why there is none, and says what PR means', async ({
  page,
}) => {
  await login(page, 'demo-installer-a', DEMO_PASSWORD, 'en-GB');
  await open(page);
  const tab = page.getByTestId('tab-performance');
  await expect(tab).toContainText('the plants within 50 km');
  await expect(page.getByRole('tab', { name: 'Performance' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('performance-chart')).toHaveAttribute('data-ready', 'true');
  const rows = page.getByTestId('performance-table').locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(expected.days.length);
  // Newest first; each row has a PR in per cent or the reason it has none.
  const newest = expected.days.at(-1)!;
  const first = rows.first();
  await expect(first).toContainText(String(newest.neighbours));
  if (newest.pr === null)
    await expect(first).toContainText(
      newest.neighbours < expected.minNeighbours ? 'too few neighbours' : 'too little sun',
    );
  else await expect(first).toContainText('%');
  await expect(page.getByTestId('performance-pr')).toBeVisible();
});

test('speaks German, numbers included', async ({ page }) => {
  await login(page, 'demo-installer-a', DEMO_PASSWORD, 'de-DE');
  await open(page);
  const tab = page.getByTestId('tab-performance');
  await expect(tab).toContainText('im Umkreis von 50 km');
  await expect(page.getByRole('tab', { name: 'Performance' })).toBeVisible();
  await expect(page.getByTestId('performance-table')).toContainText('Nachbarn');
  // German writes 60 % with a space and decimals with a comma.
  await expect(tab).toContainText('60 %');
});

for (const [lang, width] of [
  ['en-GB', 1440],
  ['de-DE', 1440],
  ['de-DE', 390],
] as const)
  test(`screenshot (${lang}, ${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: width > 400 ? 1000 : 844 });
    await login(page, 'demo-installer-a', DEMO_PASSWORD, lang);
    await open(page);
    await expect(page.getByTestId('performance-chart')).toHaveAttribute('data-ready', 'true');
    await page.waitForTimeout(800);
    await page.screenshot({ path: `${SHOTS_DIR}/performance-${lang}-${width}.png`, fullPage: true });
  });
