CREATE TABLE "pictures" (
	"name" varchar(40) PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pictures" ADD CONSTRAINT "pictures_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "pictures_org_idx" ON "pictures" USING btree ("org_id");
--> statement-breakpoint
-- Pictures uploaded before owners were recorded belong to the organisation of a plant that shows them.
INSERT INTO "pictures" ("name", "org_id")
SELECT DISTINCT ON (substring("picture" from '[^/]+$')) substring("picture" from '[^/]+$'), "org_id"
FROM "plants" WHERE "picture" IS NOT NULL ORDER BY substring("picture" from '[^/]+$'), "id";
