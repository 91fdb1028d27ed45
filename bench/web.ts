/**
 * The web benchmark of issue 7. Page weight: the gzip size of the JS and CSS each route loads before it
 * shows (bench/web-weight.ts, read from the build's manifest). Lighthouse: a desktop run of the sign-in page
 * and of the dashboard, signed in, against the production build served by the real server (demo data,
 * no simulated dongles), median of RUNS runs.
 *
 *   npm run build && npm run bench:web        RUNS=3 (default), LIGHTHOUSE=0 without Lighthouse, WIRE=0
 *                                              without the bytes on the wire, LH_REPORTS=<dir> keeps each
 *                                              run's Lighthouse report (JSON)
 *
 * Bytes on the wire (bench/web-wire.ts): the sign-in page and the public plant page (a share link of a demo
 * plant) opened in a fresh browser context each run (cold cache), the JS transferred until the page is
 * usable (the sign-in button, the plant's name) and in the 3 s after, median of RUNS runs.
 *
 * The dashboard needs a session: the app keeps its token in localStorage (`accessToken`). Each run first
 * opens a page of the app's origin that is not the app (/ready) and puts the token into its storage (the
 * dashboard) or clears it (the sign-in page; Lighthouse's own storage reset leaves localStorage alone). The
 * dashboard run then clears the browser cache itself and runs with Lighthouse's reset off, so it is cold but
 * signed in. Lighthouse drives Chromium through puppeteer-core, a dependency of lighthouse.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { CLIENT_HEADERS } from '@pvstar/contract/client';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import { chartFiles, LIMIT_KB, LOGIN_LIMIT_KB, measure } from './web-weight.ts';
import { type Cdp, jsBytes, markUsable, measureWire, usableAt, type Wire } from './web-wire.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.RUNS ?? 3);
const DEMO_PASSWORD = 'Demo1234';
/** The flags of issue 7 for the system Chromium. */
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const kb = (n: number) => (n / 1024).toFixed(1);
const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

export function pageWeight(dist?: string) {
  const rows = measure(dist);
  console.log(
    '| route | JS gzip KB | of which language | CSS gzip KB | files | charts in first load |\n|---|---:|---:|---:|---:|---|',
  );
  for (const r of rows)
    console.log(
      `| ${r.name} | ${kb(r.js)} | ${kb(r.language)} | ${kb(r.css)} | ${r.files} | ${r.chartsInFirstLoad.join(', ') || 'no'} |`,
    );
  const over = rows.filter((r) => r.js / 1024 > LIMIT_KB);
  console.log(
    over.length
      ? `\nover ${LIMIT_KB} KB: ${over.map((r) => r.name).join(', ')}`
      : `\nall under ${LIMIT_KB} KB`,
  );
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The real server on a free port: a fresh embedded database with the demo tree, no simulated dongles. */
async function startServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pvstar-bench-web-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(ROOT, 'apps/server'),
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DEMO: 'true',
      DEMO_PLANTS: '20',
      DEMO_FLEET: 'false',
      DEMO_PASSWORD,
      ADMIN_PASSWORD: 'Admin1234!',
      MQTT_PORT: '0',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      MQTT_URL: '',
    },
  });
  const origin = `http://127.0.0.1:${port}`;
  const stop = () => {
    child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    const ready = await fetch(`${origin}/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return { origin, stop };
    if (Date.now() > deadline) {
      stop();
      throw new Error('the server did not become ready in 180 s');
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function signIn(origin: string): Promise<string> {
  const res = await fetch(`${origin}/auth/user/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...CLIENT_HEADERS },
    body: JSON.stringify({
      account: 'demo-dealer',
      password: createHash('md5').update(DEMO_PASSWORD).digest('hex'),
      loginType: 'password',
      agree: true,
    }),
  });
  const body = (await res.json()) as { code: number; msg: string; data: string };
  if (body.code !== 200) throw new Error(`sign-in failed: ${body.code} ${body.msg}`);
  return body.data;
}

