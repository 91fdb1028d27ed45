CREATE TABLE "plant_performance_daily" (
	"plant_id" integer NOT NULL,
	"day" date NOT NULL,
	"clear_sky_kwh" double precision NOT NULL,
	"actual_kwh" double precision NOT NULL,
	"clearness" double precision,
	"expected_kwh" double precision,
	"pr" double precision,
	"neighbours" integer DEFAULT 0 NOT NULL,
	"sunny" boolean DEFAULT false NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plant_performance_daily_plant_id_day_pk" PRIMARY KEY("plant_id","day")
);
--> statement-breakpoint
ALTER TABLE "plant_performance_daily" ADD CONSTRAINT "plant_performance_daily_plant_id_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."plants"("id") ON DELETE cascade ON UPDATE no action;
