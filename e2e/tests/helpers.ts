import { createHash } from 'node:crypto';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';

export const ADMIN_PASSWORD = 'Admin1234!';
export const DEMO_PASSWORD = 'Demo1234';
/** Where the specs put the screenshots a person looks at (test-results/screens unless SHOTS_DIR says). */
export const SHOTS_DIR =
  process.env.SHOTS_DIR ?? new URL('../test-results/screens', import.meta.url).pathname;

/** A password as the API takes it: every password field is MD5-hashed on the client (requirements §R14.4). */
export const md5 = (plain: string) => createHash('md5').update(plain).digest('hex');

/** How many times each page was signed in by `login`: a later sign-in's token wins over an earlier one's. */
const signIns = new WeakMap<Page, number>();

/**
 * Signs in through the API with the call the sign-in form makes and returns the bearer token: the one way
 * a spec signs in for its set-up or API calls (`login` below hands the same session to a page).
 */
export async function signIn(
  request: APIRequestContext,
  account: string,
  password = DEMO_PASSWORD,
  lang = 'en-GB',
): Promise<string> {
  const res = await request.post('/auth/user/login', {
    headers: { fromType: '2', lang },
    data: { account, password: md5(password), loginType: 'password', agree: true },
  });
  const body = (await res.json()) as { code: number; msg: string; data: unknown };
  expect(body.code, `${account} signs in: ${body.msg}`).toBe(200);
  expect(typeof body.data, `${account} signs in without a second step`).toBe('string');
  return body.data as string;
}

/**
 * Signs in and opens `to` (the dashboard unless said). The session is made through the API, with the call
 * the sign-in form makes, and handed to the page's storage before the app starts: the app loads once, on the
 * page the test starts from. The sign-in form itself is tested in auth.spec and two-factor.spec
 * (`loginThroughForm`). A fresh context loading the form and then the dashboard cost ~1.1 s of CPU more per
 * test, most of the browser suite being CPU-bound on 2 cores (docs/benchmarks.md "Suite time").
 */