/** How the server sends the app's entry script to a browser that accepts brotli. */
async function entryEncoding(origin: string) {
  const html = await (await fetch(`${origin}/`)).text();
  const src = /<script[^>]+src="([^"]+)"/.exec(html)?.[1];
  if (!src) return 'no entry script in the page';
  const res = await fetch(new URL(src, origin), { headers: { 'Accept-Encoding': 'br, gzip' } });
  await res.arrayBuffer();
  return `${src}: Content-Encoding ${res.headers.get('content-encoding') ?? 'none'}, Cache-Control ${res.headers.get('cache-control')}`;
}

interface Figures {
  version: string;
  score: number;
  lcp: number;
  tbt: number;
  cls: number;
  fcp: number;
}

async function audit(browser: Browser, url: string, token: string | null, report: string): Promise<Figures> {
  const page = await browser.newPage();
  try {
    // A page of the app's origin that is not the app: the session goes into (or out of) its storage, and
    // no file of the app into the cache. Lighthouse's own reset clears the cache but not localStorage.
    await page.goto(new URL('/ready', url).href);
    await page.evaluate(
      token ? `localStorage.setItem('accessToken', ${JSON.stringify(token)})` : 'localStorage.clear()',
    );
    if (token) {
      const cdp = await page.createCDPSession();
      await cdp.send('Network.clearBrowserCache');
      await cdp.detach();
    }
    const result = await lighthouse(
      url,
      { output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: !!token },
      desktopConfig,
      page,
    );
    if (!result) throw new Error(`no Lighthouse result for ${url}`);
    const { lhr } = result;
    if (process.env.LH_REPORTS) {
      mkdirSync(process.env.LH_REPORTS, { recursive: true });
      writeFileSync(path.join(process.env.LH_REPORTS, `${report}.json`), JSON.stringify(lhr));
    }
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    // A run that ended elsewhere (signed out on the dashboard, signed in on the sign-in page) measured the
    // wrong page.
    if (!lhr.finalDisplayedUrl.endsWith(new URL(url).hash))
      throw new Error(`the run of ${url} ended on ${lhr.finalDisplayedUrl}`);
    return {
      version: lhr.lighthouseVersion,
      score: (lhr.categories.performance?.score ?? Number.NaN) * 100,
      lcp: value('largest-contentful-paint'),
      tbt: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
      fcp: value('first-contentful-paint'),
    };
  } finally {
    await page.close();
  }
}

export async function lighthouseRuns() {
  const server = await startServer();
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    console.log(`\nserved: ${await entryEncoding(server.origin)}`);
    const token = await signIn(server.origin);
    chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      chromeFlags: CHROME_FLAGS,
    });
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const pages = [
      { name: 'login', file: 'login', url: `${server.origin}/#/login`, token: null },
      { name: 'dashboard (signed in)', file: 'dashboard', url: `${server.origin}/#/dashboard`, token },
    ];
    const runs = new Map<string, Figures[]>(pages.map((p) => [p.name, []]));
    // Alternating, so that a busy spell of the shared machine does not land on one page only.
    for (let i = 0; i < RUNS; i++)
      for (const p of pages)
        runs.get(p.name)!.push(await audit(browser, p.url, p.token, `${p.file}-${i + 1}`));
    const version = await browser.version();
    await browser.disconnect();

    const cpus = os.cpus();
    console.log(
      `\nLighthouse ${runs.get('login')![0]!.version}, ` +
        `desktop preset, ${version}, ${cpus.length} × ${cpus[0]?.model.trim()}, ` +
        `${(os.totalmem() / 2 ** 30).toFixed(0)} GB, Node ${process.version}; median of ${RUNS} runs\n`,
    );
    console.log('| page | Performance | LCP ms | TBT ms | CLS | FCP ms | scores of the runs |');
    console.log('|---|---:|---:|---:|---:|---:|---|');
    for (const [name, figures] of runs) {
      const m = (k: Exclude<keyof Figures, 'version'>) => median(figures.map((f) => f[k]));
      console.log(
        `| ${name} | ${m('score').toFixed(0)} | ${m('lcp').toFixed(0)} | ${m('tbt').toFixed(0)} | ` +
          `${m('cls').toFixed(3)} | ${m('fcp').toFixed(0)} | ${figures.map((f) => f.score.toFixed(0)).join(', ')} |`,
      );
    }
  } finally {
    await chrome?.kill();
    server.stop();
  }
}

