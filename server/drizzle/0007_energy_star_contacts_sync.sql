-- ENERGY STAR metrics and notes, company profiles and users become synced entities (docs/architecture.md §4, §14):
-- each gets the sync columns. Rows an older server wrote get versions here, numbered after their company's current
-- version as the seed numbers rows (so no page of the change feed has to hold all of them), and clients pull them
-- at their next sync.
ALTER TABLE "energy_star_metrics" ADD COLUMN "version" bigint;--> statement-breakpoint
ALTER TABLE "energy_star_metrics" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "energy_star_notes" ADD COLUMN "version" bigint;--> statement-breakpoint
ALTER TABLE "energy_star_notes" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "company_profiles" ADD COLUMN "version" bigint;--> statement-breakpoint
ALTER TABLE "company_profiles" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "version" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Every company has its counter, at least at its record's version (older databases may lack a row).
INSERT INTO "company_sync" ("company_id", "version") SELECT "id", "version" FROM "companies" ON CONFLICT ("company_id") DO NOTHING;--> statement-breakpoint
WITH "numbered" AS (
  SELECT "id", "company_id", row_number() OVER (PARTITION BY "company_id" ORDER BY "metric_month", "id") AS "n" FROM "energy_star_metrics"
), "counts" AS (
  SELECT "company_id", count(*) AS "c" FROM "numbered" GROUP BY "company_id"
), "bumped" AS (
  UPDATE "company_sync" AS cs SET "version" = cs."version" + c."c" FROM "counts" AS c
  WHERE cs."company_id" = c."company_id"
  RETURNING cs."company_id", cs."version" - c."c" AS "base"
)
UPDATE "energy_star_metrics" AS t SET "version" = b."base" + n."n"
FROM "numbered" AS n JOIN "bumped" AS b ON b."company_id" = n."company_id"
WHERE t."id" = n."id";--> statement-breakpoint
WITH "numbered" AS (
  SELECT "id", "company_id", row_number() OVER (PARTITION BY "company_id" ORDER BY "create_date", "id") AS "n" FROM "energy_star_notes"
), "counts" AS (
  SELECT "company_id", count(*) AS "c" FROM "numbered" GROUP BY "company_id"
), "bumped" AS (
  UPDATE "company_sync" AS cs SET "version" = cs."version" + c."c" FROM "counts" AS c
  WHERE cs."company_id" = c."company_id"
  RETURNING cs."company_id", cs."version" - c."c" AS "base"
)
UPDATE "energy_star_notes" AS t SET "version" = b."base" + n."n"
FROM "numbered" AS n JOIN "bumped" AS b ON b."company_id" = n."company_id"
WHERE t."id" = n."id";--> statement-breakpoint
WITH "numbered" AS (
  SELECT "id", "company_id", row_number() OVER (PARTITION BY "company_id" ORDER BY "id") AS "n" FROM "company_profiles"
), "counts" AS (
  SELECT "company_id", count(*) AS "c" FROM "numbered" GROUP BY "company_id"
), "bumped" AS (
  UPDATE "company_sync" AS cs SET "version" = cs."version" + c."c" FROM "counts" AS c
  WHERE cs."company_id" = c."company_id"
  RETURNING cs."company_id", cs."version" - c."c" AS "base"
)
UPDATE "company_profiles" AS t SET "version" = b."base" + n."n"
FROM "numbered" AS n JOIN "bumped" AS b ON b."company_id" = n."company_id"
WHERE t."id" = n."id";--> statement-breakpoint
WITH "numbered" AS (
  SELECT "id", "company_id", row_number() OVER (PARTITION BY "company_id" ORDER BY "id") AS "n" FROM "users"
), "counts" AS (
  SELECT "company_id", count(*) AS "c" FROM "numbered" GROUP BY "company_id"
), "bumped" AS (
  UPDATE "company_sync" AS cs SET "version" = cs."version" + c."c" FROM "counts" AS c
  WHERE cs."company_id" = c."company_id"
  RETURNING cs."company_id", cs."version" - c."c" AS "base"
)
UPDATE "users" AS t SET "version" = b."base" + n."n"
FROM "numbered" AS n JOIN "bumped" AS b ON b."company_id" = n."company_id"
WHERE t."id" = n."id";--> statement-breakpoint
ALTER TABLE "energy_star_metrics" ALTER COLUMN "version" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "energy_star_notes" ALTER COLUMN "version" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "company_profiles" ALTER COLUMN "version" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "version" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "company_profiles_company_version_idx" ON "company_profiles" USING btree ("company_id","version");--> statement-breakpoint
CREATE INDEX "users_company_version_idx" ON "users" USING btree ("company_id","version");--> statement-breakpoint
CREATE INDEX "energy_star_metrics_company_version_idx" ON "energy_star_metrics" USING btree ("company_id","version");--> statement-breakpoint
CREATE INDEX "energy_star_notes_company_version_idx" ON "energy_star_notes" USING btree ("company_id","version");
