import { DAY_MS } from '@pvstar/contract/calendar';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../db/client.ts';
import { sqlRow, sqlRows } from '../db/rows.ts';

/** Months prepared after the current one: how long the jobs role may be down before samples pile up in the default partition. */
export const MONTHS_AHEAD = 3;

export interface PartitionUpkeep {
  /** Partitions created, each with the samples it took over from the default partition. */
  created: { partition: string; moved: number }[];
  /** Partitions whose whole month was older than the retention. */
  dropped: string[];
  /** Samples still in the default partition afterwards; 0 unless a partition's bounds are not a UTC month. */
  defaultRows: number;
}

/** The first day of the UTC month `add` months after `at`'s, as 2026-11-01. */
const monthOf = (at: Date, add = 0) =>
  new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + add, 1)).toISOString().slice(0, 10);

/**
 * One pass of the raw samples' upkeep (the SQL functions of migration 0018): the partitions of the current
 * month and the next MONTHS_AHEAD, and of every month with samples in the default partition (moved there);
 * then the partitions whose whole month lies more than `retentionDays` before `now` are dropped. Each month
 * is created in its own transaction, so writers are held back for one month's move at a time.
 */
export async function keepSamplePartitions(
  db: Db,
  opts: { retentionDays: number; now?: Date; monthsAhead?: number },
): Promise<PartitionUpkeep> {
  const now = opts.now ?? new Date();
  const stray = await sqlRows<{ month: string }>(
    db,
    sql`
    SELECT DISTINCT to_char(ts AT TIME ZONE 'UTC', 'YYYY-MM-01') AS month FROM telemetry_samples_default`,
  );
  const months = new Set([
    ...stray.map((r) => r.month),
    ...Array.from({ length: (opts.monthsAhead ?? MONTHS_AHEAD) + 1 }, (_, i) => monthOf(now, i)),
  ]);
  const created: PartitionUpkeep['created'] = [];
  for (const month of [...months].sort()) {
    // The rows moved out of the default partition (bigint), or null when the partition existed.
    const row = await sqlRow<{ moved: number | null }>(
      db,
      sql`SELECT create_sample_partition(${month}::date) AS moved`,
    );
    if (row && row.moved !== null)
      created.push({
        partition: `telemetry_samples_${month.slice(0, 7).replace('-', '_')}`,
        moved: row.moved,
      });
  }
  const before = new Date(now.getTime() - opts.retentionDays * DAY_MS);
  const dropped = await sqlRows<{ name: string }>(
    db,
    sql`SELECT drop_expired_sample_partitions(${before.toISOString()}::timestamptz) AS name`,
  );
  const left = await sqlRow<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM telemetry_samples_default`);
  return {
    created,
    dropped: dropped.map((r) => r.name),
    defaultRows: left?.n ?? 0,
  };
}

/** The jobs role's upkeep of the raw samples' partitions: at start-up, then daily; one pass at a time. */
export function startSamplePartitionUpkeep(
  db: Db,
  log: Logger,
  opts: { retentionDays: number; everyMs?: number },
) {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const done = await keepSamplePartitions(db, { retentionDays: opts.retentionDays });
      const changed = done.created.length > 0 || done.dropped.length > 0;
      log[changed ? 'info' : 'debug'](
        { created: done.created, dropped: done.dropped, retentionDays: opts.retentionDays },
        'sample partitions kept',
      );
      if (done.defaultRows)
        log.warn({ rows: done.defaultRows }, 'samples left in the default partition (docs/operations.md)');
    } catch (err) {
      log.warn({ err: (err as Error).message }, 'sample partition upkeep failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void run(), opts.everyMs ?? DAY_MS);
  void run();
  return { run, stop: () => clearInterval(timer) };
}
