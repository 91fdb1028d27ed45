CREATE TABLE "alarm_notifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alarm_notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"alarm_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "alarms" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alarms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"plant_id" integer NOT NULL,
	"dongle_id" integer,
	"device_id" integer,
	"source_sn" varchar(32) NOT NULL,
	"device_type" varchar(16) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"fault_code" varchar(32) NOT NULL,
	"alarm_level" varchar(16) NOT NULL,
	"status" varchar(8) DEFAULT 'ONGOING' NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"latest_at" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"end_reason" varchar(16),
	"ack_by" integer,
	"ack_by_name" varchar(64),
	"ack_at" timestamp with time zone,
	"ack_comment" varchar(500),
	"closed_by" integer,
	"closed_by_name" varchar(64),
	"close_comment" varchar(500)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "alarm_notify_levels" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "alarm_notifications" ADD CONSTRAINT "alarm_notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_notifications" ADD CONSTRAINT "alarm_notifications_alarm_id_alarms_id_fk" FOREIGN KEY ("alarm_id") REFERENCES "public"."alarms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_plant_id_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."plants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_dongle_id_dongles_id_fk" FOREIGN KEY ("dongle_id") REFERENCES "public"."dongles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_ack_by_users_id_fk" FOREIGN KEY ("ack_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alarm_notifications_uq" ON "alarm_notifications" USING btree ("user_id","alarm_id");--> statement-breakpoint
CREATE INDEX "alarm_notifications_pending_idx" ON "alarm_notifications" USING btree ("user_id","created_at") WHERE sent_at IS NULL;--> statement-breakpoint
CREATE INDEX "alarm_notifications_sent_idx" ON "alarm_notifications" USING btree ("user_id","sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "alarms_ongoing_uq" ON "alarms" USING btree ("plant_id","source_sn","fault_code") WHERE status = 'ONGOING';--> statement-breakpoint
CREATE INDEX "alarms_plant_started_idx" ON "alarms" USING btree ("plant_id","started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "alarms_started_idx" ON "alarms" USING btree ("started_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "alarms_device_ongoing_idx" ON "alarms" USING btree ("device_id") WHERE status = 'ONGOING';--> statement-breakpoint
CREATE INDEX "alarms_comm_ongoing_idx" ON "alarms" USING btree ("source_sn") WHERE status = 'ONGOING' AND kind = 'COMM';--> statement-breakpoint
CREATE INDEX "alarms_source_idx" ON "alarms" USING btree ("source_sn","fault_code","started_at" DESC NULLS LAST);