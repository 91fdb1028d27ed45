import { expect, type Page, test } from '@playwright/test';
import { ADMIN_PASSWORD, login, signIn } from './helpers.ts';

/**
 * Every date in the reader's format (issue 36): the admin walks the main screens in three languages that
 * write a day in three ways (de-DE 01.12.2026, fr-FR 01/12/2026, zh-CN 2026/12/01), and no screen shows a
 * day as ISO's 2026-12-01 — not in its text, not in a date picker's field, not on a chart's axis or in
 * its tooltip, which ECharts draws onto a canvas. No screen is let off: the pickers too take and show the
 * reader's form, so there is no field where ISO is what the user is meant to type.
 */
const LANGS = ['de-DE', 'fr-FR', 'zh-CN'] as const;
/** 2026-12-01, also as the start of an ISO instant (2026-12-01T14:05:00Z). */
const ISO_DAY = /(?<!\d)\d{4}-\d{2}-\d{2}(?!\d)/;

/**
 * What the page shows as text: its visible text, the values of its visible input fields (a picker's day
 * is an input's value, which innerText leaves out) and what its charts wrote on their canvases (recorded
 * by `recordCanvasText`). One entry per line.
 */
async function shownText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const visible = (el: Element) => (el as HTMLElement).offsetParent !== null;
    const inputs = Array.from(document.querySelectorAll('input'))
      .filter((i) => visible(i) && i.type !== 'hidden')
      .map((i) => `[input] ${i.value}`);
    const canvases = Array.from(document.querySelectorAll('canvas'))
      .filter(visible)
      .flatMap((c) => Array.from((c as unknown as { drawnText?: Set<string> }).drawnText ?? []))
      .map((text) => `[chart] ${text}`);
    return [...document.body.innerText.split('\n'), ...inputs, ...canvases];
  });
}

/**
 * Remembers on each canvas the text drawn onto it: a chart's axis labels are pixels, not text. A canvas
 * painted at all has the (maybe empty) set: ECharts draws a frame's shapes and labels together.
 */
const recordCanvasText = () => {
  type Painted = HTMLCanvasElement & { drawnText?: Set<string> };
  for (const method of ['fill', 'stroke', 'fillText', 'strokeText'] as const) {
    const draw = CanvasRenderingContext2D.prototype[method] as (...args: unknown[]) => void;
    CanvasRenderingContext2D.prototype[method] = function (
      this: CanvasRenderingContext2D,
      ...args: unknown[]
    ) {
      const canvas = this.canvas as Painted;
      canvas.drawnText ??= new Set();
      if (method.endsWith('Text')) canvas.drawnText.add(String(args[0]));
      return draw.apply(this, args);
    };
  }
};

/** Waits until nothing on the page is loading any more: no skeleton, no spinner, every chart drawn. */
async function settled(page: Page) {
  await expect(page.locator('.ant-skeleton')).toHaveCount(0, { timeout: 20_000 });
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 20_000 });
  await expect(page.locator('[role="img"][data-ready="false"]')).toHaveCount(0);
  // A chart is ready once it has its canvas; it paints on a later frame.
  await expect
    .poll(() =>
      page.locator('[role="img"][data-ready="true"]').evaluateAll((charts) =>
        charts
          .filter((c) => (c as HTMLElement).offsetParent !== null)
          .filter(
            (c) =>
              !Array.from(c.querySelectorAll('canvas')).some(
                (canvas) => (canvas as unknown as { drawnText?: Set<string> }).drawnText !== undefined,
              ),
          )
          .map((c) => c.getAttribute('data-testid')),
      ),
    )
    .toEqual([]);
}

/**
 * Points at the middle of each chart in turn, so that its tooltip (the hovered day and its figures, from
 * the chart's formatter) shows, and reads the page with it.
 */
async function withTooltips(page: Page): Promise<string[]> {
  const found: string[] = [];
  const centres = await page.locator('[role="img"][data-ready="true"]').evaluateAll((charts) =>
    charts.map((el) => {
      const r = el.getBoundingClientRect();
      return { x: r.x + r.width / 2, y: r.y + r.height / 2 + window.scrollY, shown: r.width > 0 };
    }),
  );
  for (const { x, y, shown } of centres) {
    if (!shown) continue;
    await page.evaluate((top) => window.scrollTo(0, top - window.innerHeight / 2), y);
    const scrolled = await page.evaluate(() => window.scrollY);
    await page.mouse.move(x, y - scrolled);
    await page.waitForTimeout(250);
    found.push(...(await shownText(page)));
  }
  await page.mouse.move(0, 0);
  return found;
}