export async function login(
  page: Page,
  account: string,
  password: string,
  lang = 'en-GB',
  to = '/#/dashboard',
) {
  const token = await signIn(page.request, account, password, lang);
  const generation = (signIns.get(page) ?? 0) + 1;
  signIns.set(page, generation);
  await page.addInitScript(
    ({ language, token, n }) => {
      // The seed's key (requirements §R3.6); a language chosen later in the test is kept over reloads.
      if (!localStorage.getItem('language')) localStorage.setItem('language', language);
      // Once per sign-in and tab: a sign-out or a token the test sets later stays over reloads.
      if (Number(sessionStorage.getItem('e2e-sign-in') ?? 0) < n) {
        localStorage.setItem('accessToken', token);
        sessionStorage.setItem('e2e-sign-in', String(n));
      }
    },
    { language: lang, token, n: generation },
  );
  // A page already on the app would only change its hash: the app has to start anew, with the session.
  if (page.url() !== 'about:blank') await page.goto('about:blank');
  await page.goto(to);
  if (to === '/#/dashboard') await expect(page).toHaveURL(/#\/dashboard/, { timeout: 30_000 });
}

/**
 * Opens the sign-in page, fills the password form, ticks the consent and submits: the UI path, for the
 * specs about the form. What follows (the dashboard, an error, a second step) is the caller's to wait for.
 */
export async function submitSignInForm(page: Page, account: string, password: string) {
  await page.goto('/#/login');
  await page.getByTestId('login-account').fill(account);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-agree').check();
  await page.getByTestId('login-submit').click();
}

/** Signs in through the sign-in page with the password form and waits for the dashboard. */
export async function loginThroughForm(page: Page, account: string, password: string, lang = 'en-GB') {
  // The seed's key (requirements §R3.6); a language chosen later in the test is kept over reloads.
  await page.addInitScript((l) => {
    if (!localStorage.getItem('language')) localStorage.setItem('language', l);
  }, lang);
  await submitSignInForm(page, account, password);
  // Signing in hashes the password (argon2id): on a busy machine that takes longer than other steps.
  await expect(page).toHaveURL(/#\/dashboard/, { timeout: 30_000 });
}

/**
 * Opens the user menu in the header and picks an item. The menu slides open; a click during the slide
 * makes Playwright try again with the page scrolled, the popup re-aligns to its button between mouse
 * down and up, and the click is lost. So the item is clicked once the popup stands still.
 */
export async function pickUserMenu(page: Page, item: 'menu-me' | 'menu-sign-out') {
  await page.getByTestId('user-menu').click();
  const popup = page.locator('.ant-dropdown').filter({ has: page.getByTestId(item) });
  await expect(popup).toBeVisible();
  await expect(popup).not.toHaveClass(/-(appear|enter)\b/);
  await page.getByTestId(item).click();
}

/**
 * Clicks the button of a confirmation dialog (antd's `Modal.confirm`) once the dialog stands still, and
 * waits until the dialog has closed. A click while it zooms in was lost once on a busy machine (the
 * dialog stayed open, its button idle), so the button is clicked again while the dialog stays open and
 * the button is not busy: a dialog ignores clicks while its action runs.
 */
export async function confirmDialog(page: Page, testId = 'confirm-delete') {
  const button = page.getByTestId(testId);
  const dialog = page.locator('.ant-modal').filter({ has: button });
  await expect(dialog).toBeVisible();
  await expect(dialog).not.toHaveClass(/-(appear|enter)\b/);
  await expect(async () => {
    if ((await button.isVisible()) && !(await button.getAttribute('class'))?.includes('ant-btn-loading'))
      await button.click({ timeout: 2_000 });
    await expect(dialog).toBeHidden({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
}

/** The antd Select a locator is in (or is): its root shows the chosen options. */
const selectRoot = (field: Locator) =>
  field.locator(
    'xpath=ancestor-or-self::*[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]',
  );

/**
 * Picks the option of an antd Select (found by a test id on it or by the label of its input) by its
 * text, waits until the select shows the choice, and tries again if it does not: a click while a
 * dropdown is still opening, or another one closing, can be lost on a busy machine.
 */
export async function pickOption(page: Page, field: Locator, text: string, opts: { search?: boolean } = {}) {
  const shown = selectRoot(field);
  await expect(async () => {
    if (!(await shown.textContent())?.includes(text)) {
      await field.click();
      // Long lists are virtual: typing brings the option into view.
      if (opts.search) {
        // A search typed by an earlier try is replaced, not extended.
        await page.keyboard.press('ControlOrMeta+A');
        await page.keyboard.type(text);
      }
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text })
        .first()
        .click({ timeout: 5_000 });
    }
    await expect(shown).toContainText(text, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/**
 * The overlaps in a power-flow drawing: a node's text over another node's icon or text (each node is its
 * icon, then its text box). `[]` when every label stands clear, at whatever width the drawing has.
 */
export async function flowOverlaps(flow: Locator): Promise<string[]> {
  return flow.evaluate((root) => {
    const nodes = Array.from(root.querySelectorAll<HTMLElement>('[data-testid^="flow-node-"]')).map(
      (node) => ({
        key: node.dataset.testid!.replace('flow-node-', ''),
        icon: (node.children[0] as HTMLElement).getBoundingClientRect(),
        text: (node.children[1] as HTMLElement).getBoundingClientRect(),
      }),
    );
    const meet = (a: DOMRect, b: DOMRect) =>
      a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
    const found: string[] = [];
    for (const a of nodes)
      for (const b of nodes) {
        if (a === b) continue;
        if (meet(a.text, b.icon)) found.push(`${a.key} text over ${b.key} icon`);
        if (a.key < b.key && meet(a.text, b.text)) found.push(`${a.key} text over ${b.key} text`);
      }
    return found;
  });
}

/**
 * What sticks out on the right of the box it sits in, inside `root` (a drawer's body): each element whose
 * right edge passes the inner edge of an ancestor, up to the nearest one that scrolls or clips sideways
 * (a table's own scroller) or `root`. Past a card's edge the text runs over its border and the screen's
 * edge cuts it. `[]` when everything fits or scrolls where it is.
 */
export async function stickingOut(root: Locator): Promise<string[]> {
  return root.evaluate((top) => {
    const found = new Set<string>();
    const names = new Map<Element, string>();
    // Only the outermost of what sticks out: a table's rows and cells go with it.
    const out = new Set<Element>();
    for (const el of Array.from(top.querySelectorAll('*'))) {
      if (el.parentElement && out.has(el.parentElement)) {
        out.add(el);
        continue;
      }
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || getComputedStyle(el).position === 'fixed') continue;
      for (let box = el.parentElement; box; box = box.parentElement) {
        // An inline box has no inner width of its own: the block around it is the edge.
        if (box.clientWidth === 0) continue;
        // Wider than a box that scrolls sideways is what that box is for; one that clips does it on purpose
        // (a tab bar's hidden tabs behind its "more", a switch's other label).
        if (getComputedStyle(box).overflowX !== 'visible') break;
        const edge = box.getBoundingClientRect().left + box.clientLeft + box.clientWidth;
        if (r.right > edge + 1) {
          for (const x of [el, box])
            names.set(x, `${x.tagName.toLowerCase()}.${String(x.getAttribute('class') ?? '').split(' ')[0]}`);
          found.add(
            `${names.get(el)} ends at ${Math.round(r.right)}, ${names.get(box)} at ${Math.round(edge)}`,
          );
          out.add(el);
          break;
        }
        if (box === top) break;
      }
    }
    return [...found].slice(0, 10);
  });
}
