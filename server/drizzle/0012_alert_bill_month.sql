ALTER TABLE "alerts" ADD COLUMN "bill_month" varchar(7);--> statement-breakpoint
UPDATE "alerts" SET "bill_month" = "bills"."bill_month" FROM "bills" WHERE "bills"."id" = "alerts"."bill_id";
