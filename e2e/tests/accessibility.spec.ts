import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { ADMIN_PASSWORD, DEMO_PASSWORD, login, signIn } from './helpers.ts';
import { apiOk } from './live-plant.ts';

/**
 * WCAG 2.1 AA on every screen (issue 36, item 1): axe-core analyses each screen of the route table, as each
 * role, in German and Chinese, and the test fails on any violation with its rule, element and reason. One
 * sign-in per role and language; the screens follow each other in the same tab.
 */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const LANGS = ['de-DE', 'zh-CN'] as const;

/** A screen: where it is, what shows once its content is there, and what to open on it first. */
interface Screen {
  name: string;
  path: string;
  ready?: string;
  open?: (page: Page) => Promise<void>;
}

const PLANT_TABS = [
  'overview',
  'devices',
  'alarms',
  'information',
  'realtime',
  'parameters',
  'statistics',
  'performance',
];
const ME_TABS = ['info', 'mobile', 'email', 'password', 'twoFactor', 'apiTokens', 'notify', 'consent'];

/** The screens of the provider's administrator: every page of the route table (apps/web/src/app/routes.tsx). */
function adminScreens(ids: { plant: number; task: number | null }): Screen[] {
  return [
    { name: 'dashboard', path: '/dashboard', ready: 'dashboard-figures' },
    { name: 'plant list', path: '/station/monitor', ready: 'station-table' },
    { name: 'plant form', path: '/station/monitor/add', ready: 'station-save' },
    ...PLANT_TABS.map((tab) => ({
      name: `plant detail ${tab}`,
      path: `/station/monitor/detail?id=${ids.plant}&tab=${tab}`,
      ready: 'plant-detail',
    })),
    { name: 'plant information', path: `/station/monitor/info?id=${ids.plant}`, ready: 'plant-info' },
    { name: 'alarms', path: '/fault/alarm', ready: 'alarm-summary' },
    { name: 'inverters', path: '/device-center/inverter', ready: 'device-table' },
    {
      name: 'device detail',
      path: '/device-center/inverter',
      ready: 'device-table',
      open: async (page) => {
        await page.getByTestId('device-open').first().click();
        await expect(page.getByTestId('device-info')).toBeVisible();
      },
    },
    { name: 'dongles', path: '/device-center/dongle', ready: 'device-table' },
    { name: 'batteries', path: '/device-center/battery', ready: 'device-table' },
    { name: 'upgrade tasks', path: '/upgrade/inverter', ready: 'task-table' },
    { name: 'upgrade task form', path: '/upgrade/add-upgrade', ready: 'task-form' },
    ...(ids.task
      ? [
          {
            name: 'upgrade task detail',
            path: `/upgrade/upgrade-detail?id=${ids.task}`,
            ready: 'task-detail',
          },
        ]
      : []),
    { name: 'firmware programs', path: '/upgrade/program', ready: 'program-table' },
    { name: 'owners', path: '/ower/list', ready: 'owner-table' },
    { name: 'device models', path: '/basic/device' },
    { name: 'fault codes', path: '/basic/alarm', ready: 'fault-code-table' },
    { name: 'dealers', path: '/organization/anergy/1', ready: 'org-table' },
    { name: 'installers', path: '/organization/anergy/2', ready: 'org-table' },
    { name: 'users', path: '/system/user' },
    { name: 'roles', path: '/system/role' },
    { name: 'menus', path: '/system/menu' },
    { name: 'audit', path: '/system/audit' },
    { name: 'webhooks', path: '/system/webhook', ready: 'webhook-table' },
    { name: 'reports', path: '/report', ready: 'report-page' },
    ...ME_TABS.map((tab) => ({ name: `personal centre ${tab}`, path: `/me?tab=${tab}`, ready: 'me-page' })),
    {
      name: 'language menu',
      path: '/dashboard',
      ready: 'dashboard-figures',
      open: async (page) => {
        await page.getByTestId('lang-switch').click();
        await expect(page.locator('.ant-dropdown:visible')).toBeVisible();
      },
    },
    {
      name: 'user menu',
      path: '/dashboard',
      ready: 'dashboard-figures',
      open: async (page) => {
        await page.getByTestId('user-menu').click();
        await expect(page.locator('.ant-dropdown:visible')).toBeVisible();
      },
    },
    { name: 'no permission', path: '/401', ready: 'page-401' },
    { name: 'not found', path: '/404', ready: 'page-404' },
  ];
}

