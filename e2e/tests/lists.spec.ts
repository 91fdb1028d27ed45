import { expect, type Locator, type Page, test } from '@playwright/test';
import { ADMIN_PASSWORD, DEMO_PASSWORD, login, SHOTS_DIR, signIn } from './helpers.ts';
import { apiOk } from './live-plant.ts';

/**
 * The lists at 1440×900: no column sits under a sticky one (every header can be seen, scrolled to),
 * a click on a sortable header sorts on the server; the tags bar keeps the active page in view.
 */

/** The lists with sticky columns, by route, and the table's test id where the page has one. */
const LISTS = [
  { name: 'plants', path: '/station/monitor' },
  { name: 'alarms', path: '/fault/alarm' },
  { name: 'inverters', path: '/device-center/inverter' },
  { name: 'dongles', path: '/device-center/dongle' },
  { name: 'batteries', path: '/device-center/battery' },
  { name: 'menus', path: '/system/menu' },
  { name: 'users', path: '/system/user' },
  { name: 'roles', path: '/system/role' },
  { name: 'organisations', path: '/organization/anergy/1' },
  { name: 'owners', path: '/ower/list' },
] as const;

type Box = { x: number; width: number };
const boxes = (cells: Locator) =>
  cells.evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return { x: r.x, width: r.width, text: (el.textContent ?? '').trim() };
    }),
  );

/**
 * Every header of the table lies in view without scrolling it sideways: none ends under the sticky
 * columns or past the table's edge (a column needing a scroll there hides under the actions column).
 */
async function expectEveryColumnInView(table: Locator, name: string) {
  const header = table.locator('.ant-table-thead').first();
  const view = (await table.locator('.ant-table-container').first().boundingBox())!;
  const left: Box[] = await boxes(header.locator('th.ant-table-cell-fix-start'));
  const right: Box[] = await boxes(header.locator('th.ant-table-cell-fix-end'));
  const from = left.length ? Math.max(...left.map((b) => b.x + b.width)) : view.x;
  const to = right.length ? Math.min(...right.map((b) => b.x)) : view.x + view.width;
  const scrolling = header.locator('th:not(.ant-table-cell-fix-start):not(.ant-table-cell-fix-end)');
  for (const cell of await boxes(scrolling)) {
    if (!cell.text) continue;
    expect.soft(cell.x, `${name}: "${cell.text}" starts in view`).toBeGreaterThanOrEqual(from - 1);
    expect.soft(cell.x + cell.width, `${name}: "${cell.text}" ends in view`).toBeLessThanOrEqual(to + 1);
  }
}

/**
 * Scrolled to the bottom of the page, the header bar and the tags bar stay on top: no sticky cell of the
 * table (the library gives them z-indexes up to twice the column count) paints over them.
 */
async function expectHeaderOnTop(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForTimeout(200);
  const covered = await page.evaluate(() => {
    const bar = document.querySelector('.pv-fixed')!.getBoundingClientRect();
    const over: string[] = [];
    for (const y of [bar.top + 10, bar.bottom - 10])
      for (let x = bar.left + 10; x < bar.right; x += 40) {
        const hit = document.elementFromPoint(x, y);
        if (hit && !hit.closest('.pv-fixed'))
          over.push(`${Math.round(x)},${Math.round(y)}: ${hit.tagName}.${hit.className}`);
      }
    return over;
  });
  expect.soft(covered, `${name}: what covers the header`).toEqual([]);
  await page.evaluate(() => window.scrollTo(0, 0));
}

// A plant added through the portal, never connected and in commissioning: the widest status a plant row has.
test.beforeAll(async ({ request }) => {
  const installer = await signIn(request, 'demo-installer-a', DEMO_PASSWORD);
  const run = Date.now().toString(36).toUpperCase();
  await apiOk(request, installer, '/station/station/add', {
    stationName: `Lists ${run}`,
    stationType: 'PHOTOVOLTAIC',
    installedCapacity: 5,
    countryCode: 'DE',
    detailAddress: 'Marktplatz 1, 93047 Regensburg',
    latitude: 49.02,
    longitude: 12.1,
    angleOfRoll: 30,
    azimuth: 0,
    timezone: 'Europe/Berlin',
    onlineElectrovalence: 0.08,
    buyElectrovalence: 0.3,
    devices: {
      dongles: [
        {
          sn: `DGL-E2E-${run}`,
          networkingMode: 'WIFI',
          inverters: [{ sn: `INL-E2E-${run}`, inverterType: 'SINGLE_PHASE', ratedPower: 5000 }],
        },
      ],
    },
  });
});

for (const lang of ['de-DE', 'en-GB', 'zh-CN']) {
  test(`no column under a sticky one at 1440×900 (${lang})`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await login(page, 'admin', ADMIN_PASSWORD, lang);
    for (const list of LISTS) {
      await page.goto(`/#${list.path}`);
      // The visible table: pages visited before stay mounted (hidden) behind the tags bar.
      const table = page.locator('.ant-table-wrapper:visible').first();
      await expect(table.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
      await page.waitForTimeout(500);
      await page.screenshot({ path: `${SHOTS_DIR}/lists-${list.name}-${lang}-1440.png` });
      await expectEveryColumnInView(table, list.name);
      await expectHeaderOnTop(page, list.name);
    }
  });

  test(`lists on a phone (${lang})`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page, 'admin', ADMIN_PASSWORD, lang);
    for (const list of LISTS.filter((l) =>
      ['plants', 'alarms', 'inverters', 'menus', 'users', 'roles', 'organisations'].includes(l.name),
    )) {
      await page.goto(`/#${list.path}`);
      await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
      await page.waitForTimeout(500);
      await page.screenshot({ path: `${SHOTS_DIR}/lists-${list.name}-${lang}-390.png`, fullPage: true });
    }
  });
}

