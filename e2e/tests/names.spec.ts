import { expect, type Locator, type Page, test } from '@playwright/test';
import { ADMIN_PASSWORD, login, SHOTS_DIR, stickingOut } from './helpers.ts';

/**
 * Names that can be told apart (issue 36): at 1440×900 in German, every list that names plants, devices,
 * alarms, roles or organisations shows each name whole (wrapped onto more lines if need be, never cut),
 * so that "Speicher Weber, München" and "Speicher Weber, Kiel" do not both read "Speicher Weber,…". The
 * role tags, the plant list's figures and the tariff form's date pickers show their whole text too.
 */

test.use({ viewport: { width: 1440, height: 900 }, locale: 'de-DE' });

/**
 * A column that names something, by a line of its header; `part` is the name inside a cell that holds
 * more (the plant number under the plant's name).
 */
type NameColumn = { header: string; part?: string };

/** The lists, by route and the table's test id, with their name columns. */
const LISTS: { name: string; path: string; table: string; columns: [NameColumn, ...NameColumn[]] }[] = [
  { name: 'dashboard', path: '/dashboard', table: 'dashboard-plants', columns: [{ header: 'Anlage' }] },
  {
    name: 'plants',
    path: '/station/monitor',
    table: 'station-table',
    columns: [{ header: 'Anlagenname', part: '[data-testid="station-link"]' }, { header: 'Organisation' }],
  },
  {
    name: 'alarms',
    path: '/fault/alarm',
    table: 'alarm-table',
    columns: [{ header: 'Anlage' }, { header: 'Alarmmeldung' }],
  },
  {
    name: 'inverters',
    path: '/device-center/inverter',
    table: 'device-table',
    columns: [
      { header: 'Anlage', part: '[data-testid="device-plant-link"]' },
      { header: 'Modell / Hersteller' },
    ],
  },
  { name: 'dongles', path: '/device-center/dongle', table: 'device-table', columns: [{ header: 'Anlage' }] },
  {
    name: 'batteries',
    path: '/device-center/battery',
    table: 'device-table',
    columns: [
      { header: 'Anlage', part: '[data-testid="device-plant-link"]' },
      { header: 'Modell / Hersteller' },
    ],
  },
  {
    name: 'report-energy',
    path: '/report',
    table: 'report-energy-plants',
    columns: [{ header: 'Anlagenname' }, { header: 'Organisation' }],
  },
  {
    name: 'report-fleet',
    path: '/report?tab=fleet',
    table: 'report-fleet-plants',
    columns: [{ header: 'Anlagenname' }, { header: 'Organisation' }],
  },
  {
    name: 'report-fleet-orgs',
    path: '/report?tab=fleet',
    table: 'report-fleet-table',
    columns: [{ header: 'Organisation' }],
  },
  {
    name: 'report-alarm-plants',
    path: '/report?tab=alarm',
    table: 'report-alarm-plants',
    columns: [{ header: 'Anlage' }],
  },
  {
    name: 'report-alarm-codes',
    path: '/report?tab=alarm',
    table: 'report-alarm-codes',
    columns: [{ header: 'Alarmmeldung' }],
  },
  {
    name: 'users',
    path: '/system/user',
    table: 'user-table',
    columns: [{ header: 'Anzeigename' }, { header: 'Organisation' }, { header: 'Rollen' }],
  },
  {
    name: 'roles',
    path: '/system/role',
    table: 'role-table',
    columns: [{ header: 'Rollenname' }, { header: 'Datenberechtigungen' }],
  },
  {
    name: 'fault-codes',
    path: '/basic/alarm',
    table: 'fault-code-table',
    columns: [{ header: 'Alarmmeldung' }],
  },
  {
    name: 'dealers',
    path: '/organization/anergy/1',
    table: 'org-table',
    columns: [{ header: 'Name' }, { header: 'Übergeordnet' }],
  },
  {
    name: 'installers',
    path: '/organization/anergy/2',
    table: 'org-table',
    columns: [{ header: 'Name' }, { header: 'Übergeordnet' }],
  },
];

