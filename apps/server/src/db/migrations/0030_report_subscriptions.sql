-- Scheduled reports by mail (docs/reports.md, decision 022): a user's subscriptions, one delivery row per
-- subscription and period written with the outbox mail (sent once, whichever jobs process gets there), and
-- the outbox's attachments and HTML alternative.
CREATE TABLE "report_deliveries" (
	"subscription_id" integer NOT NULL,
	"period" varchar(10) NOT NULL,
	"frequency" varchar(8) NOT NULL,
	"outbox_id" integer,
	"plant_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_deliveries_subscription_id_period_pk" PRIMARY KEY("subscription_id","period")
);
--> statement-breakpoint
CREATE TABLE "report_subscriptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "report_subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"monthly" boolean DEFAULT false NOT NULL,
	"weekly" boolean DEFAULT false NOT NULL,
	"plant_ids" jsonb,
	"unsubscribe_token" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_subscriptions_some_frequency" CHECK ("report_subscriptions"."monthly" OR "report_subscriptions"."weekly")
);
--> statement-breakpoint
CREATE TABLE "outbox_attachments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outbox_attachments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"outbox_id" integer NOT NULL,
	"filename" varchar(255) NOT NULL,
	"content_type" varchar(127) NOT NULL,
	"content" bytea NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "report_deliveries" ADD CONSTRAINT "report_deliveries_subscription_id_report_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."report_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_deliveries" ADD CONSTRAINT "report_deliveries_outbox_id_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_subscriptions" ADD CONSTRAINT "report_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox_attachments" ADD CONSTRAINT "outbox_attachments_outbox_id_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."outbox"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_subscriptions_user_idx" ON "report_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "report_subscriptions_token_uq" ON "report_subscriptions" USING btree ("unsubscribe_token");--> statement-breakpoint
CREATE INDEX "outbox_attachments_outbox_idx" ON "outbox_attachments" USING btree ("outbox_id");
