import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, login, SHOTS_DIR } from './helpers.ts';

/** A receiver of the test's own on 127.0.0.1 (the e2e server runs with WEBHOOK_ALLOW_PRIVATE=true). */
async function startReceiver() {
  const got: { signature: string; type: string; body: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      got.push({
        signature: String(req.headers['pvstar-signature'] ?? ''),
        type: String(req.headers['pvstar-event-type'] ?? ''),
        body,
      });
      res.end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/pvstar-hook`;
  return { url, got, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const rows = (page: Page) => page.getByTestId('webhook-table').locator('tbody tr.ant-table-row');

async function addWebhook(page: Page, url: string) {
  await page.goto('/#/system/webhook');
  await expect(page.getByTestId('webhook-table')).toBeVisible();
  await page.getByTestId('webhook-add').click();
  await page.getByTestId('webhook-form-url').fill(url);
  await page.getByTestId('webhook-form-save').click();
  const secret = (await page.getByTestId('webhook-secret').innerText()).trim();
  expect(secret).toMatch(/^whsec_/);
  return secret;
}

test('an installer adds a webhook, sends a test event and sees it delivered in the log', async ({ page }) => {
  const receiver = await startReceiver();
  try {
    await login(page, 'demo-installer-a', DEMO_PASSWORD);
    const secret = await addWebhook(page, receiver.url);
    await page.getByTestId('webhook-secret-done').click();
    const row = rows(page).filter({ hasText: receiver.url });
    await expect(row).toBeVisible();
    await expect(row.getByTestId('webhook-state')).toHaveText('Active');
    await row.getByTestId('webhook-log').click();
    await page.getByTestId('webhook-send-test').click();
    await expect.poll(() => receiver.got.length, { timeout: 45_000 }).toBeGreaterThan(0);
    const table = page.getByTestId('webhook-delivery-table');
    const test = table.locator('tbody tr.ant-table-row', { hasText: 'Test event' });
    // The jobs role sends it within seconds; the drawer reads the log again every 5 s.
    await expect(test.getByTestId('webhook-delivery-status')).toHaveText('Delivered', { timeout: 45_000 });
    await expect(test).toContainText('200');
    // What arrived is signed with the secret shown once.
    const hook = receiver.got.find((g) => g.type === 'webhook.test')!;
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(hook.signature)!;
    expect(createHmac('sha256', secret).update(`${t}.${hook.body}`).digest('hex')).toBe(v1);
    await test.locator('.ant-table-row-expand-icon').click();
    await expect(page.getByTestId('webhook-attempt').first()).toContainText('200');
    await page.screenshot({ path: `${SHOTS_DIR}/en-GB-webhook-deliveries.png` });
  } finally {
    await receiver.close();
  }
});

for (const lang of ['de-DE', 'zh-CN']) {
  test(`the webhook page, its form and log in ${lang}`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await login(page, 'demo-installer-a', DEMO_PASSWORD, lang, '/#/system/webhook');
    await expect(rows(page).first()).toBeVisible();
    await page.waitForTimeout(400); // let the page's fade-in finish
    await page.screenshot({ path: `${SHOTS_DIR}/${lang}-webhook.png` });
    await page.getByTestId('webhook-add').click();
    await expect(page.getByTestId('webhook-form')).toBeVisible();
    await page.getByTestId('webhook-form-url').fill('http://');
    await page.getByTestId('webhook-form-save').click();
    await page.waitForTimeout(400); // let the opening animation finish
    await page.screenshot({ path: `${SHOTS_DIR}/${lang}-webhook-form.png` });
    await page.keyboard.press('Escape');
    await rows(page).first().getByTestId('webhook-log').click();
    // The first test's delivery, once the log has loaded.
    await expect(page.getByTestId('webhook-delivery-status').first()).toBeVisible();
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${SHOTS_DIR}/${lang}-webhook-deliveries.png` });
    if (lang !== 'zh-CN') return;
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(rows(page).first()).toBeVisible();
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${SHOTS_DIR}/phone-${lang}-webhook.png` });
  });
}