/** What a cell of a name column shows: its whole text, the text that can be seen, and what cuts it. */
type NameCell = { full: string; seen: string; cut: string[] };

/**
 * Every cell of the named columns of `table`: the name's whole text, the characters of it that lie inside
 * every box that clips them (a line-clamped box's third line and the letters behind an ellipsis do not),
 * and each box in it that hides some of its content (its content is wider or taller than the box).
 */
function nameCells(table: Locator, column: NameColumn): Promise<NameCell[] | string> {
  return table.evaluate((root, { header, part }) => {
    const lines = (el: HTMLElement) => el.innerText.split('\n').map((l) => l.trim());
    const th = Array.from(root.querySelectorAll<HTMLElement>('thead th')).find((h) =>
      lines(h).includes(header),
    );
    if (!th) return `no column "${header}"`;
    const at = th.getBoundingClientRect();
    const clips = (el: Element) => {
      const s = getComputedStyle(el);
      return s.overflowX !== 'visible' || s.overflowY !== 'visible';
    };
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}.${String(el.getAttribute('class') ?? '').split(' ')[0]}`;
    const cells: NameCell[] = [];
    for (const row of Array.from(root.querySelectorAll('tbody tr.ant-table-row'))) {
      const cell = Array.from(row.children).find((td) => {
        const r = td.getBoundingClientRect();
        return Math.abs(r.left - at.left) < 1 && Math.abs(r.width - at.width) < 1;
      });
      if (!cell) continue;
      const name = part ? cell.querySelector(part) : cell;
      if (!name) continue;
      let seen = '';
      const walker = document.createTreeWalker(name, NodeFilter.SHOW_TEXT);
      const range = document.createRange();
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        const boxes: DOMRect[] = [];
        for (let box = node.parentElement; box && box !== row; box = box.parentElement)
          if (clips(box)) boxes.push(box.getBoundingClientRect());
        for (let i = 0; i < node.length; i++) {
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const r = range.getBoundingClientRect();
          const inside = boxes.every(
            (b) =>
              r.left >= b.left - 0.5 &&
              r.right <= b.right + 0.5 &&
              r.top >= b.top - 0.5 &&
              r.bottom <= b.bottom + 0.5,
          );
          if (inside) seen += node.data[i];
        }
      }
      const cut: string[] = [];
      const around: Element[] = [];
      for (let box: Element | null = name; box && box !== row; box = box.parentElement) around.push(box);
      for (const box of [...around, ...Array.from(name.querySelectorAll('*'))]) {
        if (!clips(box)) continue;
        if (box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1)
          cut.push(
            `${describe(box)} shows ${box.clientWidth}×${box.clientHeight} of ${box.scrollWidth}×${box.scrollHeight}`,
          );
      }
      const squash = (s: string) => s.replace(/\s+/g, '');
      cells.push({ full: squash(name.textContent ?? ''), seen: squash(seen), cut });
    }
    return cells;
  }, column);
}

/** The visible table of a page (pages visited before stay mounted, hidden, behind the tags bar). */
async function visibleTable(page: Page, testId: string) {
  const tables = page.locator(`[data-testid="${testId}"]:visible`);
  // The device lists share a test id: the one left behind stays shown for a moment.
  await expect(tables).toHaveCount(1, { timeout: 30_000 });
  await expect(tables.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible({ timeout: 30_000 });
  return tables;
}

/** What clips its own text inside `root`: each box whose content is wider or taller than it. */
function cutInside(root: Locator): Promise<string[]> {
  return root.evaluate((top) =>
    Array.from(top.querySelectorAll('*'))
      .filter((el) => {
        const s = getComputedStyle(el);
        if (s.overflowX === 'visible' && s.overflowY === 'visible') return false;
        return el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;
      })
      .map((el) => `"${(el.textContent ?? '').trim()}" shows ${el.clientWidth} of ${el.scrollWidth} px`),
  );
}

test('names in every list can be told apart at 1440×900 (de-DE)', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, 'admin', ADMIN_PASSWORD, 'de-DE');
  for (const list of LISTS) {
    if (!page.url().endsWith(`#${list.path}`)) await page.goto(`/#${list.path}`);
    const table = await visibleTable(page, list.table);
    // Let the columns settle: the table measures its sticky columns after the first paint.
    await page.waitForTimeout(300);
    await table.evaluate((el) => el.scrollIntoView({ block: 'nearest' }));
    await page.screenshot({ path: `${SHOTS_DIR}/names-${list.name}-de-DE.png` });
    for (const column of list.columns) {
      const cells = await nameCells(table, column);
      const where = `${list.name}, "${column.header}"`;
      if (typeof cells === 'string') {
        expect.soft(cells, where).toBe('');
        continue;
      }
      expect.soft(cells.length, `${where}: rows`).toBeGreaterThan(0);
      // Two different names that read the same: "Speicher Weber,…" for München and for Kiel.
      const byShown = new Map<string, Set<string>>();
      for (const c of cells) byShown.set(c.seen, (byShown.get(c.seen) ?? new Set()).add(c.full));
      const alike = [...byShown]
        .filter(([, fulls]) => fulls.size > 1)
        .map(([seen, fulls]) => `"${seen}": ${[...fulls].join(' / ')}`);
      expect.soft(alike, `${where}: names that read alike`).toEqual([]);
      const cut = cells.filter((c) => c.cut.length > 0).map((c) => `${c.full}: ${c.cut.join('; ')}`);
      expect.soft(cut, `${where}: names cut`).toEqual([]);
    }
  }
});

