-- Alerts name the audit that raised them (src/domain/billAudits.ts) with what it found, and carry a unique audit key
-- (bill and rule) so an audit never raises the same alert twice. Alerts written before were all raised by the spec's
-- anomaly flag on their bill: they get that rule and the key `{billId}:anomaly` (their own id when they name no bill).
-- Existing rows keep their versions; devices that stored them fill in the rule themselves (Dexie version 5).
ALTER TABLE "alerts" ADD COLUMN "rule" text DEFAULT 'anomaly' NOT NULL;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "measured" double precision;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "reference" double precision;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "audit_key" text;--> statement-breakpoint
UPDATE "alerts" SET "audit_key" = coalesce("bill_id"::text || ':anomaly', "id"::text);--> statement-breakpoint
ALTER TABLE "alerts" ALTER COLUMN "audit_key" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_audit_key_idx" ON "alerts" USING btree ("audit_key");--> statement-breakpoint
-- A budget covers any run of months (a fiscal year, 18 months...), not a calendar year: a year's budget becomes the
-- twelve months from its January. Actuals are no longer stored: they come from the bills (budgetActuals).
ALTER TABLE "budgets" ADD COLUMN "start_month" varchar(7);--> statement-breakpoint
ALTER TABLE "budgets" ADD COLUMN "month_count" integer;--> statement-breakpoint
UPDATE "budgets" SET "start_month" = "year"::text || '-01', "month_count" = 12;--> statement-breakpoint
ALTER TABLE "budgets" ALTER COLUMN "start_month" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "budgets" ALTER COLUMN "month_count" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "budgets" DROP COLUMN "year";--> statement-breakpoint
ALTER TABLE "budget_items" DROP COLUMN "actual_spend_amount";--> statement-breakpoint
ALTER TABLE "budget_items" DROP COLUMN "actual_usage_amount";
