import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type PrivateMosquitto, privateMosquitto } from '../../../bench/private-mosquitto.ts';

/**
 * Servers of a test's own that it may stop and start: a throw-away PostgreSQL cluster and a Mosquitto
 * with the recommended configuration. The machine's shared PostgreSQL and Mosquitto are used by other
 * test files at the same time and must never be restarted.
 */

/** A TCP port free at the moment of asking. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The newest installed PostgreSQL server binaries (Debian's layout), or null. */
export function postgresBinDir(): string | null {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  return versions.length ? path.join(root, versions[0]!, 'bin') : null;
}

/** Why the private PostgreSQL cannot run here, or null when it can. */
export function postgresMissing(): string | null {
  if (!postgresBinDir()) return 'no PostgreSQL server binaries under /usr/lib/postgresql/<version>/bin';
  if (process.getuid?.() === 0 && spawnSync('id', ['-u', 'postgres']).status !== 0)
    return 'running as root and there is no postgres user to run PostgreSQL as';
  return null;
}

/** Why the private Mosquitto cannot run here, or null when it can. */
export function mosquittoMissing(): string | null {
  return spawnSync('mosquitto', ['-h']).error ? 'no mosquitto binary on the PATH' : null;
}

export interface PrivatePostgres {
  /** The cluster's `postgres` database; create the test's own beside it. */
  url: string;
  /** Stops the server: `fast` ends sessions and checkpoints (a restart), `immediate` is a crash. */
  stop(mode?: 'fast' | 'immediate'): void;
  start(): void;
  /** The server's log (gone with `destroy`). */
  logFile: string;
  /** The postmaster's process id while it runs (its children are the connections and its own processes). */
  pid(): number | null;
  /** Stops it if it runs and deletes the cluster. */
  destroy(): void;
}

/**
 * A PostgreSQL cluster of its own (initdb + pg_ctl) in a temporary directory, on a free port and with its
 * socket in that directory. PostgreSQL refuses to run as root: then its commands run as the `postgres` OS
 * user. The cluster is removed by `destroy`, and also when the process exits without calling it.
 * `extraOptions`: more `-c name=value` settings (a bench's pg_stat_statements, say).
 */
export async function privatePostgres(extraOptions: string[] = []): Promise<PrivatePostgres> {
  const missing = postgresMissing();
  if (missing) throw new Error(`private PostgreSQL: ${missing}`);
  const bin = postgresBinDir()!;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pvstar-pg-'));
  const data = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout);
    fs.chownSync(dir, id('-u'), id('-g'));
  }
  const run = (tool: string, args: string[]) => {
    const command = asRoot ? 'runuser' : path.join(bin, tool);
    const argv = asRoot ? ['-u', 'postgres', '--', path.join(bin, tool), ...args] : args;
    const res = spawnSync(command, argv, { encoding: 'utf8', cwd: dir, timeout: 60_000 });
    if (res.status !== 0)
      throw new Error(`${tool} ${args.join(' ')} failed (${res.status}): ${res.stderr || res.stdout}`);
  };
  const port = await freePort();
  const options = [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    `-c unix_socket_directories=${dir}`,
    // Durability against a crash of the server process stays (the page cache survives it); only an
    // operating-system crash would need the fsyncs, and the machine is shared.
    '-c fsync=off',
    '-c full_page_writes=off',
    '-c max_connections=60',
    ...extraOptions,
  ].join(' ');
  let running = false;
  const stop = (mode: 'fast' | 'immediate' = 'fast') => {
    run('pg_ctl', ['stop', '-D', data, '-m', mode, '-w']);
    running = false;
  };
  const start = () => {
    run('pg_ctl', ['start', '-D', data, '-w', '-l', path.join(dir, 'server.log'), '-o', options]);
    running = true;
  };
  const destroy = () => {
    process.off('exit', destroy);
    if (running) {
      try {
        stop('immediate');
      } catch {
        // Already down.
      }
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  process.on('exit', destroy);
  try {
    run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
    start();
  } catch (err) {
    destroy();
    throw err;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    logFile: path.join(dir, 'server.log'),
    pid: () => {
      try {
        return Number(fs.readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]) || null;
      } catch {
        return null;
      }
    },
    stop,
    start,
    destroy,
  };
}

