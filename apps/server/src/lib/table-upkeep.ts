import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../db/client.ts';
import { sqlRows } from '../db/rows.ts';
import { pollingWorker } from './polling-worker.ts';

/**
 * PostgreSQL's autovacuum defaults: a table is analysed once more than 50 rows + 10 % of it changed since
 * its last analysis, vacuumed once more than 50 rows + 20 % of it are dead.
 */
const ANALYZE_BASE = 50;
const ANALYZE_SHARE = 0.1;
const VACUUM_BASE = 50;
const VACUUM_SHARE = 0.2;

/**
 * What autovacuum does on PostgreSQL, for PGlite, which runs none: analyses the tables changed by more than
 * autovacuum's share since their last analysis and vacuums those with as many dead rows. Without it a
 * plan stays made from the statistics of the moment the fleet was registered: with every device still
 * offline then, power now walked all devices' reporting index for each plant once they were online
 * (bench:fleet embedded: 4.7 ms a plant, 70 % of PGlite's time; decision 030).
 */
export async function upkeepTables(db: Db): Promise<{ analyzed: string[]; vacuumed: string[] }> {
  const due = await sqlRows<{ name: string; vacuum_due: boolean }>(
    db,
    sql`
    SELECT name, vacuum_due FROM (
      SELECT s.relid, format('%I.%I', s.schemaname, s.relname) AS name,
        s.n_mod_since_analyze > ${ANALYZE_BASE} + ${ANALYZE_SHARE} * greatest(c.reltuples, 0) AS analyze_due,
        s.n_dead_tup > ${VACUUM_BASE} + ${VACUUM_SHARE} * greatest(c.reltuples, 0) AS vacuum_due
      FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid) t
    WHERE analyze_due OR vacuum_due
    ORDER BY relid`,
  );
  const analyzed: string[] = [];
  const vacuumed: string[] = [];
  for (const t of due) {
    // The name comes from the catalogue, quoted by format('%I'); VACUUM takes no parameters.
    await db.execute(sql.raw(t.vacuum_due ? `VACUUM (ANALYZE) ${t.name}` : `ANALYZE ${t.name}`));
    if (t.vacuum_due) vacuumed.push(t.name);
    analyzed.push(t.name);
  }
  return { analyzed, vacuumed };
}

/** upkeepTables every `everyMs`, one pass at a time (the embedded default's jobs; PostgreSQL has autovacuum). */
export function startTableUpkeep(db: Db, log: Logger, everyMs = 60_000) {
  const worker = pollingWorker({
    async pass() {
      const done = await upkeepTables(db);
      if (done.analyzed.length) log.debug(done, 'tables analysed');
      return done.analyzed.length;
    },
    onTickError: (err) => log.warn({ err: (err as Error).message }, 'table upkeep failed'),
    firstDelayMs: everyMs,
    intervalMs: everyMs,
  });
  worker.start();
  return worker;
}
