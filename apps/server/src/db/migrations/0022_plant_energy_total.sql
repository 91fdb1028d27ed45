-- Each plant's generation over all its stored days, kept by trigger like plant_energy_monthly (by deltas,
-- so concurrent writers of a plant's days never overwrite each other): the dashboard's CO₂ groups it by the
-- plants' countries, one row per plant instead of one per plant and month.
CREATE TABLE "plant_energy_total" (
	"plant_id" integer PRIMARY KEY NOT NULL,
	"generation" double precision DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plant_energy_total" ADD CONSTRAINT "plant_energy_total_plant_id_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."plants"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION plant_energy_total_follow() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.generation = OLD.generation AND NEW.plant_id = OLD.plant_id THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE plant_energy_total SET generation = generation - OLD.generation WHERE plant_id = OLD.plant_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO plant_energy_total AS t (plant_id, generation) VALUES (NEW.plant_id, NEW.generation)
    ON CONFLICT (plant_id) DO UPDATE SET generation = t.generation + excluded.generation;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER plant_energy_total_follow AFTER INSERT OR UPDATE OR DELETE ON plant_energy_daily
  FOR EACH ROW EXECUTE FUNCTION plant_energy_total_follow();
--> statement-breakpoint
INSERT INTO plant_energy_total (plant_id, generation)
SELECT plant_id, sum(generation) FROM plant_energy_daily GROUP BY plant_id;
