import { sql } from 'drizzle-orm';
import {
  date,
  doublePrecision,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  varchar,
} from 'drizzle-orm/pg-core';
import { organizations } from './org.ts';

/**
 * Per-organisation roll-ups that let a dealer's dashboard read a few hundred rows instead of one per plant
 * or per organisation day (migration 0034, decision 026, docs/dashboard.md). All are kept by statement
 * triggers with transition tables, by deltas upserted in key order, and split into the same shards as
 * org_energy_daily (plant id mod 4, ingest's lanes), so lanes committing side by side never share a row.
 */

/**
 * org_energy_daily summed per period: `period` 'T' (every day: `start` is -infinity), 'Y' (the calendar
 * year starting at `start`) or 'M' (the month starting at `start`), per organisation, currency, time zone
 * and shard. Kept by trigger on org_energy_daily, so every writer of the plant days (ingest's roll-up, the
 * recompute scripts, plant moves) keeps it in step.
 */
export const orgEnergyPeriod = pgTable(
  'org_energy_period',
  {
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    period: varchar('period', { length: 1 }).notNull(),
    start: date('start').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    timezone: varchar('timezone', { length: 40 }).notNull(),
    shard: smallint('shard').notNull(),
    generation: doublePrecision('generation').notNull().default(0),
    consumption: doublePrecision('consumption').notNull().default(0),
    feedIn: doublePrecision('feed_in').notNull().default(0),
    purchase: doublePrecision('purchase').notNull().default(0),
    selfConsumption: doublePrecision('self_consumption').notNull().default(0),
    revenue: doublePrecision('revenue').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.period, t.start, t.currency, t.timezone, t.shard] })],
);

/**
 * The plants per organisation, currency, time zone, country ('' when the plant has none) and shard: how
 * many, their capacity and storage (exact sums of the plants' numeric columns) and how many in each status.
 * Kept by trigger on plants (added, edited, moved, deleted, status changed by ingest, the sweeper or the
 * alarm store: those lock their plants first, domain/status-locks.ts, and change statuses in one statement).
 */
export const orgPlantCounts = pgTable(
  'org_plant_counts',
  {
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    currency: varchar('currency', { length: 3 }).notNull(),
    timezone: varchar('timezone', { length: 40 }).notNull(),
    country: varchar('country', { length: 2 }).notNull(),
    shard: smallint('shard').notNull(),
    plants: integer('plants').notNull().default(0),
    capacity: numeric('capacity', { mode: 'number' }).notNull().default(sql`0`),
    storage: numeric('storage', { mode: 'number' }).notNull().default(sql`0`),
    offline: integer('offline').notNull().default(0),
    normal: integer('normal').notNull().default(0),
    warning: integer('warning').notNull().default(0),
    fault: integer('fault').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.currency, t.timezone, t.country, t.shard] })],
);

/**
 * plant_energy_total (each plant's lifetime generation) summed per organisation, country ('' for none) and
 * shard, for the dashboard's CO₂ by country's grid. Kept by trigger on plant_energy_total and on plants
 * (moved, country changed, deleted).
 */
export const orgCountryGeneration = pgTable(
  'org_country_generation',
  {
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    country: varchar('country', { length: 2 }).notNull(),
    shard: smallint('shard').notNull(),
    generation: doublePrecision('generation').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.country, t.shard] })],
);

/**
 * Generation and consumption per organisation's subtree (the organisation and every organisation under it
 * by path), shard and day: the dashboard's trend of a dealer reads one row per shard and day, however many
 * organisations and plants it has (migration 0035, decision 028). Kept by trigger on org_energy_daily (each
 * delta goes to every organisation on its organisation's path) and on organizations (a moved organisation
 * takes its days from its old ancestors to its new ones).
 */
export const orgSubtreeDaily = pgTable(
  'org_subtree_daily',
  {
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    shard: smallint('shard').notNull(),
    generation: doublePrecision('generation').notNull().default(0),
    consumption: doublePrecision('consumption').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.day, t.shard] })],
);
