import { expect, type Page, test } from '@playwright/test';
import { ADMIN_PASSWORD, DEMO_PASSWORD, login, loginThroughForm, submitSignInForm } from './helpers.ts';

/** Starts the page in a language without signing in. */
async function useLanguage(page: Page, lang = 'en-GB') {
  // The seed's key (requirements §R3.6); a language chosen later in the test is kept over reloads.
  await page.addInitScript((l) => {
    if (!localStorage.getItem('language')) localStorage.setItem('language', l);
  }, lang);
}

test.describe('sign-in', () => {
  test('admin signs in with the password and sees the dashboard', async ({ page }) => {
    await loginThroughForm(page, 'admin', ADMIN_PASSWORD);
    await expect(page.getByTestId('dashboard')).toContainText('Welcome, Administrator');
    await expect(page).toHaveTitle('Dashboard - PVSTAR');
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();
  });

  test('a wrong password shows the server message and stays on /login', async ({ page }) => {
    await useLanguage(page);
    await submitSignInForm(page, 'admin', 'not-the-password');
    await expect(page.getByTestId('login-error')).toContainText('Wrong account or password');
    await expect(page).toHaveURL(/#\/login$/);
  });

  test('the service agreement opens in a dialog without ticking the box', async ({ page }) => {
    await useLanguage(page);
    await page.goto('/#/login');
    await page.getByRole('link', { name: 'Service Agreement' }).click();
    await expect(page.getByRole('dialog')).toContainText('monitoring and managing PV plants');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await expect(page.getByTestId('login-agree')).not.toBeChecked();
  });

  test('too many attempts show the server message', async ({ page }) => {
    await useLanguage(page);
    await page.route('**/auth/user/login', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: '{"code":429,"msg":"Try again later","data":null}',
      }),
    );
    await submitSignInForm(page, 'someone', 'whatever');
    await expect(page.getByTestId('login-error')).toContainText('Try again later');
  });

  test('the demo account signs in and is read-only', async ({ page }) => {
    await useLanguage(page);
    await page.goto('/#/login');
    await page.getByTestId('login-agree').check();
    await page.getByTestId('login-demo').click();
    await expect(page).toHaveURL(/#\/dashboard/);
    await page.goto('/#/me');
    await expect(page.getByText('The demo account can look but cannot change anything')).toBeVisible();
    await expect(page.getByTestId('me-nickname')).toBeDisabled();
  });

  test('remember account fills the account next time', async ({ page }) => {
    await useLanguage(page);
    await page.goto('/#/login');
    await page.getByTestId('login-account').fill('admin');
    await page.getByTestId('login-password').fill(ADMIN_PASSWORD);
    await page.getByText('Remember account').click();
    await page.getByTestId('login-agree').check();
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/#\/dashboard/);
    await page.evaluate(() => localStorage.removeItem('accessToken'));
    await page.goto('/#/login');
    await page.reload();
    await expect(page.getByTestId('login-account')).toHaveValue('admin');
  });
});

test.describe('public pages', () => {
  test('register, forgot password and the app page are reachable without a token', async ({ page }) => {
    await useLanguage(page);
    await page.goto('/#/login');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page).toHaveURL(/#\/register$/);
    await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByText('Please agree to the service agreement and privacy policy')).toBeVisible();

    await page.goto('/#/regPassword');
    await expect(page.getByRole('heading', { name: 'Reset password' })).toBeVisible();
    await page.getByText('Phone', { exact: true }).click();
    await expect(page.getByLabel('Country calling code')).toBeVisible();

    await page.goto('/#/downloadApp');
    await expect(page.getByText('The app is coming soon')).toBeVisible();
    await page.getByRole('button', { name: 'Back to sign in' }).click();
    await expect(page).toHaveURL(/#\/login$/);
  });

  test('the register form checks the password rules', async ({ page }) => {
    await useLanguage(page);
    await page.goto('/#/register');
    await page.getByLabel('Password', { exact: true }).fill('lower1');
    await page.getByLabel('Confirm password').fill('other1');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(
      page.getByText('At least 6 characters with upper- and lower-case letters').first(),
    ).toBeVisible();
    await expect(page.getByText('Inconsistent password')).toBeVisible();
  });
});

