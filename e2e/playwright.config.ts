import path from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * Browser tests of the running product: the real server (embedded PGlite + broker, demo tree) serving
 * the built web app, driven in Debian's Chromium. `E2E_BASE_URL` points at a server already running.
 */
const port = Number(process.env.E2E_PORT ?? 8791);
const dataDir = path.resolve(import.meta.dirname, `.data-${port}`);
export const ADMIN_PASSWORD = 'Admin1234!';

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: process.env.E2E_BASE_URL ?? `http://127.0.0.1:${port}`,
    // The browser sits where the demo plants are: in the hour after their midnight a browser on UTC
    // would still be on the day before, and the screens' default date ranges with it.
    timezoneId: 'Europe/Berlin',
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
  webServer: process.env.E2E_BASE_URL
    ? undefined
    : {
        command: `rm -rf ${dataDir} && npm run start -w @pvstar/server`,
        cwd: path.resolve(import.meta.dirname, '..'),
        url: `http://127.0.0.1:${port}/ready`,
        timeout: 120_000,
        reuseExistingServer: false,
        stdout: 'pipe',
        env: {
          PORT: String(port),
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
      },
});
