-- "Power now" per plant, kept by the writers that change it (domain/power-now-rollup.ts: ingest, the
-- sweeper, the alarm store, plant edits) with the definition of domain/power-now.ts, and summed per
-- organisation by trigger, so that a dealer's dashboard reads a few rows per organisation instead of every
-- inverter. `fresh_until` is when the earliest of the plant's contributing inverters stops describing now
-- (NULL: not before a change that refreshes the row); readers recompute a row past it (docs/energy.md).
CREATE TABLE "plant_power_now" (
	"plant_id" integer PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"inverters" integer DEFAULT 0 NOT NULL,
	"ts" timestamp with time zone,
	"pv" double precision DEFAULT 0 NOT NULL,
	"grid" double precision DEFAULT 0 NOT NULL,
	"load" double precision DEFAULT 0 NOT NULL,
	"battery" double precision DEFAULT 0 NOT NULL,
	"fresh_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "org_power_now" (
	"org_id" integer NOT NULL,
	"shard" smallint NOT NULL,
	"inverters" integer DEFAULT 0 NOT NULL,
	"pv" double precision DEFAULT 0 NOT NULL,
	"grid" double precision DEFAULT 0 NOT NULL,
	"load" double precision DEFAULT 0 NOT NULL,
	"battery" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "org_power_now_org_id_shard_pk" PRIMARY KEY("org_id","shard")
);
--> statement-breakpoint
ALTER TABLE "plant_power_now" ADD CONSTRAINT "plant_power_now_plant_id_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."plants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plant_power_now" ADD CONSTRAINT "plant_power_now_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_power_now" ADD CONSTRAINT "org_power_now_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plant_power_now_org_pv_idx" ON "plant_power_now" USING btree ("org_id","pv" DESC NULLS FIRST,"plant_id");--> statement-breakpoint
CREATE INDEX "plant_power_now_org_ts_idx" ON "plant_power_now" USING btree ("org_id","ts" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "plant_power_now_fresh_until_idx" ON "plant_power_now" USING btree ("fresh_until") WHERE fresh_until IS NOT NULL;--> statement-breakpoint
-- org_power_now follows plant_power_now by statement, as org_energy_daily follows the plant days (0011):
-- deltas (new − old) per organisation and shard (plant id mod 4, ingest's lanes), upserted in key order.
CREATE FUNCTION org_power_now_apply() RETURNS trigger AS $$
BEGIN
  INSERT INTO org_power_now AS o (org_id, shard, inverters, pv, grid, load, battery)
  SELECT org_id, plant_id % 4, sum(inverters), sum(pv), sum(grid), sum(load), sum(battery)
  FROM (
    SELECT org_id, plant_id, inverters, pv, grid, load, battery FROM new_rows
    UNION ALL
    SELECT org_id, plant_id, -inverters, -pv, -grid, -load, -battery FROM old_rows) d
  GROUP BY 1, 2
  ORDER BY 1, 2
  ON CONFLICT (org_id, shard) DO UPDATE SET
    inverters = o.inverters + excluded.inverters, pv = o.pv + excluded.pv, grid = o.grid + excluded.grid,
    load = o.load + excluded.load, battery = o.battery + excluded.battery;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- The transition tables of an insert or a delete lack the other side: an empty stand-in of the same shape.
CREATE FUNCTION org_power_now_add() RETURNS trigger AS $$
BEGIN
  INSERT INTO org_power_now AS o (org_id, shard, inverters, pv, grid, load, battery)
  SELECT org_id, plant_id % 4, sum(inverters), sum(pv), sum(grid), sum(load), sum(battery)
  FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (org_id, shard) DO UPDATE SET
    inverters = o.inverters + excluded.inverters, pv = o.pv + excluded.pv, grid = o.grid + excluded.grid,
    load = o.load + excluded.load, battery = o.battery + excluded.battery;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION org_power_now_remove() RETURNS trigger AS $$
BEGIN
  UPDATE org_power_now o SET inverters = o.inverters - d.inverters, pv = o.pv - d.pv, grid = o.grid - d.grid,
    load = o.load - d.load, battery = o.battery - d.battery
  FROM (
    SELECT org_id, plant_id % 4 AS shard, sum(inverters) AS inverters, sum(pv) AS pv, sum(grid) AS grid,
      sum(load) AS load, sum(battery) AS battery
    FROM old_rows GROUP BY 1, 2) d
  WHERE o.org_id = d.org_id AND o.shard = d.shard;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER org_power_now_add AFTER INSERT ON plant_power_now
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION org_power_now_add();
--> statement-breakpoint
CREATE TRIGGER org_power_now_change AFTER UPDATE ON plant_power_now
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION org_power_now_apply();
--> statement-breakpoint
CREATE TRIGGER org_power_now_remove AFTER DELETE ON plant_power_now
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION org_power_now_remove();
--> statement-breakpoint
-- Every plant has its row from the start (no power: its devices have not reported), whoever inserts it.
CREATE FUNCTION plant_power_now_plant_added() RETURNS trigger AS $$
BEGIN
  INSERT INTO plant_power_now (plant_id, org_id) SELECT id, org_id FROM new_plants ORDER BY id;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER plant_power_now_plant_added AFTER INSERT ON plants
  REFERENCING NEW TABLE AS new_plants FOR EACH STATEMENT EXECUTE FUNCTION plant_power_now_plant_added();
--> statement-breakpoint
-- A plant moved to another organisation takes its power along (its inverters still describe now).
CREATE FUNCTION plant_power_now_plant_moved() RETURNS trigger AS $$
BEGIN
  UPDATE plant_power_now SET org_id = NEW.org_id WHERE plant_id = NEW.id;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER plant_power_now_plant_moved AFTER UPDATE OF org_id ON plants
  FOR EACH ROW WHEN (OLD.org_id IS DISTINCT FROM NEW.org_id) EXECUTE FUNCTION plant_power_now_plant_moved();
--> statement-breakpoint
-- The plants of an existing installation: rows that are stale from the start ('-infinity'), so readers
-- compute them live until ingest or the sweeper refreshes them.
INSERT INTO plant_power_now (plant_id, org_id, fresh_until) SELECT id, org_id, '-infinity' FROM plants ORDER BY id;