/**
 * A screen: its address, the test id of what it shows once it has its data (`rows`: a table with its
 * first row), and the test id (prefix) of the device list's button that opens it.
 */
type Screen = { name: string; path: string; shows: string; rows?: boolean; open?: string };

function screens(plantId: number): Screen[] {
  const detail = (tab: string) => `/#/station/monitor/detail?id=${plantId}&tab=${tab}`;
  return [
    { name: 'dashboard', path: '/#/dashboard', shows: 'dashboard-plants', rows: true },
    { name: 'plant-list', path: '/#/station/monitor', shows: 'station-table', rows: true },
    { name: 'plant-overview', path: detail('overview'), shows: 'power-curve' },
    { name: 'plant-statistics', path: detail('statistics'), shows: 'stats-table', rows: true },
    { name: 'plant-information', path: detail('information'), shows: 'plant-info' },
    { name: 'plant-info-page', path: `/#/station/monitor/info?id=${plantId}`, shows: 'info-back' },
    { name: 'alarms', path: '/#/fault/alarm', shows: 'alarm-table', rows: true },
    { name: 'inverters', path: '/#/device-center/inverter', shows: 'device-table', rows: true },
    { name: 'device-drawer', path: '/#/device-center/inverter', shows: 'device-drawer', open: 'device-open' },
    {
      name: 'device-replacement',
      path: '/#/device-center/inverter',
      shows: 'replace-at',
      open: 'device-replace-',
    },
    { name: 'batteries', path: '/#/device-center/battery', shows: 'device-table', rows: true },
    { name: 'report-energy', path: '/#/report?tab=energy', shows: 'report-energy' },
    { name: 'report-fleet', path: '/#/report?tab=fleet', shows: 'report-fleet' },
    { name: 'report-alarm', path: '/#/report?tab=alarm', shows: 'report-alarm' },
    { name: 'upgrade-tasks', path: '/#/upgrade/inverter', shows: 'task-table' },
    { name: 'upgrade-programs', path: '/#/upgrade/program', shows: 'program-table' },
    { name: 'owners', path: '/#/ower/list', shows: 'owner-table' },
    { name: 'organisations', path: '/#/organization/anergy/1', shows: 'org-table', rows: true },
    { name: 'users', path: '/#/system/user', shows: 'user-table', rows: true },
    { name: 'roles', path: '/#/system/role', shows: 'role-table', rows: true },
    { name: 'audit-log', path: '/#/system/audit', shows: 'audit-table', rows: true },
    { name: 'personal-centre', path: '/#/me', shows: 'me-page' },
  ];
}

/** Opens a screen from its address (and a click) and waits until it shows its data. */
async function visit(page: Page, screen: Screen) {
  await page.goto(screen.path);
  if (screen.open) {
    await expect(page.getByTestId('device-table').locator('tbody tr.ant-table-row').first()).toBeVisible();
    await page.locator(`[data-testid^="${screen.open}"]`).first().click();
  }
  const shows = page.getByTestId(screen.shows).first();
  await expect(shows).toBeVisible({ timeout: 20_000 });
  if (screen.rows) await expect(shows.locator('tbody tr.ant-table-row').first()).toBeVisible();
  await settled(page);
}

let plantId: number;

test.beforeAll(async ({ request }) => {
  const token = await signIn(request, 'admin', ADMIN_PASSWORD);
  const res = await request.post('/station/station/page?pageNum=1&pageSize=100', {
    headers: { fromType: '2', lang: 'en-GB', Authorization: `Bearer ${token}` },
    data: {},
  });
  const list = ((await res.json()) as { data: { list: { id: number; stationNo: string }[] } }).data.list;
  // A demo plant: a year of history, so every chart and table has days to show.
  plantId = list.find((p) => p.stationNo.startsWith('DEMO-P-'))!.id;
});

for (const lang of LANGS)
  test.describe(lang, () => {
    test.use({ locale: lang });

    test(`no screen shows an ISO date in ${lang}`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.addInitScript(recordCanvasText);
      await login(page, 'admin', ADMIN_PASSWORD, lang);
      const offending: string[] = [];
      for (const screen of screens(plantId)) {
        await visit(page, screen);
        const found = new Set([...(await shownText(page)), ...(await withTooltips(page))]);
        for (const line of found) if (ISO_DAY.test(line)) offending.push(`${screen.name}: ${line}`);
        // A dialog or drawer would stay over the next screen.
        if (screen.open) {
          await page.keyboard.press('Escape');
          await expect(page.getByTestId(screen.shows)).toBeHidden();
        }
      }
      expect(offending).toEqual([]);
    });
  });
