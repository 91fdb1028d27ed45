import type {
  ContactType,
  DeviceStatus,
  InverterType,
  NetworkingMode,
  PlantStatus,
  StationType,
} from '@pvstar/contract/enums';
import type { DeviceKind } from '@pvstar/contract/metrics';
import type { ReadingDecisionKind, SetAsideReason } from '@pvstar/contract/reading-quality';
import { sql } from 'drizzle-orm';
import {
  bit,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { organizations } from './org.ts';
import { users } from './user.ts';

/** Most 5-minute intervals in a local day (25 hours when the clocks go back): the daylight bit strings' width. */
export const MAX_DAY_INTERVALS = 300;

/** A plant belongs to the organisation that manages it (its scope) and optionally to an owner's account. */
export const plants = pgTable(
  'plants',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    plantNo: varchar('plant_no', { length: 24 }).notNull(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id),
    ownerUserId: integer('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    name: varchar('name', { length: 100 }).notNull(),
    type: varchar('type', { length: 24 }).$type<StationType>().notNull(),
    /** Offline, Normal, Warning, Fault — derived from its devices and alarms. */
    status: varchar('status', { length: 8 }).$type<PlantStatus>().notNull().default('OFFLINE'),
    installedCapacity: numeric('installed_capacity', { precision: 10, scale: 3, mode: 'number' }).notNull(),
    storageCapacity: numeric('storage_capacity', { precision: 10, scale: 3, mode: 'number' }),
    gridConnectionDate: date('grid_connection_date'),
    buildDate: date('build_date'),
    tilt: doublePrecision('tilt'),
    azimuth: doublePrecision('azimuth'),
    feedInPrice: numeric('feed_in_price', { precision: 10, scale: 4, mode: 'number' }),
    purchasePrice: numeric('purchase_price', { precision: 10, scale: 4, mode: 'number' }),
    currency: varchar('currency', { length: 3 }).notNull().default('EUR'),
    countryCode: varchar('country_code', { length: 2 }),
    regionCode: varchar('region_code', { length: 20 }),
    address: varchar('address', { length: 255 }),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    timezone: varchar('timezone', { length: 40 }).notNull().default('Europe/Berlin'),
    picture: varchar('picture', { length: 200 }),
    ownerName: varchar('owner_name', { length: 64 }),
    ownerContactType: varchar('owner_contact_type', { length: 8 }).$type<ContactType>(),
    ownerContact: varchar('owner_contact', { length: 254 }),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('plants_no_uq').on(t.plantNo),
    index('plants_org_idx').on(t.orgId),
    index('plants_owner_idx').on(t.ownerUserId),
    // The plant list's order, newest first. NULLS FIRST is what ORDER BY … DESC means: drizzle's bare
    // .desc() writes NULLS LAST, an order no such query can read from the index.
    index('plants_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Serving a picture asks which plants show it (scope check) and whether any still does (clean-up).
    index('plants_picture_idx').on(t.picture).where(sql`${t.picture} IS NOT NULL`),
  ],
);

/**
 * Uploaded plant pictures (DATA_DIR/files/pictures/<name>) and the organisation that uploaded them: a plant
 * may show only a picture of its managing caller's reach, never another tenant's.
 */
export const pictures = pgTable(
  'pictures',
  {
    name: varchar('name', { length: 40 }).primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pictures_org_idx').on(t.orgId)],
);

/** A data collector. It signs in to MQTT with its serial number and a secret of its own (only a hash is kept). */
export const dongles = pgTable(
  'dongles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sn: varchar('sn', { length: 32 }).notNull(),
    plantId: integer('plant_id')
      .notNull()
      .references(() => plants.id, { onDelete: 'cascade' }),
    /** SHA-256 of a 256-bit random secret: a fast hash is enough for a secret nobody chose. */
    secretHash: varchar('secret_hash', { length: 64 }).notNull(),
    networkingMode: varchar('networking_mode', { length: 8 })
      .$type<NetworkingMode>()
      .notNull()
      .default('WIFI'),
    version: varchar('version', { length: 32 }),
    status: varchar('status', { length: 16 }).$type<DeviceStatus>().notNull().default('NOT_CONNECTED'),
    /** Seconds between telemetry messages, as observed; offline after three missed. */
    intervalSeconds: integer('interval_seconds').notNull().default(60),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /** Device time of the newest telemetry message: the gap to the next one feeds `intervalSeconds`. */
    lastTelemetryAt: timestamp('last_telemetry_at', { withTimezone: true }),
    /** The latest gap between two of its messages (seconds): a dongle slower than its interval is not silent. */
    lastGapSeconds: integer('last_gap_seconds'),
    previousGapSeconds: integer('previous_gap_seconds'),
    /** When it counts as silent unless it reports: kept by a trigger (migration 0025) for the sweeper's index. */
    offlineAfter: timestamp('offline_after', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('dongles_sn_uq').on(t.sn),
    index('dongles_plant_idx').on(t.plantId),
    index('dongles_deadline_idx').on(t.offlineAfter).where(sql`status = 'ONLINE'`),
  ],
);

export const devices = pgTable(
  'devices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sn: varchar('sn', { length: 32 }).notNull(),
    dongleId: integer('dongle_id')
      .notNull()
      .references(() => dongles.id, { onDelete: 'cascade' }),
    plantId: integer('plant_id')
      .notNull()
      .references(() => plants.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 16 }).$type<DeviceKind>().notNull(),
    manufacturer: varchar('manufacturer', { length: 64 }),
    model: varchar('model', { length: 64 }),
    inverterType: varchar('inverter_type', { length: 16 }).$type<InverterType>(),
    ratedPower: integer('rated_power'),
    /** The device's address on its dongle's bus (Modbus 1–247), as the installer set it; null if not given. */
    deviceAddress: smallint('device_address'),
    /** Firmware versions reported by the device: inverter, dongle, safety, hmi (and battery BMS…). */
    versions: jsonb('versions').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    status: varchar('status', { length: 16 }).$type<DeviceStatus>().notNull().default('NOT_CONNECTED'),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /**
     * Device time after which it counts as silent (its dongle's interval at its last reading), kept by a
     * trigger (migration 0025) for the sweeper's index.
     */
    offlineAfter: timestamp('offline_after', { withTimezone: true }),
    /**
     * Since when the serial number reports in this position: the time of its last replacement (null: since
     * the position was registered). Ingest refuses readings of the position from before it (decision 024).
     */
    snSince: timestamp('sn_since', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('devices_sn_uq').on(t.sn),
    index('devices_plant_idx').on(t.plantId),
    index('devices_dongle_idx').on(t.dongleId),
    index('devices_deadline_idx').on(t.offlineAfter).where(sql`status IN ('ONLINE', 'ABNORMAL', 'FAULT')`),
  ],
);

/**
 * Raw samples, partitioned by month on `ts` (the migration adds PARTITION BY; drizzle-kit cannot say it).
 * The key (device, ts) makes a re-delivered message a no-op.
 */
export const telemetrySamples = pgTable(
  'telemetry_samples',
  {
    deviceId: integer('device_id').notNull(),
    ts: timestamp('ts', { withTimezone: true }).notNull(),
    data: jsonb('data').$type<Record<string, number>>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.ts] })],
);

