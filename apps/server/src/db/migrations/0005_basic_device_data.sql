CREATE TABLE "device_specs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "device_specs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"device_type" varchar(16) NOT NULL,
	"device_specs" varchar(100) NOT NULL,
	"manufacturer_id" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "manufacturers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "manufacturers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(64) NOT NULL,
	"abbreviation" varchar(32),
	"description" varchar(500),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_specs" ADD CONSTRAINT "device_specs_manufacturer_id_manufacturers_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."manufacturers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_specs_manufacturer_idx" ON "device_specs" USING btree ("manufacturer_id");--> statement-breakpoint
CREATE INDEX "device_specs_type_idx" ON "device_specs" USING btree ("device_type");--> statement-breakpoint
CREATE UNIQUE INDEX "device_specs_uq" ON "device_specs" USING btree ("device_type","manufacturer_id",lower("device_specs"));--> statement-breakpoint
CREATE UNIQUE INDEX "manufacturers_name_lower_uq" ON "manufacturers" USING btree (lower("name"));