test('a click on a sortable header sorts the plant list on the server', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await login(page, 'admin', ADMIN_PASSWORD, 'en-GB', '/#/station/monitor');
  const table = page.getByTestId('station-table');
  await expect(table.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
  const sorted = page.waitForRequest(
    (r) => r.url().includes('/station/station/page') && r.url().includes('orderBy=installedCapacity'),
  );
  await table.locator('.ant-table-thead th', { hasText: 'PV capacity' }).first().click();
  const request = await sorted;
  expect(new URL(request.url()).searchParams.get('order')).toBe('descend');
  const answer = await (await request.response())!.json();
  const capacities = answer.data.list.map((r: { installedCapacity: number }) => r.installedCapacity);
  expect(capacities).toEqual([...capacities].sort((a, b) => b - a));
  await expect(table.locator('.ant-table-thead th[aria-sort="descending"]')).toContainText('PV capacity');
});

test('the tags bar keeps the active page in view and scrolls', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await login(page, 'admin', ADMIN_PASSWORD);
  const bar = page.getByTestId('tags-view');
  const pages = [
    '/station/monitor',
    '/fault/alarm',
    '/device-center/inverter',
    '/device-center/dongle',
    '/device-center/battery',
    '/upgrade/inverter',
    '/upgrade/program',
    '/ower/list',
    '/basic/device',
    '/basic/alarm',
    '/organization/anergy/1',
    '/organization/anergy/2',
    '/system/user',
    '/system/role',
    '/system/menu',
    '/system/audit',
  ];
  for (const path of pages) {
    await page.goto(`/#${path}`);
    await expect(bar.locator('.pv-tag-active')).toBeInViewport({ ratio: 1 });
  }
  await expect(bar.getByTestId('tag')).toHaveCount(pages.length + 1);
  const barBox = (await bar.boundingBox())!;
  const inBar = async (tag: Locator) => {
    const b = (await tag.boundingBox())!;
    return b.x >= barBox.x - 1 && b.x + b.width <= barBox.x + barBox.width + 1;
  };
  const first = bar.getByTestId('tag').first();
  expect(await inBar(first)).toBe(false);
  await page.screenshot({ path: `${SHOTS_DIR}/tags-bar-many-1440.png` });

  // The arrows scroll the bar to its start; the wheel scrolls it back.
  const left = page.getByTestId('tags-scroll-left');
  // Forced: a click may land while the smooth scroll reaches the start and disables the arrow.
  await expect(async () => {
    if (await left.isEnabled()) await left.click({ force: true });
    expect(await inBar(first)).toBe(true);
  }).toPass({ timeout: 20_000 });
  await bar.hover();
  await page.mouse.wheel(0, 2000);
  await expect.poll(() => inBar(first)).toBe(false);

  // Going back to the first page brings its tag into view.
  await first.click();
  await expect(page).toHaveURL(/#\/dashboard/);
  await expect.poll(() => inBar(first)).toBe(true);
  await page.getByTestId('tag').last().click();
  await expect.poll(() => inBar(bar.getByTestId('tag').last())).toBe(true);
});

test("every list's pager reads total · sizes · previous · pages · next, with seven page numbers", async ({
  page,
}) => {
  test.setTimeout(120_000);
  // Enough audit rows for twelve pages of ten: each sign-in writes one.
  const admin = await signIn(page.request, 'admin', ADMIN_PASSWORD);
  const audit = await apiOk<{ total: number }>(
    page.request,
    admin,
    '/system/audit/page?pageNum=1&pageSize=10',
  );
  for (let i = audit.total; i < 120; i++) await signIn(page.request, 'demo-guest', DEMO_PASSWORD);

  await login(page, 'admin', ADMIN_PASSWORD, 'en-GB', '/#/system/audit');
  const pager = page.getByTestId('pager');
  await expect(pager.getByTestId('pager-page')).toHaveCount(7);
  // The order in the document (what a screen reader and the Tab key follow), and on the screen.
  const order = await pager
    .locator('[data-testid^="pager-"]')
    .evaluateAll((els) =>
      els.map((el) => ({ id: el.getAttribute('data-testid'), x: el.getBoundingClientRect().x })),
    );
  const ids = order.map((o) => o.id);
  expect(ids.slice(0, 3)).toEqual(['pager-total', 'pager-size', 'pager-prev']);
  expect(ids.at(-1)).toBe('pager-next');
  expect(order.map((o) => o.x)).toEqual([...order.map((o) => o.x)].sort((a, b) => a - b));
  await expect(pager.getByRole('button', { name: '1', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(pager.getByTestId('pager-prev')).toBeDisabled();

  // In the middle: the first, a gap, five around the current page, a gap, the last.
  await pager.getByRole('button', { name: '6', exact: true }).click();
  await expect(pager.getByRole('button', { name: '6', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(pager.getByTestId('pager-back')).toBeVisible();
  await expect(pager.getByTestId('pager-forward')).toBeVisible();
  await expect(pager.getByTestId('pager-page')).toHaveCount(7);
  await expect(pager.getByTestId('pager-page')).toHaveText(['1', '4', '5', '6', '7', '8', /^\d+$/]);
  await pager.getByTestId('pager-next').click();
  await expect(pager.getByRole('button', { name: '7', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(page.locator('tr.ant-table-row')).toHaveCount(10);
});
