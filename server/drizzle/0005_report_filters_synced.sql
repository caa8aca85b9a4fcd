-- Saved report filters become a synced entity (per user and company, like grid settings): they get the sync
-- columns, and every existing filter a fresh version of its company, so devices pull the filters saved before.
ALTER TABLE "report_filters" ADD COLUMN "version" bigint;--> statement-breakpoint
ALTER TABLE "report_filters" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
INSERT INTO "company_sync" ("company_id", "version")
  SELECT "company_id", count(*) FROM "report_filters" GROUP BY "company_id"
  ON CONFLICT ("company_id") DO UPDATE SET "version" = "company_sync"."version" + excluded."version";--> statement-breakpoint
UPDATE "report_filters" AS r SET "version" = s."version" - n."count" + n."position"
FROM (
  SELECT "id", "company_id",
         row_number() OVER (PARTITION BY "company_id" ORDER BY "created_at", "id") AS "position",
         count(*) OVER (PARTITION BY "company_id") AS "count"
  FROM "report_filters"
) AS n
JOIN "company_sync" AS s ON s."company_id" = n."company_id"
WHERE r."id" = n."id";--> statement-breakpoint
ALTER TABLE "report_filters" ALTER COLUMN "version" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "report_filters_company_version_idx" ON "report_filters" USING btree ("company_id","version");
