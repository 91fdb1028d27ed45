-- Self-consumption no longer counts battery round-trip losses as savings (decision 012): it is the
-- generation not fed in, less what went into the battery, plus what came out of it, never negative. The
-- organisation roll-up's triggers (0011) derive it with that formula now; the plant days' revenue (feed-in
-- at the feed-in price plus self-consumption at the purchase price) is recomputed, which the monthly and
-- organisation triggers follow; and the organisation rows are rebuilt, since their stored self-consumption
-- was summed with the old formula.
CREATE OR REPLACE FUNCTION org_energy_daily_add() RETURNS trigger AS $$
BEGIN
  INSERT INTO org_energy_daily AS o (org_id, currency, timezone, day, shard, generation, consumption, feed_in,
    purchase, self_consumption, revenue)
  SELECT p.org_id, p.currency, p.timezone, d.day, d.plant_id % 4, sum(d.generation), sum(d.consumption),
    sum(d.feed_in), sum(d.purchase), sum(greatest(d.generation - d.feed_in - d.charge + d.discharge, 0)), sum(d.revenue)
  FROM new_days d JOIN plants p ON p.id = d.plant_id
  GROUP BY 1, 2, 3, 4, 5
  ORDER BY 1, 4, 2, 3, 5
  ON CONFLICT (org_id, day, currency, timezone, shard) DO UPDATE SET
    generation = o.generation + excluded.generation, consumption = o.consumption + excluded.consumption,
    feed_in = o.feed_in + excluded.feed_in, purchase = o.purchase + excluded.purchase,
    self_consumption = o.self_consumption + excluded.self_consumption, revenue = o.revenue + excluded.revenue;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION org_energy_daily_change() RETURNS trigger AS $$
BEGIN
  INSERT INTO org_energy_daily AS o (org_id, currency, timezone, day, shard, generation, consumption, feed_in,
    purchase, self_consumption, revenue)
  SELECT p.org_id, p.currency, p.timezone, d.day, d.plant_id % 4, sum(d.generation), sum(d.consumption),
    sum(d.feed_in), sum(d.purchase), sum(d.self_consumption), sum(d.revenue)
  FROM (
    SELECT plant_id, day, generation, consumption, feed_in, purchase,
      greatest(generation - feed_in - charge + discharge, 0) AS self_consumption, revenue
    FROM new_days
    UNION ALL
    SELECT plant_id, day, -generation, -consumption, -feed_in, -purchase,
      -greatest(generation - feed_in - charge + discharge, 0), -revenue
    FROM old_days) d
  JOIN plants p ON p.id = d.plant_id
  GROUP BY 1, 2, 3, 4, 5
  ORDER BY 1, 4, 2, 3, 5
  ON CONFLICT (org_id, day, currency, timezone, shard) DO UPDATE SET
    generation = o.generation + excluded.generation, consumption = o.consumption + excluded.consumption,
    feed_in = o.feed_in + excluded.feed_in, purchase = o.purchase + excluded.purchase,
    self_consumption = o.self_consumption + excluded.self_consumption, revenue = o.revenue + excluded.revenue;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION org_energy_daily_remove() RETURNS trigger AS $$
BEGIN
  UPDATE org_energy_daily o SET
    generation = o.generation - d.generation, consumption = o.consumption - d.consumption,
    feed_in = o.feed_in - d.feed_in, purchase = o.purchase - d.purchase,
    self_consumption = o.self_consumption - d.self_consumption, revenue = o.revenue - d.revenue
  FROM (
    SELECT p.org_id, p.currency, p.timezone, d.day, d.plant_id % 4 AS shard, sum(d.generation) AS generation,
      sum(d.consumption) AS consumption, sum(d.feed_in) AS feed_in, sum(d.purchase) AS purchase,
      sum(greatest(d.generation - d.feed_in - d.charge + d.discharge, 0)) AS self_consumption, sum(d.revenue) AS revenue
    FROM old_days d JOIN plants p ON p.id = d.plant_id
    GROUP BY 1, 2, 3, 4, 5) d
  WHERE o.org_id = d.org_id AND o.day = d.day AND o.currency = d.currency AND o.timezone = d.timezone
    AND o.shard = d.shard;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION org_energy_daily_plant_moved() RETURNS trigger AS $$
