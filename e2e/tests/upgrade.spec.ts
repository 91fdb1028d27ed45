import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import fs from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { FIRMWARE_MANIFEST_FORMAT, type FirmwareManifest, manifestBytes } from '@pvstar/contract/firmware';
import { LANGS } from '@pvstar/contract/lang';
import type { Fleet } from '@pvstar/simulator/fleet';
import { ADMIN_PASSWORD, DEMO_PASSWORD, login, pickOption, SHOTS_DIR } from './helpers.ts';
import { startLivePlant } from './live-plant.ts';

/**
 * Firmware programs and upgrade tasks with live simulated dongles: the provider registers the
 * manufacturer's signing key, the dealer adds a program (a .bin and its signed manifest uploaded with
 * progress; type, version and models read from the manifest, its SHA-256 and the signing key shown),
 * creates a task for three inverters on three dongles (which trust that key) and watches it complete; the
 * inverters then report the new version. An older program cannot go to them until the provider marks it
 * as a rollback with a reason, which the task then shows.
 */
const common = JSON.parse(
  fs.readFileSync(new URL('../../packages/contract/src/locales/en-GB/common.json', import.meta.url), 'utf8'),
);
const upgradeTexts = JSON.parse(
  fs.readFileSync(new URL('../../apps/web/src/i18n/locales/en-GB/upgrade.json', import.meta.url), 'utf8'),
);

