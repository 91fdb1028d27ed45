CREATE TABLE "plant_tariff_periods" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "plant_tariff_periods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"plant_id" integer NOT NULL,
	"direction" varchar(8) NOT NULL,
	"kind" varchar(8) NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"price" double precision,
	"bands" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"grid_fee" double precision DEFAULT 0 NOT NULL,
	"resolution_minutes" smallint,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plant_tariff_prices" (
	"period_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"price" double precision NOT NULL,
	CONSTRAINT "plant_tariff_prices_period_id_starts_at_pk" PRIMARY KEY("period_id","starts_at")
);
--> statement-breakpoint
CREATE TABLE "plant_tariff_recompute" (
	"plant_id" integer PRIMARY KEY NOT NULL,
	"state" varchar(8) NOT NULL,
	"from_day" date NOT NULL,
	"to_day" date NOT NULL,
	"next_day" date NOT NULL,
	"done_days" integer DEFAULT 0 NOT NULL,
	"total_days" integer NOT NULL,
	"generation" integer DEFAULT 1 NOT NULL,
	"error" varchar(500),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_energy_daily" ADD COLUMN "feed_in_value" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "device_energy_daily" ADD COLUMN "self_value" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "plant_tariff_periods" ADD CONSTRAINT "plant_tariff_periods_plant_id_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."plants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plant_tariff_periods" ADD CONSTRAINT "plant_tariff_periods_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plant_tariff_prices" ADD CONSTRAINT "plant_tariff_prices_period_id_plant_tariff_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."plant_tariff_periods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plant_tariff_recompute" ADD CONSTRAINT "plant_tariff_recompute_plant_id_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."plants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plant_tariff_periods_plant_idx" ON "plant_tariff_periods" USING btree ("plant_id","direction","valid_from");--> statement-breakpoint
CREATE INDEX "plant_tariff_recompute_due_idx" ON "plant_tariff_recompute" USING btree ("updated_at") WHERE "plant_tariff_recompute"."state" IN ('PENDING', 'RUNNING');--> statement-breakpoint
-- The stored days keep their revenue: their values at the plant's flat prices, which give the same sum.
UPDATE device_energy_daily e SET
  feed_in_value = e.feed_in * coalesce(p.feed_in_price, 0)::float8,
  self_value = (e.generation - e.feed_in - e.charge + e.discharge) * coalesce(p.purchase_price, 0)::float8
FROM devices d JOIN plants p ON p.id = d.plant_id
WHERE d.id = e.device_id AND (e.feed_in <> 0 OR e.generation - e.feed_in - e.charge + e.discharge <> 0);
