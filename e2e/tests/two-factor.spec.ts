import { expect, type Page, test } from '@playwright/test';
import { generate } from 'otplib';
import { ADMIN_PASSWORD, DEMO_PASSWORD, login, md5, signIn, submitSignInForm } from './helpers.ts';

async function adminApi(page: Page) {
  return { authorization: `Bearer ${await signIn(page.request, 'admin', ADMIN_PASSWORD)}` };
}

type OrgNode = { id: number; name: string; type: string; children?: OrgNode[] };
const flatten = (nodes: OrgNode[]): OrgNode[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);

/** A fresh employee made through the API by the admin: in the provider's organisation, or in `orgId`. */
async function newUser(page: Page, prefix: string, org?: { id: number; type: string }) {
  const api = page.request;
  const headers = await adminApi(page);
  const roles = (await (await api.get('/system/role/options', { headers })).json()).data as {
    id: number;
    roleName: string;
    roleType: string;
  }[];
  const orgs = flatten((await (await api.post('/system/org/tree', { headers, data: {} })).json()).data);
  const username = `${prefix}${Date.now().toString(36)}`;
  const add = await api.post('/system/user/add', {
    headers,
    data: {
      orgId: org?.id ?? orgs[0]!.id,
      username,
      nickname: username,
      email: `${username}@test.pvstar.local`,
      roleIds: [(org ? roles.find((r) => r.roleType === org.type) : roles[0])!.id],
      password: md5(DEMO_PASSWORD),
    },
  });
  expect(add.ok()).toBe(true);
  return username;
}

/** A screenshot once the dialog has finished opening and the sign-in toast has gone. */
async function shot(page: Page, path: string) {
  await expect(page.locator('.ant-message-notice')).toHaveCount(0);
  for (const modal of await page.locator('.ant-modal').all())
    await expect(modal).not.toHaveClass(/-(appear|enter)\b/);
  await page.screenshot({ path });
}

/** The password step of the login page (the user is signed out). */
async function passwordStep(page: Page, username: string) {
  await submitSignInForm(page, username, DEMO_PASSWORD);
}

const signOut = (page: Page) =>
  page.evaluate(() => {
    localStorage.removeItem('accessToken');
  });

/**
 * Sets a second factor up in the personal centre (QR code, first code, recovery codes), signs out and
 * signs in again with a code computed here, ticking "remember this device".
 */
