-- Rows ingest rewrites with every message (a device's newest reading and last contact, its dongle, the
-- day's energy) keep room on their page, so that an update stays on the page (a HOT update: no index
-- touched) instead of adding a tuple to every index. Applies to pages written from now on.
ALTER TABLE devices SET (fillfactor = 70);
--> statement-breakpoint
ALTER TABLE dongles SET (fillfactor = 70);
--> statement-breakpoint
ALTER TABLE device_latest SET (fillfactor = 50);
--> statement-breakpoint
ALTER TABLE device_energy_daily SET (fillfactor = 70);
--> statement-breakpoint
ALTER TABLE plant_energy_daily SET (fillfactor = 70);
--> statement-breakpoint
ALTER TABLE plant_energy_monthly SET (fillfactor = 70);
--> statement-breakpoint
-- plant_energy_monthly follows plant_energy_daily by statement, not by row: ingest writes hundreds of
-- plant days per batch, and one set-based delta per statement costs what one row's did. Still deltas
-- (new − old), so concurrent writers of days of one month never overwrite each other.
DROP TRIGGER IF EXISTS plant_energy_monthly_follow ON plant_energy_daily;
--> statement-breakpoint
DROP FUNCTION IF EXISTS plant_energy_monthly_follow();
--> statement-breakpoint
CREATE FUNCTION plant_energy_monthly_add() RETURNS trigger AS $$
BEGIN
  INSERT INTO plant_energy_monthly AS m
    (plant_id, month, generation, consumption, charge, discharge, feed_in, purchase, revenue, daylight_seen)
  SELECT plant_id, date_trunc('month', day)::date, sum(generation), sum(consumption), sum(charge),
    sum(discharge), sum(feed_in), sum(purchase), sum(revenue), sum(daylight_seen)
  FROM new_days GROUP BY 1, 2
  ON CONFLICT (plant_id, month) DO UPDATE SET
    generation = m.generation + excluded.generation, consumption = m.consumption + excluded.consumption,
    charge = m.charge + excluded.charge, discharge = m.discharge + excluded.discharge,
    feed_in = m.feed_in + excluded.feed_in, purchase = m.purchase + excluded.purchase,
    revenue = m.revenue + excluded.revenue, daylight_seen = m.daylight_seen + excluded.daylight_seen;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION plant_energy_monthly_change() RETURNS trigger AS $$
BEGIN
  INSERT INTO plant_energy_monthly AS m
    (plant_id, month, generation, consumption, charge, discharge, feed_in, purchase, revenue, daylight_seen)
  SELECT plant_id, month, sum(generation), sum(consumption), sum(charge), sum(discharge), sum(feed_in),
    sum(purchase), sum(revenue), sum(daylight_seen)
  FROM (
    SELECT plant_id, date_trunc('month', day)::date AS month, generation, consumption, charge, discharge,
      feed_in, purchase, revenue, daylight_seen
    FROM new_days
    UNION ALL
    SELECT plant_id, date_trunc('month', day)::date, -generation, -consumption, -charge, -discharge,
      -feed_in, -purchase, -revenue, -daylight_seen
    FROM old_days) d
  GROUP BY 1, 2
  ON CONFLICT (plant_id, month) DO UPDATE SET
    generation = m.generation + excluded.generation, consumption = m.consumption + excluded.consumption,
    charge = m.charge + excluded.charge, discharge = m.discharge + excluded.discharge,
    feed_in = m.feed_in + excluded.feed_in, purchase = m.purchase + excluded.purchase,
    revenue = m.revenue + excluded.revenue, daylight_seen = m.daylight_seen + excluded.daylight_seen;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- A deleted day is only subtracted (its plant may be going, and with it its months).
CREATE FUNCTION plant_energy_monthly_remove() RETURNS trigger AS $$
BEGIN
  UPDATE plant_energy_monthly m SET
    generation = m.generation - d.generation, consumption = m.consumption - d.consumption,
    charge = m.charge - d.charge, discharge = m.discharge - d.discharge,
    feed_in = m.feed_in - d.feed_in, purchase = m.purchase - d.purchase,
    revenue = m.revenue - d.revenue, daylight_seen = m.daylight_seen - d.daylight_seen
  FROM (
    SELECT plant_id, date_trunc('month', day)::date AS month, sum(generation) AS generation,
      sum(consumption) AS consumption, sum(charge) AS charge, sum(discharge) AS discharge,
      sum(feed_in) AS feed_in, sum(purchase) AS purchase, sum(revenue) AS revenue,
      sum(daylight_seen) AS daylight_seen
    FROM old_days GROUP BY 1, 2) d
  WHERE m.plant_id = d.plant_id AND m.month = d.month;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER plant_energy_monthly_add AFTER INSERT ON plant_energy_daily
  REFERENCING NEW TABLE AS new_days FOR EACH STATEMENT EXECUTE FUNCTION plant_energy_monthly_add();
--> statement-breakpoint
CREATE TRIGGER plant_energy_monthly_change AFTER UPDATE ON plant_energy_daily
  REFERENCING OLD TABLE AS old_days NEW TABLE AS new_days FOR EACH STATEMENT EXECUTE FUNCTION plant_energy_monthly_change();
--> statement-breakpoint
CREATE TRIGGER plant_energy_monthly_remove AFTER DELETE ON plant_energy_daily
  REFERENCING OLD TABLE AS old_days FOR EACH STATEMENT EXECUTE FUNCTION plant_energy_monthly_remove();
