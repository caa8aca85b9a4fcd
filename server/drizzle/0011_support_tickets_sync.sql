-- Support tickets, their comments and attachments become synced entities (docs/architecture.md §14 Support): the
-- ticket list reads the device and tickets written offline replay through the outbox. Attachment bytes move to the
-- file store (docs/architecture.md §15) through file_inbox, under the row's new storage key. Each company with any of
-- these rows gets one new version for them, so devices that synced the company before receive them.
ALTER TABLE "support_tickets" ADD COLUMN "version" bigint;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "created_by_name" text;--> statement-breakpoint
ALTER TABLE "ticket_comments" ADD COLUMN "version" bigint;--> statement-breakpoint
ALTER TABLE "ticket_comments" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_comments" ADD COLUMN "created_by_name" text;--> statement-breakpoint
DROP INDEX "ticket_attachments_company_id_idx";--> statement-breakpoint
ALTER TABLE "ticket_attachments" ADD COLUMN "version" bigint;--> statement-breakpoint
ALTER TABLE "ticket_attachments" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_attachments" ADD COLUMN "size" integer;--> statement-breakpoint
ALTER TABLE "ticket_attachments" ADD COLUMN "sha256" text;--> statement-breakpoint
ALTER TABLE "ticket_attachments" ADD COLUMN "storage_key" text;--> statement-breakpoint
UPDATE "support_tickets" AS t SET "created_by_name" = u."first_name" || ' ' || u."last_name"
	FROM "users" AS u WHERE u."id" = t."created_by";--> statement-breakpoint
UPDATE "ticket_comments" AS c SET "created_by_name" = u."first_name" || ' ' || u."last_name"
	FROM "users" AS u WHERE u."id" = c."created_by";--> statement-breakpoint
UPDATE "ticket_attachments" SET
	"size" = octet_length("content"),
	"sha256" = encode(sha256("content"), 'hex'),
	"storage_key" = 'ticket-attachments/' || "company_id" || '/' || "id";--> statement-breakpoint
INSERT INTO "file_inbox" ("storage_key", "content") SELECT "storage_key", "content" FROM "ticket_attachments";--> statement-breakpoint
INSERT INTO "company_sync" ("company_id", "version")
	SELECT "company_id", 1 FROM "support_tickets"
	UNION SELECT "company_id", 1 FROM "ticket_comments"
	UNION SELECT "company_id", 1 FROM "ticket_attachments"
	ON CONFLICT ("company_id") DO UPDATE SET "version" = "company_sync"."version" + 1;--> statement-breakpoint
UPDATE "support_tickets" AS x SET "version" = s."version" FROM "company_sync" AS s WHERE s."company_id" = x."company_id";--> statement-breakpoint
UPDATE "ticket_comments" AS x SET "version" = s."version" FROM "company_sync" AS s WHERE s."company_id" = x."company_id";--> statement-breakpoint
UPDATE "ticket_attachments" AS x SET "version" = s."version" FROM "company_sync" AS s WHERE s."company_id" = x."company_id";--> statement-breakpoint
ALTER TABLE "support_tickets" ALTER COLUMN "version" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_comments" ALTER COLUMN "version" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_attachments" ALTER COLUMN "version" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_attachments" ALTER COLUMN "size" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_attachments" ALTER COLUMN "sha256" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_attachments" ALTER COLUMN "storage_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_attachments" DROP COLUMN "content";--> statement-breakpoint
ALTER TABLE "ticket_attachments" ADD CONSTRAINT "ticket_attachments_storage_key_unique" UNIQUE("storage_key");--> statement-breakpoint
CREATE INDEX "support_tickets_company_version_idx" ON "support_tickets" USING btree ("company_id","version");--> statement-breakpoint
CREATE INDEX "ticket_comments_company_version_idx" ON "ticket_comments" USING btree ("company_id","version");--> statement-breakpoint
CREATE INDEX "ticket_attachments_company_version_idx" ON "ticket_attachments" USING btree ("company_id","version");
--> statement-breakpoint
CREATE TABLE "user_admin_audit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" integer,
	"actor_name" text NOT NULL,
	"action" text NOT NULL,
	"target_user_id" integer,
	"target_company_id" integer,
	"detail" text NOT NULL
);--> statement-breakpoint
ALTER TABLE "user_admin_audit" ADD CONSTRAINT "user_admin_audit_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_admin_audit" ADD CONSTRAINT "user_admin_audit_target_user_id_users_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_admin_audit" ADD CONSTRAINT "user_admin_audit_target_company_id_companies_id_fk" FOREIGN KEY ("target_company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_admin_audit_at_idx" ON "user_admin_audit" USING btree ("at");
