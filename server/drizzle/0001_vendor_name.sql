-- Accounts and bills carry their vendor's name, so the change feed serves it with their rows (vendors are not synced).
-- Added nullable, filled from vendors, then made NOT NULL: existing rows keep their versions, so clients that
-- synced them before see the name once a row changes or the company is pulled afresh.
ALTER TABLE "accounts" ADD COLUMN "vendor_name" text;--> statement-breakpoint
UPDATE "accounts" SET "vendor_name" = "vendors"."name" FROM "vendors" WHERE "vendors"."id" = "accounts"."vendor_id";--> statement-breakpoint
ALTER TABLE "accounts" ALTER COLUMN "vendor_name" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "vendor_name" text;--> statement-breakpoint
UPDATE "bills" SET "vendor_name" = "vendors"."name" FROM "vendors" WHERE "vendors"."id" = "bills"."vendor_id";--> statement-breakpoint
ALTER TABLE "bills" ALTER COLUMN "vendor_name" SET NOT NULL;