async function setUpAndSignIn(page: Page, lang: string, name: string) {
  const username = await newUser(page, 'tf');
  await login(page, username, DEMO_PASSWORD, lang, '/#/me?tab=twoFactor');
  await page.getByTestId('two-factor-setup-open').click();
  await expect(page.getByTestId('two-factor-qr')).toBeVisible();
  const secret = (await page.getByTestId('two-factor-secret').innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await shot(page, `/tmp/two-factor-setup-${name}.png`);
  // A wrong first code is refused and leaves the factor off.
  const setup = page.getByTestId('two-factor-setup');
  const code = await generate({ secret });
  await setup.getByTestId('two-factor-code').fill(code === '000000' ? '111111' : '000000');
  await setup.getByTestId('two-factor-submit').click();
  await expect(setup.locator('.ant-form-item-explain-error')).toBeVisible();
  await setup.getByTestId('two-factor-code').fill(code);
  await setup.getByTestId('two-factor-submit').click();
  const list = page.getByTestId('two-factor-recovery-codes').locator('li');
  await expect(list).toHaveCount(10);
  const codes = await list.allInnerTexts();
  for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
  await shot(page, `/tmp/two-factor-recovery-${name}.png`);
  await page.getByTestId('two-factor-done').click();
  await expect(page.getByTestId('two-factor-setup-open')).toBeHidden();
  await expect(page.getByTestId('two-factor-disable')).toBeVisible();

  await signOut(page);
  await passwordStep(page, username);
  await expect(page.getByTestId('second-factor-step')).toBeVisible();
  // The password alone gave no session.
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  await shot(page, `/tmp/two-factor-login-${name}.png`);
  // The set-up used this time step's code; the next step's is within the server's tolerance.
  const next = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
  await page.getByTestId('two-factor-code').fill(next);
  await page.getByTestId('two-factor-remember').check();
  await page.getByTestId('two-factor-submit').click();
  await expect(page).toHaveURL(/#\/dashboard/);
  return { username, secret, codes };
}

test.describe('two-factor sign-in', () => {
  test('set up in the personal centre, then sign in with a code; a remembered device skips the step', async ({
    page,
  }) => {
    const { username } = await setUpAndSignIn(page, 'en-GB', 'en-GB');
    await signOut(page);
    await passwordStep(page, username);
    await expect(page).toHaveURL(/#\/dashboard/);
    await expect(page.getByTestId('second-factor-step')).toHaveCount(0);

    // Without the remembered device the step comes back.
    await signOut(page);
    await page.evaluate(() => localStorage.removeItem('pvstar.trustedDevices'));
    await passwordStep(page, username);
    await expect(page.getByTestId('second-factor-step')).toBeVisible();
  });

  test('a recovery code signs in once', async ({ page }) => {
    const { username, codes } = await setUpAndSignIn(page, 'en-GB', 'en-GB-recovery');
    const forget = () =>
      page.evaluate(() => {
        localStorage.removeItem('accessToken');
        localStorage.removeItem('pvstar.trustedDevices');
      });
    await forget();
    await passwordStep(page, username);
    await page.getByTestId('two-factor-use-recovery').click();
    await page.getByTestId('two-factor-recovery').fill(codes[3]!.toUpperCase());
    await page.getByTestId('two-factor-submit').click();
    await expect(page).toHaveURL(/#\/dashboard/);

    // The same code a second time is refused.
    await forget();
    await passwordStep(page, username);
    await page.getByTestId('two-factor-use-recovery').click();
    await page.getByTestId('two-factor-recovery').fill(codes[3]!);
    await page.getByTestId('two-factor-submit').click();
    await expect(page.getByTestId('second-factor-step').locator('.ant-form-item-explain-error')).toHaveText(
      'The code is wrong or has already been used',
    );
    await expect(page).toHaveURL(/#\/login/);
  });

  for (const lang of ['de-DE', 'zh-CN']) {
    test(`looks right in ${lang}`, async ({ page }) => {
      await setUpAndSignIn(page, lang, lang);
    });
  }

  test('fits a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await setUpAndSignIn(page, 'en-GB', 'phone');
    // Nothing sticks out sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test('an organisation that requires it has its people set it up at sign-in; admins see it', async ({
    page,
  }) => {
    const headers = await adminApi(page);
    const tree = flatten(
      (await (await page.request.post('/system/org/tree', { headers, data: {} })).json()).data,
    );
    const dealer = tree.find((o) => o.name === 'Sonnenhandel GmbH')!;
    const name = `E2E 2FA ${Date.now().toString(36)}`;
    const add = await page.request.post('/system/org/add', {
      headers,
      data: { name, type: 'INSTALLER', parentId: dealer.id, requireTwoFactor: true },
    });
    expect(add.ok()).toBe(true);
    const orgId = (await add.json()).data.id as number;
    const username = await newUser(page, 'tfo', { id: orgId, type: 'INSTALLER' });

    await page.addInitScript(() => {
      localStorage.setItem('language', 'en-GB');
    });
    await passwordStep(page, username);
    const step = page.getByTestId('second-factor-step');
    await expect(step).toBeVisible();
    await expect(step.getByTestId('two-factor-qr')).toBeVisible();
    await expect(step).not.toContainText('Use a recovery code');
    const secret = (await step.getByTestId('two-factor-secret').innerText()).replace(/\s/g, '');
    await shot(page, '/tmp/two-factor-login-setup-en-GB.png');
    await step.getByTestId('two-factor-code').fill(await generate({ secret }));
    await step.getByTestId('two-factor-submit').click();
    await expect(step.getByTestId('two-factor-recovery-codes').locator('li')).toHaveCount(10);
    await shot(page, '/tmp/two-factor-login-setup-codes-en-GB.png');
    await step.getByTestId('two-factor-done').click();
    await expect(page).toHaveURL(/#\/dashboard/);
    // The personal centre says it is required and offers no turning off.
    await page.goto('/#/me?tab=twoFactor');
    await expect(page.getByTestId('two-factor-tab')).toContainText(
      'Your organisation requires two-factor sign-in.',
    );
    await expect(page.getByTestId('two-factor-disable')).toHaveCount(0);

    // The admin sees the factor in the user list and the requirement in the organisation's form.
    await signOut(page);
    await page.reload();
    await login(page, 'admin', ADMIN_PASSWORD, 'en-GB', '/#/system/user');
    await page.getByTestId('filter-username').fill(username);
    await page.getByRole('button', { name: 'Search' }).click();
    const row = page.getByRole('row', { name: new RegExp(username) });
    await expect(row.getByTestId('user-two-factor')).toBeVisible();
    await expect(row.getByTestId('user-reset-two-factor')).toBeVisible();
    await shot(page, '/tmp/two-factor-user-list-en-GB.png');
    await page.goto('/#/organization/anergy/2');
    // The user list (which names the user's organisation too) stays on screen while the page loads.
    const orgRow = page.getByTestId('org-table').getByRole('row', { name: new RegExp(name) });
    await orgRow.getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByTestId('org-require-two-factor')).toBeChecked();
    await shot(page, '/tmp/two-factor-org-form-en-GB.png');
  });
});
