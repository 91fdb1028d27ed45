import type { TariffRecompute } from '@pvstar/contract/tariff';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { sqlRow } from '../../db/rows.ts';
import { daysBetween, localDay } from '../../domain/calendar.ts';

/**
 * Asks for a plant's days `from`…`to` to be recomputed in the background (ingest/tariff-recompute.ts),
 * clipped to the days that can have figures: from the plant's first stored day up to its local today.
 * A run still waiting or under way is widened and starts over from the new first day, so that nothing
 * computed at the old tariff survives; a recomputation sets each day from raw samples, so doing a day
 * twice changes nothing (decision 023).
 */
export async function requestRecompute(
  db: DbOrTx,
  plantId: number,
  range: { from: string; to: string | null },
): Promise<void> {
  const plant = await sqlRow<{ tz: string; first: string | null }>(
    db,
    sql`SELECT timezone AS tz,
          (SELECT min(day)::text FROM plant_energy_daily WHERE plant_id = ${plantId}) AS first
        FROM plants WHERE id = ${plantId}`,
  );
  if (!plant?.first) return;
  const today = localDay(Date.now(), plant.tz);
  const from = range.from < plant.first ? plant.first : range.from;
  const to = range.to === null || range.to > today ? today : range.to;
  if (from > to) return;
  await db.execute(sql`
    INSERT INTO plant_tariff_recompute AS r (plant_id, state, from_day, to_day, next_day, done_days, total_days, updated_at)
    VALUES (${plantId}, 'PENDING', ${from}::date, ${to}::date, ${from}::date, 0, ${daysBetween(from, to) + 1}, now())
    ON CONFLICT (plant_id) DO UPDATE SET
      state = 'PENDING',
      from_day = CASE WHEN r.state IN ('PENDING', 'RUNNING') THEN least(r.from_day, excluded.from_day) ELSE excluded.from_day END,
      to_day = CASE WHEN r.state IN ('PENDING', 'RUNNING') THEN greatest(r.to_day, excluded.to_day) ELSE excluded.to_day END,
      next_day = CASE WHEN r.state IN ('PENDING', 'RUNNING') THEN least(r.from_day, excluded.from_day) ELSE excluded.from_day END,
      done_days = 0,
      total_days = (CASE WHEN r.state IN ('PENDING', 'RUNNING') THEN greatest(r.to_day, excluded.to_day) ELSE excluded.to_day END)
        - (CASE WHEN r.state IN ('PENDING', 'RUNNING') THEN least(r.from_day, excluded.from_day) ELSE excluded.from_day END) + 1,
      generation = r.generation + 1, error = NULL, updated_at = now()`);
}

/** The plant's recomputation as its tariff tab shows it (IDLE: never asked for). */
export async function recomputeStatus(db: DbOrTx, plantId: number): Promise<TariffRecompute> {
  const r = await sqlRow<{
    state: TariffRecompute['state'];
    from_day: string;
    to_day: string;
    done_days: number;
    total_days: number;
    updated_at: Date | string;
  }>(
    db,
    sql`SELECT state, from_day::text, to_day::text, done_days, total_days, updated_at
        FROM plant_tariff_recompute WHERE plant_id = ${plantId}`,
  );
  if (!r) return { state: 'IDLE', from: null, to: null, doneDays: 0, totalDays: 0, updatedAt: null };
  return {
    state: r.state,
    from: r.from_day,
    to: r.to_day,
    doneDays: r.done_days,
    totalDays: r.total_days,
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}
