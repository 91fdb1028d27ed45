CREATE TABLE "fault_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fault_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"fault_code" varchar(32) NOT NULL,
	"device_type" varchar(16) NOT NULL,
	"alarm_level" varchar(16) NOT NULL,
	"messages" jsonb NOT NULL,
	"fix_advice" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "fault_codes_code_uq" ON "fault_codes" USING btree ("fault_code");--> statement-breakpoint
CREATE INDEX "fault_codes_type_idx" ON "fault_codes" USING btree ("device_type");--> statement-breakpoint
CREATE INDEX "fault_codes_level_idx" ON "fault_codes" USING btree ("alarm_level");