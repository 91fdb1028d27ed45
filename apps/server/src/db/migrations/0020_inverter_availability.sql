-- Availability as IEC 61724-1 means it (docs/reports.md): per inverter day, the daylight intervals with
-- data in which the inverter was able to produce, beside those with data. Days written before this kept
-- no state: their intervals with data count as available (energy:recompute rebuilds them from the raw
-- samples that are still kept).
ALTER TABLE "device_energy_daily" ADD COLUMN "daylight_available" bit(300) DEFAULT repeat('0', 300)::bit(300) NOT NULL;
--> statement-breakpoint
ALTER TABLE "plant_energy_daily" ADD COLUMN "daylight_available" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "plant_energy_monthly" ADD COLUMN "daylight_available" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- Ingest and the recomputation look up, per reading, whether a fault the inverter reported covered it.
CREATE INDEX "alarms_device_fault_idx" ON "alarms" USING btree ("device_id", "started_at")
  WHERE kind = 'EVENT' AND alarm_level IN ('SERIOUS', 'ERROR');
--> statement-breakpoint
CREATE OR REPLACE FUNCTION plant_energy_monthly_add() RETURNS trigger AS $$
BEGIN
  INSERT INTO plant_energy_monthly AS m
    (plant_id, month, generation, consumption, charge, discharge, feed_in, purchase, revenue, daylight_seen,
      daylight_available)
  SELECT plant_id, date_trunc('month', day)::date, sum(generation), sum(consumption), sum(charge),
    sum(discharge), sum(feed_in), sum(purchase), sum(revenue), sum(daylight_seen), sum(daylight_available)
  FROM new_days GROUP BY 1, 2
  ON CONFLICT (plant_id, month) DO UPDATE SET
    generation = m.generation + excluded.generation, consumption = m.consumption + excluded.consumption,
    charge = m.charge + excluded.charge, discharge = m.discharge + excluded.discharge,
    feed_in = m.feed_in + excluded.feed_in, purchase = m.purchase + excluded.purchase,
    revenue = m.revenue + excluded.revenue, daylight_seen = m.daylight_seen + excluded.daylight_seen,
    daylight_available = m.daylight_available + excluded.daylight_available;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION plant_energy_monthly_change() RETURNS trigger AS $$
BEGIN
  INSERT INTO plant_energy_monthly AS m
    (plant_id, month, generation, consumption, charge, discharge, feed_in, purchase, revenue, daylight_seen,
      daylight_available)
  SELECT plant_id, month, sum(generation), sum(consumption), sum(charge), sum(discharge), sum(feed_in),
    sum(purchase), sum(revenue), sum(daylight_seen), sum(daylight_available)
  FROM (
    SELECT plant_id, date_trunc('month', day)::date AS month, generation, consumption, charge, discharge,
      feed_in, purchase, revenue, daylight_seen, daylight_available
    FROM new_days
    UNION ALL
    SELECT plant_id, date_trunc('month', day)::date, -generation, -consumption, -charge, -discharge,
      -feed_in, -purchase, -revenue, -daylight_seen, -daylight_available
    FROM old_days) d
  GROUP BY 1, 2
  ON CONFLICT (plant_id, month) DO UPDATE SET
    generation = m.generation + excluded.generation, consumption = m.consumption + excluded.consumption,
    charge = m.charge + excluded.charge, discharge = m.discharge + excluded.discharge,
    feed_in = m.feed_in + excluded.feed_in, purchase = m.purchase + excluded.purchase,
    revenue = m.revenue + excluded.revenue, daylight_seen = m.daylight_seen + excluded.daylight_seen,
    daylight_available = m.daylight_available + excluded.daylight_available;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION plant_energy_monthly_remove() RETURNS trigger AS $$
BEGIN
  UPDATE plant_energy_monthly m SET
    generation = m.generation - d.generation, consumption = m.consumption - d.consumption,
    charge = m.charge - d.charge, discharge = m.discharge - d.discharge,
    feed_in = m.feed_in - d.feed_in, purchase = m.purchase - d.purchase,
    revenue = m.revenue - d.revenue, daylight_seen = m.daylight_seen - d.daylight_seen,
    daylight_available = m.daylight_available - d.daylight_available
  FROM (
    SELECT plant_id, date_trunc('month', day)::date AS month, sum(generation) AS generation,
      sum(consumption) AS consumption, sum(charge) AS charge, sum(discharge) AS discharge,
      sum(feed_in) AS feed_in, sum(purchase) AS purchase, sum(revenue) AS revenue,
      sum(daylight_seen) AS daylight_seen, sum(daylight_available) AS daylight_available
    FROM old_days GROUP BY 1, 2) d
  WHERE m.plant_id = d.plant_id AND m.month = d.month;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- The history so far: every interval with data available. Set in the days, the months follow by trigger.
UPDATE device_energy_daily SET daylight_available = daylight_seen WHERE bit_count(daylight_seen) > 0;
--> statement-breakpoint
UPDATE plant_energy_daily SET daylight_available = daylight_seen WHERE daylight_seen > 0;
