import { expect, type Page } from '@playwright/test';

export const ADMIN_PASSWORD = 'Admin1234!';
export const DEMO_PASSWORD = 'Demo1234';

/** Signs in through the login page with the password form and waits for the shell. */
export async function login(page: Page, account: string, password: string, lang = 'en-GB') {
  await page.addInitScript((l) => {
    const key = 'pvstar-settings';
    const current = JSON.parse(localStorage.getItem(key) ?? '{"state":{},"version":0}');
    if (!current.state.language) {
      current.state.language = l;
      localStorage.setItem(key, JSON.stringify(current));
    }
  }, lang);
  await page.goto('/#/login');
  await page.getByTestId('login-account').fill(account);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-agree').check();
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/#\/dashboard/);
}