BEGIN
  INSERT INTO org_energy_daily AS o (org_id, currency, timezone, day, shard, generation, consumption, feed_in,
    purchase, self_consumption, revenue)
  SELECT k.org_id, k.currency, k.timezone, d.day, NEW.id % 4, sum(k.sign * d.generation),
    sum(k.sign * d.consumption), sum(k.sign * d.feed_in), sum(k.sign * d.purchase),
    sum(k.sign * greatest(d.generation - d.feed_in - d.charge + d.discharge, 0)), sum(k.sign * d.revenue)
  FROM plant_energy_daily d
  CROSS JOIN (VALUES (OLD.org_id, OLD.currency::text, OLD.timezone::text, -1),
    (NEW.org_id, NEW.currency::text, NEW.timezone::text, 1)) AS k(org_id, currency, timezone, sign)
  WHERE d.plant_id = NEW.id
  GROUP BY 1, 2, 3, 4, 5
  ORDER BY 1, 4, 2, 3, 5
  ON CONFLICT (org_id, day, currency, timezone, shard) DO UPDATE SET
    generation = o.generation + excluded.generation, consumption = o.consumption + excluded.consumption,
    feed_in = o.feed_in + excluded.feed_in, purchase = o.purchase + excluded.purchase,
    self_consumption = o.self_consumption + excluded.self_consumption, revenue = o.revenue + excluded.revenue;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION org_energy_daily_plant_gone() RETURNS trigger AS $$
BEGIN
  UPDATE org_energy_daily o SET
    generation = o.generation - d.generation, consumption = o.consumption - d.consumption,
    feed_in = o.feed_in - d.feed_in, purchase = o.purchase - d.purchase,
    self_consumption = o.self_consumption - d.self_consumption, revenue = o.revenue - d.revenue
  FROM (
    SELECT day, sum(generation) AS generation, sum(consumption) AS consumption, sum(feed_in) AS feed_in,
      sum(purchase) AS purchase, sum(greatest(generation - feed_in - charge + discharge, 0)) AS self_consumption,
      sum(revenue) AS revenue
    FROM plant_energy_daily WHERE plant_id = OLD.id GROUP BY day) d
  WHERE o.org_id = OLD.org_id AND o.currency = OLD.currency AND o.timezone = OLD.timezone
    AND o.day = d.day AND o.shard = OLD.id % 4;
  RETURN OLD;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
UPDATE plant_energy_daily d SET revenue = d.feed_in * coalesce(p.feed_in_price, 0)
  + greatest(d.generation - d.feed_in - d.charge + d.discharge, 0) * coalesce(p.purchase_price, 0)
FROM plants p
WHERE p.id = d.plant_id AND d.revenue IS DISTINCT FROM d.feed_in * coalesce(p.feed_in_price, 0)
  + greatest(d.generation - d.feed_in - d.charge + d.discharge, 0) * coalesce(p.purchase_price, 0);
--> statement-breakpoint
DELETE FROM org_energy_daily;
--> statement-breakpoint
INSERT INTO org_energy_daily (org_id, currency, timezone, day, shard, generation, consumption, feed_in,
  purchase, self_consumption, revenue)
SELECT p.org_id, p.currency, p.timezone, d.day, d.plant_id % 4, sum(d.generation), sum(d.consumption),
  sum(d.feed_in), sum(d.purchase), sum(greatest(d.generation - d.feed_in - d.charge + d.discharge, 0)), sum(d.revenue)
FROM plant_energy_daily d JOIN plants p ON p.id = d.plant_id
GROUP BY 1, 2, 3, 4, 5;
