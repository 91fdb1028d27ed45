import fs from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { ADMIN_PASSWORD, confirmDialog, DEMO_PASSWORD, login, pickOption, SHOTS_DIR } from './helpers.ts';

/** The English catalogues, so that the tests read the same texts the user sees. */
const catalogue = (file: string) => JSON.parse(fs.readFileSync(new URL(file, import.meta.url), 'utf8'));
const common = catalogue('../../packages/contract/src/locales/en-GB/common.json');
const system = catalogue('../../apps/web/src/i18n/locales/en-GB/system.json');

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** Picks a node of an antd TreeSelect by its title (the popup is rendered in the body), until it shows as chosen. */
async function pickTreeNode(page: Page, field: Locator, title: string) {
  const item = field.locator(
    'xpath=ancestor::div[contains(concat(" ", normalize-space(@class), " "), " ant-form-item ")][1]',
  );
  await expect(async () => {
    await field.click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-tree-title', { hasText: title })
      .first()
      .click({ timeout: 3000 });
    await expect(item.first()).toContainText(title, { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
}

/** Picks an option of an antd Select by its text. */

const treeCheckbox = (page: Page, code: string) =>
  page.locator('.ant-tree-treenode', { has: page.getByTestId(`perm-${code}`) }).locator('.ant-tree-checkbox');

test.describe('administration as admin', () => {
  test.beforeEach(async ({ page }) => {
    await login(page, 'admin', ADMIN_PASSWORD, 'en-GB');
  });

  test('creates a user through the form and finds it in the list', async ({ page }) => {
    const username = `e2e-user-${unique()}`;
    await page.goto('/#/system/user');
    await page.getByTestId('user-add').click();
    const form = page.getByTestId('user-form');
    await expect(form).toBeVisible();

    // Saving an empty form shows the required fields and the phone-or-e-mail rule. The first click can
    // land while the dialog is still opening on a busy machine (the first test of the run): retried.
    await expect(async () => {
      await page.getByRole('button', { name: system.action.save }).click();
      await expect(form.getByText(common.validation.phoneOrEmail)).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });

    await pickTreeNode(page, form.getByLabel(common.field.orgId), 'Solartechnik Alpha');
    await page.getByTestId('user-form-username').fill(username);
    await page.getByTestId('user-form-nickname').fill('E2E Nick');
    await page.getByTestId('user-form-name').fill('E2E Person');
    await page.getByTestId('user-form-email').fill(`${username}@example.com`);
    await pickOption(page, form.getByLabel(common.field.roleIds), 'Installer administrator');
    await page.keyboard.press('Escape');

    // A typed password must follow the rules and be repeated.
    await page.getByTestId('user-form-password').fill('short');
    await page.getByRole('button', { name: system.action.save }).click();
    await expect(form.getByText(common.validation.password)).toBeVisible();
    await page.getByTestId('user-form-password').fill('Welcome123');
    await page.getByTestId('user-form-confirm-password').fill('Welcome124');
    await page.getByRole('button', { name: system.action.save }).click();
    await expect(form.getByText(common.validation.passwordMismatch)).toBeVisible();
    await page.getByTestId('user-form-confirm-password').fill('Welcome123');

    await page.getByRole('button', { name: system.action.save }).click();
    await expect(form).toBeHidden();
    const row = page.getByRole('row', { name: new RegExp(username) });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Solartechnik Alpha');
    await expect(row).toContainText('Installer administrator');
    // The e-mail is shown masked in the list.
    await expect(row).toContainText('e2***@example.com');
  });

  test('reveals a masked contact and hides it again', async ({ page }) => {
    await page.goto('/#/system/user');
    const row = page.getByRole('row', { name: /demo-installer-a/ });
    const phone = row.getByTestId('contact-value').first();
    await expect(phone).toHaveText(/\*\*\*\*/);
    const masked = await phone.textContent();

    await row.getByTestId('contact-reveal').first().click();
    await expect(phone).not.toHaveText(/\*/);
    await expect(phone).toHaveText(/^\+?\d{6,15}$/);

    await row.getByTestId('contact-reveal').first().click();
    await expect(phone).toHaveText(masked ?? '');
  });

  test('creates a role; the form refuses missing function and data permissions', async ({ page }) => {
    const roleName = `E2E role ${unique()}`;
    await page.goto('/#/system/role');
    await page.getByTestId('role-add').click();
    const form = page.getByTestId('role-form');
    await expect(page.getByTestId('perm-tree')).toBeVisible();

    await page.getByTestId('role-form-name').fill(roleName);
    await page.getByTestId('role-form-code').fill(`E2E_${unique()}`);
    await pickOption(page, form.getByLabel(common.field.roleType), 'Installer');

    // Neither permission chosen: both messages.
    await page.getByTestId('role-form-save').click();
    await expect(form.getByText(common.role.permsRequired)).toBeVisible();
    await expect(form.getByText(common.role.dataRequired)).toBeVisible();

    // A function permission but still no data permission: refused with the data message only.
    await treeCheckbox(page, '2001001002').click();
    await expect(treeCheckbox(page, '2001001002')).toHaveClass(/ant-tree-checkbox-checked/);
    await expect(treeCheckbox(page, '2001001')).toHaveClass(/ant-tree-checkbox-indeterminate/);
    await expect(treeCheckbox(page, '2001')).toHaveClass(/ant-tree-checkbox-indeterminate/);
    await treeCheckbox(page, '2004001').click();
    await page.getByTestId('role-form-save').click();
    await expect(form.getByText(common.role.dataRequired)).toBeVisible();
    await expect(form.getByText(common.role.permsRequired)).toBeHidden();
    await expect(page.getByTestId('role-form')).toBeVisible();

    // Data permission but the function permissions cleared again: refused with the function message.
    await form.getByLabel(system.dataScope.org, { exact: true }).check();
    await page.getByRole('button', { name: system.role.checkNone }).click();
    await page.getByTestId('role-form-save').click();
    await expect(form.getByText(common.role.permsRequired)).toBeVisible();

    await treeCheckbox(page, '2001001002').click();
    await treeCheckbox(page, '2004001').click();
    await page.getByTestId('role-form-save').click();
    await expect(page.getByTestId('role-form')).toBeHidden();
    const row = page.getByRole('row', { name: new RegExp(roleName) });
    await expect(row).toBeVisible();
    await expect(row).toContainText(system.dataScope.org);

    // Reopened, the granted leaves are checked and their parents half-checked.
    await row.getByRole('button', { name: system.action.edit }).click();
    await expect(page.getByTestId('role-form-name')).toHaveValue(roleName);
    await expect(treeCheckbox(page, '2001001002')).toHaveClass(/ant-tree-checkbox-checked/);
    await expect(treeCheckbox(page, '2004001')).toHaveClass(/ant-tree-checkbox-checked/);
    await expect(treeCheckbox(page, '2004')).toHaveClass(/ant-tree-checkbox-checked/);
    await expect(treeCheckbox(page, '2001')).toHaveClass(/ant-tree-checkbox-indeterminate/);
    await expect(form.getByLabel(system.dataScope.org, { exact: true })).toBeChecked();
  });

  test('creates an installer under the demo dealer and deletes it after typing its name', async ({
    page,
  }) => {
    const name = `E2E Installer ${unique()}`;
    await page.goto('/#/organization/anergy/2');
    await page.getByTestId('org-add').click();
    const form = page.getByTestId('org-form');
    await page.getByTestId('org-form-name').fill(name);
    await pickTreeNode(page, form.getByLabel(common.field.parentId), 'Sonnenhandel GmbH');
    await form.getByLabel(common.field.contactEmail).fill('not-an-email');
    await page.getByRole('button', { name: system.action.save }).click();
    await expect(form.getByText(common.validation.email)).toBeVisible();
    await form.getByLabel(common.field.contactEmail).fill('kontakt@example.com');
    await page.getByRole('button', { name: system.action.save }).click();
    await expect(form).toBeHidden();

    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Sonnenhandel GmbH');
    await expect(row).toContainText('kontakt@example.com');

    await row.getByTestId('org-delete').click();
    const ok = page.getByTestId('org-delete-ok');
    await expect(ok).toBeDisabled();
    await page.getByTestId('org-delete-confirm-input').fill(`${name} typo`);
    await expect(ok).toBeDisabled();
    await page.getByTestId('org-delete-confirm-input').fill(name);
    await expect(ok).toBeEnabled();
    await ok.click();
    await expect(row).toBeHidden();
  });

  test('an organisation with sub-organisations cannot be deleted', async ({ page }) => {
    await page.goto('/#/organization/anergy/1');
    const row = page.getByRole('row', { name: /Sonnenhandel GmbH/ });
    await expect(row.getByTestId('org-delete')).toBeDisabled();
  });

  test('the menu tree lists the menus; a child is added and deleted again', async ({ page }) => {
    await page.goto('/#/system/menu');
    const table = page.getByTestId('menu-table');
    await expect(table).toContainText('2007');
    await page.getByRole('button', { name: system.menu.expandAll }).click();
    await expect(table).toContainText('2007003003');

    const code = `2008${Date.now() % 100000}`;
    const reports = page.getByRole('row').filter({ has: page.getByText('2008', { exact: true }) });
    await reports.getByRole('button', { name: system.menu.addChild }).click();
    const form = page.getByTestId('menu-form');
    await form.getByText(system.menuType.button, { exact: true }).click();
    await page.getByTestId('menu-form-name').fill(`E2E export ${code}`);
    await page.getByTestId('menu-form-perm-code').fill('12ab');
    await page.getByRole('button', { name: system.action.save }).click();
    await expect(form.getByText(common.validation.digits)).toBeVisible();
    await page.getByTestId('menu-form-perm-code').fill(code);
    await page.getByRole('button', { name: system.action.save }).click();
    await expect(form).toBeHidden();

    // The parent opens by itself to show the new row.
    const child = page.getByRole('row', { name: new RegExp(`E2E export ${code}`) });
    await expect(child).toContainText(code);
    await expect(reports.getByTestId('menu-delete')).toBeDisabled();
    await child.getByTestId('menu-delete').click();
    await confirmDialog(page);
    await expect(child).toBeHidden();
  });

  test('a menu entry hidden in the menu admin leaves the sidebar, its route and its buttons for everyone', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const menu = catalogue('../../apps/web/src/i18n/locales/en-GB/menu.json');
    /** The menu tree, freshly loaded and opened out (the button reads "collapse" once it is). */
    const openMenuTree = async () => {
      await page.goto('/#/system/menu');
      await page.reload();
      await page.getByRole('button', { name: system.menu.expandAll }).click();
    };
    const setAuditShown = async (shown: boolean) => {
      await openMenuTree();
      const row = page.getByRole('row').filter({ has: page.getByText('2007004', { exact: true }) });
      await row.getByRole('button', { name: system.action.edit }).click();
      const visible = page.getByTestId('menu-form-visible');
      if ((await visible.getAttribute('aria-checked')) !== String(shown)) await visible.click();
      await page.getByRole('button', { name: system.action.save }).click();
      await expect(page.getByTestId('menu-form')).toBeHidden();
      await expect(row).toContainText(shown ? system.menu.shown : system.menu.hidden);
    };
    // The dealer, signed in elsewhere, sees the audit log until the entry is hidden.
    const dealer = await browser.newPage();
    await login(dealer, 'demo-dealer', DEMO_PASSWORD, 'en-GB', '/#/system/audit');
    const sidebar = dealer.locator('.ant-layout-sider');
    await expect(dealer.getByTestId('audit-export')).toBeVisible();
    await setAuditShown(false);
    try {
      await dealer.reload();
      await expect(dealer.getByText('401', { exact: true })).toBeVisible();
      await expect(dealer.getByTestId('audit-export')).toHaveCount(0);
      // The System entry opens (inline, or as a pop-up when the sidebar is folded) without the audit log.
      const menus = dealer.locator('.ant-menu');
      await expect(async () => {
        await sidebar.getByRole('menuitem', { name: menu.system }).hover();
        await expect(menus.getByText(menu.systemUser, { exact: true })).toBeVisible({ timeout: 2000 });
      }).toPass({ timeout: 15_000 });
      await expect(menus.getByText(menu.systemAudit, { exact: true })).toHaveCount(0);
      // The menu admin itself cannot be hidden: the form says why and nothing changes.
      await openMenuTree();
      const menusRow = page.getByRole('row').filter({ has: page.getByText('2007003', { exact: true }) });
      await menusRow.getByRole('button', { name: system.action.edit }).click();
      await page.getByTestId('menu-form-visible').click();
      await page.getByRole('button', { name: system.action.save }).click();
      await expect(page.getByTestId('menu-form')).toContainText(common.menu.keepsMenuAdmin);
      await page.getByRole('button', { name: system.action.cancel }).click();
    } finally {
      await setAuditShown(true);
    }
    // Shown again, it is back on the next load (the 401 page sent the dealer's address to /401).
    await dealer.goto('/#/system/audit');
    await dealer.reload();
    await expect(dealer.getByTestId('audit-export')).toBeVisible();
    await dealer.close();
  });

  test('the menu tree shows each menu’s icon, named on hover and for screen readers', async ({ page }) => {
    await page.goto('/#/system/menu');
    const icon = page.getByTestId('menu-table').getByRole('img', { name: 'alarm', exact: true });
    await expect(icon).toBeVisible();
    // The icon, not its identifier as text.
    await expect(icon).toHaveText('');
    await icon.hover();
    await expect(page.getByRole('tooltip')).toHaveText('alarm');
  });
});

test('an installer sees only the users of its own organisation', async ({ page }) => {
  await login(page, 'demo-installer-a', DEMO_PASSWORD, 'en-GB', '/#/system/user');
  await expect(page.getByRole('row', { name: /demo-installer-a/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /demo-installer-b/ })).toHaveCount(0);
  await expect(page.getByRole('row', { name: /demo-dealer/ })).toHaveCount(0);
});

/** Every admin screen and dialog renders in three languages; the screenshots are kept for looking at the layout. */
test.describe('screenshots', () => {
  for (const lang of ['de-DE', 'en-GB', 'zh-CN']) {
    test(`admin screens in ${lang}`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width: 1440, height: 900 });
      await login(page, 'admin', ADMIN_PASSWORD, lang);
      const shot = async (name: string) => {
        await page.waitForTimeout(600);
        await page.screenshot({ path: `${SHOTS_DIR}/${lang}-${name}.png` });
      };
      await page.goto('/#/organization/anergy/2');
      await expect(page.getByTestId('org-add')).toBeVisible();
      await shot('org');
      await page.getByTestId('org-add').click();
      await shot('org-form');
      await page.keyboard.press('Escape');
      await page.getByTestId('org-employees').first().click();
      await shot('org-employees');
      await page.getByTestId('employee-add').click();
      await shot('org-employee-form');

      await page.goto('/#/system/user');
      await expect(page.getByTestId('user-add')).toBeVisible();
      await shot('user');
      await page.getByTestId('user-add').click();
      await page.getByRole('dialog').getByRole('button').last().click();
      await shot('user-form');
      await page.keyboard.press('Escape');

      await page.goto('/#/system/role');
      await expect(page.getByTestId('role-add')).toBeVisible();
      await shot('role');
      await page.getByTestId('role-add').click();
      await page.getByTestId('role-form-save').click();
      await shot('role-form');

      await page.goto('/#/system/menu');
      await expect(page.getByTestId('menu-add')).toBeVisible();
      await shot('menu');
      await page.getByTestId('menu-add').click();
      await shot('menu-form');
    });
  }
});
