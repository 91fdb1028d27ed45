import { expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, login, SHOTS_DIR } from './helpers.ts';

/**
 * House owners (/ower/list): installer A finds the Weber family's owner account, reveals a masked
 * contact and opens the owner's plants; installer B does not see it; the guest sees no reveal button.
 */

const weberRow = (page: Page) =>
  page.getByTestId('owner-table').locator('tr.ant-table-row').filter({ hasText: 'demo-owner' });

async function openOwners(page: Page) {
  await page.goto('/#/ower/list');
  await expect(page.getByTestId('owner-table').locator('tr.ant-table-row').first()).toBeVisible();
}

test('installer A lists the Weber family, reveals a contact and opens their plants', async ({ page }) => {
  await login(page, 'demo-installer-a', DEMO_PASSWORD);
  await openOwners(page);
  const row = weberRow(page);
  await expect(row).toContainText('Familie Weber');
  await expect(row).toContainText('Solartechnik Alpha');
  const email = row.getByTestId('owner-email');
  await expect(email.getByTestId('contact-value')).toHaveText('ow***@demo.pvstar.local');
  await email.getByTestId('contact-reveal').click();
  await expect(email.getByTestId('contact-value')).toHaveText('owner@demo.pvstar.local');
  await email.getByTestId('contact-reveal').click();
  await expect(email.getByTestId('contact-value')).toHaveText('ow***@demo.pvstar.local');

  // The owner's plants, each leading to its detail.
  const count = Number(await row.getByTestId('owner-plant-count').innerText());
  expect(count).toBeGreaterThan(0);
  await row.locator('.ant-table-row-expand-icon').click();
  const plants = page.getByTestId('owner-plants');
  await expect(plants.locator('tr.ant-table-row')).toHaveCount(count);
  const link = plants.getByTestId('owner-plant-link').first();
  await link.click();
  await expect(page).toHaveURL(/#\/station\/monitor\/detail\?id=\d+$/);
});

test('the filters find the owner by name and by whole contact only', async ({ page }) => {
  await login(page, 'demo-installer-a', DEMO_PASSWORD);
  await openOwners(page);
  const rows = page.getByTestId('owner-table').locator('tr.ant-table-row');
  await page.getByTestId('owner-filter-name').fill('WEBER');
  await page.getByTestId('filter-search').click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('demo-owner');
  await page.getByTestId('owner-filter-name').fill('');
  // Part of an address is refused in the form; the whole address finds the owner.
  await page.getByTestId('owner-filter-contact').fill('owner@');
  await page.getByTestId('filter-search').click();
  await expect(page.getByText('Enter a complete phone number or e-mail address')).toBeVisible();
  await page.getByTestId('owner-filter-contact').fill('Owner@Demo.pvstar.local');
  await page.getByTestId('filter-search').click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('demo-owner');
});

test("installer B does not see installer A's owner", async ({ page }) => {
  await login(page, 'demo-installer-b', DEMO_PASSWORD, 'en-GB', '/#/ower/list');
  await expect(page.getByTestId('owner-table')).toBeVisible();
  await page.getByTestId('owner-filter-name').fill('weber');
  await page.getByTestId('filter-search').click();
  await expect(page.getByTestId('owner-table').locator('tr.ant-table-row')).toHaveCount(0);
});

test('the guest sees masked contacts without the reveal button', async ({ page }) => {
  await login(page, 'demo-guest', DEMO_PASSWORD);
  await openOwners(page);
  const row = weberRow(page);
  await expect(row.getByTestId('owner-email')).toHaveText('ow***@demo.pvstar.local');
  await expect(page.getByTestId('contact-reveal')).toHaveCount(0);
});

test.describe('screenshots', () => {
  for (const lang of ['en-GB', 'de-DE', 'zh-CN']) {
    test(`owner list (${lang})`, async ({ page }) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await login(page, 'demo-dealer', DEMO_PASSWORD, lang);
      await openOwners(page);
      await weberRow(page).locator('.ant-table-row-expand-icon').click();
      await expect(page.getByTestId('owner-plants').locator('tr.ant-table-row').first()).toBeVisible();
      // Let the row finish unfolding.
      await page.waitForTimeout(800);
      await page.screenshot({ path: `${SHOTS_DIR}/owner-${lang}.png`, fullPage: true });
    });
  }
});