test('the plant list’s figures and the tariff form’s dates show their whole text at 1440×900', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await login(page, 'admin', ADMIN_PASSWORD, 'de-DE', '/#/station/monitor');
  // Each title whole ("Installierte PV-Leistung", not "Installierte PV-Lei…"), each figure in its card.
  const kpis = page.getByTestId('station-kpis');
  await expect(kpis.getByTestId('kpi-capacity')).toContainText('kWp');
  expect.soft(await cutInside(kpis), 'plant list figures cut').toEqual([]);
  expect.soft(await stickingOut(kpis), 'plant list figures out of their cards').toEqual([]);

  // A picker as wide as what it says (its date, or "select a date"): in German, and in French, the
  // longest of the eight.
  await page.getByTestId('station-table').getByTestId('station-info').first().click();
  for (const lang of ['de-DE', 'fr-FR']) {
    if (lang !== 'de-DE') {
      await page.evaluate((l) => localStorage.setItem('language', l), lang);
      await page.reload();
    }
    await page.getByTestId('tariff-add-FEED_IN').click();
    const form = page.getByTestId('tariff-form');
    await expect(form).toBeVisible();
    await page.screenshot({ path: `${SHOTS_DIR}/names-tariff-${lang}.png` });
    for (const testId of ['tariff-form-from', 'tariff-form-to']) {
      // The test id sits on the picker's input.
      const fits = await form.getByTestId(testId).evaluate((picker) => {
        const el = (picker.matches('input') ? picker : picker.querySelector('input')) as HTMLInputElement;
        const s = getComputedStyle(el);
        const context = document.createElement('canvas').getContext('2d')!;
        context.font = s.font;
        const text = el.value || el.placeholder;
        const room = el.clientWidth - Number.parseFloat(s.paddingLeft) - Number.parseFloat(s.paddingRight);
        return { text, width: Math.ceil(context.measureText(text).width), room };
      });
      expect
        .soft(fits.width, `${lang} ${testId}: "${fits.text}" fits its picker`)
        .toBeLessThanOrEqual(fits.room);
    }
  }
});
