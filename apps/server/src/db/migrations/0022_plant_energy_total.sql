-- Each plant's generation over all its stored days, kept by triggers like plant_energy_monthly (by deltas,
-- so concurrent writers of a plant's days never overwrite each other): the dashboard's CO₂ groups it by the
-- plants' countries, one row per plant instead of one per plant and month.
CREATE TABLE "plant_energy_total" (
	"plant_id" integer PRIMARY KEY NOT NULL,
	"generation" double precision DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plant_energy_total" ADD CONSTRAINT "plant_energy_total_plant_id_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."plants"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Per statement with transition tables, like the monthly roll-up (0010): ingest's batch adds one statement,
-- not one per plant day it touches.
CREATE OR REPLACE FUNCTION plant_energy_total_add() RETURNS trigger AS $$
BEGIN
  INSERT INTO plant_energy_total AS t (plant_id, generation)
  SELECT plant_id, sum(generation) FROM new_days GROUP BY plant_id
  ON CONFLICT (plant_id) DO UPDATE SET generation = t.generation + excluded.generation;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION plant_energy_total_change() RETURNS trigger AS $$
BEGIN
  INSERT INTO plant_energy_total AS t (plant_id, generation)
  SELECT plant_id, sum(generation) FROM (
    SELECT plant_id, generation FROM new_days
    UNION ALL
    SELECT plant_id, -generation FROM old_days) d
  GROUP BY plant_id HAVING sum(generation) <> 0
  ON CONFLICT (plant_id) DO UPDATE SET generation = t.generation + excluded.generation;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION plant_energy_total_remove() RETURNS trigger AS $$
BEGIN
  UPDATE plant_energy_total t SET generation = t.generation - d.generation
  FROM (SELECT plant_id, sum(generation) AS generation FROM old_days GROUP BY plant_id) d
  WHERE t.plant_id = d.plant_id;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER plant_energy_total_add AFTER INSERT ON plant_energy_daily
  REFERENCING NEW TABLE AS new_days FOR EACH STATEMENT EXECUTE FUNCTION plant_energy_total_add();
--> statement-breakpoint
CREATE TRIGGER plant_energy_total_change AFTER UPDATE ON plant_energy_daily
  REFERENCING OLD TABLE AS old_days NEW TABLE AS new_days FOR EACH STATEMENT EXECUTE FUNCTION plant_energy_total_change();
--> statement-breakpoint
CREATE TRIGGER plant_energy_total_remove AFTER DELETE ON plant_energy_daily
  REFERENCING OLD TABLE AS old_days FOR EACH STATEMENT EXECUTE FUNCTION plant_energy_total_remove();
--> statement-breakpoint
INSERT INTO plant_energy_total (plant_id, generation)
SELECT plant_id, sum(generation) FROM plant_energy_daily GROUP BY plant_id;
