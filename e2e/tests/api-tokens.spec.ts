import { expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, login, pickUserMenu, SHOTS_DIR } from './helpers.ts';

/** The personal centre's API tokens tab (`?tab=apiTokens`: a link opens it). */
async function openTokens(page: Page) {
  await pickUserMenu(page, 'menu-me');
  await page.goto('/#/me?tab=apiTokens');
  // The personal centre loads on demand: on a busy machine that takes a while.
  await expect(page.getByTestId('api-tokens-tab')).toBeVisible({ timeout: 30_000 });
}

/** Makes a token in the dialog and returns it as shown once. */
async function createToken(page: Page, name: string, shots?: string) {
  await page.getByTestId('api-token-new').click();
  await page.getByTestId('api-token-name').fill(name);
  await page.locator('label', { has: page.getByTestId('api-token-read-write') }).click();
  await expect(page.getByTestId('api-token-read-write')).toBeChecked();
  if (shots) await page.screenshot({ path: `${shots}-dialog.png` });
  await page.getByTestId('api-token-create').click();
  const value = page.getByTestId('api-token-value');
  await expect(value).toBeVisible({ timeout: 30_000 });
  const token = (await value.innerText()).trim();
  expect(token).toMatch(/^pvst_/);
  if (shots) await page.screenshot({ path: `${shots}-created.png` });
  await page.getByTestId('api-token-done').click();
  return token;
}

test('an installer makes a token, uses it on the API, revokes it, and it answers 401', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, 'demo-installer-a', DEMO_PASSWORD);
  await openTokens(page);
  const name = `E2E ${Date.now().toString(36)}`;
  const token = await createToken(page, name, `${SHOTS_DIR}/api-tokens-en-GB`);
  const row = page.locator('tr', { hasText: name });
  await expect(row).toBeVisible();

  const headers = { authorization: `Bearer ${token}` };
  const plants = await page.request.post('/station/station/page?pageNum=1&pageSize=10', {
    headers,
    data: {},
  });
  expect(plants.status(), await plants.text()).toBe(200);
  expect(plants.headers()['ratelimit-limit']).toBe('10000');
  expect(Number(plants.headers()['ratelimit-remaining'])).toBeLessThan(10000);
  // A token cannot make tokens.
  const child = await page.request.post('/system/apiToken/add', {
    headers,
    data: { name: 'child', scope: 'READ_ONLY' },
  });
  expect(child.status()).toBe(403);

  // Its last use shows; then revoke it with confirmation.
  await page.reload();
  await expect(page.getByTestId('api-tokens-tab')).toBeVisible();
  await expect(row).toContainText('127.0.0.1');
  await page.screenshot({ path: `${SHOTS_DIR}/api-tokens-en-GB-list.png`, fullPage: true });
  await row.getByRole('button').click();
  await page.getByTestId('api-token-revoke-ok').click();
  await expect(row.locator('.ant-tag', { hasText: 'Revoked' })).toBeVisible();
  const after = await page.request.post('/station/station/page?pageNum=1&pageSize=10', { headers, data: {} });
  expect(after.status()).toBe(401);
});

for (const [lang, viewport] of [
  ['de-DE', undefined],
  ['zh-CN', undefined],
  ['en-GB', { width: 390, height: 844 }],
] as const)
  test(`the API tokens tab in ${lang}${viewport ? ' on a phone' : ''}`, async ({ page }) => {
    test.setTimeout(120_000);
    if (viewport) await page.setViewportSize(viewport);
    await login(page, 'demo-owner', DEMO_PASSWORD, lang);
    await openTokens(page);
    const tag = `${lang}${viewport ? '-phone' : ''}`;
    await createToken(
      page,
      `Home Assistant ${tag} ${Date.now().toString(36)}`,
      `${SHOTS_DIR}/api-tokens-${tag}`,
    );
    await page.screenshot({ path: `${SHOTS_DIR}/api-tokens-${tag}-list.png`, fullPage: true });
  });
