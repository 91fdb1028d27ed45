import fs from 'node:fs';
import { type APIRequestContext, expect, type Locator, type Page, type Response } from '@playwright/test';
import { shownFigure } from '@pvstar/contract/figures';
import type { AlarmReport, EnergyReport, FleetReport } from '@pvstar/contract/report';
import ExcelJS from 'exceljs';

/** What the report tests share: the page's report requests and tables, workbook contents, API calls. */

export const SHOTS_DIR =
  process.env.SHOTS_DIR ?? new URL('../test-results/screens', import.meta.url).pathname;
const catalogue = (file: string) => JSON.parse(fs.readFileSync(new URL(file, import.meta.url), 'utf8'));
export const rep = catalogue('../../apps/web/src/i18n/locales/en-GB/report.json');
export const mon = catalogue('../../apps/web/src/i18n/locales/en-GB/monitor.json');
export const common = catalogue('../../packages/contract/src/locales/en-GB/common.json');
const HEADERS = { fromType: '2', lang: 'en-GB' };

type Tab = 'energy' | 'fleet' | 'alarm';
type Reports = { energy: EnergyReport; fleet: FleetReport; alarm: AlarmReport };

/** The next report the page asks for (optionally only one whose body passes `match`), and its answer. */
export async function nextReport<T extends Tab>(
  page: Page,
  tab: T,
  action: () => Promise<unknown>,
  match: (body: Record<string, unknown>) => boolean = () => true,
): Promise<{ body: Record<string, unknown>; data: Reports[T] }> {
  const response = page.waitForResponse(
    (r: Response) =>
      r.url().endsWith(`/station/report/${tab}`) &&
      r.request().method() === 'POST' &&
      match(r.request().postDataJSON()),
  );
  await action();
  const res = await response;
  const json = await res.json();
  expect(json.code, json.msg).toBe(200);
  return { body: res.request().postDataJSON(), data: json.data };
}

/** A figure as the tables write it in en-GB (1,234.56), or null for '—'. */
export const num = (text: string): number | null => {
  const t = text.trim();
  return t === '—' || t === '' ? null : Number(t.replace(/,/g, ''));
};

/** An exact figure of the API as a table shows it in en-GB: rounded once, by the contract's rule. */
export const asShown = (value: number | null) => (value === null ? null : num(shownFigure(value, 'en-GB')));

export const tableRows = (page: Page, testId: string) =>
  page.getByTestId(testId).locator('tbody tr.ant-table-row');

/** The totals row's cells, by column key. */
export async function totalsRow(row: Locator): Promise<Record<string, number | null>> {
  const cells = row.locator('[data-key]');
  const out: Record<string, number | null> = {};
  for (const cell of await cells.all())
    out[(await cell.getAttribute('data-key'))!] = num(await cell.innerText());
  return out;
}

/** Every number of every row of every sheet of a downloaded workbook. */
export async function workbookRows(
  file: string,
): Promise<{ sheet: string; texts: string[]; numbers: number[] }[]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const rows: { sheet: string; texts: string[]; numbers: number[] }[] = [];
  for (const ws of wb.worksheets)
    ws.eachRow((row) => {
      const texts: string[] = [];
      const numbers: number[] = [];
      row.eachCell((cell) => {
        texts.push(String(cell.text ?? ''));
        const v = cell.value;
        const n =
          typeof v === 'number' ? v : typeof v === 'object' && v && 'result' in v ? Number(v.result) : NaN;
        if (Number.isFinite(n)) numbers.push(n);
      });
      rows.push({ sheet: ws.name, texts, numbers });
    });
  return rows;
}

/** Clicks Export and returns the downloaded file's name and path. */
export async function download(page: Page) {
  const pending = page.waitForEvent('download');
  await page.getByTestId('report-export').click();
  const file = await pending;
  return { name: file.suggestedFilename(), path: (await file.path())! };
}

export const near = (a: number, b: number) => Math.abs(a - b) < 0.011;

/** Opens the reports on the energy tab and waits for its first report. */
export const openReport = (page: Page) => nextReport(page, 'energy', () => page.goto('/#/report'));

/** One API call with the client's headers; fails the test on an error. */
export async function apiCall<T>(
  request: APIRequestContext,
  token: string | null,
  url: string,
  body: unknown,
) {
  const res = await request.post(url, {
    headers: { ...HEADERS, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    data: body,
  });
  const json = (await res.json()) as { code: number; msg: string; data: T };
  expect(json.code, `${url}: ${json.msg}`).toBe(200);
  return json.data;
}

/** The month `n` months before this one (YYYY-MM). */
export const monthAgo = (n: number) => {
  const d = new Date();
  d.setDate(1);
  d.setMonth(d.getMonth() - n);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
};

/** No toast or tooltip over the page, no report fading in, the charts drawn. */
export async function settle(page: Page) {
  await page.mouse.move(0, 0);
  await expect(page.locator('.ant-message-notice')).toHaveCount(0, { timeout: 6_000 });
  await expect(page.locator('.ant-spin-blur')).toHaveCount(0);
  await page.waitForTimeout(800); // charts animate in
}
