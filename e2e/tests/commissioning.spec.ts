import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { LANGS } from '@pvstar/contract/lang';
import { DEMO_PASSWORD, login, SHOTS_DIR } from './helpers.ts';

/**
 * Commissioning a plant: installer A adds a plant (through the API, as the add form would), confirms an item
 * of its checklist by hand, invites the owner and downloads the protocol; the checklist in every language;
 * the owner opens the mail's link on a phone and accepts. Screenshots in test-results/screens.
 */
/**
 * The demo server's development mailbox (no SMTP): where the invitation's link can be read. Each browser
 * server keeps its data in `.data-<its port>` (playwright.config.ts).
 */
const mailboxOf = (baseURL: string) =>
  new URL(`../.data-${new URL(baseURL).port}/mailbox.json`, import.meta.url);
const stamp = Date.now().toString(36).toUpperCase();
const OWNER_EMAIL = `owner-${stamp.toLowerCase()}@example.com`;

function invitationLink(mailbox: URL): string | null {
  if (process.env.E2E_BASE_URL || !fs.existsSync(mailbox)) return null;
  const mails = JSON.parse(fs.readFileSync(mailbox, 'utf8')) as { to: string; body: string }[];
  const mail = mails.filter((m) => m.to === OWNER_EMAIL).pop();
  return mail ? (/#\/invitation\?token=[\w-]+/.exec(mail.body)?.[0] ?? null) : null;
}

test('commissions a plant: checklist, a manual tick, the owner invited, the protocol; the invitation page', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const mailbox = mailboxOf(baseURL!);
  await login(page, 'demo-installer-a', DEMO_PASSWORD);
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const added = await page.request.post('/station/station/add', {
    headers: { authorization: `Bearer ${token}`, lang: 'en-GB', fromType: '2' },
    data: {
      stationName: `Haus Sonnenschein ${stamp}`,
      stationType: 'ENERGY_STORAGE',
      installedCapacity: 9.6,
      energyStorage: 10,
      countryCode: 'DE',
      regionCode: 'DE-BY',
      detailAddress: 'Lindenweg 4, Augsburg',
      latitude: 48.37,
      longitude: 10.89,
      devices: {
        dongles: [
          {
            sn: `DGL-CM${stamp}`,
            networkingMode: 'WIFI',
            inverters: [{ sn: `INV-CM${stamp}`, inverterType: 'THREE_PHASE', ratedPower: 10000 }],
            batteries: [{ sn: `BAT-CM${stamp}` }],
          },
        ],
      },
    },
  });
  const addedBody = await added.json();
  expect(addedBody.code, addedBody.msg).toBe(200);
  const id = addedBody.data.id as number;

  await page.goto(`/#/station/monitor/info?id=${id}`);
  const card = page.getByTestId('commissioning');
  await expect(card.getByTestId('commissioning-status')).toHaveText('Commissioning in progress');
  await expect(page.getByTestId('plant-commissioning')).toBeVisible();

  // The installer confirms the grid code by hand, with a note.
  await card.getByTestId('item-GRID_CODE').getByTestId('item-tick').click();
  const note = page.getByTestId('tick-note');
  await expect(note).toBeVisible();
  await note.fill('VDE-AR-N 4105 set on the inverter display, menu photographed');
  // A click while the dialog still slides in can be lost on a busy machine: wait for the answer itself.
  const ticked = page.waitForResponse((r) => r.url().endsWith('/station/commissioning/tick'));
  await expect(async () => {
    await page.locator('.ant-modal-footer .ant-btn-primary').click({ timeout: 2_000 });
    expect((await ticked.then((r) => r.json())).code).toBe(200);
  }).toPass({ timeout: 30_000 });
  await expect(card.getByTestId('item-GRID_CODE')).toHaveAttribute('data-state', 'TICKED');
  await expect(card.getByTestId('item-GRID_CODE')).toContainText('demo-installer-a');

  // The owner is invited by e-mail: the item passes.
  const invitation = page.getByTestId('owner-invitation');
  await invitation.getByTestId('invite-name').fill('Ada Lovelace');
  await invitation.getByTestId('invite-email').fill(OWNER_EMAIL);
  const sent = page.waitForResponse((r) => r.url().endsWith('/station/invitation/add'));
  await invitation.getByTestId('invite-send').click();
  expect((await (await sent).json()).code).toBe(200);
  await expect(invitation.getByTestId('invitation-list')).toContainText(OWNER_EMAIL);
  await expect(card.getByTestId('item-OWNER_INVITED')).toHaveAttribute('data-state', 'PASSED');

  // The protocol: a PDF.
  const download = page.waitForEvent('download');
  await card.getByTestId('protocol-download').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^commissioning-.*\.pdf$/);
  const bytes = fs.readFileSync((await file.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

  // The checklist in every language (the language is kept over a reload, as the language menu does it).
  await page.setViewportSize({ width: 1440, height: 1000 });
  for (const lang of LANGS) {
    await page.evaluate((l) => localStorage.setItem('language', l), lang);
    await page.reload();
    // The first minute of a fresh demo server fills in the plants' history: pages may take longer.
    await expect(card.getByTestId('item-GRID_CODE')).toHaveAttribute('data-state', 'TICKED', {
      timeout: 30_000,
    });
    await expect(card.getByTestId('item-OWNER_INVITED')).toHaveAttribute('data-state', 'PASSED');
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: `${SHOTS_DIR}/commissioning-${lang}.png` });
  }

  // The owner opens the mail's link on a phone (only where this run started the server and its mailbox).
  if (process.env.E2E_BASE_URL) return;
  await expect.poll(() => invitationLink(mailbox), { timeout: 60_000 }).not.toBeNull();
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'de-DE' });
  const own = await phone.newPage();
  await own.addInitScript(() => localStorage.setItem('language', 'de-DE'));
  await own.goto(`/${invitationLink(mailbox)}`);
  await expect(own.getByTestId('invitation-intro')).toContainText('Ada Lovelace');
  await expect(own.getByTestId('invitation-intro')).toContainText(`Haus Sonnenschein ${stamp}`);
  await own.screenshot({ path: `${SHOTS_DIR}/commissioning-invitation-phone-de-DE.png`, fullPage: true });
  await own.locator('#password').fill('Sonne2026x');
  await own.locator('#confirmPassword').fill('Sonne2026x');
  await own.getByTestId('invitation-consent').check();
  await own.getByTestId('invitation-agree').check();
  await own.getByTestId('invitation-accept').click();
  await expect(own.getByTestId('invitation-sign-in')).toBeVisible({ timeout: 30_000 });
  await own.screenshot({
    path: `${SHOTS_DIR}/commissioning-invitation-accepted-phone-de-DE.png`,
    fullPage: true,
  });

  // The new owner signs in with the address, finds the plant's consent in the personal centre and withdraws it.
  await login(own, OWNER_EMAIL, 'Sonne2026x', 'de-DE', '/#/me?tab=consent');
  const consent = own.getByTestId(`consent-${id}`);
  await expect(consent).toContainText('Solartechnik Alpha', { timeout: 30_000 });
  await own.screenshot({ path: `${SHOTS_DIR}/commissioning-consent-phone-de-DE.png`, fullPage: true });
  await consent.getByTestId('consent-withdraw').click();
  await own.locator('.ant-popconfirm .ant-btn-primary').click();
  // Given once and withdrawn: now it can be given again.
  await expect(consent.getByTestId('consent-grant')).toHaveText('Erneut einwilligen');
  await phone.close();
  // The installer sees it on the plant.
  await page.evaluate(() => localStorage.setItem('language', 'en-GB'));
  await page.reload();
  await expect(card.getByTestId('commissioning-consent')).toContainText('withdrawn on', { timeout: 30_000 });
});

