CREATE TABLE "firmware_files" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"file_name" varchar(200) NOT NULL,
	"size" integer NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "firmware_program_sns" (
	"program_id" integer NOT NULL,
	"sn" varchar(32) NOT NULL,
	CONSTRAINT "firmware_program_sns_program_id_sn_pk" PRIMARY KEY("program_id","sn")
);
--> statement-breakpoint
CREATE TABLE "firmware_programs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "firmware_programs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"manufacturer_id" integer NOT NULL,
	"firmware_type" varchar(16) NOT NULL,
	"version" varchar(32) NOT NULL,
	"status" varchar(8) DEFAULT 'ENABLED' NOT NULL,
	"description" varchar(500) NOT NULL,
	"descriptions" jsonb NOT NULL,
	"support_all" boolean DEFAULT true NOT NULL,
	"file_id" varchar(32) NOT NULL,
	"org_id" integer NOT NULL,
	"created_by" integer,
	"created_by_name" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upgrade_device_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "upgrade_device_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"task_device_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" varchar(16) NOT NULL,
	"progress" smallint,
	"detail" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "upgrade_task_devices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "upgrade_task_devices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"task_id" integer NOT NULL,
	"device_id" integer,
	"dongle_id" integer NOT NULL,
	"plant_id" integer NOT NULL,
	"sn" varchar(32) NOT NULL,
	"dongle_sn" varchar(32) NOT NULL,
	"batch" smallint NOT NULL,
	"status" varchar(16) DEFAULT 'QUEUED' NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"from_version" varchar(32),
	"reason" varchar(500),
	"attempts" smallint DEFAULT 0 NOT NULL,
	"cmd_id" varchar(64),
	"token_hash" varchar(64),
	"token_expires_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upgrade_tasks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "upgrade_tasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(64) NOT NULL,
	"program_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	"status" varchar(16) NOT NULL,
	"status_reason" varchar(200),
	"start_at" timestamp with time zone NOT NULL,
	"first_batch_percent" smallint NOT NULL,
	"success_threshold" smallint NOT NULL,
	"stage" smallint DEFAULT 1 NOT NULL,
	"remark" varchar(200),
	"created_by" integer,
	"created_by_name" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "remote_commands" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "remote_commands_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cmd_id" varchar(64) NOT NULL,
	"device_id" integer NOT NULL,
	"plant_id" integer NOT NULL,
	"dongle_sn" varchar(32) NOT NULL,
	"action" varchar(8) NOT NULL,
	"status" varchar(16) DEFAULT 'PENDING' NOT NULL,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"verify_cmd_id" varchar(64),
	"error" varchar(500),
	"user_id" integer,
	"username" varchar(30) NOT NULL,
	"ip" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "remote_param_audit" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "remote_param_audit_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"cmd_id" varchar(64),
	"action" varchar(8) NOT NULL,
	"outcome" varchar(16) NOT NULL,
	"user_id" integer,
	"username" varchar(30) NOT NULL,
	"plant_id" integer NOT NULL,
	"device_id" integer,
	"device_sn" varchar(32) NOT NULL,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"device_answer" varchar(4000),
	"reason_key" varchar(64),
	"reason_params" jsonb,
	"ip" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "remote_param_snapshots" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"values" jsonb NOT NULL,
	"read_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "firmware_files" ADD CONSTRAINT "firmware_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_program_sns" ADD CONSTRAINT "firmware_program_sns_program_id_firmware_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."firmware_programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_programs" ADD CONSTRAINT "firmware_programs_manufacturer_id_manufacturers_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."manufacturers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_programs" ADD CONSTRAINT "firmware_programs_file_id_firmware_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."firmware_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_programs" ADD CONSTRAINT "firmware_programs_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_programs" ADD CONSTRAINT "firmware_programs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upgrade_device_events" ADD CONSTRAINT "upgrade_device_events_task_device_id_upgrade_task_devices_id_fk" FOREIGN KEY ("task_device_id") REFERENCES "public"."upgrade_task_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upgrade_task_devices" ADD CONSTRAINT "upgrade_task_devices_task_id_upgrade_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."upgrade_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upgrade_task_devices" ADD CONSTRAINT "upgrade_task_devices_plant_id_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."plants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upgrade_tasks" ADD CONSTRAINT "upgrade_tasks_program_id_firmware_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."firmware_programs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upgrade_tasks" ADD CONSTRAINT "upgrade_tasks_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upgrade_tasks" ADD CONSTRAINT "upgrade_tasks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_commands" ADD CONSTRAINT "remote_commands_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_commands" ADD CONSTRAINT "remote_commands_plant_id_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."plants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_commands" ADD CONSTRAINT "remote_commands_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_param_snapshots" ADD CONSTRAINT "remote_param_snapshots_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "firmware_programs_version_uq" ON "firmware_programs" USING btree ("manufacturer_id","firmware_type","version","org_id");--> statement-breakpoint
CREATE INDEX "firmware_programs_org_idx" ON "firmware_programs" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "upgrade_device_events_device_idx" ON "upgrade_device_events" USING btree ("task_device_id","id");--> statement-breakpoint
CREATE INDEX "upgrade_task_devices_task_idx" ON "upgrade_task_devices" USING btree ("task_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "upgrade_task_devices_cmd_uq" ON "upgrade_task_devices" USING btree ("cmd_id");--> statement-breakpoint
CREATE UNIQUE INDEX "upgrade_task_devices_token_uq" ON "upgrade_task_devices" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "upgrade_task_devices_dongle_busy_idx" ON "upgrade_task_devices" USING btree ("dongle_id") WHERE status IN ('SENT', 'DOWNLOADING');--> statement-breakpoint
CREATE INDEX "upgrade_tasks_org_idx" ON "upgrade_tasks" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "upgrade_tasks_active_idx" ON "upgrade_tasks" USING btree ("status") WHERE status IN ('SCHEDULED', 'RUNNING');--> statement-breakpoint
CREATE UNIQUE INDEX "remote_commands_cmd_uq" ON "remote_commands" USING btree ("cmd_id");--> statement-breakpoint
CREATE UNIQUE INDEX "remote_commands_verify_uq" ON "remote_commands" USING btree ("verify_cmd_id");--> statement-breakpoint
CREATE INDEX "remote_commands_device_idx" ON "remote_commands" USING btree ("device_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "remote_commands_open_idx" ON "remote_commands" USING btree ("expires_at") WHERE status IN ('PENDING', 'ACCEPTED', 'VERIFYING');--> statement-breakpoint
CREATE INDEX "remote_param_audit_device_idx" ON "remote_param_audit" USING btree ("device_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "remote_param_audit_plant_idx" ON "remote_param_audit" USING btree ("plant_id","at" DESC NULLS LAST);--> statement-breakpoint
-- The remote settings log is append-only, like audit_log: no UPDATE or DELETE, whoever asks.
CREATE TRIGGER remote_param_audit_no_change BEFORE UPDATE OR DELETE ON remote_param_audit
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
