CREATE TABLE "manufacturer_keys" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "manufacturer_keys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"manufacturer_id" integer NOT NULL,
	"public_key" varchar(44) NOT NULL,
	"fingerprint" varchar(64) NOT NULL,
	"label" varchar(64),
	"retired_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "manufacturer_keys" ADD CONSTRAINT "manufacturer_keys_manufacturer_id_manufacturers_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."manufacturers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "manufacturer_keys_uq" ON "manufacturer_keys" USING btree ("manufacturer_id","fingerprint");--> statement-breakpoint
ALTER TABLE "firmware_files" ADD COLUMN "signature" varchar(88);--> statement-breakpoint
ALTER TABLE "firmware_files" ADD COLUMN "key_id" integer;--> statement-breakpoint
ALTER TABLE "firmware_files" ADD CONSTRAINT "firmware_files_key_id_manufacturer_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."manufacturer_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upgrade_task_devices" ADD COLUMN "token_used_at" timestamp with time zone;