/**
 * bench:ingest's private Mosquitto with docs/mosquitto.conf's limits and persistence, which a test may
 * halt and start again; removed by `stop`, and also when the process exits without calling it.
 */
export async function privateBroker(): Promise<PrivateMosquitto> {
  const broker = await privateMosquitto({ persistence: true });
  if (!broker) throw new Error('private Mosquitto could not be started');
  const stop = () => {
    process.off('exit', stop);
    broker.stop();
  };
  process.on('exit', stop);
  return {
    url: broker.url,
    get pid() {
      return broker.pid;
    },
    halt: broker.halt,
    start: broker.start,
    stop,
  };
}

export const DYNSEC_PLUGIN = '/usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so';

/** Why a Mosquitto with the dynamic-security plugin cannot run here, or null when it can. */
export function dynsecMissing(): string | null {
  const mosquitto = mosquittoMissing();
  if (mosquitto) return mosquitto;
  if (!fs.existsSync(DYNSEC_PLUGIN))
    return `no dynamic-security plugin at ${DYNSEC_PLUGIN} (Debian's mosquitto)`;
  if (spawnSync('mosquitto_ctrl', ['--help']).error) return 'no mosquitto_ctrl on the PATH';
  return null;
}

export interface PrivateDynsec {
  /** The listener, without credentials. */
  url: string;
  /** The listener with the plugin admin's user and password (what MQTT_URL holds with MQTT_AUTH=dynsec). */
  adminUrl: string;
  port: number;
  admin: { username: string; password: string };
  stop(): void;
}

/**
 * A Mosquitto of the test's own with the dynamic-security plugin, as docs/operations.md sets it up: no
 * anonymous clients, the plugin's JSON created by `mosquitto_ctrl dynsec init`, docs/mosquitto.conf's limits.
 * Removed by `stop`, and also when the process exits without calling it.
 */
export async function privateDynsecMosquitto(): Promise<PrivateDynsec> {
  const missing = dynsecMissing();
  if (missing) throw new Error(`private Mosquitto with dynsec: ${missing}`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pvstar-dynsec-'));
  const port = await freePort();
  const admin = { username: 'dynsec-admin', password: randomBytes(12).toString('base64url') };
  const json = path.join(dir, 'dynamic-security.json');
  const init = spawnSync('mosquitto_ctrl', ['dynsec', 'init', json, admin.username, admin.password], {
    encoding: 'utf8',
  });
  if (init.status !== 0) throw new Error(`mosquitto_ctrl dynsec init failed: ${init.stderr || init.stdout}`);
  const limits = fs
    .readFileSync(path.join(import.meta.dirname, '../../../docs/mosquitto.conf'), 'utf8')
    .split('\n')
    .filter((l) => /^max_/.test(l));
  const conf = path.join(dir, 'mosquitto.conf');
  fs.writeFileSync(
    conf,
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous false',
      'persistence false',
      `plugin ${DYNSEC_PLUGIN}`,
      `plugin_opt_config_file ${json}`,
      ...limits,
    ].join('\n'),
  );
  // Started as root, Mosquitto runs as its own user, which must be able to write the plugin's file.
  if (process.getuid?.() === 0) {
    const id = (flag: string) => spawnSync('id', [flag, 'mosquitto'], { encoding: 'utf8' }).stdout.trim();
    if (id('-u')) for (const f of [dir, json]) fs.chownSync(f, Number(id('-u')), Number(id('-g')));
  }
  const child = spawn('mosquitto', ['-c', conf], { stdio: 'ignore' });
  const stop = () => {
    process.off('exit', stop);
    child.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  process.on('exit', stop);
  // Up once it accepts a connection.
  const until = Date.now() + 10_000;
  for (;;) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (up) break;
    if (child.exitCode !== null || Date.now() > until) {
      stop();
      throw new Error('private Mosquitto with dynsec did not start');
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const url = `mqtt://127.0.0.1:${port}`;
  const adminUrl = `mqtt://${admin.username}:${admin.password}@127.0.0.1:${port}`;
  return { url, adminUrl, port, admin, stop };
}
