-- Open/close requests and their notes become synced entities, with a history of events (docs/architecture.md §14).
-- Rows written before get one new version of their company, so devices that synced the company already pull them;
-- the company's counter moves past it. Existing requests have no requester or contact: those stay null.
ALTER TABLE "open_close_requests" ADD COLUMN "version" bigint;--> statement-breakpoint
ALTER TABLE "open_close_notes" ADD COLUMN "version" bigint;--> statement-breakpoint
INSERT INTO "company_sync" ("company_id", "version")
SELECT "company_id", 1 FROM (
  SELECT "company_id" FROM "open_close_requests" UNION SELECT "company_id" FROM "open_close_notes"
) AS "owners"
ON CONFLICT ("company_id") DO UPDATE SET "version" = "company_sync"."version" + 1;--> statement-breakpoint
UPDATE "open_close_requests" AS r SET "version" = s."version" FROM "company_sync" AS s WHERE s."company_id" = r."company_id";--> statement-breakpoint
UPDATE "open_close_notes" AS n SET "version" = s."version" FROM "company_sync" AS s WHERE s."company_id" = n."company_id";--> statement-breakpoint
ALTER TABLE "open_close_requests" ALTER COLUMN "version" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "open_close_notes" ALTER COLUMN "version" SET NOT NULL;--> statement-breakpoint
CREATE TABLE "open_close_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" integer NOT NULL,
	"version" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"request_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"from_status" integer,
	"to_status" integer,
	"fields" text,
	"created_by" integer,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "open_close_notes" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "open_close_notes" ADD COLUMN "created_by_name" text;--> statement-breakpoint
ALTER TABLE "open_close_requests" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "open_close_requests" ADD COLUMN "requested_by" integer;--> statement-breakpoint
ALTER TABLE "open_close_requests" ADD COLUMN "requested_by_name" text;--> statement-breakpoint
ALTER TABLE "open_close_requests" ADD COLUMN "contact_name" text;--> statement-breakpoint
ALTER TABLE "open_close_requests" ADD COLUMN "contact_phone" text;--> statement-breakpoint
ALTER TABLE "open_close_requests" ADD COLUMN "contact_email" text;--> statement-breakpoint
ALTER TABLE "open_close_events" ADD CONSTRAINT "open_close_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_close_events" ADD CONSTRAINT "open_close_events_request_id_open_close_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."open_close_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_close_events" ADD CONSTRAINT "open_close_events_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "open_close_events_company_version_idx" ON "open_close_events" USING btree ("company_id","version");--> statement-breakpoint
CREATE INDEX "open_close_events_request_id_idx" ON "open_close_events" USING btree ("request_id");--> statement-breakpoint
ALTER TABLE "open_close_requests" ADD CONSTRAINT "open_close_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "open_close_notes_company_version_idx" ON "open_close_notes" USING btree ("company_id","version");--> statement-breakpoint
CREATE INDEX "open_close_requests_company_version_idx" ON "open_close_requests" USING btree ("company_id","version");