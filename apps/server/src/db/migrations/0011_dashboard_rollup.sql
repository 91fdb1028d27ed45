CREATE TABLE "org_energy_daily" (
	"org_id" integer NOT NULL,
	"currency" varchar(3) NOT NULL,
	"timezone" varchar(40) NOT NULL,
	"day" date NOT NULL,
	"shard" smallint NOT NULL,
	"generation" double precision DEFAULT 0 NOT NULL,
	"consumption" double precision DEFAULT 0 NOT NULL,
	"feed_in" double precision DEFAULT 0 NOT NULL,
	"purchase" double precision DEFAULT 0 NOT NULL,
	"self_consumption" double precision DEFAULT 0 NOT NULL,
	"revenue" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "org_energy_daily_org_id_day_currency_timezone_shard_pk" PRIMARY KEY("org_id","day","currency","timezone","shard")
);
--> statement-breakpoint
DROP INDEX "alarms_plant_started_idx";--> statement-breakpoint
DROP INDEX "alarms_started_idx";--> statement-breakpoint
ALTER TABLE "org_energy_daily" ADD CONSTRAINT "org_energy_daily_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alarms_ongoing_started_idx" ON "alarms" USING btree ("started_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE status = 'ONGOING';--> statement-breakpoint
CREATE INDEX "plants_created_idx" ON "plants" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "alarms_plant_started_idx" ON "alarms" USING btree ("plant_id","started_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "alarms_started_idx" ON "alarms" USING btree ("started_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- org_energy_daily follows plant_energy_daily by statement, as plant_energy_monthly does (0010): the days
-- a statement wrote, summed per plant's organisation, currency, time zone and shard (plant id mod 4, the
-- split of ingest's lanes, so that lanes committing side by side never wait for each other's rows), added
-- as deltas (new − old) so that concurrent writers never overwrite each other. Rows are upserted in key
-- order: two writers that do meet on rows take their locks in the same order.
CREATE FUNCTION org_energy_daily_add() RETURNS trigger AS $$
BEGIN
  INSERT INTO org_energy_daily AS o (org_id, currency, timezone, day, shard, generation, consumption, feed_in,
    purchase, self_consumption, revenue)
  SELECT p.org_id, p.currency, p.timezone, d.day, d.plant_id % 4, sum(d.generation), sum(d.consumption),
    sum(d.feed_in), sum(d.purchase), sum(greatest(d.generation - d.feed_in, 0)), sum(d.revenue)
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
CREATE FUNCTION org_energy_daily_change() RETURNS trigger AS $$
BEGIN
  INSERT INTO org_energy_daily AS o (org_id, currency, timezone, day, shard, generation, consumption, feed_in,
    purchase, self_consumption, revenue)
  SELECT p.org_id, p.currency, p.timezone, d.day, d.plant_id % 4, sum(d.generation), sum(d.consumption),
    sum(d.feed_in), sum(d.purchase), sum(d.self_consumption), sum(d.revenue)
  FROM (
    SELECT plant_id, day, generation, consumption, feed_in, purchase,
      greatest(generation - feed_in, 0) AS self_consumption, revenue
    FROM new_days
    UNION ALL
    SELECT plant_id, day, -generation, -consumption, -feed_in, -purchase,
      -greatest(generation - feed_in, 0), -revenue
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
-- Days deleted with their plant are not found here (the plant's row is gone when the cascade runs): the
-- plant took them out of its organisation's rows before it went (org_energy_daily_plant_gone).
CREATE FUNCTION org_energy_daily_remove() RETURNS trigger AS $$
BEGIN
  UPDATE org_energy_daily o SET
    generation = o.generation - d.generation, consumption = o.consumption - d.consumption,
    feed_in = o.feed_in - d.feed_in, purchase = o.purchase - d.purchase,
    self_consumption = o.self_consumption - d.self_consumption, revenue = o.revenue - d.revenue
  FROM (
    SELECT p.org_id, p.currency, p.timezone, d.day, d.plant_id % 4 AS shard, sum(d.generation) AS generation,
      sum(d.consumption) AS consumption, sum(d.feed_in) AS feed_in, sum(d.purchase) AS purchase,
      sum(greatest(d.generation - d.feed_in, 0)) AS self_consumption, sum(d.revenue) AS revenue
    FROM old_days d JOIN plants p ON p.id = d.plant_id
    GROUP BY 1, 2, 3, 4, 5) d
  WHERE o.org_id = d.org_id AND o.day = d.day AND o.currency = d.currency AND o.timezone = d.timezone
    AND o.shard = d.shard;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER org_energy_daily_add AFTER INSERT ON plant_energy_daily
  REFERENCING NEW TABLE AS new_days FOR EACH STATEMENT EXECUTE FUNCTION org_energy_daily_add();
--> statement-breakpoint
CREATE TRIGGER org_energy_daily_change AFTER UPDATE ON plant_energy_daily
  REFERENCING OLD TABLE AS old_days NEW TABLE AS new_days FOR EACH STATEMENT EXECUTE FUNCTION org_energy_daily_change();
--> statement-breakpoint
CREATE TRIGGER org_energy_daily_remove AFTER DELETE ON plant_energy_daily
  REFERENCING OLD TABLE AS old_days FOR EACH STATEMENT EXECUTE FUNCTION org_energy_daily_remove();
--> statement-breakpoint
-- A plant that changes organisation, currency or time zone takes its days along.
CREATE FUNCTION org_energy_daily_plant_moved() RETURNS trigger AS $$
BEGIN
  INSERT INTO org_energy_daily AS o (org_id, currency, timezone, day, shard, generation, consumption, feed_in,
    purchase, self_consumption, revenue)
  SELECT k.org_id, k.currency, k.timezone, d.day, NEW.id % 4, sum(k.sign * d.generation),
    sum(k.sign * d.consumption), sum(k.sign * d.feed_in), sum(k.sign * d.purchase),
    sum(k.sign * greatest(d.generation - d.feed_in, 0)), sum(k.sign * d.revenue)
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
CREATE TRIGGER org_energy_daily_plant_moved AFTER UPDATE OF org_id, currency, timezone ON plants
  FOR EACH ROW WHEN (OLD.org_id IS DISTINCT FROM NEW.org_id OR OLD.currency IS DISTINCT FROM NEW.currency
    OR OLD.timezone IS DISTINCT FROM NEW.timezone)
  EXECUTE FUNCTION org_energy_daily_plant_moved();
--> statement-breakpoint
CREATE FUNCTION org_energy_daily_plant_gone() RETURNS trigger AS $$
BEGIN
  UPDATE org_energy_daily o SET
    generation = o.generation - d.generation, consumption = o.consumption - d.consumption,
    feed_in = o.feed_in - d.feed_in, purchase = o.purchase - d.purchase,
    self_consumption = o.self_consumption - d.self_consumption, revenue = o.revenue - d.revenue
  FROM (
    SELECT day, sum(generation) AS generation, sum(consumption) AS consumption, sum(feed_in) AS feed_in,
      sum(purchase) AS purchase, sum(greatest(generation - feed_in, 0)) AS self_consumption,
      sum(revenue) AS revenue
    FROM plant_energy_daily WHERE plant_id = OLD.id GROUP BY day) d
  WHERE o.org_id = OLD.org_id AND o.currency = OLD.currency AND o.timezone = OLD.timezone
    AND o.day = d.day AND o.shard = OLD.id % 4;
  RETURN OLD;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER org_energy_daily_plant_gone BEFORE DELETE ON plants
  FOR EACH ROW EXECUTE FUNCTION org_energy_daily_plant_gone();
--> statement-breakpoint
INSERT INTO org_energy_daily (org_id, currency, timezone, day, shard, generation, consumption, feed_in,
  purchase, self_consumption, revenue)
SELECT p.org_id, p.currency, p.timezone, d.day, d.plant_id % 4, sum(d.generation), sum(d.consumption),
  sum(d.feed_in), sum(d.purchase), sum(greatest(d.generation - d.feed_in, 0)), sum(d.revenue)
FROM plant_energy_daily d JOIN plants p ON p.id = d.plant_id
GROUP BY 1, 2, 3, 4, 5;
