-- AP deliveries, payment confirmations, client deposits and accrual rows become synced entities, read on the device
-- offline (docs/architecture.md §4, §14). Each table gets the sync columns; each company with such rows gets one new
-- version for them, so devices that synced the company before receive them. The AP file date is kept as the AP file
-- names it (six digits MMDDYY, spec 001 §5), read by parseApFileDate; payments get their confirmation number.
-- Control workbooks become a batch (a payment month) whose PDF the server renders from its payments on download.
-- Bill pay notes on bills get their table (bill_pay_bill_notes), and a payment may name the bill it paid.
DROP INDEX "ap_deliveries_company_ap_file_date_idx";--> statement-breakpoint
DROP INDEX "ap_deliveries_company_due_date_idx";--> statement-breakpoint
DROP INDEX "payment_confirmations_company_payment_date_idx";--> statement-breakpoint
DROP INDEX "client_deposits_company_deposit_date_idx";--> statement-breakpoint
DROP INDEX "accruals_company_batch_date_idx";--> statement-breakpoint
ALTER TABLE "ap_deliveries" ALTER COLUMN "ap_file_date" SET DATA TYPE text USING to_char("ap_file_date", 'MMDDYY');--> statement-breakpoint
ALTER TABLE "ap_deliveries" ADD COLUMN "invoice_date" date;--> statement-breakpoint
ALTER TABLE "payment_confirmations" ADD COLUMN "confirmation_number" text;--> statement-breakpoint
UPDATE "payment_confirmations" SET "confirmation_number" = 'PC' || upper(substr(replace("id"::text, '-', ''), 1, 10));--> statement-breakpoint
ALTER TABLE "payment_confirmations" ALTER COLUMN "confirmation_number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ap_deliveries" ADD COLUMN "version" bigint;--> statement-breakpoint
ALTER TABLE "ap_deliveries" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_confirmations" ADD COLUMN "version" bigint;--> statement-breakpoint
ALTER TABLE "payment_confirmations" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "client_deposits" ADD COLUMN "version" bigint;--> statement-breakpoint
ALTER TABLE "client_deposits" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "accruals" ADD COLUMN "version" bigint;--> statement-breakpoint
ALTER TABLE "accruals" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
INSERT INTO "company_sync" ("company_id", "version")
	SELECT "company_id", 1 FROM (
		SELECT "company_id" FROM "ap_deliveries" UNION SELECT "company_id" FROM "payment_confirmations"
		UNION SELECT "company_id" FROM "client_deposits" UNION SELECT "company_id" FROM "accruals"
	) AS c
	ON CONFLICT ("company_id") DO UPDATE SET "version" = "company_sync"."version" + 1;--> statement-breakpoint
UPDATE "ap_deliveries" AS t SET "version" = s."version" FROM "company_sync" AS s WHERE s."company_id" = t."company_id";--> statement-breakpoint
UPDATE "payment_confirmations" AS t SET "version" = s."version" FROM "company_sync" AS s WHERE s."company_id" = t."company_id";--> statement-breakpoint
UPDATE "client_deposits" AS t SET "version" = s."version" FROM "company_sync" AS s WHERE s."company_id" = t."company_id";--> statement-breakpoint
UPDATE "accruals" AS t SET "version" = s."version" FROM "company_sync" AS s WHERE s."company_id" = t."company_id";--> statement-breakpoint
ALTER TABLE "ap_deliveries" ALTER COLUMN "version" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_confirmations" ALTER COLUMN "version" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "client_deposits" ALTER COLUMN "version" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "accruals" ALTER COLUMN "version" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "ap_deliveries_company_version_idx" ON "ap_deliveries" USING btree ("company_id","version");--> statement-breakpoint
CREATE INDEX "payment_confirmations_company_version_idx" ON "payment_confirmations" USING btree ("company_id","version");--> statement-breakpoint
CREATE INDEX "client_deposits_company_version_idx" ON "client_deposits" USING btree ("company_id","version");--> statement-breakpoint
CREATE INDEX "accruals_company_version_idx" ON "accruals" USING btree ("company_id","version");--> statement-breakpoint
ALTER TABLE "control_workbooks" ADD COLUMN "batch_month" varchar(7);--> statement-breakpoint
UPDATE "control_workbooks" SET "batch_month" = substring("file_name" from '([0-9]{4}-[0-9]{2})');--> statement-breakpoint
UPDATE "control_workbooks" SET "batch_month" = to_char("created_at", 'YYYY-MM') WHERE "batch_month" IS NULL;--> statement-breakpoint
ALTER TABLE "control_workbooks" ALTER COLUMN "batch_month" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "control_workbooks" DROP COLUMN "content";--> statement-breakpoint
ALTER TABLE "payment_confirmations" ADD COLUMN "bill_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_confirmations" ADD CONSTRAINT "payment_confirmations_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "bill_pay_bill_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" integer NOT NULL,
	"bill_id" uuid NOT NULL,
	"note" text NOT NULL,
	"author_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "bill_pay_bill_notes" ADD CONSTRAINT "bill_pay_bill_notes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_pay_bill_notes" ADD CONSTRAINT "bill_pay_bill_notes_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bill_pay_bill_notes_bill_id_idx" ON "bill_pay_bill_notes" USING btree ("bill_id");