/**
 * Readings metering set aside (domain/energy.ts, judgeReading; decision 031), with the reason, and the
 * verdict of a person who looked at one: null while only the rule has judged it, ACCEPTED (it was real:
 * metered without a bound) or REJECTED (kept out). The sample itself stays in telemetry_samples; one
 * stamped before its plant existed is never stored there, and keeps its data here instead.
 */
export const setAsideReadings = pgTable(
  'set_aside_readings',
  {
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    ts: timestamp('ts', { withTimezone: true }).notNull(),
    reason: varchar('reason', { length: 16 }).$type<SetAsideReason>().notNull(),
    counter: varchar('counter', { length: 32 }),
    value: doublePrecision('value'),
    reference: doublePrecision('reference'),
    /** Only for BEFORE_PLANT: the sample as it came. */
    data: jsonb('data').$type<Record<string, number>>(),
    decision: varchar('decision', { length: 8 }).$type<ReadingDecisionKind>(),
    decidedBy: integer('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** Why the person decided so (migration 0037). */
    note: varchar('note', { length: 500 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.deviceId, t.ts] }),
    // The data-quality alarm's look at what was set aside lately and is still undecided (alarm-readings.ts).
    index('set_aside_readings_open_idx').on(t.createdAt).where(sql`decision IS NULL`),
  ],
);

