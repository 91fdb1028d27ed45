import fs from 'node:fs';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { ADMIN_PASSWORD, DEMO_PASSWORD, login, SHOTS_DIR } from './helpers.ts';

/**
 * Wording in the user's language (issue 20, items 10, 14 and 15): the device center page names the meters,
 * chargers and heat pumps it lists, built-in roles read in the language, long sidebar titles wrap, and
 * screenshots of these screens in the longest languages at desktop and phone size.
 */
const menu = (lang: string) =>
  JSON.parse(
    fs.readFileSync(new URL(`../../apps/web/src/i18n/locales/${lang}/menu.json`, import.meta.url), 'utf8'),
  ) as Record<string, string>;

const dangerZone = (lang: string): string =>
  JSON.parse(
    fs.readFileSync(new URL(`../../apps/web/src/i18n/locales/${lang}/app.json`, import.meta.url), 'utf8'),
  ).me.dangerZone;

// The first pages of a fresh server load while it fills the demo plants' history: waits are generous.
const SLOW = { timeout: 30_000 };

const VIEWPORTS = {
  desktop: { width: 1440, height: 900 },
  phone: { width: 390, height: 844 },
} as const;

async function openSidebar(page: Page) {
  const hamburger = page.getByTestId('hamburger');
  if ((await hamburger.getAttribute('aria-expanded')) !== 'true') await hamburger.click();
}

async function signedIn(browser: Browser, lang: string, size: keyof typeof VIEWPORTS, account = 'admin') {
  const context = await browser.newContext({ viewport: VIEWPORTS[size] });
  const page = await context.newPage();
  await login(page, account, account === 'admin' ? ADMIN_PASSWORD : DEMO_PASSWORD, lang);
  return { context, page };
}

test('the device center page of meters, chargers and heat pumps is not titled "inverters"', async ({
  page,
}) => {
  await login(page, 'admin', ADMIN_PASSWORD, 'de-DE', '/#/device-center/inverter?type=METER');
  await expect(page.getByTestId('breadcrumb')).toContainText('Wechselrichter & weitere Geräte');
  await expect(page.getByTestId('device-type-switch')).toContainText('Zähler', SLOW);
  await expect(page).toHaveTitle(/^Wechselrichter & weitere Geräte - /);
});

test('built-in roles read in the language of the reader', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, 'admin', ADMIN_PASSWORD, 'de-DE', '/#/system/role');
  const table = page.locator('.ant-table');
  await expect(table).toContainText('Installateur-Administrator', SLOW);
  await expect(table).not.toContainText('Installer administrator');
});

test.describe('screenshots', () => {
  for (const lang of ['de-DE', 'en-GB', 'zh-CN', 'pl-PL', 'fr-FR']) {
    for (const size of ['desktop', 'phone'] as const) {
      test(`sidebar and device center in ${lang} (${size})`, async ({ browser }) => {
        test.setTimeout(120_000);
        const { context, page } = await signedIn(browser, lang, size);
        await page.goto('/#/device-center/inverter?type=METER');
        await openSidebar(page);
        const sidebar = page.getByTestId('sidebar');
        // The device center is open (the page is in it); the system menu holds more long titles.
        await sidebar.getByText(menu(lang).system!, { exact: true }).click();
        const inverterItem = sidebar.getByText(menu(lang).deviceInverter!, { exact: true });
        await expect(inverterItem).toBeVisible();
        // The whole title shows: it wraps instead of being cut with an ellipsis.
        const cut = await inverterItem.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
        expect(cut, `${lang}: "${menu(lang).deviceInverter}" is cut`).toBe(false);
        await page.waitForTimeout(600);
        await page.screenshot({ path: `${SHOTS_DIR}/words-sidebar-${lang}-${size}.png` });
        await context.close();
      });
    }
  }

  for (const lang of ['de-DE', 'en-GB', 'zh-CN']) {
    for (const size of ['desktop', 'phone'] as const) {
      test(`roles, delete dialog, personal centre and expired session in ${lang} (${size})`, async ({
        browser,
      }) => {
        test.setTimeout(150_000);
        const shot = async (page: Page, name: string) => {
          await page.waitForTimeout(600);
          await page.screenshot({ path: `${SHOTS_DIR}/words-${name}-${lang}-${size}.png` });
        };
        const { context, page } = await signedIn(browser, lang, size);
        await page.goto('/#/device-center/inverter?type=HEAT_PUMP');
        await expect(page.getByTestId('device-type-switch')).toBeVisible();
        await shot(page, 'heat-pumps');
        await page.goto('/#/system/role');
        await expect(page.locator('.ant-table-row').first()).toBeVisible();
        await shot(page, 'roles');
        await page.goto('/#/organization/anergy/2');
        const remove = page.getByTestId('org-delete').and(page.locator(':enabled')).first();
        await remove.click();
        await expect(page.getByTestId('org-delete-confirm-input')).toBeVisible();
        await shot(page, 'org-delete');
        await page.keyboard.press('Escape');
        await page.goto('/#/upgrade/program');
        await page.waitForLoadState('networkidle');
        await shot(page, 'programs');
        // The provider's administrator is not offered to cancel the account (the server refuses).
        await page.goto('/#/me');
        await expect(page.getByTestId('me-page')).toBeVisible();
        await expect(page.getByTestId('me-page')).not.toContainText(dangerZone(lang));
        await shot(page, 'me-provider');
        // An owner is.
        const owner = await signedIn(browser, lang, size, 'demo-owner');
        await owner.page.goto('/#/me');
        await expect(owner.page.getByTestId('me-page')).toContainText(dangerZone(lang));
        await owner.page.getByTestId('me-page').locator('.ant-card').last().scrollIntoViewIfNeeded();
        await shot(owner.page, 'me-owner');
        // The session ends on the server: the next call lands on the sign-in page, which says why.
        await owner.page.evaluate(() => localStorage.setItem('accessToken', 'expired'));
        await owner.page.goto('/#/station/monitor');
        await expect(owner.page.getByTestId('login-session-expired')).toBeVisible();
        await shot(owner.page, 'login-expired');
        await owner.context.close();
        await context.close();
      });
    }
  }
});
