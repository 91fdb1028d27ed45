import { topics } from '@pvstar/contract/mqtt';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../src/db/client.ts';
import type { Ingest } from '../src/ingest/ingest.ts';

/**
 * A fleet in a few statements (generate_series): `plants` plants with one dongle each and
 * `devicesPerDongle` inverters behind it, all reporting at `intervalSeconds`, last heard at `heard`.
 * Serials are DGL-F<n> and INV-F<n>-<k> (n from 1). Returns the first plant's id.
 */
export async function insertFleet(
  db: Db,
  opts: { plants: number; devicesPerDongle: number; intervalSeconds: number; heard: Date },
) {
  const heard = sql`${opts.heard.toISOString()}::timestamptz`;
  await db.execute(sql`
    INSERT INTO plants (plant_no, org_id, name, type, installed_capacity, status)
    SELECT 'P-F' || i, 3, 'Fleet ' || i, 'PHOTOVOLTAIC', 5, 'NORMAL' FROM generate_series(1, ${opts.plants}) i`);
  await db.execute(sql`
    INSERT INTO dongles (sn, plant_id, secret_hash, status, interval_seconds, last_seen_at, last_telemetry_at)
    SELECT 'DGL-F' || substr(p.plant_no, 4), p.id, 'x', 'ONLINE', ${opts.intervalSeconds}, ${heard}, ${heard}
    FROM plants p WHERE p.plant_no LIKE 'P-F%'`);
  await db.execute(sql`
    INSERT INTO devices (sn, dongle_id, plant_id, kind, status, last_seen_at)
    SELECT 'INV-F' || substr(g.sn, 6) || '-' || k, g.id, g.plant_id, 'INVERTER', 'ONLINE', ${heard}
    FROM dongles g, generate_series(1, ${opts.devicesPerDongle}) k WHERE g.sn LIKE 'DGL-F%'`);
  await db.execute(sql`ANALYZE plants, dongles, devices, plant_power_now`);
}

/** One telemetry message of fleet dongle `n` for all its inverters. */
export const fleetTelemetry = (
  ingest: Ingest,
  n: number,
  ts: number,
  opts: { devicesPerDongle: number; generation?: number },
) =>
  ingest.handle(
    topics.telemetry(`DGL-F${n}`),
    Buffer.from(
      JSON.stringify({
        msgId: `f-${n}-${ts}`,
        ts,
        devices: Array.from({ length: opts.devicesPerDongle }, (_, k) => ({
          sn: `INV-F${n}-${k + 1}`,
          kind: 'INVERTER',
          data: { power: 1000, dailyGeneration: opts.generation ?? 1 },
        })),
      }),
    ),
  );

/** A status message (`online` / `offline`, as the broker's last will says it) of fleet dongle `n`. */
export const fleetStatus = (ingest: Ingest, n: number, status: 'online' | 'offline') =>
  ingest.handle(topics.status(`DGL-F${n}`), Buffer.from(status));

/** A built statement (text with $1…, parameters) as the SQL it came from. */
const fromBuilt = (built: { sql: string; params: unknown[] }): SQL =>
  sql.join(
    built.sql
      .split(/\$(\d+)/)
      .map((part, i) => (i % 2 ? sql`${built.params[Number(part) - 1]}` : sql.raw(part))),
  );

/**
 * The database as `db`, recording every raw statement (`execute`, in or out of a transaction, prepared or not) into
 * `seen`, so that a test can ask the planner about exactly what ingest and the jobs ran.
 */
export function recordingDb(db: Db, seen: SQL[]): Db {
  const record = <T extends Db | Tx>(target: T): T =>
    new Proxy(target, {
      get(obj, prop) {
        if (prop === 'execute')
          return (query: SQL) => {
            seen.push(query);
            return obj.execute(query);
          };
        // Prepared statements (db/prepared.ts) go to the session directly: recorded there, as the SQL they were.
        if (prop === '_') {
          const internals = Reflect.get(obj, prop, obj) as { session: object };
          const session = new Proxy(internals.session, {
            get(target, key) {
              const value = Reflect.get(target, key, target);
              if (key !== 'prepareQuery' || typeof value !== 'function') return value;
              return (built: { sql: string; params: unknown[] }, ...rest: unknown[]) => {
                seen.push(fromBuilt(built));
                return value.call(target, built, ...rest);
              };
            },
          });
          return { ...internals, session };
        }
        if (prop === 'transaction')
          return (run: (tx: Tx) => Promise<unknown>, config?: unknown) =>
            (obj.transaction as (r: (tx: Tx) => Promise<unknown>, c?: unknown) => Promise<unknown>)(
              (tx) => run(record(tx)),
              config,
            );
        const value = Reflect.get(obj, prop, obj);
        return typeof value === 'function' ? value.bind(obj) : value;
      },
    });
  return record(db);
}
