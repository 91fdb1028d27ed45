import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, login, SHOTS_DIR } from './helpers.ts';

/**
 * Reports by e-mail: installer A subscribes from the report page (monthly and weekly, all plants), sees
 * the subscription listed and ends it; the dialog in German and Chinese and on a phone; the unsubscribe
 * link's page for a link whose subscription is gone. Screenshots in test-results/screens.
 */

test('subscribes to the energy report by e-mail from the report page, and ends it', async ({ page }) => {
  await login(page, 'demo-installer-a', DEMO_PASSWORD, 'en-GB', '/#/report');
  await page.getByTestId('report-subscribe').click();
  const dialog = page.getByTestId('subscription-dialog');
  await expect(dialog.getByText('@demo.pvstar.local', { exact: false })).toBeVisible();
  await dialog.getByTestId('subscription-weekly').click();
  const added = page.waitForResponse((r) => r.url().endsWith('/station/report/subscription/add'));
  await dialog.getByTestId('subscription-add').click();
  expect((await (await added).json()).code).toBe(200);
  await expect(dialog.getByText('All my plants')).toBeVisible();
  await expect(dialog.getByText('Not sent yet')).toBeVisible();
  await expect(dialog.getByTestId('subscription-add')).not.toHaveClass(/ant-btn-loading/);
  // The form is emptied, not left inviting the same subscription again; that one is refused.
  await expect(dialog.getByTestId('subscription-monthly')).not.toBeChecked();
  await expect(dialog.getByTestId('subscription-weekly')).not.toBeChecked();
  await expect(dialog.getByTestId('subscription-add')).toBeDisabled();
  await page.screenshot({ path: `${SHOTS_DIR}/report-subscription-en-GB.png` });
  await dialog.getByTestId('subscription-monthly').click();
  await dialog.getByTestId('subscription-weekly').click();
  await dialog.getByTestId('subscription-add').click();
  await expect(dialog.getByTestId('subscription-error')).toContainText(
    'You already subscribe to these reports for these plants',
  );

  // End it again: the list is empty.
  await dialog.locator('[data-testid^="subscription-delete-"]').first().click();
  await page.locator('.ant-popconfirm .ant-btn-primary').click();
  await expect(dialog.getByText('No reports by e-mail yet')).toBeVisible();
});

for (const lang of ['de-DE', 'zh-CN'] as const)
  test.describe(lang, () => {
    test.use({ locale: lang });
    test(`the dialog in ${lang}${lang === 'zh-CN' ? ', on a phone' : ''}`, async ({ page }) => {
      if (lang === 'zh-CN') await page.setViewportSize({ width: 390, height: 844 });
      await login(page, 'demo-owner', DEMO_PASSWORD, lang, '/#/report');
      await page.getByTestId('report-subscribe').click();
      const dialog = page.getByTestId('subscription-dialog');
      await expect(dialog.getByText('@demo.pvstar.local', { exact: false })).toBeVisible();
      await expect(dialog.getByTestId('subscription-add')).toBeEnabled();
      await dialog.getByTestId('subscription-add').click();
      await expect(dialog.getByText(lang === 'de-DE' ? 'Noch nicht gesendet' : '尚未发送')).toBeVisible();
      await expect(dialog.getByTestId('subscription-add')).not.toHaveClass(/ant-btn-loading/);
      await page.screenshot({ path: `${SHOTS_DIR}/report-subscription-${lang}.png` });
      await dialog.locator('[data-testid^="subscription-delete-"]').first().click();
      await page.locator('.ant-popconfirm .ant-btn-primary').click();
      // The unsubscribe link of a subscription that is gone, in the browser's language.
      await page.goto(`/station/report/subscription/unsubscribe/${'x'.repeat(43)}`);
      await expect(page.locator('p')).toContainText(lang === 'de-DE' ? 'besteht nicht mehr' : '已不存在');
      await page.screenshot({ path: `${SHOTS_DIR}/report-unsubscribe-${lang}.png` });
    });
  });
