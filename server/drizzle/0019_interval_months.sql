CREATE TABLE "interval_months" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" integer NOT NULL,
	"version" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"account_id" uuid NOT NULL,
	"import_batch_id" uuid,
	"month" text NOT NULL,
	"service_type" text NOT NULL,
	"unit" text NOT NULL,
	"interval_seconds" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"values" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "interval_months" ADD CONSTRAINT "interval_months_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interval_months" ADD CONSTRAINT "interval_months_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interval_months" ADD CONSTRAINT "interval_months_import_batch_id_import_batches_id_fk" FOREIGN KEY ("import_batch_id") REFERENCES "public"."import_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "interval_months_company_version_idx" ON "interval_months" USING btree ("company_id","version");--> statement-breakpoint
CREATE INDEX "interval_months_account_month_idx" ON "interval_months" USING btree ("account_id","month");--> statement-breakpoint
CREATE INDEX "interval_months_import_batch_idx" ON "interval_months" USING btree ("import_batch_id");