/**
 * What the other roles are shown on a sample of their screens, each role other ones: their pages are the
 * administrator's, with fewer buttons and their own data.
 */
function roleScreens(account: string, plant: number): Screen[] {
  const screens: Record<string, Screen[]> = {
    'demo-dealer': [
      { name: 'dashboard', path: '/dashboard', ready: 'dashboard' },
      { name: 'plant list', path: '/station/monitor', ready: 'station-table' },
      { name: 'reports', path: '/report', ready: 'report-page' },
    ],
    'demo-installer-a': [
      { name: 'plant detail', path: `/station/monitor/detail?id=${plant}`, ready: 'plant-detail' },
      { name: 'alarms', path: '/fault/alarm', ready: 'alarm-summary' },
      { name: 'inverters', path: '/device-center/inverter', ready: 'device-table' },
    ],
    'demo-owner': [
      { name: 'dashboard', path: '/dashboard', ready: 'dashboard' },
      { name: 'plant detail', path: `/station/monitor/detail?id=${plant}`, ready: 'plant-detail' },
      { name: 'personal centre', path: '/me', ready: 'me-page' },
    ],
  };
  return screens[account]!;
}

/**
 * Colours, labels and structure are the same in every language: in Chinese (other words, script and
 * lengths) the administrator's screens are checked on a sample of each kind, to keep the spec short.
 */
const CHINESE_SAMPLE =
  /^(dashboard|plant list|plant detail (overview|information)|alarms|inverters|device detail|users|roles|reports|personal centre info|language menu|user menu)$/;

/** The pages open without a session, and the public plant page of a share link. */
function publicScreens(share: string): Screen[] {
  return [
    { name: 'sign-in', path: '/#/login', ready: 'login-submit' },
    { name: 'registration', path: '/#/register', ready: 'register-username' },
    { name: 'password reset', path: '/#/regPassword' },
    { name: 'app download', path: '/#/downloadApp' },
    { name: 'public plant page', path: share, ready: 'kiosk-name' },
  ];
}

/** Waits until the page's content is in and still: no skeleton, spinner or progress bar, no animation. */
async function settle(page: Page, ready?: string) {
  if (ready) await expect(page.getByTestId(ready).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.ant-skeleton, .ant-spin-spinning, #nprogress')).toHaveCount(0, {
    timeout: 30_000,
  });
  // antd's motion classes (…-appear, …-enter, …-leave) while something fades or slides in or out.
  await expect(page.locator('[class*="-appear"], [class*="-enter"], [class*="-leave"]')).toHaveCount(0);
}

/** axe's findings on the page, one line per element: screen, rule, element and what is wrong with it. */
async function analyse(page: Page, where: string) {
  // Only the violations are wanted, without the details of what passed (axe takes less time); the tags
  // after the options, which would replace them.
  const result = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(TAGS)
    .analyze();
  return result.violations.flatMap((v) =>
    v.nodes.map(
      (n) =>
        `${where}: ${v.id} at ${n.target.join(' ')} (${n.html.slice(0, 160)}) — ${(n.failureSummary ?? v.help).replaceAll('\n', ' ')}`,
    ),
  );
}

/**
 * Opens each screen in turn and has axe analyse it once its content is there. Each screen's violations fail
 * the test on their own (a soft expectation), so that one run lists them all.
 */
async function visitAll(page: Page, who: string, screens: Screen[], hash = true) {
  for (const screen of screens)
    await test.step(screen.name, async () => {
      await page.goto(hash ? `/#${screen.path}` : screen.path);
      await settle(page, screen.ready);
      if (screen.open) {
        await screen.open(page);
        await settle(page);
      }
      const found = await analyse(page, `${who} ${screen.name}`);
      expect.soft(found.length, `${found.length} violations:\n${found.join('\n')}`).toBe(0);
      if (screen.open) await page.keyboard.press('Escape');
    });
}

