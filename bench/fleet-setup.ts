import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client.ts';
import { sqlRow } from '../apps/server/src/db/rows.ts';
import { createOrg } from '../apps/server/src/db/seed/seed.ts';
import { hashPassword, md5 } from '../apps/server/src/lib/crypto.ts';
import type { Counts } from './fleet-load.ts';
import { insertBenchDongles } from './ingest-setup.ts';

/** bench:fleet's fleet, written straight into the database, and the generator processes that drive it. */

const BENCH_DEALER = 'Bench fleet dealer';
export const USER_PASSWORD = 'Bench1234';
export const DEFAULT_GENERATOR_SIZE = 15_000;
/** MINUTES=0: how long the fleet holds its connections without publishing. */
export const HOLD_SECONDS = 20;

/**
 * A fixed-offset zone in which it is now about 10:00, so that a run of a few hours stays within one
 * plant day (the energy check compares a day's generation with the day's counters).
 */
export function morningZone(now = new Date()): string {
  let h = (10 - now.getUTCHours() + 24) % 24;
  if (h > 14) h -= 24;
  return h === 0 ? 'Etc/GMT' : h > 0 ? `Etc/GMT-${h}` : `Etc/GMT+${-h}`;
}

/**
 * The fleet written with set-based SQL (as bench/api-fleet.ts): a dealer under the provider with
 * `installers` installers, a user of each (INSTALLER_ADMIN) and as many dealer users (DEALER_ADMIN);
 * per dongle a house (plant, dongle, bench:ingest's 6 devices) in installer (i − 1) mod installers,
 * registered with a one-minute interval, its secret `benchSecret(sn)`.
 */
export async function registerFleet(db: Database['db'], count: number, installers: number, timezone: string) {
  const root = await sqlRow<{ id: number }>(
    db,
    sql`SELECT id FROM organizations WHERE parent_id IS NULL ORDER BY id LIMIT 1`,
  );
  const dealerId = await createOrg(db, { name: BENCH_DEALER, type: 'DEALER', parentId: root!.id });
  const installerIds: number[] = [];
  for (let k = 1; k <= installers; k++)
    installerIds.push(
      await createOrg(db, { name: `Bench fleet installer ${k}`, type: 'INSTALLER', parentId: dealerId }),
    );
  const orgs = JSON.stringify(installerIds);
  await db.execute(sql`
    INSERT INTO plants (plant_no, org_id, name, type, installed_capacity, storage_capacity, latitude, longitude, timezone)
    SELECT 'BENCH-P-' || lpad(i::text, 6, '0'), (${orgs}::jsonb ->> ((i - 1) % ${installers}))::int,
      'Bench house ' || i, 'ENERGY_STORAGE', 6 + i % 16, 10, 47 + (i % 8), 7 + (i % 7), ${timezone}
    FROM generate_series(1, ${count}) i`);
  await insertBenchDongles(db, 60);
  // One hash for every bench user: signing in checks it as for anyone.
  const hash = await hashPassword(md5(USER_PASSWORD));
  await db.execute(sql`
    INSERT INTO users (org_id, username, nickname, password_hash, consented_at)
    SELECT (${orgs}::jsonb ->> (k - 1))::int, 'bench-installer-' || k, 'Bench installer ' || k, ${hash}, now()
    FROM generate_series(1, ${installers}) k
    UNION ALL
    SELECT ${dealerId}::int, 'bench-dealer-' || k, 'Bench dealer ' || k, ${hash}, now()
    FROM generate_series(1, ${installers}) k`);
  await db.execute(sql`
    INSERT INTO user_roles (user_id, role_id)
    SELECT u.id, r.id FROM users u JOIN roles r
      ON r.role_code = CASE WHEN u.username LIKE 'bench-dealer-%' THEN 'DEALER_ADMIN' ELSE 'INSTALLER_ADMIN' END
    WHERE u.username LIKE 'bench-%'`);
  await db.execute(sql`ANALYZE`);
}

/** The generators: child processes of bench/fleet-load.ts, each with its share of the fleet. */
export function generators(count: number, size: number) {
  const children: ChildProcess[] = [];
  for (let from = 0; from < count; from += size)
    children.push(
      fork(path.join(import.meta.dirname, 'fleet-load.ts'), [], {
        execArgv: ['--import', 'tsx'],
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      }),
    );
  /** Sends each generator a command and gathers their answers, summed (PUBACK times merged). */
  const ask = async <T extends object = object>(
    cmd: (k: number) => Record<string, unknown>,
    event: string,
  ): Promise<Counts & T> => {
    const answers = await Promise.all(
      children.map(
        (child, k) =>
          new Promise<Counts & T>((resolve, reject) => {
            const onMessage = (m: Counts & T & { event: string }) => {
              if (m.event !== event) return;
              child.off('message', onMessage);
              child.off('exit', onExit);
              resolve(m);
            };
            const onExit = (code: number) =>
              reject(new Error(`fleet generator exited (${code}) before "${event}"`));
            child.on('message', onMessage);
            child.once('exit', onExit);
            // With a callback, a generator gone away rejects here instead of throwing on the child.
            child.send(cmd(k), (err) => err && reject(err));
          }),
      ),
    );
    const sum = { ...answers[0]! } as Record<string, unknown>;
    for (const a of answers.slice(1))
      for (const [key, v] of Object.entries(a))
        if (typeof v === 'number') sum[key] = (sum[key] as number) + v;
    sum.ackMs = answers.flatMap((a) => a.ackMs).sort((a, b) => a - b);
    // Times of the slowest generator (returning), the CPU of all.
    for (const key of ['ms'])
      if (key in answers[0]!) sum[key] = Math.max(...answers.map((a) => (a as Record<string, number>)[key]!));
    return sum as Counts & T;
  };
  return {
    pids: children.map((c) => c.pid!),
    ask,
    async close() {
      for (const child of children) if (child.connected) child.send({ cmd: 'close' });
      await Promise.all(
        children.map(
          (child) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null) return resolve();
              const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
              child.once('exit', () => {
                clearTimeout(timer);
                resolve();
              });
            }),
        ),
      );
    },
  };
}
