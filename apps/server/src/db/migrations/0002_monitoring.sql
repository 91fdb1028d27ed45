CREATE TABLE "device_energy_daily" (
	"device_id" integer NOT NULL,
	"day" date NOT NULL,
	"generation" double precision DEFAULT 0 NOT NULL,
	"consumption" double precision DEFAULT 0 NOT NULL,
	"charge" double precision DEFAULT 0 NOT NULL,
	"discharge" double precision DEFAULT 0 NOT NULL,
	"feed_in" double precision DEFAULT 0 NOT NULL,
	"purchase" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "device_energy_daily_device_id_day_pk" PRIMARY KEY("device_id","day")
);
--> statement-breakpoint
CREATE TABLE "device_latest" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"data" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "devices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"sn" varchar(32) NOT NULL,
	"dongle_id" integer NOT NULL,
	"plant_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"manufacturer" varchar(64),
	"model" varchar(64),
	"inverter_type" varchar(16),
	"rated_power" integer,
	"versions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" varchar(16) DEFAULT 'NOT_CONNECTED' NOT NULL,
	"last_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dongles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dongles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"sn" varchar(32) NOT NULL,
	"plant_id" integer NOT NULL,
	"secret_hash" varchar(64) NOT NULL,
	"networking_mode" varchar(8) DEFAULT 'WIFI' NOT NULL,
	"version" varchar(32),
	"status" varchar(16) DEFAULT 'NOT_CONNECTED' NOT NULL,
	"interval_seconds" integer DEFAULT 60 NOT NULL,
	"last_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plant_energy_daily" (
	"plant_id" integer NOT NULL,
	"day" date NOT NULL,
	"generation" double precision DEFAULT 0 NOT NULL,
	"consumption" double precision DEFAULT 0 NOT NULL,
	"charge" double precision DEFAULT 0 NOT NULL,
	"discharge" double precision DEFAULT 0 NOT NULL,
	"feed_in" double precision DEFAULT 0 NOT NULL,
	"purchase" double precision DEFAULT 0 NOT NULL,
	"revenue" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "plant_energy_daily_plant_id_day_pk" PRIMARY KEY("plant_id","day")
);
--> statement-breakpoint
CREATE TABLE "plants" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "plants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"plant_no" varchar(24) NOT NULL,
	"org_id" integer NOT NULL,
	"owner_user_id" integer,
	"name" varchar(100) NOT NULL,
	"type" varchar(24) NOT NULL,
	"status" varchar(8) DEFAULT 'OFFLINE' NOT NULL,
	"installed_capacity" numeric(10, 3) NOT NULL,
	"storage_capacity" numeric(10, 3),
	"grid_connection_date" date,
	"build_date" date,
	"tilt" double precision,
	"azimuth" double precision,
	"feed_in_price" numeric(10, 4),
	"purchase_price" numeric(10, 4),
	"currency" varchar(3) DEFAULT 'EUR' NOT NULL,
	"country_code" varchar(2),
	"region_code" varchar(20),
	"address" varchar(255),
	"latitude" double precision,
	"longitude" double precision,
	"timezone" varchar(40) DEFAULT 'Europe/Berlin' NOT NULL,
	"picture" varchar(200),
	"owner_name" varchar(64),
	"owner_contact_type" varchar(8),
	"owner_contact" varchar(254),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telemetry_samples" (
	"device_id" integer NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"data" jsonb NOT NULL,
	CONSTRAINT "telemetry_samples_device_id_ts_pk" PRIMARY KEY("device_id","ts")
) PARTITION BY RANGE ("ts");
--> statement-breakpoint
ALTER TABLE "device_energy_daily" ADD CONSTRAINT "device_energy_daily_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_latest" ADD CONSTRAINT "device_latest_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_dongle_id_dongles_id_fk" FOREIGN KEY ("dongle_id") REFERENCES "public"."dongles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_plant_id_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."plants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dongles" ADD CONSTRAINT "dongles_plant_id_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."plants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plant_energy_daily" ADD CONSTRAINT "plant_energy_daily_plant_id_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."plants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plants" ADD CONSTRAINT "plants_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plants" ADD CONSTRAINT "plants_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "devices_sn_uq" ON "devices" USING btree ("sn");--> statement-breakpoint
CREATE INDEX "devices_plant_idx" ON "devices" USING btree ("plant_id");--> statement-breakpoint
CREATE INDEX "devices_dongle_idx" ON "devices" USING btree ("dongle_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dongles_sn_uq" ON "dongles" USING btree ("sn");--> statement-breakpoint
CREATE INDEX "dongles_plant_idx" ON "dongles" USING btree ("plant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "plants_no_uq" ON "plants" USING btree ("plant_no");--> statement-breakpoint
CREATE INDEX "plants_org_idx" ON "plants" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "plants_owner_idx" ON "plants" USING btree ("owner_user_id");