async function signedIn(browser: Browser, account: string, lang: string) {
  const context = await browser.newContext({ locale: lang, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await login(page, account, account === 'admin' ? ADMIN_PASSWORD : DEMO_PASSWORD, lang);
  return { context, page };
}

interface PlantRow {
  id: number;
  stationName: string;
}

let plantOf: Record<string, number> = {};
let taskId: number | null = null;
let share: { id: number; path: string } | null = null;

test.beforeAll(async ({ request }) => {
  const firstPlant = async (account: string) => {
    const token = await signIn(request, account, account === 'admin' ? ADMIN_PASSWORD : DEMO_PASSWORD);
    const plants = await apiOk<{ list: PlantRow[] }>(
      request,
      token,
      '/station/station/page?pageNum=1&pageSize=10',
      {},
    );
    return { token, id: plants.list[0]!.id };
  };
  const installer = await firstPlant('demo-installer-a');
  plantOf = {
    admin: installer.id,
    'demo-dealer': (await firstPlant('demo-dealer')).id,
    'demo-installer-a': installer.id,
    'demo-owner': (await firstPlant('demo-owner')).id,
  };
  const admin = await signIn(request, 'admin', ADMIN_PASSWORD);
  const tasks = await apiOk<{ list: { id: number }[] }>(
    request,
    admin,
    '/iot/upgrade/task/page?pageNum=1&pageSize=10',
    {},
  );
  taskId = tasks.list[0]?.id ?? null;
  share = await apiOk<{ id: number; path: string }>(request, installer.token, '/station/share/add', {
    stationId: installer.id,
    label: 'Accessibility check',
  });
});

test.afterAll(async ({ request }) => {
  if (!share) return;
  const installer = await signIn(request, 'demo-installer-a', DEMO_PASSWORD);
  await apiOk(request, installer, '/station/share/revoke', { id: share.id });
});

for (const lang of LANGS) {
  test(`every screen without a session passes axe (${lang})`, async ({ browser }) => {
    const context = await browser.newContext({ locale: lang, viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.addInitScript((l) => localStorage.setItem('language', l), lang);
    await visitAll(page, lang, publicScreens(`${share!.path}?lang=${lang}`), false);
    await context.close();
  });

  test(`the administrator's screens pass axe (${lang})`, async ({ browser }) => {
    test.setTimeout(300_000);
    const { context, page } = await signedIn(browser, 'admin', lang);
    const screens = adminScreens({ plant: plantOf.admin!, task: taskId });
    await visitAll(
      page,
      `admin ${lang}`,
      lang === 'de-DE' ? screens : screens.filter((s) => CHINESE_SAMPLE.test(s.name)),
    );
    await context.close();
  });

  test(`the screens of dealer, installer and owner pass axe (${lang})`, async ({ browser }) => {
    test.setTimeout(180_000);
    for (const account of ['demo-dealer', 'demo-installer-a', 'demo-owner']) {
      const { context, page } = await signedIn(browser, account, lang);
      await visitAll(page, `${account} ${lang}`, roleScreens(account, plantOf[account]!));
      await context.close();
    }
  });
}

test('from the plant list, a plant is a few keys away: skip link, then "/", its name and Enter', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await login(page, 'demo-installer-a', DEMO_PASSWORD, 'de-DE', '/#/station/monitor');
  const first = page.getByTestId('station-table').getByTestId('station-link').first();
  const name = (await first.innerText()).trim();
  // The first Tab reaches the skip link, shown once it has the focus; Enter passes the focus to the page.
  await page.keyboard.press('Tab');
  const skip = page.getByTestId('skip-link');
  await expect(skip).toBeFocused();
  await expect(skip).toHaveText('Zum Inhalt springen');
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
  // "/" takes the search (there once the page is idle), the name finds the plant, Enter opens it.
  const search = page.getByRole('combobox', { name: 'Anlage suchen' });
  await expect(search).toBeVisible();
  await page.keyboard.press('/');
  await expect(search).toBeFocused();
  await page.keyboard.type(name);
  await expect(page.getByTestId('plant-search-option').first()).toContainText(name);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/station\/monitor\/detail\?id=\d+/);
  await expect(page.getByTestId('detail-name')).toHaveText(name);
  // Ctrl+K reaches the search from anywhere, a field too; "/" typed in a field stays in it.
  await page.keyboard.press('Control+K');
  await expect(search).toBeFocused();
  await page.keyboard.type('/');
  await expect(search).toHaveValue('/');
});