/** A share link of one of the demo plants: the public plant page's address (`/public/plant/<token>`). */
async function sharePath(origin: string, token: string): Promise<string> {
  const ask = async <T>(url: string, body: unknown) => {
    const res = await fetch(`${origin}${url}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...CLIENT_HEADERS, Authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    const answer = (await res.json()) as { code: number; msg: string; data: T };
    if (answer.code !== 200) throw new Error(`${url}: ${answer.code} ${answer.msg}`);
    return answer.data;
  };
  const plants = await ask<{ list: { id: number }[] }>('/station/station/page?pageNum=1&pageSize=10', {});
  const share = await ask<{ path: string }>('/station/share/add', {
    stationId: plants.list[0]!.id,
    label: 'bench',
  });
  return share.path;
}

/** The bytes on the wire of the sign-in page and the public plant page, cold, median of RUNS runs. */
export async function wireRuns() {
  const server = await startServer();
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: CHROME_FLAGS.filter((f) => f !== '--headless'),
    headless: true,
  });
  try {
    const charts = new Set(chartFiles());
    const pages = [
      { name: 'login', url: `${server.origin}/#/login`, usable: '[data-testid="login-submit"]' },
      {
        name: 'public plant page',
        url: `${server.origin}${await sharePath(server.origin, await signIn(server.origin))}`,
        usable: '[data-testid="kiosk-name"]',
      },
    ];
    const runs = new Map<string, Wire[]>(pages.map((p) => [p.name, []]));
    for (let i = 0; i < RUNS; i++)
      for (const p of pages) {
        // A context of its own: an empty cache and no storage, as a first visit.
        const context = await browser.createBrowserContext();
        const page = await context.newPage();
        await page.evaluateOnNewDocument(markUsable(p.usable));
        const cdp = (await page.createCDPSession()) as unknown as Cdp;
        runs.get(p.name)!.push(
          await measureWire(
            cdp,
            () => page.goto(p.url),
            async () =>
              (await page.waitForFunction(usableAt, { timeout: 30_000 })).jsonValue() as Promise<number>,
          ),
        );
        await context.close();
      }
    const cpus = os.cpus();
    console.log(
      `\nBytes on the wire (brotli, headers included), cold, ${await browser.version()}, ` +
        `${cpus.length} × ${cpus[0]?.model.trim()}, load average ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}; ` +
        `median of ${RUNS} runs\n`,
    );
    console.log(
      '| page | JS KB until usable | of which charts | JS files | all KB until usable | JS KB in the 3 s after |\n|---|---:|---:|---:|---:|---:|',
    );
    for (const [name, wires] of runs) {
      const m = (f: (w: Wire) => number) => median(wires.map(f));
      const chartBytes = (w: Wire) =>
        w.untilUsable
          .filter((f) => charts.has(new URL(f.url).pathname.slice(1)))
          .reduce((s, f) => s + f.bytes, 0);
      console.log(
        `| ${name} | ${kb(m((w) => jsBytes(w.untilUsable)))} | ${kb(m(chartBytes))} | ` +
          `${m((w) => w.untilUsable.filter((f) => f.type === 'Script').length)} | ` +
          `${kb(m((w) => w.untilUsable.reduce((s, f) => s + f.bytes, 0)))} | ${kb(m((w) => jsBytes(w.after)))} |`,
      );
    }
    console.log(`\n(budget: the sign-in page ${LOGIN_LIMIT_KB} KB)`);
  } finally {
    await browser.close();
    server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  pageWeight();
  if (process.env.WIRE !== '0') await wireRuns();
  if (process.env.LIGHTHOUSE !== '0') await lighthouseRuns();
}
