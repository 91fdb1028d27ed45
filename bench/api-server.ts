import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Database, openDatabase } from '../apps/server/src/db/client.ts';
import { ADMIN_PASSWORD } from './api-endpoints.ts';

/** The real server as a child process over a fresh database, for the API and fleet benchmarks. */

const ROOT = path.resolve(import.meta.dirname, '..');

/** A port nobody listens on now. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface Backend {
  label: string;
  /** The server's environment for this database. */
  env: Record<string, string>;
  database: Database;
  cleanup(): Promise<void>;
}

/** A fresh database of the kind asked for, migrated and seeded with the demo tree (no demo plants). */
export async function freshBackend(kind: 'pglite' | 'postgres'): Promise<Backend> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pvstar-bench-api-'));
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (kind === 'pglite') {
    const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
    return {
      label: 'PGlite (embedded)',
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      database,
      cleanup: async () => removeDir(),
    };
  }
  const base = new URL(process.env.DATABASE_URL!);
  const name = `pvstar_bench_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const c = new pg.Client({ connectionString: base.toString() });
    await c.connect();
    await c.query(statement);
    await c.end();
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  return {
    label: 'PostgreSQL',
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    database,
    cleanup: async () => {
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      removeDir();
    },
  };
}

export interface Server {
  base: string;
  pid: number;
  /** What the server printed (warnings and errors only, at LOG_LEVEL=warn), its last 64 KB. */
  output(): string;
  /** Lines it printed (log records at its LOG_LEVEL). */
  lines(): number;
  stop(): Promise<void>;
}

/**
 * The real server as a child process: API only by default (`roles` empty: all of them), the demo tree's
 * accounts, no demo plants.
 */
export async function startServer(
  env: Record<string, string>,
  cpuProfDir?: string,
  roles: string[] = ['api'],
): Promise<Server> {
  const port = await freePort();
  const args = [
    '--import',
    'tsx',
    ...(cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfDir}`] : []),
    'apps/server/src/main.ts',
    ...roles.flatMap((role) => ['--role', role]),
  ];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      MQTT_URL: '',
      MQTT_PORT: '0',
      DEMO: 'true',
      DEMO_PLANTS: '0',
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let lines = 0;
  const hear = (b: Buffer) => {
    output = (output + b).slice(-65_536);
    for (let i = b.indexOf(10); i >= 0; i = b.indexOf(10, i + 1)) lines++;
  };
  child.stdout!.on('data', hear);
  child.stderr!.on('data', hear);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server stopped:\n${output}`);
    const up = await fetch(`${base}/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not become ready:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    base,
    pid: child.pid!,
    output: () => output,
    lines: () => lines,
    async stop() {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
