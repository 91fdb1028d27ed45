CREATE TABLE "plant_energy_monthly" (
	"plant_id" integer NOT NULL,
	"month" date NOT NULL,
	"generation" double precision DEFAULT 0 NOT NULL,
	"consumption" double precision DEFAULT 0 NOT NULL,
	"charge" double precision DEFAULT 0 NOT NULL,
	"discharge" double precision DEFAULT 0 NOT NULL,
	"feed_in" double precision DEFAULT 0 NOT NULL,
	"purchase" double precision DEFAULT 0 NOT NULL,
	"revenue" double precision DEFAULT 0 NOT NULL,
	"daylight_seen" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "plant_energy_monthly_plant_id_month_pk" PRIMARY KEY("plant_id","month")
);
--> statement-breakpoint
ALTER TABLE "device_energy_daily" ADD COLUMN "daylight_seen" bit(300) DEFAULT repeat('0', 300)::bit(300) NOT NULL;--> statement-breakpoint
ALTER TABLE "plant_energy_daily" ADD COLUMN "daylight_seen" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "plant_energy_monthly" ADD CONSTRAINT "plant_energy_monthly_plant_id_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."plants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- plant_energy_monthly follows plant_energy_daily by deltas (new − old), so concurrent writers of days
-- of the same month never overwrite each other. A deleted day is only subtracted (its plant may be going).
CREATE OR REPLACE FUNCTION plant_energy_monthly_follow() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE plant_energy_monthly SET
      generation = generation - OLD.generation, consumption = consumption - OLD.consumption,
      charge = charge - OLD.charge, discharge = discharge - OLD.discharge,
      feed_in = feed_in - OLD.feed_in, purchase = purchase - OLD.purchase,
      revenue = revenue - OLD.revenue, daylight_seen = daylight_seen - OLD.daylight_seen
    WHERE plant_id = OLD.plant_id AND month = date_trunc('month', OLD.day)::date;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO plant_energy_monthly AS m
      (plant_id, month, generation, consumption, charge, discharge, feed_in, purchase, revenue, daylight_seen)
    VALUES (NEW.plant_id, date_trunc('month', NEW.day)::date, NEW.generation, NEW.consumption, NEW.charge,
      NEW.discharge, NEW.feed_in, NEW.purchase, NEW.revenue, NEW.daylight_seen)
    ON CONFLICT (plant_id, month) DO UPDATE SET
      generation = m.generation + excluded.generation, consumption = m.consumption + excluded.consumption,
      charge = m.charge + excluded.charge, discharge = m.discharge + excluded.discharge,
      feed_in = m.feed_in + excluded.feed_in, purchase = m.purchase + excluded.purchase,
      revenue = m.revenue + excluded.revenue, daylight_seen = m.daylight_seen + excluded.daylight_seen;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER plant_energy_monthly_follow AFTER INSERT OR UPDATE OR DELETE ON plant_energy_daily
  FOR EACH ROW EXECUTE FUNCTION plant_energy_monthly_follow();
--> statement-breakpoint
INSERT INTO plant_energy_monthly
  (plant_id, month, generation, consumption, charge, discharge, feed_in, purchase, revenue, daylight_seen)
SELECT plant_id, date_trunc('month', day)::date, sum(generation), sum(consumption), sum(charge),
  sum(discharge), sum(feed_in), sum(purchase), sum(revenue), sum(daylight_seen)
FROM plant_energy_daily GROUP BY 1, 2;