/** The newest values of each device, one row each. */
export const deviceLatest = pgTable('device_latest', {
  deviceId: integer('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  ts: timestamp('ts', { withTimezone: true }).notNull(),
  data: jsonb('data').$type<Record<string, number>>().notNull(),
});

const energyColumns = {
  generation: doublePrecision('generation').notNull().default(0),
  consumption: doublePrecision('consumption').notNull().default(0),
  charge: doublePrecision('charge').notNull().default(0),
  discharge: doublePrecision('discharge').notNull().default(0),
  feedIn: doublePrecision('feed_in').notNull().default(0),
  purchase: doublePrecision('purchase').notNull().default(0),
};

/** Energy of a device per local day, from its daily counters (the largest value seen that day). */
export const deviceEnergyDaily = pgTable(
  'device_energy_daily',
  {
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    ...energyColumns,
    /**
     * The daylight 5-minute intervals of the day in which the inverter reported, one bit each from local
     * midnight (domain/daylight.ts); OR-ed on every write, so a resent message changes nothing.
     */
    daylightSeen: bit('daylight_seen', { dimensions: MAX_DAY_INTERVALS })
      .notNull()
      .default(sql`repeat('0', 300)::bit(300)`),
    /**
     * Of those, the intervals in which the inverter was able to produce (IEC 61724-1 availability,
     * docs/reports.md): always a subset of daylight_seen, OR-ed alike.
     */
    daylightAvailable: bit('daylight_available', { dimensions: MAX_DAY_INTERVALS })
      .notNull()
      .default(sql`repeat('0', 300)::bit(300)`),
    /**
     * The money of the day's energy, priced per metering interval at the plant's tariff (decision 023):
     * feed-in × feed-in price, and signed self-consumption × purchase price. The plant day's revenue is
     * their sums over its inverters, the second never below 0 (domain/tariff.ts, revenueOfValues).
     */
    feedInValue: doublePrecision('feed_in_value').notNull().default(0),
    selfValue: doublePrecision('self_value').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.day] })],
);

/** Energy of a plant per local day (sum of its inverters) with the revenue at the plant's prices. */
export const plantEnergyDaily = pgTable(
  'plant_energy_daily',
  {
    plantId: integer('plant_id')
      .notNull()
      .references(() => plants.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    ...energyColumns,
    revenue: doublePrecision('revenue').notNull().default(0),
    /** Daylight intervals with data, summed over the plant's inverters (data availability). */
    daylightSeen: integer('daylight_seen').notNull().default(0),
    /** Of those, the intervals in which the inverter was able to produce (availability). */
    daylightAvailable: integer('daylight_available').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.plantId, t.day] })],
);

/**
 * The daily rows summed per calendar month (`month` is its first day), kept by a trigger on
 * plant_energy_daily (migration 0009) whatever writes the days, so month, year and lifetime reports
 * read a twelfth of the rows.
 */