test('an owner who never consented is asked to give consent, not to give it again', async ({ page }) => {
  await login(page, 'demo-owner', DEMO_PASSWORD, 'en-GB', '/#/me?tab=consent');
  // The demo owner's plants were linked before invitations: no consent was ever recorded.
  const never = page.getByTestId('consent-tab').locator('.ant-card').filter({ hasText: 'not recorded' });
  await expect(never.first().getByTestId('consent-grant')).toHaveText('Give consent');
});

test('the owner of a plant handed over before the portal gets no checklist; its installer does', async ({
  page,
}) => {
  // Demo plants are handed over years ago (grid connection 2019–2023) and never commissioned in the portal.
  await login(page, 'demo-owner', DEMO_PASSWORD, 'de-DE');
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const plants = await page.request.post('/station/station/page?pageNum=1&pageSize=10', {
    headers: { authorization: `Bearer ${token}`, lang: 'de-DE' },
    data: {},
  });
  const plant = ((await plants.json()).data.list as { id: number; commissioning: boolean }[]).find(
    (p) => !p.commissioning,
  )!;
  const checked = page.waitForResponse((r) => r.url().includes('/station/commissioning/checklist'));
  await page.goto(`/#/station/monitor/info?id=${plant.id}`);
  await expect(page.getByTestId('plant-owner')).toBeVisible({ timeout: 30_000 });
  // Once the checklist has come and its place is drawn: nothing of it shows.
  await checked;
  await expect(page.getByTestId('commissioning-loading')).toHaveCount(0);
  await expect(page.getByTestId('commissioning')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS_DIR}/commissioning-owner-handed-over-de-DE.png`, fullPage: true });

  await login(page, 'demo-installer-a', DEMO_PASSWORD, 'de-DE', `/#/station/monitor/info?id=${plant.id}`);
  await expect(page.getByTestId('commissioning')).toBeVisible({ timeout: 30_000 });
});
