CREATE TABLE "plant_share_links" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "plant_share_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"plant_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"token_prefix" varchar(8) NOT NULL,
	"label" varchar(60),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "plant_share_links" ADD CONSTRAINT "plant_share_links_plant_id_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."plants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plant_share_links" ADD CONSTRAINT "plant_share_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "plant_share_links_token_uq" ON "plant_share_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "plant_share_links_plant_idx" ON "plant_share_links" USING btree ("plant_id");