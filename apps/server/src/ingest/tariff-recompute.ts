import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../db/client.ts';
import { sqlRow } from '../db/rows.ts';
import { addDays, daysBetween } from '../domain/calendar.ts';
import { recomputeEnergy } from './energy-recompute.ts';

/** Days recomputed per step: one transaction each, so a large range shows progress and never holds locks long. */
export const RECOMPUTE_STEP_DAYS = 7;

/**
 * One step of the background recomputation after tariff changes (decision 023): the longest-waiting
 * plant's next days, rebuilt from raw samples at the tariff as it is now (energy-recompute.ts), and its
 * progress, in one transaction that holds the plant's row (FOR UPDATE SKIP LOCKED: several jobs
 * processes share the work, a change waits for the step and then restarts the range). A recomputation
 * sets each day, so a repeated or restarted step changes nothing. Returns false when nothing is due.
 */
export async function recomputeStep(db: Db, stepDays = RECOMPUTE_STEP_DAYS): Promise<boolean> {
  let failed: { plantId: number; message: string } | undefined;
  const did = await db.transaction(async (tx) => {
    const row = await sqlRow<{ plant_id: number; next_day: string; to_day: string }>(
      tx,
      sql`SELECT plant_id, next_day::text, to_day::text FROM plant_tariff_recompute
          WHERE state IN ('PENDING', 'RUNNING') ORDER BY updated_at LIMIT 1 FOR UPDATE SKIP LOCKED`,
    );
    if (!row) return false;
    const last =
      addDays(row.next_day, stepDays - 1) < row.to_day ? addDays(row.next_day, stepDays - 1) : row.to_day;
    try {
      await tx.transaction((inner) =>
        recomputeEnergy(inner, { plantId: row.plant_id, from: row.next_day, to: last }),
      );
    } catch (err) {
      failed = { plantId: row.plant_id, message: (err as Error).message.slice(0, 500) };
      return true;
    }
    const done = last === row.to_day;
    await tx.execute(sql`
      UPDATE plant_tariff_recompute SET next_day = ${addDays(last, 1)}::date,
        done_days = done_days + ${daysBetween(row.next_day, last) + 1},
        state = ${done ? 'DONE' : 'RUNNING'}, updated_at = now()
      WHERE plant_id = ${row.plant_id}`);
    return true;
  });
  if (failed)
    await db.execute(sql`
      UPDATE plant_tariff_recompute SET state = 'FAILED', error = ${failed.message}, updated_at = now()
      WHERE plant_id = ${failed.plantId}`);
  return did;
}

/** Runs steps until nothing is due; returns how many ran. */
export async function drainRecompute(db: Db, stepDays = RECOMPUTE_STEP_DAYS): Promise<number> {
  let steps = 0;
  while (await recomputeStep(db, stepDays)) steps++;
  return steps;
}

/** The jobs role's loop: looks for due recomputations every few seconds (an index read when none is). */
export function startTariffRecompute(db: Db, log: Logger, opts: { everyMs?: number } = {}) {
  let running: Promise<void> | null = null;
  const run = () => {
    running ??= (async () => {
      try {
        const steps = await drainRecompute(db);
        if (steps) log.info({ steps }, 'tariff recomputation steps done');
      } catch (err) {
        log.warn({ err: (err as Error).message }, 'tariff recomputation failed');
      } finally {
        running = null;
      }
    })();
    return running;
  };
  const timer = setInterval(() => void run(), opts.everyMs ?? 3_000);
  return { run, stop: () => clearInterval(timer) };
}
