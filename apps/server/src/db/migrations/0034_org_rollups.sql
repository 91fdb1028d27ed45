CREATE TABLE "org_country_generation" (
	"org_id" integer NOT NULL,
	"country" varchar(2) NOT NULL,
	"shard" smallint NOT NULL,
	"generation" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "org_country_generation_org_id_country_shard_pk" PRIMARY KEY("org_id","country","shard")
);
--> statement-breakpoint
CREATE TABLE "org_energy_period" (
	"org_id" integer NOT NULL,
	"period" varchar(1) NOT NULL,
	"start" date NOT NULL,
	"currency" varchar(3) NOT NULL,
	"timezone" varchar(40) NOT NULL,
	"shard" smallint NOT NULL,
	"generation" double precision DEFAULT 0 NOT NULL,
	"consumption" double precision DEFAULT 0 NOT NULL,
	"feed_in" double precision DEFAULT 0 NOT NULL,
	"purchase" double precision DEFAULT 0 NOT NULL,
	"self_consumption" double precision DEFAULT 0 NOT NULL,
	"revenue" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "org_energy_period_org_id_period_start_currency_timezone_shard_pk" PRIMARY KEY("org_id","period","start","currency","timezone","shard")
);
--> statement-breakpoint
CREATE TABLE "org_plant_counts" (
	"org_id" integer NOT NULL,
	"currency" varchar(3) NOT NULL,
	"timezone" varchar(40) NOT NULL,
	"country" varchar(2) NOT NULL,
	"shard" smallint NOT NULL,
	"plants" integer DEFAULT 0 NOT NULL,
	"capacity" numeric DEFAULT 0 NOT NULL,
	"storage" numeric DEFAULT 0 NOT NULL,
	"offline" integer DEFAULT 0 NOT NULL,
	"normal" integer DEFAULT 0 NOT NULL,
	"warning" integer DEFAULT 0 NOT NULL,
	"fault" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "org_plant_counts_org_id_currency_timezone_country_shard_pk" PRIMARY KEY("org_id","currency","timezone","country","shard")
);
--> statement-breakpoint
ALTER TABLE "alarms" ADD COLUMN "org_id" integer;--> statement-breakpoint
ALTER TABLE "org_country_generation" ADD CONSTRAINT "org_country_generation_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_energy_period" ADD CONSTRAINT "org_energy_period_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_plant_counts" ADD CONSTRAINT "org_plant_counts_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alarms_org_started_idx" ON "alarms" USING btree ("org_id","started_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "alarms_org_ongoing_idx" ON "alarms" USING btree ("org_id","started_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE status = 'ONGOING';--> statement-breakpoint
-- Per-organisation roll-ups for the dashboard (decision 026, docs/dashboard.md): kept by statement triggers
-- with transition tables (one statement per writer's statement, proportional to its rows), deltas grouped
-- and upserted in key order, in the shards of org_energy_daily (plant id mod 4). Removals only subtract
-- (an organisation's cascade delete must not bring its rows back).
--
-- org_energy_period follows org_energy_daily: each day's delta goes to its lifetime ('T'), year ('Y') and
-- month ('M') rows, so every writer of plant days (ingest, recompute scripts, plant moves) keeps it.
CREATE FUNCTION org_energy_period_apply() RETURNS trigger AS $$
BEGIN
  INSERT INTO org_energy_period AS o (org_id, period, start, currency, timezone, shard, generation,
    consumption, feed_in, purchase, self_consumption, revenue)
  SELECT d.org_id, k.period, k.start, d.currency, d.timezone, d.shard, sum(d.generation), sum(d.consumption),
    sum(d.feed_in), sum(d.purchase), sum(d.self_consumption), sum(d.revenue)
  FROM (
    SELECT org_id, currency, timezone, day, shard, generation, consumption, feed_in, purchase,
      self_consumption, revenue FROM new_rows
    UNION ALL
    SELECT org_id, currency, timezone, day, shard, -generation, -consumption, -feed_in, -purchase,
      -self_consumption, -revenue FROM old_rows) d
  CROSS JOIN LATERAL (VALUES ('T', '-infinity'::date), ('Y', date_trunc('year', d.day)::date),
    ('M', date_trunc('month', d.day)::date)) AS k(period, start)
  GROUP BY 1, 2, 3, 4, 5, 6
  HAVING sum(d.generation) <> 0 OR sum(d.consumption) <> 0 OR sum(d.feed_in) <> 0 OR sum(d.purchase) <> 0
    OR sum(d.self_consumption) <> 0 OR sum(d.revenue) <> 0
  ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (org_id, period, start, currency, timezone, shard) DO UPDATE SET
    generation = o.generation + excluded.generation, consumption = o.consumption + excluded.consumption,
    feed_in = o.feed_in + excluded.feed_in, purchase = o.purchase + excluded.purchase,
    self_consumption = o.self_consumption + excluded.self_consumption, revenue = o.revenue + excluded.revenue;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION org_energy_period_add() RETURNS trigger AS $$
BEGIN
  INSERT INTO org_energy_period AS o (org_id, period, start, currency, timezone, shard, generation,
    consumption, feed_in, purchase, self_consumption, revenue)
  SELECT d.org_id, k.period, k.start, d.currency, d.timezone, d.shard, sum(d.generation), sum(d.consumption),
    sum(d.feed_in), sum(d.purchase), sum(d.self_consumption), sum(d.revenue)
  FROM new_rows d
  CROSS JOIN LATERAL (VALUES ('T', '-infinity'::date), ('Y', date_trunc('year', d.day)::date),
    ('M', date_trunc('month', d.day)::date)) AS k(period, start)
  GROUP BY 1, 2, 3, 4, 5, 6
  ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (org_id, period, start, currency, timezone, shard) DO UPDATE SET
    generation = o.generation + excluded.generation, consumption = o.consumption + excluded.consumption,
    feed_in = o.feed_in + excluded.feed_in, purchase = o.purchase + excluded.purchase,
    self_consumption = o.self_consumption + excluded.self_consumption, revenue = o.revenue + excluded.revenue;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION org_energy_period_remove() RETURNS trigger AS $$
BEGIN
  UPDATE org_energy_period o SET
    generation = o.generation - d.generation, consumption = o.consumption - d.consumption,
    feed_in = o.feed_in - d.feed_in, purchase = o.purchase - d.purchase,
    self_consumption = o.self_consumption - d.self_consumption, revenue = o.revenue - d.revenue
  FROM (
    SELECT r.org_id, k.period, k.start, r.currency, r.timezone, r.shard, sum(r.generation) AS generation,
      sum(r.consumption) AS consumption, sum(r.feed_in) AS feed_in, sum(r.purchase) AS purchase,
      sum(r.self_consumption) AS self_consumption, sum(r.revenue) AS revenue
    FROM old_rows r
    CROSS JOIN LATERAL (VALUES ('T', '-infinity'::date), ('Y', date_trunc('year', r.day)::date),
      ('M', date_trunc('month', r.day)::date)) AS k(period, start)
    GROUP BY 1, 2, 3, 4, 5, 6) d
  WHERE o.org_id = d.org_id AND o.period = d.period AND o.start = d.start AND o.currency = d.currency
    AND o.timezone = d.timezone AND o.shard = d.shard;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER org_energy_period_add AFTER INSERT ON org_energy_daily
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION org_energy_period_add();
--> statement-breakpoint
CREATE TRIGGER org_energy_period_change AFTER UPDATE ON org_energy_daily
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION org_energy_period_apply();
--> statement-breakpoint
CREATE TRIGGER org_energy_period_remove AFTER DELETE ON org_energy_daily
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION org_energy_period_remove();
--> statement-breakpoint
-- org_plant_counts follows the plants: a plant counts in the row of its organisation, currency, time zone,
-- country and shard, with its capacity, storage and status. An edit that moves none of these (most plant
-- updates) writes nothing. Status writers lock their plants first (domain/status-locks.ts) and change
-- statuses in one statement, so they take these rows after every plant lock and in key order.
CREATE FUNCTION org_plant_counts_apply() RETURNS trigger AS $$
BEGIN
  INSERT INTO org_plant_counts AS o (org_id, currency, timezone, country, shard, plants, capacity, storage,
    offline, normal, warning, fault)
  SELECT org_id, currency, timezone, country, shard, sum(n), sum(capacity), sum(storage), sum(offline),
    sum(normal), sum(warning), sum(fault)
  FROM (
    SELECT org_id, currency, timezone, coalesce(country_code, '') AS country, id % 4 AS shard, 1 AS n,
      installed_capacity AS capacity, coalesce(storage_capacity, 0) AS storage,
      (status = 'OFFLINE')::int AS offline, (status = 'NORMAL')::int AS normal,
      (status = 'WARNING')::int AS warning, (status = 'FAULT')::int AS fault
    FROM new_rows
    UNION ALL
    SELECT org_id, currency, timezone, coalesce(country_code, ''), id % 4, -1, -installed_capacity,
      -coalesce(storage_capacity, 0), -(status = 'OFFLINE')::int, -(status = 'NORMAL')::int,
      -(status = 'WARNING')::int, -(status = 'FAULT')::int
    FROM old_rows) d
  GROUP BY 1, 2, 3, 4, 5
  HAVING sum(n) <> 0 OR sum(capacity) <> 0 OR sum(storage) <> 0 OR sum(offline) <> 0 OR sum(normal) <> 0
    OR sum(warning) <> 0 OR sum(fault) <> 0
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (org_id, currency, timezone, country, shard) DO UPDATE SET
    plants = o.plants + excluded.plants, capacity = o.capacity + excluded.capacity,
    storage = o.storage + excluded.storage, offline = o.offline + excluded.offline,
    normal = o.normal + excluded.normal, warning = o.warning + excluded.warning, fault = o.fault + excluded.fault;
  -- A plant moved to another organisation or country takes its lifetime generation along.
  INSERT INTO org_country_generation AS o (org_id, country, shard, generation)
  SELECT org_id, country, shard, sum(generation)
  FROM (
    SELECT n.org_id, coalesce(n.country_code, '') AS country, n.id % 4 AS shard, t.generation
    FROM new_rows n JOIN old_rows p ON p.id = n.id JOIN plant_energy_total t ON t.plant_id = n.id
    WHERE (n.org_id, n.country_code) IS DISTINCT FROM (p.org_id, p.country_code)
    UNION ALL
    SELECT p.org_id, coalesce(p.country_code, ''), p.id % 4, -t.generation
    FROM new_rows n JOIN old_rows p ON p.id = n.id JOIN plant_energy_total t ON t.plant_id = n.id
    WHERE (n.org_id, n.country_code) IS DISTINCT FROM (p.org_id, p.country_code)) d
  GROUP BY 1, 2, 3
  HAVING sum(generation) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (org_id, country, shard) DO UPDATE SET generation = o.generation + excluded.generation;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION org_plant_counts_add() RETURNS trigger AS $$
BEGIN
  INSERT INTO org_plant_counts AS o (org_id, currency, timezone, country, shard, plants, capacity, storage,
    offline, normal, warning, fault)
  SELECT org_id, currency, timezone, coalesce(country_code, ''), id % 4, count(*), sum(installed_capacity),
    sum(coalesce(storage_capacity, 0)), count(*) FILTER (WHERE status = 'OFFLINE'),
    count(*) FILTER (WHERE status = 'NORMAL'), count(*) FILTER (WHERE status = 'WARNING'),
    count(*) FILTER (WHERE status = 'FAULT')
  FROM new_rows
  GROUP BY 1, 2, 3, 4, 5
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (org_id, currency, timezone, country, shard) DO UPDATE SET
    plants = o.plants + excluded.plants, capacity = o.capacity + excluded.capacity,
    storage = o.storage + excluded.storage, offline = o.offline + excluded.offline,
    normal = o.normal + excluded.normal, warning = o.warning + excluded.warning, fault = o.fault + excluded.fault;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION org_plant_counts_remove() RETURNS trigger AS $$
BEGIN
  UPDATE org_plant_counts o SET plants = o.plants - d.n, capacity = o.capacity - d.capacity,
    storage = o.storage - d.storage, offline = o.offline - d.offline, normal = o.normal - d.normal,
    warning = o.warning - d.warning, fault = o.fault - d.fault
  FROM (
    SELECT org_id, currency, timezone, coalesce(country_code, '') AS country, id % 4 AS shard, count(*) AS n,
      sum(installed_capacity) AS capacity, sum(coalesce(storage_capacity, 0)) AS storage,
      count(*) FILTER (WHERE status = 'OFFLINE') AS offline, count(*) FILTER (WHERE status = 'NORMAL') AS normal,
      count(*) FILTER (WHERE status = 'WARNING') AS warning, count(*) FILTER (WHERE status = 'FAULT') AS fault
    FROM old_rows GROUP BY 1, 2, 3, 4, 5) d
  WHERE o.org_id = d.org_id AND o.currency = d.currency AND o.timezone = d.timezone AND o.country = d.country
    AND o.shard = d.shard;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER org_plant_counts_add AFTER INSERT ON plants
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION org_plant_counts_add();
--> statement-breakpoint
CREATE TRIGGER org_plant_counts_change AFTER UPDATE ON plants
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION org_plant_counts_apply();
--> statement-breakpoint
CREATE TRIGGER org_plant_counts_remove AFTER DELETE ON plants
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION org_plant_counts_remove();
--> statement-breakpoint
-- org_country_generation follows plant_energy_total (the plant's row, joined for its organisation and
-- country). A deleted plant takes its generation out before it goes (its days' cascade then finds no plant,
-- as org_energy_daily_plant_gone does for the organisation days).
CREATE FUNCTION org_country_generation_apply() RETURNS trigger AS $$
BEGIN
  INSERT INTO org_country_generation AS o (org_id, country, shard, generation)
  SELECT p.org_id, coalesce(p.country_code, ''), p.id % 4, sum(d.generation)
  FROM (
    SELECT plant_id, generation FROM new_rows
    UNION ALL
    SELECT plant_id, -generation FROM old_rows) d
  JOIN plants p ON p.id = d.plant_id
  GROUP BY 1, 2, 3
  HAVING sum(d.generation) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (org_id, country, shard) DO UPDATE SET generation = o.generation + excluded.generation;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION org_country_generation_add() RETURNS trigger AS $$
BEGIN
  INSERT INTO org_country_generation AS o (org_id, country, shard, generation)
  SELECT p.org_id, coalesce(p.country_code, ''), p.id % 4, sum(d.generation)
  FROM new_rows d JOIN plants p ON p.id = d.plant_id
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT (org_id, country, shard) DO UPDATE SET generation = o.generation + excluded.generation;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION org_country_generation_plant_gone() RETURNS trigger AS $$
BEGIN
  UPDATE org_country_generation o SET generation = o.generation - t.generation
  FROM plant_energy_total t
  WHERE t.plant_id = OLD.id AND o.org_id = OLD.org_id AND o.country = coalesce(OLD.country_code, '')
    AND o.shard = OLD.id % 4;
  RETURN OLD;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER org_country_generation_add AFTER INSERT ON plant_energy_total
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION org_country_generation_add();
--> statement-breakpoint
CREATE TRIGGER org_country_generation_change AFTER UPDATE ON plant_energy_total
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION org_country_generation_apply();
--> statement-breakpoint
CREATE TRIGGER org_country_generation_plant_gone BEFORE DELETE ON plants
  FOR EACH ROW EXECUTE FUNCTION org_country_generation_plant_gone();
--> statement-breakpoint
-- alarms.org_id: the plant's organisation, set on insert and followed when the plant moves.
CREATE FUNCTION alarms_org_of_plant() RETURNS trigger AS $$
BEGIN
  NEW.org_id := (SELECT org_id FROM plants WHERE id = NEW.plant_id);
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER alarms_org_of_plant BEFORE INSERT OR UPDATE OF plant_id ON alarms
  FOR EACH ROW EXECUTE FUNCTION alarms_org_of_plant();
--> statement-breakpoint
CREATE FUNCTION alarms_plant_moved() RETURNS trigger AS $$
BEGIN
  UPDATE alarms SET org_id = NEW.org_id WHERE plant_id = NEW.id;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER alarms_plant_moved AFTER UPDATE OF org_id ON plants
  FOR EACH ROW WHEN (OLD.org_id IS DISTINCT FROM NEW.org_id) EXECUTE FUNCTION alarms_plant_moved();
--> statement-breakpoint
-- The existing rows.
UPDATE alarms a SET org_id = p.org_id FROM plants p WHERE p.id = a.plant_id;
--> statement-breakpoint
INSERT INTO org_energy_period (org_id, period, start, currency, timezone, shard, generation, consumption,
  feed_in, purchase, self_consumption, revenue)
SELECT d.org_id, k.period, k.start, d.currency, d.timezone, d.shard, sum(d.generation), sum(d.consumption),
  sum(d.feed_in), sum(d.purchase), sum(d.self_consumption), sum(d.revenue)
FROM org_energy_daily d
CROSS JOIN LATERAL (VALUES ('T', '-infinity'::date), ('Y', date_trunc('year', d.day)::date),
  ('M', date_trunc('month', d.day)::date)) AS k(period, start)
GROUP BY 1, 2, 3, 4, 5, 6;
--> statement-breakpoint
INSERT INTO org_plant_counts (org_id, currency, timezone, country, shard, plants, capacity, storage, offline,
  normal, warning, fault)
SELECT org_id, currency, timezone, coalesce(country_code, ''), id % 4, count(*), sum(installed_capacity),
  sum(coalesce(storage_capacity, 0)), count(*) FILTER (WHERE status = 'OFFLINE'),
  count(*) FILTER (WHERE status = 'NORMAL'), count(*) FILTER (WHERE status = 'WARNING'),
  count(*) FILTER (WHERE status = 'FAULT')
FROM plants GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
INSERT INTO org_country_generation (org_id, country, shard, generation)
SELECT p.org_id, coalesce(p.country_code, ''), p.id % 4, sum(t.generation)
FROM plant_energy_total t JOIN plants p ON p.id = t.plant_id
GROUP BY 1, 2, 3;
