-- Bills and archive (docs/architecture.md §14 Bills and archive). A bill's charge and usage lines become one synced row
-- per bill (`bill_lines`, id = the bill's id), so every bill of a synced company opens offline with its lines. Bills
-- stored before get their row from their lines here (in the order they were written); each company with lines gets
-- one new version for them, so devices that synced the company before receive them. Archive statements get an
-- invoice date (the 15th of their bill month for rows stored before) and the indexes the archive search reads; bill
-- attachments (online files of `GET /downloadAttachment`) get their table.
CREATE TABLE "bill_lines" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"version" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"charges" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"usages" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bill_lines" ADD CONSTRAINT "bill_lines_id_bills_id_fk" FOREIGN KEY ("id") REFERENCES "public"."bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_lines" ADD CONSTRAINT "bill_lines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bill_lines_company_version_idx" ON "bill_lines" USING btree ("company_id","version");--> statement-breakpoint
INSERT INTO "company_sync" ("company_id", "version")
	SELECT b."company_id", max(b."version") + 1 FROM "bills" b
	WHERE EXISTS (SELECT 1 FROM "bill_charges" c WHERE c."bill_id" = b."id") OR EXISTS (SELECT 1 FROM "bill_usages" u WHERE u."bill_id" = b."id")
	GROUP BY b."company_id"
	ON CONFLICT ("company_id") DO UPDATE SET "version" = greatest("company_sync"."version" + 1, excluded."version");--> statement-breakpoint
INSERT INTO "bill_lines" ("id", "company_id", "version", "charges", "usages")
	SELECT b."id", b."company_id", s."version",
		coalesce((SELECT jsonb_agg(jsonb_build_object(
			'serviceType', c."service_type", 'tariff', c."tariff", 'chargeClassification', c."charge_classification",
			'description', c."description", 'amount', c."amount") ORDER BY c.ctid)
			FROM "bill_charges" c WHERE c."bill_id" = b."id"), '[]'::jsonb),
		coalesce((SELECT jsonb_agg(jsonb_build_object(
			'serviceName', u."service_name", 'tariff', u."tariff", 'measurementType', u."measurement_type",
			'energyUnit', u."energy_unit", 'usageTotal', u."usage_total", 'kwMax', u."kw_max", 'kvaMax', u."kva_max",
			'kvarSum', u."kvar_sum", 'readDateFrom', u."read_date_from", 'readDateTo', u."read_date_to") ORDER BY u.ctid)
			FROM "bill_usages" u WHERE u."bill_id" = b."id"), '[]'::jsonb)
	FROM "bills" b JOIN "company_sync" s ON s."company_id" = b."company_id"
	WHERE EXISTS (SELECT 1 FROM "bill_charges" c WHERE c."bill_id" = b."id") OR EXISTS (SELECT 1 FROM "bill_usages" u WHERE u."bill_id" = b."id");
--> statement-breakpoint
ALTER TABLE "archive_records" ADD COLUMN "invoice_date" date;--> statement-breakpoint
UPDATE "archive_records" SET "invoice_date" = ("bill_month" || '-15')::date;--> statement-breakpoint
ALTER TABLE "archive_records" ALTER COLUMN "invoice_date" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "archive_records_company_invoice_date_idx" ON "archive_records" USING btree ("company_id","invoice_date");--> statement-breakpoint
CREATE INDEX "archive_records_company_amount_idx" ON "archive_records" USING btree ("company_id","amount");--> statement-breakpoint
CREATE INDEX "archive_records_company_vendor_idx" ON "archive_records" USING btree ("company_id",lower("vendor_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "archive_records_company_account_prefix_idx" ON "archive_records" USING btree ("company_id","account_number" text_pattern_ops);
--> statement-breakpoint
CREATE TABLE "bill_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" integer NOT NULL,
	"bill_id" uuid NOT NULL,
	"account_number" text NOT NULL,
	"file_name" text NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bill_attachments" ADD CONSTRAINT "bill_attachments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_attachments" ADD CONSTRAINT "bill_attachments_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bill_attachments_bill_id_idx" ON "bill_attachments" USING btree ("bill_id");