const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`.toUpperCase();
// Versions compare as numbers: a fresh major per run keeps this run's versions its own.
const RUN = Math.floor(Date.now() / 1000) % 1_000_000;
const VERSION = `V${RUN}.1.0`;
const OLDER = `V${RUN}.0.9`;
const DONGLES = [1, 2, 3].map((i) => ({ dongle: `UPDGL${i}-${suffix}`, inverter: `UPINV${i}-${suffix}` }));
const IMAGE = randomBytes(400_000);
const IMAGE_SHA = createHash('sha256').update(IMAGE).digest('hex');
// The manufacturer's key pair: the provider registers the public key, the dongles are given it too.
const MAKER_KEY = generateKeyPairSync('ed25519');
const MAKER_PEM = MAKER_KEY.publicKey.export({ type: 'spki', format: 'pem' }).toString();
const MANUFACTURER = 'SMA Solar Technology AG';
const MODEL = 'Sunny Tripower 10.0';
/** What the manufacturer signs about an image: SMA, as its devices report it, for their model. */
const manifestOf = (image: Buffer, version: string): FirmwareManifest => ({
  format: FIRMWARE_MANIFEST_FORMAT,
  manufacturer: 'SMA',
  firmwareType: 'INVERTER_ARM',
  version,
  models: [MODEL],
  sha256: createHash('sha256').update(image).digest('hex'),
  size: image.length,
});
/** A signed manifest as `npm run firmware:sign` writes it. */
const signedOf = (manifest: FirmwareManifest) =>
  Buffer.from(
    `${JSON.stringify(
      { manifest, signature: sign(null, manifestBytes(manifest), MAKER_KEY.privateKey).toString('base64') },
      null,
      2,
    )}\n`,
  );
const IMAGE_MANIFEST = signedOf(manifestOf(IMAGE, VERSION));
const OLDER_IMAGE = randomBytes(300_000);

let fleet: Fleet | null = null;
let taskId: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  const live = await startLivePlant(request, {
    name: `E2E Firmware ${suffix}`,
    dongles: DONGLES,
    manufacturer: 'SMA',
    model: MODEL,
    fleet: { firmwareFailRate: 0, flashDelayMs: [1500, 2500], firmwareKeys: [MAKER_PEM] },
  });
  fleet = live.fleet;
});

test.afterAll(async () => {
  await fleet?.stop();
});

test('the provider registers the manufacturer’s firmware signing key', async ({ page }) => {
  await login(page, 'admin', ADMIN_PASSWORD, 'en-GB', '/#/basic/device');
  await page.getByTestId('filter-manufacturer-name').fill('SMA Solar');
  await page.getByTestId('filter-search').first().click();
  const row = page.getByTestId('manufacturer-table').locator('tr', { hasText: MANUFACTURER });
  await row.getByTestId('manufacturer-keys-open').click();
  const dialog = page.getByTestId('manufacturer-keys');
  await expect(dialog).toBeVisible();
  // Not a key: refused on the field.
  await dialog.getByTestId('key-public').fill('not a key');
  await dialog.getByTestId('key-add').click();
  await expect(dialog.getByText(common.basicDevice.keyInvalid)).toBeVisible();
  await dialog.getByTestId('key-public').fill(MAKER_PEM);
  await dialog.getByTestId('key-label').fill(`E2E ${suffix}`);
  await dialog.getByTestId('key-add').click();
  const keyRow = dialog.getByTestId('manufacturer-key-table').locator('tr', { hasText: `E2E ${suffix}` });
  await expect(keyRow.getByTestId('key-fingerprint')).toContainText('SHA256:');
  await expect(keyRow.getByTestId('key-retire')).toBeInViewport();
  await page.screenshot({ path: `${SHOTS_DIR}/manufacturer-keys-en-GB.png`, fullPage: true });
});

/** Opens the add dialog and fills it up to the image, as the dealer does. */
async function openProgramForm(page: Page) {
  await page.goto('/#/upgrade/program');
  await expect(page.getByTestId('program-page')).toBeVisible();
  await page.getByTestId('program-add').click();
  await expect(page.getByTestId('program-form')).toBeVisible();
  // The manufacturer comes first: the rest waits for it.
  await expect(page.getByTestId('program-bin-choose')).toBeDisabled();
  await pickOption(page, page.getByTestId('program-manufacturer'), MANUFACTURER);
}

/** Chooses an image and its signed manifest in the open dialog. */
async function chooseFiles(page: Page, image: Buffer, manifest: Buffer, name: string) {
  await page.getByTestId('program-bin-file').setInputFiles({
    name: `${name}.bin`,
    mimeType: 'application/octet-stream',
    buffer: image,
  });
  await page.getByTestId('program-manifest-file').setInputFiles({
    name: `${name}.bin.manifest.json`,
    mimeType: 'application/json',
    buffer: manifest,
  });
}

/** Fills the descriptions, confirms them and saves the dialog. */
async function describeAndSave(page: Page, version: string) {
  await page.getByTestId('program-description').fill('Improves MPPT tracking under partial shade.');
  for (const lang of ['zh', 'en', 'de', 'fr', 'it', 'es', 'pl'])
    await page.getByTestId(`program-desc-${lang}`).fill(`Release notes ${lang} ${version}`);
  await page.getByTestId('program-desc-confirm').check();
}

test('the release notes need not each be typed: the upgrade description fills the missing languages', async ({
  page,
}) => {
  const notes = upgradeTexts.program;
  await login(page, 'demo-dealer', DEMO_PASSWORD);
  await openProgramForm(page);
  await page.getByTestId('program-description').fill('Improves MPPT tracking under partial shade.');
  await page.getByTestId('program-desc-de').fill('Verbessert das MPPT-Tracking bei Teilverschattung.');
  await expect(page.getByTestId('program-desc-status-de')).toHaveText(notes.descDone);
  await expect(page.getByTestId('program-desc-status-fr')).toHaveText(notes.descMissing);
  await page.getByTestId('program-desc-confirm').check();
  // Saving is refused, naming the languages still missing.
  await page.getByTestId('program-submit').click();
  const refusal = 'Missing: Chinese, English, French, Italian, Spanish and Polish.';
  await expect(page.getByTestId('program-form')).toContainText(refusal);
  await page.getByTestId('program-desc-copy').click();
  await expect(page.getByTestId('program-desc-count')).toHaveText('7 of 7 languages done');
  await expect(page.getByTestId('program-desc-status-fr')).toHaveText(notes.descDone);
  await expect(page.getByTestId('program-desc-fr')).toHaveValue(
    'Improves MPPT tracking under partial shade.',
  );
  // What was written stays.
  await expect(page.getByTestId('program-desc-de')).toHaveValue(
    'Verbessert das MPPT-Tracking bei Teilverschattung.',
  );
  await expect(page.getByTestId('program-form')).not.toContainText(refusal);
  await expect(page.getByTestId('program-desc-copy')).toBeDisabled();
});

test('the upload form reads in German with its manifest field', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await login(page, 'demo-dealer', DEMO_PASSWORD, 'de-DE');
  await openProgramForm(page);
  await chooseFiles(page, IMAGE, IMAGE_MANIFEST, 'sma-arm-de');
  await expect(page.getByTestId('program-key-fingerprint')).toContainText('SHA256:', { timeout: 30_000 });
  await expect(page.getByTestId('program-manifest-version')).toHaveText(VERSION);
  await page.screenshot({ path: `${SHOTS_DIR}/upgrade-program-add-de-DE.png`, fullPage: true });
  await context.close();
});

test('the dealer adds a firmware program with an uploaded image and its signed manifest', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await login(page, 'demo-dealer', DEMO_PASSWORD);
  await openProgramForm(page);
  const form = page.getByTestId('program-form');
  await describeAndSave(page, VERSION);

  // Not a .bin: refused before anything is sent.
  await page.getByTestId('program-bin-file').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('hello'),
  });
  await expect(page.getByText(common.file.format).first()).toBeVisible();
  // A manifest relabelled after signing (another version): the manufacturer's keys refuse it.
  const relabelled = JSON.parse(IMAGE_MANIFEST.toString());
  relabelled.manifest.version = '0.0.1';
  await chooseFiles(page, IMAGE, Buffer.from(JSON.stringify(relabelled)), `sma-arm-${VERSION}`);
  await expect(page.getByText(common.firmware.signatureInvalid).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('program-sha256')).toHaveCount(0);
  await expect(page.getByTestId('program-manifest-first')).toBeVisible();
  await chooseFiles(page, IMAGE, IMAGE_MANIFEST, `sma-arm-${VERSION}`);
  await expect(page.getByTestId('program-sha256')).toContainText(IMAGE_SHA.slice(0, 12), { timeout: 30_000 });
  await expect(page.getByText(upgradeTexts.file.signedBy)).toBeVisible();
  await expect(page.getByTestId('program-key-fingerprint')).toContainText('SHA256:');
  // What the image is comes from the manifest, read-only.
  await expect(page.getByTestId('program-manifest-version')).toHaveText(VERSION);
  await expect(page.getByTestId('program-manifest-type')).toHaveText('Inverter ARM');
  await expect(page.getByTestId('program-manifest-models')).toHaveText(MODEL);
  // The image and manifest fields in view, as the user checks them before saving.
  await page.getByTestId('program-manufacturer').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS_DIR}/upgrade-program-add-en-GB.png`, fullPage: true });
  await page.getByTestId('program-submit').click();
  await expect(form).toBeHidden();
  const row = page.getByTestId('program-table').locator('tr', { hasText: VERSION });
  await expect(row).toBeVisible();
  await expect(row).toContainText(MANUFACTURER);
  await expect(row).toContainText(MODEL);
  await page.screenshot({ path: `${SHOTS_DIR}/upgrade-programs-en-GB.png`, fullPage: true });
});

