import { expect, type Page, test } from '@playwright/test';
import { ADMIN_PASSWORD, DEMO_PASSWORD, login, signIn } from './helpers.ts';
import { apiOk } from './live-plant.ts';

/**
 * Stored XSS: markup typed into what users name and describe comes back as text on every screen that
 * shows it, and the page's CSP would stop an injected inline script even if it did not.
 */
const suffix = Date.now().toString(36).slice(-5);
// Each payload, if it ran, would set a flag the test reads; none may.
const IMG = `<img src=x onerror="window.__xss='img'">${suffix}`;
const SCRIPT = `<script>window.__xss='script'</script>${suffix}`;
const SVG = `<svg onload="window.__xss='svg'"></svg>${suffix}`;

/** Nothing ran: no flag, no dialog, and the markup is not in the DOM as elements. */
async function expectInert(page: Page, dialogs: string[]) {
  expect(await page.evaluate(() => (window as { __xss?: string }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
  await expect(page.locator('img[src="x"], svg[onload], script:not([src])')).toHaveCount(0);
}

function watchDialogs(page: Page) {
  const dialogs: string[] = [];
  page.on('dialog', async (d) => {
    dialogs.push(d.message());
    await d.dismiss();
  });
  return dialogs;
}

test('refuses markup in names, naming the field in the reader’s language', async ({ request }) => {
  const admin = await signIn(request, 'admin', ADMIN_PASSWORD);
  const res = await request.post('/system/org/add', {
    headers: { Authorization: `Bearer ${admin}`, lang: 'de-DE' },
    data: { name: IMG, type: 'DEALER', parentId: 1 },
  });
  expect(res.status()).toBe(400);
  const body = await res.json();
  expect(body.data.fields[0].field).toBe('name');
  expect(body.msg).toMatch(/^Name: /);
});

test('shows markup in descriptions, addresses and owner names as text', async ({ page, request }) => {
  const admin = await signIn(request, 'admin', ADMIN_PASSWORD);
  const installer = await signIn(request, 'demo-installer-a', DEMO_PASSWORD);
  const dealer = await signIn(request, 'demo-dealer', DEMO_PASSWORD);
  const me = await request.get('/auth/user/getUserInfo', { headers: { Authorization: `Bearer ${dealer}` } });
  const dealerId = ((await me.json()) as { data: { user: { orgId: number } } }).data.user.orgId;

  await apiOk(request, admin, '/system/org/add', {
    name: `XSS installer ${suffix}`,
    type: 'INSTALLER',
    parentId: dealerId,
    address: IMG,
  });
  await apiOk(request, admin, '/system/role/add', {
    roleName: `XSS role ${suffix}`,
    roleCode: `xss_${suffix}`,
    roleType: 'PROVIDER',
    dataScope: 'ORG',
    roleDesc: SCRIPT,
    permCodes: ['2001', '2001001'],
    status: 'ENABLED',
  });
  const plant = await apiOk<{ id: number }>(request, installer, '/station/station/add', {
    stationName: `XSS plant ${suffix}`,
    stationType: 'PHOTOVOLTAIC',
    installedCapacity: 5,
    countryCode: 'DE',
    detailAddress: SVG,
    latitude: 48.14,
    longitude: 11.58,
    timezone: 'Europe/Berlin',
    ownerName: IMG,
    contactType: 'EMAIL',
    contactInformation: `xss-${suffix}@example.com`,
    devices: {
      dongles: [
        {
          sn: `XSS-D-${suffix}`,
          networkingMode: 'WIFI',
          inverters: [
            {
              sn: `XSS-I-${suffix}`,
              inverterType: 'THREE_PHASE',
              manufacturer: 'Fronius',
              model: 'Symo 10.0-3-M',
            },
          ],
        },
      ],
    },
  });

  const dialogs = watchDialogs(page);
  await login(page, 'admin', ADMIN_PASSWORD);
  // Each list filtered to the new row: earlier tests leave more rows than a page holds.
  const filterBy = async (testId: string, text: string) => {
    await page.getByTestId(testId).fill(text);
    await page.getByTestId('filter-search').click();
  };
  await page.goto('/#/organization/anergy/2');
  await filterBy('filter-org-name', `XSS installer ${suffix}`);
  await expect(page.getByText(IMG).first()).toBeVisible();
  await expectInert(page, dialogs);
  await page.goto('/#/system/role');
  await filterBy('filter-role-name', `XSS role ${suffix}`);
  await expect(page.getByText(SCRIPT).first()).toBeVisible();
  await expectInert(page, dialogs);
  await page.goto('/#/station/monitor');
  await filterBy('filter-stationName', `XSS plant ${suffix}`);
  await expect(page.getByText(IMG).first()).toBeVisible();
  await expectInert(page, dialogs);
  await page.goto(`/#/station/monitor/info?id=${plant.id}`);
  await expect(page.getByText(SVG).first()).toBeVisible();
  await expect(page.getByText(IMG).first()).toBeVisible();
  await expectInert(page, dialogs);
});

test('serves the app with a CSP that allows no inline or foreign script', async ({ page, request }) => {
  const res = await request.get('/');
  const headers = res.headers();
  const csp = headers['content-security-policy'] ?? '';
  const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
  expect(scriptSrc.trim()).toBe("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');

  // The browser enforces it: an inline script put into the page does not run and is reported.
  await page.goto('/#/login');
  const outcome = await page.evaluate(
    () =>
      new Promise<{ ran: boolean; violated: string }>((resolve) => {
        document.addEventListener('securitypolicyviolation', (e) =>
          resolve({ ran: !!(window as { __inline?: boolean }).__inline, violated: e.violatedDirective }),
        );
        const s = document.createElement('script');
        s.textContent = 'window.__inline = true';
        document.head.append(s);
      }),
  );
  expect(outcome).toEqual({ ran: false, violated: 'script-src-elem' });
});
