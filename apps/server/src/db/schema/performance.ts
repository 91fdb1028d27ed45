import { boolean, date, doublePrecision, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { plants } from './plant.ts';

/**
 * A plant's performance per local day against its clear-sky expectation and its neighbours
 * (docs/energy.md "Performance ratio"), written by the jobs role for days that are over.
 */
export const plantPerformanceDaily = pgTable(
  'plant_performance_daily',
  {
    plantId: integer('plant_id')
      .notNull()
      .references(() => plants.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    /** kWp × clear-sky irradiation on the plant's modules (kWh/m²): the clear-sky reference energy. */
    clearSkyKwh: doublePrecision('clear_sky_kwh').notNull(),
    /** The plant's generation that day (plant_energy_daily). */
    actualKwh: doublePrecision('actual_kwh').notNull(),
    /** Median over the neighbours of actual ÷ clear-sky reference; null without enough neighbours. */
    clearness: doublePrecision('clearness'),
    /** clear_sky_kwh × clearness. */
    expectedKwh: doublePrecision('expected_kwh'),
    /** actual ÷ expected; null where the day says nothing (too few neighbours, too little sun). */
    pr: doublePrecision('pr'),
    /** Plants within 50 km with data that day (not counting this one). */
    neighbours: integer('neighbours').notNull().default(0),
    /** The neighbours' clearness reached the sunny threshold: a day the alarm may judge. */
    sunny: boolean('sunny').notNull().default(false),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.plantId, t.day] })],
);
