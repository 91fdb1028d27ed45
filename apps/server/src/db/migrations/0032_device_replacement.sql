CREATE TABLE "device_replacements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "device_replacements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"plant_id" integer NOT NULL,
	"device_id" integer,
	"dongle_id" integer,
	"kind" varchar(16) NOT NULL,
	"old_sn" varchar(32) NOT NULL,
	"new_sn" varchar(32) NOT NULL,
	"replaced_at" timestamp with time zone NOT NULL,
	"reason" varchar(16) NOT NULL,
	"note" varchar(500),
	"final_counters" jsonb,
	"user_id" integer,
	"username" varchar(30),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "sn_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "device_replacements" ADD CONSTRAINT "device_replacements_plant_id_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."plants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_replacements" ADD CONSTRAINT "device_replacements_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_replacements" ADD CONSTRAINT "device_replacements_dongle_id_dongles_id_fk" FOREIGN KEY ("dongle_id") REFERENCES "public"."dongles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_replacements" ADD CONSTRAINT "device_replacements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_replacements_device_idx" ON "device_replacements" USING btree ("device_id","replaced_at");--> statement-breakpoint
CREATE INDEX "device_replacements_dongle_idx" ON "device_replacements" USING btree ("dongle_id","replaced_at");--> statement-breakpoint
CREATE INDEX "device_replacements_plant_idx" ON "device_replacements" USING btree ("plant_id");