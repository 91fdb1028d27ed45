import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { ADMIN_PASSWORD, login } from './helpers.ts';

/**
 * What an installer trips over (issue 20): "Back" and "Cancel" on a page opened in a new tab stay in the
 * app (the plant list) and ask before dropping typed changes; a page whose code fails to load while the
 * network is down shows the error page with "reload" (not a white page), and a chunk that fails once is
 * asked for again; the plant's name in the list is a link to its detail, reachable by keyboard.
 */
const LIST = /#\/station\/monitor$/;

/** The id of a plant the admin sees, from the first name in the plant list. */
async function somePlantId(page: Page) {
  await page.goto('/#/station/monitor');
  const href = await page.getByTestId('station-link').first().getAttribute('href');
  return Number(/id=(\d+)/.exec(href ?? '')?.[1]);
}

/** A new tab of the signed-in browser, opened straight at `hash`: it has no in-app history. */
async function newTab(context: BrowserContext, hash: string) {
  const tab = await context.newPage();
  await tab.goto(`/${hash}`);
  return tab;
}

test('Back on the plant information and the form opened in a new tab leads to the plant list', async ({
  page,
  context,
}) => {
  await login(page, 'admin', ADMIN_PASSWORD);
  const id = await somePlantId(page);

  const info = await newTab(context, `#/station/monitor/info?id=${id}`);
  await info.getByTestId('info-back').click();
  await expect(info).toHaveURL(LIST);
  await expect(info.getByTestId('station-table')).toBeVisible();

  const edit = await newTab(context, `#/station/monitor/add?id=${id}`);
  await expect(edit.getByTestId('field-stationName')).not.toHaveValue('');
  await edit.getByTestId('form-back').click();
  await expect(edit).toHaveURL(LIST);
});

test('Cancel on a changed form asks first; staying keeps the typed text', async ({ page, context }) => {
  await login(page, 'admin', ADMIN_PASSWORD);
  const add = await newTab(context, '#/station/monitor/add');
  await add.getByTestId('field-stationName').fill('Half-typed plant');
  await add.getByRole('button', { name: 'Cancel', exact: true }).click();

  const dialog = add.locator('.ant-modal-confirm');
  await expect(dialog).toContainText('Discard your changes?');
  // A click while the dialog still zooms in can land before its buttons listen (seen once in CI).
  await expect(add.locator('.ant-zoom-appear, .ant-zoom-enter')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Keep editing' }).click();
  await expect(dialog).toBeHidden();
  await expect(add.getByTestId('field-stationName')).toHaveValue('Half-typed plant');

  await add.getByTestId('form-back').click();
  await add.locator('.ant-modal-confirm').getByRole('button', { name: 'Discard' }).click();
  await expect(add).toHaveURL(LIST);
});

test('a page whose code cannot load shows the error page, which reloads once the network is back', async ({
  page,
}) => {
  await login(page, 'admin', ADMIN_PASSWORD);
  // The network drops: no more code arrives.
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort('internetdisconnected'));
  await page.evaluate(() => {
    window.location.hash = '#/station/monitor';
  });
  const error = page.getByTestId('route-error');
  await expect(error).toBeVisible({ timeout: 20_000 });
  await expect(error).toContainText('the connection may have dropped');

  await page.unroute(/\/assets\/.*\.js$/);
  await error.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByTestId('station-table')).toBeVisible();
});

test('a chunk that fails once is asked for again', async ({ page }) => {
  await login(page, 'admin', ADMIN_PASSWORD);
  const failed = new Set<string>();
  await page.route(/\/assets\/.*\.js$/, (route) => {
    const url = route.request().url();
    if (failed.has(url)) return route.continue();
    failed.add(url);
    return route.abort('internetdisconnected');
  });
  await page.evaluate(() => {
    window.location.hash = '#/station/monitor';
  });
  // Every chunk of the page fails once and is retried after a pause: the plant list has more of them now.
  await expect(page.getByTestId('station-table')).toBeVisible({ timeout: 45_000 });
  expect(failed.size).toBeGreaterThan(0);
});

test("the plant's name in the list looks like a link and opens its detail by keyboard", async ({ page }) => {
  await login(page, 'admin', ADMIN_PASSWORD, 'en-GB', '/#/station/monitor');
  const link = page.getByTestId('station-link').first();
  // The name is the link itself (it wraps rather than being cut).
  const name = link;
  // The link colour of the theme, as on the row's icon buttons.
  const linkColour = await page
    .getByTestId('station-info')
    .first()
    .evaluate((button) => getComputedStyle(button).color);
  const textColour = await page.evaluate(() => getComputedStyle(document.body).color);
  await expect(name).not.toHaveCSS('color', textColour);
  await expect(name).toHaveCSS('color', linkColour);

  const id = /id=(\d+)/.exec((await link.getAttribute('href')) ?? '')?.[1];
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`#/station/monitor/detail\\?id=${id}$`));

  // The icon beside it is the information page, and says so.
  await page.goBack();
  await page.getByTestId('station-info').first().hover();
  await expect(page.getByRole('tooltip')).toHaveText('Plant information');
});
