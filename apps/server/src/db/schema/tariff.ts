import type { TariffBand, TariffDirection, TariffKind } from '@pvstar/contract/tariff';
import { sql } from 'drizzle-orm';
import {
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { plants } from './plant.ts';
import { users } from './user.ts';

/**
 * A plant's tariff periods (decision 023): per direction, days `valid_from`…`valid_to` (inclusive, local
 * calendar; null: open-ended) that never overlap another period of the same direction; a flat price,
 * time-of-use bands (`bands`, jsonb) or a dynamic series (plant_tariff_prices), plus a grid fee per kWh
 * bought. Days no period covers are priced at the plant's own flat prices.
 */
export const plantTariffPeriods = pgTable(
  'plant_tariff_periods',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    plantId: integer('plant_id')
      .notNull()
      .references(() => plants.id, { onDelete: 'cascade' }),
    direction: varchar('direction', { length: 8 }).$type<TariffDirection>().notNull(),
    kind: varchar('kind', { length: 8 }).$type<TariffKind>().notNull(),
    validFrom: date('valid_from').notNull(),
    validTo: date('valid_to'),
    price: doublePrecision('price'),
    bands: jsonb('bands').$type<TariffBand[]>().notNull().default(sql`'[]'::jsonb`),
    gridFee: doublePrecision('grid_fee').notNull().default(0),
    /** DYNAMIC: minutes each stored price holds (15 or 60), set by the first import. */
    resolutionMinutes: smallint('resolution_minutes'),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('plant_tariff_periods_plant_idx').on(t.plantId, t.direction, t.validFrom)],
);

/** A dynamic period's prices per kWh, each holding from `starts_at` for the period's resolution. */
export const plantTariffPrices = pgTable(
  'plant_tariff_prices',
  {
    periodId: integer('period_id')
      .notNull()
      .references(() => plantTariffPeriods.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    price: doublePrecision('price').notNull(),
  },
  (t) => [primaryKey({ columns: [t.periodId, t.startsAt] })],
);

/**
 * The background recomputation of a plant's past days after a tariff change: one row per plant, the
 * days `from_day`…`to_day` to redo, the next one and how many are done. A new change widens the range
 * and bumps `generation`, so the worker starts over instead of finishing a stale run.
 */
export const plantTariffRecompute = pgTable(
  'plant_tariff_recompute',
  {
    plantId: integer('plant_id')
      .primaryKey()
      .references(() => plants.id, { onDelete: 'cascade' }),
    state: varchar('state', { length: 8 }).$type<'PENDING' | 'RUNNING' | 'DONE' | 'FAILED'>().notNull(),
    fromDay: date('from_day').notNull(),
    toDay: date('to_day').notNull(),
    nextDay: date('next_day').notNull(),
    doneDays: integer('done_days').notNull().default(0),
    totalDays: integer('total_days').notNull(),
    generation: integer('generation').notNull().default(1),
    error: varchar('error', { length: 500 }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('plant_tariff_recompute_due_idx').on(t.updatedAt).where(sql`${t.state} IN ('PENDING', 'RUNNING')`),
  ],
);