test('an upgrade task across three dongles runs to completion', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, 'demo-dealer', DEMO_PASSWORD, 'en-GB', '/#/upgrade/inverter');
  await expect(page.getByTestId('task-page')).toBeVisible();
  await page.getByTestId('task-add').click();
  await expect(page.getByTestId('task-form')).toBeVisible();
  await page.getByTestId('task-name').fill(`Roll-out ${VERSION}`);
  await pickOption(page, page.getByTestId('task-program'), VERSION);
  const search = page.getByTestId('task-candidate-sn').locator('input');
  await search.fill(suffix);
  await search.press('Enter');
  const candidates = page.getByTestId('task-candidates').locator('tbody tr.ant-table-row');
  await expect(candidates).toHaveCount(3);
  await page.getByTestId('task-candidates').locator('thead input[type="checkbox"]').check();
  await expect(page.getByTestId('task-selected-count')).toHaveAttribute('data-count', '3');
  await page.screenshot({ path: `${SHOTS_DIR}/upgrade-task-add-en-GB.png`, fullPage: true });
  await page.getByTestId('task-submit').click();

  await expect(page).toHaveURL(/upgrade-detail\?id=\d+/);
  taskId = new URL(page.url().replace('/#', '')).searchParams.get('id')!;
  await expect(page.getByTestId('task-detail')).toBeVisible();
  // Downloading shows on the way (the image takes a moment to flash).
  await expect(page.getByTestId('task-status')).toHaveAttribute('data-status', 'COMPLETED', {
    timeout: 90_000,
  });
  await expect(page.getByTestId('task-count-succeeded')).toHaveText('3');
  await expect(page.getByTestId('task-count-failed')).toHaveText('0');
  for (const d of DONGLES) {
    await expect(page.getByTestId(`task-device-${d.inverter}`)).toHaveAttribute('data-status', 'SUCCEEDED');
    expect(fleet!.dongle(d.dongle)!.versions.get(d.inverter)?.inverter).toBe(VERSION);
  }
  await page.getByTestId(`task-device-history-${DONGLES[0]!.inverter}`).click();
  const history = page.getByTestId('task-history');
  await expect(history).toBeVisible();
  await expect(history.getByTestId('task-history-item').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS_DIR}/upgrade-detail-en-GB.png`, fullPage: true });
});

test('an older image goes back only once the provider marks it as a rollback, which the task shows', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await login(page, 'demo-dealer', DEMO_PASSWORD);
  await openProgramForm(page);
  await chooseFiles(page, OLDER_IMAGE, signedOf(manifestOf(OLDER_IMAGE, OLDER)), `sma-arm-${OLDER}`);
  await expect(page.getByTestId('program-manifest-version')).toHaveText(OLDER, { timeout: 30_000 });
  await describeAndSave(page, OLDER);
  await page.getByTestId('program-submit').click();
  await expect(page.getByTestId('program-form')).toBeHidden();

  // The inverters run VERSION now: the older program cannot be picked for them.
  const openTaskForm = async (p: Page) => {
    await p.goto('/#/upgrade/add-upgrade');
    await expect(p.getByTestId('task-form')).toBeVisible();
    await p.getByTestId('task-name').fill(`Back to ${OLDER}`);
    await pickOption(p, p.getByTestId('task-program'), OLDER);
    const search = p.getByTestId('task-candidate-sn').locator('input');
    await search.fill(suffix);
    await search.press('Enter');
    await expect(p.getByTestId('task-candidates').locator('tbody tr.ant-table-row')).toHaveCount(3);
  };
  await openTaskForm(page);
  await expect(page.getByTestId(`task-candidate-downgrade-${DONGLES[0]!.inverter}`)).toBeVisible();
  await expect(
    page.getByTestId('task-candidates').locator('tbody input[type="checkbox"]').first(),
  ).toBeDisabled();
  await page.screenshot({ path: `${SHOTS_DIR}/upgrade-task-add-downgrade-en-GB.png`, fullPage: true });

  // The provider decides, and says why.
  const provider = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const admin = await provider.newPage();
  await login(admin, 'admin', ADMIN_PASSWORD, 'en-GB', '/#/upgrade/program');
  const row = admin.getByTestId('program-table').locator('tr', { hasText: OLDER });
  await row.locator('[data-testid^="program-rollback-action-"]').click();
  const dialog = admin.getByTestId('rollback-modal');
  await expect(dialog).toBeVisible();
  await admin
    .getByTestId('rollback-reason')
    .fill(`${VERSION} loses the grid on weak lines: back to ${OLDER}`);
  await admin.screenshot({ path: `${SHOTS_DIR}/upgrade-rollback-mark-en-GB.png`, fullPage: true });
  await admin.getByTestId('rollback-submit').click();
  await expect(dialog).toBeHidden();
  await expect(row.locator('[data-testid^="program-rollback-"]').first()).toHaveText(
    upgradeTexts.program.rollback,
  );
  await admin.screenshot({ path: `${SHOTS_DIR}/upgrade-programs-rollback-en-GB.png`, fullPage: true });
  await provider.close();

  // The dealer's open page learns of the provider's decision when it is loaded again.
  await page.reload();
  await openTaskForm(page);
  await expect(page.getByTestId('task-program-rollback')).toBeVisible();
  await page.getByTestId('task-candidates').locator('thead input[type="checkbox"]').check();
  await expect(page.getByTestId('task-selected-count')).toHaveAttribute('data-count', '3');
  await page.getByTestId('task-submit').click();
  await expect(page).toHaveURL(/upgrade-detail\?id=\d+/);
  await expect(page.getByTestId('task-rollback')).toContainText(OLDER);
  await expect(page.getByTestId('task-status')).toHaveAttribute('data-status', 'COMPLETED', {
    timeout: 90_000,
  });
  for (const d of DONGLES) {
    await expect(page.getByTestId(`task-device-downgrade-${d.inverter}`)).toBeVisible();
    expect(fleet!.dongle(d.dongle)!.versions.get(d.inverter)?.inverter).toBe(OLDER);
  }
  await page.screenshot({ path: `${SHOTS_DIR}/upgrade-detail-rollback-en-GB.png`, fullPage: true });
});

test('the pages read in every language; installers have no upgrade menu', async ({ page, browser }) => {
  test.setTimeout(150_000);
  for (const lang of LANGS) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const p = await context.newPage();
    await login(p, 'demo-dealer', DEMO_PASSWORD, lang, `/#/upgrade/upgrade-detail?id=${taskId}`);
    await expect(p.getByTestId('task-status')).toHaveAttribute('data-status', 'COMPLETED');
    await p.screenshot({ path: `${SHOTS_DIR}/upgrade-detail-${lang}.png`, fullPage: true });
    await p.goto('/#/upgrade/inverter');
    await expect(p.getByTestId(`task-row-${taskId}`)).toBeVisible();
    await p.screenshot({ path: `${SHOTS_DIR}/upgrade-tasks-${lang}.png`, fullPage: true });
    await context.close();
  }
  await login(page, 'demo-installer-a', DEMO_PASSWORD, 'en-GB', '/#/upgrade/inverter');
  await expect(page.getByTestId('task-page')).toHaveCount(0);
});
