import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { LANGS } from '@pvstar/contract/lang';
import {
  ADMIN_PASSWORD,
  DEMO_PASSWORD,
  login,
  md5,
  pickUserMenu,
  SHOTS_DIR,
  signIn,
  submitSignInForm,
} from './helpers.ts';

const HEADERS = { fromType: '2', lang: 'en-GB' };

/** Calls the API the way the web does and unwraps the envelope. */
async function api<T>(
  request: APIRequestContext,
  token: string | null,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
) {
  const headers = { ...HEADERS, ...(token ? { Authorization: `Bearer ${token}` } : {}) };
  const res =
    method === 'GET'
      ? await request.get(url, { headers })
      : await request.post(url, { headers, data: body ?? {} });
  const json = (await res.json()) as { code: number; msg: string; data: T };
  expect(json.code, `${method} ${url}: ${json.msg}`).toBe(200);
  return json.data;
}

let adminToken: string | undefined;

/** Creates a role with these codes and a user holding it; returns the user name. */
async function createAccount(
  request: APIRequestContext,
  permCodes: string[],
  opts: { disableRole?: boolean } = {},
) {
  // One API session for all set-ups: sign-ins are rate-limited per minute.
  adminToken ??= await signIn(request, 'admin', ADMIN_PASSWORD);
  const admin = adminToken;
  const info = await api<{ user: { orgId: number } }>(request, admin, 'GET', '/auth/user/getUserInfo');
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const role = await api<{ id: number }>(request, admin, 'POST', '/system/role/add', {
    roleName: `E2E role ${suffix}`,
    roleCode: `e2e_${suffix}`,
    roleType: 'PROVIDER',
    dataScope: 'ORG',
    permCodes,
    status: 'ENABLED',
  });
  const username = `e2e-${suffix}`;
  await api(request, admin, 'POST', '/system/user/add', {
    orgId: info.user.orgId,
    username,
    nickname: `E2E ${suffix}`,
    email: `${username}@example.com`,
    roleIds: [role.id],
    password: md5('Tidal7Wave'),
  });
  if (opts.disableRole)
    await api(request, admin, 'POST', '/system/role/updateStatus', { id: role.id, status: 'DISABLED' });
  return username;
}

const menuTitles = (lang: string) =>
  JSON.parse(
    readFileSync(
      path.resolve(import.meta.dirname, `../../apps/web/src/i18n/locales/${lang}/menu.json`),
      'utf8',
    ),
  ) as Record<string, string>;

async function openSidebar(page: Page) {
  const hamburger = page.getByTestId('hamburger');
  if ((await hamburger.getAttribute('aria-expanded')) !== 'true') await hamburger.click();
}

