import path from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * Browser tests of the running product: the real server (embedded PGlite + broker, demo tree) serving
 * the built web app, driven in Debian's Chromium. `E2E_BASE_URL` points at a server already running.
 *
 * Two servers, two workers: each half of the specs runs, one test at a time, against a server of its own
 * (a project per server, one worker each), so that what one spec changes (an organisation's two-factor
 * rule, a demo plant's alarms) never meets the other half. A test mostly waits on the page and the server;
 * the two halves side by side take a little more than half the time of one queue.
 */
const port = Number(process.env.E2E_PORT ?? 8791);
export const ADMIN_PASSWORD = 'Admin1234!';

/**
 * The second server's specs, chosen so that both halves take about as long (durations of a full run on
 * 2026-11-28: ~830 s each); a new spec runs in the first half.
 */
const SECOND_HALF = [
  'accessibility.spec.ts',
  'audit.spec.ts',
  'auth.spec.ts',
  'basic-alarm.spec.ts',
  'commissioning.spec.ts',
  'dashboard.spec.ts',
  'device-replace.spec.ts',
  'fleet-map.spec.ts',
  'installer-forms.spec.ts',
  'journey.spec.ts',
  'kiosk.spec.ts',
  'owner.spec.ts',
  'performance.spec.ts',
  'plant-detail.spec.ts',
  'remote.spec.ts',
  'report.spec.ts',
  'shell.spec.ts',
  'words.spec.ts',
  'xss.spec.ts',
];

const external = process.env.E2E_BASE_URL;
const servers = external ? [external] : [port, port + 1].map((p) => `http://127.0.0.1:${p}`);
// For the global set-up, which waits until each server's demo history is in.
process.env.E2E_SERVERS = servers.join(',');

function server(p: number) {
  const dataDir = path.resolve(import.meta.dirname, `.data-${p}`);
  return {
    command: `rm -rf ${dataDir} && npm run start -w @pvstar/server`,
    cwd: path.resolve(import.meta.dirname, '..'),
    url: `http://127.0.0.1:${p}/ready`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe' as const,
    env: {
      PORT: String(p),
      DATA_DIR: dataDir,
      DEMO: 'true',
      ADMIN_PASSWORD,
      MQTT_PORT: '0',
      // The suite signs in dozens of times from one address; the limit itself is tested in the API suite.
      LOGIN_RATE_PER_MINUTE: '1000',
      LOG_LEVEL: 'warn',
      // The webhook spec's receiver listens on 127.0.0.1 (plain http): allowed only with this.
      WEBHOOK_ALLOW_PRIVATE: 'true',
      DATABASE_URL: '',
      MQTT_URL: '',
    },
  };
}

const secondHalf = SECOND_HALF.map((f) => new RegExp(`/${f.replaceAll('.', '\\.')}$`));

export default defineConfig({
  testDir: './tests',
  globalSetup: './wait-for-demo.ts',
  outputDir: './test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: servers.length,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    // The browser sits where the demo plants are: in the hour after their midnight a browser on UTC
    // would still be on the day before, and the screens' default date ranges with it.
    timezoneId: 'Europe/Berlin',
    // …and speaks German: the first visit takes the browser's language (specs that need another say so).
    locale: 'de-DE',
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: external
    ? [{ name: 'all', workers: 1, use: { baseURL: external } }]
    : [
        { name: 'first', workers: 1, testIgnore: secondHalf, use: { baseURL: servers[0] } },
        { name: 'second', workers: 1, testMatch: secondHalf, use: { baseURL: servers[1] } },
      ],
  webServer: external ? undefined : [server(port), server(port + 1)],
});