export const plantEnergyMonthly = pgTable(
  'plant_energy_monthly',
  {
    plantId: integer('plant_id')
      .notNull()
      .references(() => plants.id, { onDelete: 'cascade' }),
    month: date('month').notNull(),
    ...energyColumns,
    revenue: doublePrecision('revenue').notNull().default(0),
    daylightSeen: integer('daylight_seen').notNull().default(0),
    daylightAvailable: integer('daylight_available').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.plantId, t.month] })],
);

/**
 * Each plant's generation summed over all its stored days, kept by a trigger on plant_energy_daily
 * (migration 0022), so that the dashboard groups lifetime generation by country at one row per plant.
 */
export const plantEnergyTotal = pgTable('plant_energy_total', {
  plantId: integer('plant_id')
    .primaryKey()
    .references(() => plants.id, { onDelete: 'cascade' }),
  generation: doublePrecision('generation').notNull().default(0),
});

/**
 * The plants' daily roll-ups summed per managing organisation, currency and time zone (each plant's own
 * local days), kept by triggers on plant_energy_daily and plants (migration 0011), so that the dashboard
 * of a dealer with thousands of plants reads a few rows per organisation and day instead of one per plant
 * and day. Self-consumption is summed per plant and day (generation − feed-in, never negative).
 * `shard` is the plant id modulo 4, as ingest's lanes split plants on PostgreSQL (ingestLanes): lanes
 * committing side by side then never write the same row; readers sum the shards.
 */
export const orgEnergyDaily = pgTable(
  'org_energy_daily',
  {
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    currency: varchar('currency', { length: 3 }).notNull(),
    timezone: varchar('timezone', { length: 40 }).notNull(),
    day: date('day').notNull(),
    shard: smallint('shard').notNull(),
    generation: doublePrecision('generation').notNull().default(0),
    consumption: doublePrecision('consumption').notNull().default(0),
    feedIn: doublePrecision('feed_in').notNull().default(0),
    purchase: doublePrecision('purchase').notNull().default(0),
    selfConsumption: doublePrecision('self_consumption').notNull().default(0),
    revenue: doublePrecision('revenue').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.day, t.currency, t.timezone, t.shard] })],
);

/**
 * "Power now" of each plant (domain/power-now.ts), kept by the writers that change it
 * (domain/power-now-rollup.ts) and created with the plant by trigger (migration 0026). `freshUntil` is
 * when the first of its contributing inverters stops describing now (null: not before a change that
 * refreshes the row); a reader computes a row past it live (docs/energy.md "Power now").
 */
export const plantPowerNow = pgTable(
  'plant_power_now',
  {
    plantId: integer('plant_id')
      .primaryKey()
      .references(() => plants.id, { onDelete: 'cascade' }),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    inverters: integer('inverters').notNull().default(0),
    ts: timestamp('ts', { withTimezone: true }),
    pv: doublePrecision('pv').notNull().default(0),
    grid: doublePrecision('grid').notNull().default(0),
    load: doublePrecision('load').notNull().default(0),
    battery: doublePrecision('battery').notNull().default(0),
    freshUntil: timestamp('fresh_until', { withTimezone: true }),
  },
  (t) => [
    index('plant_power_now_org_pv_idx').on(t.orgId, t.pv.desc().nullsFirst(), t.plantId),
    index('plant_power_now_org_ts_idx').on(t.orgId, t.ts.desc().nullsLast()),
    index('plant_power_now_fresh_until_idx').on(t.freshUntil).where(sql`fresh_until IS NOT NULL`),
  ],
);

/**
 * plant_power_now summed per organisation and shard (plant id mod 4, as org_energy_daily), kept by
 * trigger (migration 0026): a dealer's fleet flow reads a few rows per organisation.
 */
export const orgPowerNow = pgTable(
  'org_power_now',
  {
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    shard: smallint('shard').notNull(),
    inverters: integer('inverters').notNull().default(0),
    pv: doublePrecision('pv').notNull().default(0),
    grid: doublePrecision('grid').notNull().default(0),
    load: doublePrecision('load').notNull().default(0),
    battery: doublePrecision('battery').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.shard] })],
);
