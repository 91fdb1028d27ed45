import {
  MIN_NEIGHBOURS,
  NEIGHBOUR_KM,
  PERFORMANCE_DEFAULT_DAYS,
  type PlantPerformance,
  type PlantPerformanceQuery,
  SUNNY_CLEARNESS,
} from '@pvstar/contract/performance';
import { and, asc, between, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { plantPerformanceDaily } from '../../db/schema/index.ts';
import { addDays, localDay } from '../../domain/calendar.ts';
import { scopedPlant } from '../../domain/plants.ts';
import type { Caller } from '../../http/access.ts';
import { resolvePeriod } from '../plant/period.ts';

export function createPerformanceService(ctx: Pick<AppContext, 'db' | 'config'>) {
  const { db } = ctx;

  /** A plant's performance per day over a range of its local days (default: the last 30 that are over). */
  async function ofPlant(
    caller: Caller,
    id: number,
    query: PlantPerformanceQuery,
  ): Promise<PlantPerformance> {
    const plant = await scopedPlant(db, caller, id);
    const today = localDay(Date.now(), plant.timezone);
    const to =
      query.to ?? (query.from ? addDays(query.from, PERFORMANCE_DEFAULT_DAYS - 1) : addDays(today, -1));
    const from = query.from ?? addDays(to, -(PERFORMANCE_DEFAULT_DAYS - 1));
    // The statistics' range rules and messages: order, at most a year, not decades away.
    const period = resolvePeriod('date', { from, to }, today, null);
    const f = plantPerformanceDaily;
    const rows = await db
      .select({
        day: f.day,
        clearSkyKwh: f.clearSkyKwh,
        actualKwh: f.actualKwh,
        clearness: f.clearness,
        expectedKwh: f.expectedKwh,
        pr: f.pr,
        neighbours: f.neighbours,
        sunny: f.sunny,
      })
      .from(f)
      .where(and(eq(f.plantId, id), between(f.day, period.first, period.last)))
      .orderBy(asc(f.day));
    const judged = rows.filter((r) => r.pr !== null && r.expectedKwh !== null);
    const expected = judged.reduce((s, r) => s + r.expectedKwh!, 0);
    const actual = judged.reduce((s, r) => s + r.actualKwh, 0);
    return {
      from: period.first,
      to: period.last,
      days: rows,
      pr: expected > 0 ? Math.round((actual / expected) * 10_000) / 10_000 : null,
      alarmShare: ctx.config.UNDERPERFORMANCE_SHARE,
      neighbourKm: NEIGHBOUR_KM,
      minNeighbours: MIN_NEIGHBOURS,
      sunnyClearness: SUNNY_CLEARNESS,
    };
  }

  return { ofPlant };
}
