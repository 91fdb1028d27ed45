CREATE TABLE "set_aside_readings" (
	"device_id" integer NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"reason" varchar(16) NOT NULL,
	"counter" varchar(32),
	"value" double precision,
	"reference" double precision,
	"data" jsonb,
	"decision" varchar(8),
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "set_aside_readings_device_id_ts_pk" PRIMARY KEY("device_id","ts")
);
--> statement-breakpoint
ALTER TABLE "set_aside_readings" ADD CONSTRAINT "set_aside_readings_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;