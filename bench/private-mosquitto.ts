import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface PrivateMosquitto {
  url: string;
  /** The running broker's process id (a new one after `start`). */
  readonly pid: number;
  /** Stops the broker as a service stop does (SIGTERM; with persistence it saves sessions and queues first). */
  halt(): Promise<void>;
  /** Starts it again on the same port, with the same configuration and persistence file. */
  start(): Promise<void>;
  /** Ends it and removes its directory. */
  stop(): void;
}

/**
 * A Mosquitto of the bench's own, with the limits docs/mosquitto.conf recommends for ingest (a broker
 * with the defaults keeps 20 messages in flight and drops a subscriber's queue beyond 1,000). With
 * `persistence`, also the document's persistence lines (in a directory of its own), so that sessions and
 * queued messages survive `halt` and `start`; without, the bench keeps them in memory only.
 */
export async function privateMosquitto(
  opts: { persistence?: boolean } = {},
): Promise<PrivateMosquitto | null> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pvstar-bench-mqtt-'));
  const port = 20_000 + Math.floor(Math.random() * 10_000);
  const recommended = fs
    .readFileSync(path.join(import.meta.dirname, '../docs/mosquitto.conf'), 'utf8')
    .split('\n');
  const limits = recommended.filter((l) => /^(max_|persistent_client_expiration)/.test(l));
  const persistence = opts.persistence
    ? [...recommended.filter((l) => /^(persistence |autosave)/.test(l)), `persistence_location ${dir}/`]
    : ['persistence false'];
  fs.writeFileSync(
    path.join(dir, 'bench.conf'),
    [`listener ${port} 127.0.0.1`, 'allow_anonymous true', ...persistence, ...limits].join('\n'),
  );
  // Started as root, Mosquitto runs as its own user, which must be able to write the persistence file.
  if (opts.persistence && process.getuid?.() === 0) {
    const id = (flag: string) => spawnSync('id', [flag, 'mosquitto'], { encoding: 'utf8' }).stdout.trim();
    if (id('-u')) fs.chownSync(dir, Number(id('-u')), Number(id('-g')));
  }
  let child: ChildProcess | null = null;
  const start = async () => {
    const started = spawn('mosquitto', ['-c', path.join(dir, 'bench.conf')], { stdio: 'ignore' });
    child = started;
    const up = await new Promise<boolean>((resolve) => {
      started.once('error', () => resolve(false));
      setTimeout(() => resolve(started.exitCode === null), 500);
    });
    if (!up) throw new Error('mosquitto could not be started');
  };
  try {
    await start();
  } catch {
    fs.rmSync(dir, { recursive: true, force: true });
    return null;
  }
  return {
    url: `mqtt://127.0.0.1:${port}`,
    get pid() {
      return child?.pid ?? 0;
    },
    halt: async () => {
      const running = child;
      if (!running || running.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        running.once('exit', () => resolve());
        running.kill('SIGTERM');
      });
    },
    start,
    stop: () => {
      const running = child;
      running?.kill();
      const remove = () => fs.rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
      try {
        remove();
      } catch {
        // Mosquitto was still writing its persistence file as it exited (ENOTEMPTY once in CI): the folder
        // goes once it has; a stopped broker's temporary folder is no test's failure.
        running?.once('exit', () => fs.rm(dir, { recursive: true, force: true, maxRetries: 10 }, () => {}));
      }
    },
  };
}