test('the sidebar starts collapsed; opening it is remembered', async ({ page }) => {
  await login(page, 'admin', ADMIN_PASSWORD);
  await expect(page.getByTestId('hamburger')).toHaveAttribute('aria-expanded', 'false');
  await page.getByTestId('hamburger').click();
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar.getByText('System Management')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('hamburger')).toHaveAttribute('aria-expanded', 'true');

  await sidebar.getByText('System Management').click();
  await sidebar.getByText('Roles').click();
  await expect(page).toHaveURL(/#\/system\/role$/);
  await expect(page).toHaveTitle('Roles - PVSTAR');
  // A reload on a permission-gated page stays there (routes are rebuilt before the page is matched).
  await page.reload();
  await expect(page).toHaveURL(/#\/system\/role$/);
  await expect(page.getByTestId('breadcrumb')).toContainText('Roles');
  await expect(page.getByTestId('breadcrumb')).toContainText('System Management');
  const tags = page.getByTestId('tags-view');
  await expect(tags.getByText('Roles')).toBeVisible();
  // "Refresh" in the tag's context menu mounts the page afresh at the same address.
  await page.waitForLoadState('networkidle');
  // On a busy machine the menu can close again while it is still opening: open it and click until it takes.
  const refresh = page.getByRole('menuitem', { name: 'Refresh' });
  await expect(async () => {
    await page.keyboard.press('Escape');
    await tags.getByText('Roles').click({ button: 'right' });
    await refresh.click({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page).toHaveURL(/#\/system\/role$/);
  await expect(page.getByTestId('breadcrumb')).toContainText('Roles');
  await tags.getByText('Dashboard').click();
  await expect(page).toHaveURL(/#\/dashboard$/);
  await tags.getByTestId('tag').filter({ hasText: 'Roles' }).getByLabel('Close').click();
  await expect(tags.getByText('Roles')).toHaveCount(0);

  // A catalog path goes to its first page.
  await page.goto('/#/system');
  await expect(page).toHaveURL(/#\/system\/user$/);
});

test('a user holding only System codes sees only that menu', async ({ page, request }) => {
  const username = await createAccount(request, ['2007', '2007001']);
  await login(page, username, 'Tidal7Wave');
  await openSidebar(page);
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar.getByText('System Management')).toBeVisible();
  await expect(sidebar.getByText('Organisation')).toHaveCount(0);
  await sidebar.getByText('System Management').click();
  await expect(sidebar.getByText('Users')).toBeVisible();
  await expect(sidebar.getByText('Roles')).toHaveCount(0);
  await expect(page.getByTestId('area-card')).toHaveCount(1);
  // An area is a link: reached by keyboard (a ring shows it), opened with Enter.
  await page.getByTestId('area-card').focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('area-card')).toBeFocused();
  expect(await page.getByTestId('area-card').evaluate((e) => getComputedStyle(e).outlineStyle)).toBe('solid');
  await page.screenshot({ path: `${SHOTS_DIR}/areas-focused-en-GB.png` });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/system\/user$/);
  await page.goto('/#/dashboard');
  // Pages of codes the user does not hold are not routed: 401 for a page of the app, 404 for no page.
  await page.goto('/#/system/role');
  await expect(page).toHaveURL(/#\/401$/);
  await page.goto('/#/organization/anergy/1');
  await expect(page).toHaveURL(/#\/401$/);
  await page.goto('/#/no/such/page');
  await expect(page).toHaveURL(/#\/404$/);
});

test('a user whose codes open no page gets an empty menu', async ({ page, request }) => {
  const username = await createAccount(request, ['2007001001']);
  await login(page, username, 'Tidal7Wave');
  await expect(page.getByText('Your account does not open any area yet.')).toBeVisible();
  await openSidebar(page);
  await expect(page.getByTestId('sidebar').getByRole('menuitem')).toHaveCount(1);
});

test('sign-in asks a new account for consent once: the server checks it and keeps it with the account', async ({
  page,
  request,
}) => {
  const username = await createAccount(request, ['2007', '2007001']);
  await page.addInitScript(() => {
    if (!localStorage.getItem('language')) localStorage.setItem('language', 'en-GB');
  });
  await page.goto('/#/login');
  await page.getByTestId('login-account').fill(username);
  await page.getByTestId('login-password').fill('Tidal7Wave');
  await page.getByTestId('login-submit').click();
  // Not ticked: the server refuses, and the form says so at the box.
  await expect(page.getByText('Please agree to the service agreement and privacy policy')).toBeVisible();
  await expect(page).toHaveURL(/#\/login$/);
  await page.getByTestId('login-agree').check();
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/#\/dashboard/);
  await pickUserMenu(page, 'menu-sign-out');
  const reloaded = page.waitForEvent('load');
  await page.getByRole('dialog').getByRole('button', { name: 'Sign out' }).click();
  await reloaded;
  await expect(page).toHaveURL(/#\/login/);
  // Agreed once: the next sign-in (in any browser) needs no tick.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/#/login');
  await page.getByTestId('login-account').fill(username);
  await page.getByTestId('login-password').fill('Tidal7Wave');
  await expect(page.getByTestId('login-agree')).not.toBeChecked();
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/#\/dashboard/);
});

test('an account without any permission lands on /401', async ({ page, request }) => {
  const username = await createAccount(request, ['2007001001'], { disableRole: true });
  await page.addInitScript(() => localStorage.setItem('language', 'en-GB'));
  await submitSignInForm(page, username, 'Tidal7Wave');
  await expect(page).toHaveURL(/#\/401$/);
  await expect(page.getByTestId('page-401')).toContainText(
    "You don't have permission to access this page. Please contact the administrator.",
  );
  await page.goto('/#/dashboard');
  await expect(page).toHaveURL(/#\/401$/);
});

test('every language translates the menu', async ({ page }) => {
  await login(page, 'admin', ADMIN_PASSWORD);
  await openSidebar(page);
  for (const lang of LANGS) {
    // Switching reloads the page; on a busy machine the first click can land while the menu still opens.
    await expect(async () => {
      await page.getByTestId('lang-switch').click();
      await page.getByTestId(`lang-${lang}`).click({ timeout: 3000 });
      await expect(page.locator('html')).toHaveAttribute('lang', lang, { timeout: 5000 });
    }).toPass({ timeout: 30_000 });
    await page.waitForLoadState('load');
    const titles = menuTitles(lang);
    const sidebar = page.getByTestId('sidebar');
    await expect(sidebar.getByText(titles.system!, { exact: true })).toBeVisible();
    await expect(sidebar.getByText(titles.dashboard!, { exact: true })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
  }
});

test('the personal centre reveals the own phone and hides it again', async ({ page }) => {
  await login(page, 'demo-installer-a', DEMO_PASSWORD);
  await pickUserMenu(page, 'menu-me');
  await expect(page).toHaveURL(/#\/me$/);
  await page.getByRole('tab', { name: 'Mobile' }).click();
  const value = page.getByTestId('contact-value');
  const masked = await value.textContent();
  expect(masked).toContain('*');
  await page.getByTestId('contact-reveal').click();
  await expect(value).not.toContainText('*');
  await expect(value).toHaveText(/^\+?\d{6,15}$/);
  await page.getByTestId('contact-reveal').click();
  await expect(value).toHaveText(masked ?? '');
});

test('the personal centre offers to cancel the account on the profile tab only', async ({ page }) => {
  await login(page, 'demo-installer-a', DEMO_PASSWORD, 'en-GB', '/#/me');
  const box = page.getByText('Danger zone');
  await expect(box).toBeVisible();
  for (const tab of ['Mobile', 'Password']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tabpanel', { name: tab })).toBeVisible();
    await expect(box).toBeHidden();
  }
});

test('signing out asks first, then ends the session', async ({ page }) => {
  await login(page, 'demo-installer-b', DEMO_PASSWORD);
  await pickUserMenu(page, 'menu-sign-out');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Do you really want to sign out?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/#\/dashboard$/);

  await pickUserMenu(page, 'menu-sign-out');
  // Signing out reloads the page at /login.
  const reloaded = page.waitForEvent('load');
  await page.getByRole('dialog').getByRole('button', { name: 'Sign out' }).click();
  await reloaded;
  await expect(page).toHaveURL(/#\/login$/);
  await expect(page.getByTestId('login-account')).toBeVisible();
  // Signing out is no expired session.
  await expect(page.getByTestId('login-session-expired')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  await page.goto('/#/dashboard');
  await expect(page).toHaveURL(/#\/login$/);
});
