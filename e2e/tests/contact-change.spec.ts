import fs from 'node:fs';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { DEMO_PASSWORD, login, md5, signIn } from './helpers.ts';

/**
 * A contact an installer enters for one of its users waits for that user: the form and the list say so,
 * the stored e-mail stays, and the user finds it in the personal centre to confirm with its code.
 */
const catalogue = (file: string) => JSON.parse(fs.readFileSync(new URL(file, import.meta.url), 'utf8'));
const common = catalogue('../../packages/contract/src/locales/en-GB/common.json');
const system = catalogue('../../apps/web/src/i18n/locales/en-GB/system.json');
const app = catalogue('../../apps/web/src/i18n/locales/en-GB/app.json');

async function post<T>(request: APIRequestContext, token: string | null, url: string, body: unknown) {
  const headers = { lang: 'en-GB', ...(token ? { Authorization: `Bearer ${token}` } : {}) };
  const res = await request.post(url, { headers, data: body });
  const json = (await res.json()) as { code: number; msg: string; data: T };
  expect(json.code, `${url}: ${json.msg}`).toBe(200);
  return json.data;
}

test('an installer’s new e-mail for a user waits for that user’s confirmation', async ({
  page,
  request,
  browser,
}) => {
  const username = `e2ecc${Date.now().toString(36)}`;
  const installer = await signIn(request, 'demo-installer-a');
  // A colleague of the demo guest, with the same organisation and roles.
  const guests = await post<{ list: { orgId: number; roles: { id: number }[] }[] }>(
    request,
    installer,
    '/system/user/queryUserPage?pageNum=1&pageSize=10',
    { username: 'demo-guest' },
  );
  const guest = guests.list[0]!;
  await post(request, installer, '/system/user/add', {
    orgId: guest.orgId,
    username,
    nickname: 'Contact change',
    email: `${username}@example.com`,
    password: md5(DEMO_PASSWORD),
    roleIds: guest.roles.map((r) => r.id),
  });

  await login(page, 'demo-installer-a', DEMO_PASSWORD, 'en-GB', '/#/system/user');
  await page.getByTestId('filter-username').fill(username);
  await page.getByTestId('filter-username').press('Enter');
  const row = page.getByRole('row', { name: new RegExp(username) });
  await row.getByRole('button', { name: system.action.edit }).click();
  const form = page.getByTestId('user-form');
  await expect(page.getByTestId('user-form-contact-hint')).toContainText(system.user.contactChangeHint);
  await page.getByTestId('user-form-email').fill(`new-${username}@example.com`);
  await page.getByRole('button', { name: system.action.save }).click();
  await expect(form).toBeHidden();
  await expect(page.locator('.ant-message-notice', { hasText: common.user.contactPending })).toBeVisible();
  // The e-mail in force is still the old one; the new one is listed as pending.
  await expect(row).toContainText('e2***@example.com');
  await expect(row).toContainText(system.user.pendingContact.replace('{{value}}', 'ne***@example.com'));

  // The user, in a browser of their own.
  const own = await (await browser.newContext()).newPage();
  await login(own, username, DEMO_PASSWORD, 'en-GB', '/#/me?tab=email');
  const pending = own.getByTestId('pending-contact');
  await expect(pending).toContainText(app.me.pendingContact.replace('{{value}}', 'ne***@example.com'));
  await pending.getByTestId('pending-contact-code').fill('000000');
  await pending.getByRole('button', { name: app.me.confirmContact }).click();
  await expect(pending.getByText(common.auth.badCode)).toBeVisible();
});