test.describe('navigation guard', () => {
  test('without a token every page leads to /login', async ({ page }) => {
    await useLanguage(page);
    for (const path of ['/dashboard', '/system/user', '/me', '/no-such-page']) {
      await page.goto(`/#${path}`);
      await expect(page).toHaveURL(/#\/login$/);
    }
  });

  test('signed in, /login leads to the dashboard and an unknown route to /404', async ({ page }) => {
    await login(page, 'admin', ADMIN_PASSWORD, 'en-GB', '/#/login');
    await expect(page).toHaveURL(/#\/dashboard$/);
    await page.goto('/#/no/such/page');
    await expect(page).toHaveURL(/#\/404$/);
    await expect(page.getByTestId('page-404')).toBeVisible();
    await expect(page).toHaveTitle('Page not found - PVSTAR');
  });

  test('a session ended elsewhere sends the next call to /login', async ({ page, request }) => {
    await login(page, 'demo-dealer', DEMO_PASSWORD);
    const token = await page.evaluate(() => localStorage.getItem('accessToken'));
    const res = await request.post('/auth/user/logout', {
      headers: { fromType: '2', lang: 'en-GB', Authorization: `Bearer ${token}` },
      data: {},
    });
    expect(res.ok()).toBe(true);
    await page.goto('/#/system/user');
    await expect(page).toHaveURL(/#\/login$/);
    await expect(page.getByTestId('login-session-expired')).toHaveText(
      'Your session has expired. Please sign in again.',
    );
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  });

  test('a token the server no longer knows leads to /login, which says the session expired', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      localStorage.setItem('pvstar-settings', JSON.stringify({ state: { language: 'de-DE' }, version: 0 }));
      // Once only: the reload below is a fresh visit.
      if (!sessionStorage.getItem('stale-set')) {
        sessionStorage.setItem('stale-set', '1');
        localStorage.setItem('accessToken', 'stale-token');
      }
    });
    await page.goto('/#/dashboard');
    await expect(page).toHaveURL(/#\/login$/);
    await expect(page.getByTestId('login-session-expired')).toHaveText(
      'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.',
    );
    // A fresh visit without a token says nothing of a session.
    await page.reload();
    await expect(page.getByTestId('login-account')).toBeVisible();
    await expect(page.getByTestId('login-session-expired')).toHaveCount(0);
  });
});

test.describe("the first visit speaks the browser's language", () => {
  for (const [browserLocale, expected] of [
    ['en-GB', 'en-GB'],
    ['zh-CN', 'zh-CN'],
    ['fr-CA', 'fr-FR'],
    ['ja-JP', 'de-DE'],
  ] as const)
    test(`a ${browserLocale} browser gets ${expected}`, async ({ browser }) => {
      const context = await browser.newContext({ locale: browserLocale });
      const page = await context.newPage();
      await page.goto('/#/login');
      await expect(page.getByTestId('login-account')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', expected);
      await expect(page.getByTestId('lang-switch')).toContainText(
        { 'en-GB': 'English', 'zh-CN': '中文', 'fr-FR': 'Français', 'de-DE': 'Deutsch' }[expected],
      );
      // Taken once, it is the visitor's choice from then on.
      expect(await page.evaluate(() => localStorage.getItem('language'))).toBe(expected);
      await context.close();
    });

  test('a language chosen before stays, whatever the browser says', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'en-GB' });
    const page = await context.newPage();
    await page.addInitScript(() => localStorage.setItem('language', 'it-IT'));
    await page.goto('/#/login');
    await expect(page.getByTestId('login-account')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'it-IT');
    await context.close();
  });
});
