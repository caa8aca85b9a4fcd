-- Contract documents (spec 001 §3 Document, associated with a contract) become a synced entity whose bytes live in
-- the file store, like company documents in 0003 (docs/architecture.md §15). Existing bytes move to file_inbox under
-- the row's new storage key; the server writes them to disk when it starts. Each company with contract documents
-- gets one new version for them, so devices that synced the company before receive them.
ALTER TABLE "contract_documents" ADD COLUMN "version" bigint;--> statement-breakpoint
ALTER TABLE "contract_documents" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "contract_documents" ADD COLUMN "size" integer;--> statement-breakpoint
ALTER TABLE "contract_documents" ADD COLUMN "sha256" text;--> statement-breakpoint
ALTER TABLE "contract_documents" ADD COLUMN "storage_key" text;--> statement-breakpoint
ALTER TABLE "contract_documents" ADD COLUMN "uploaded_by" integer;--> statement-breakpoint
ALTER TABLE "contract_documents" ADD COLUMN "uploaded_by_name" text;--> statement-breakpoint
UPDATE "contract_documents" SET
	"size" = octet_length("content"),
	"sha256" = encode(sha256("content"), 'hex'),
	"storage_key" = 'contract-documents/' || "company_id" || '/' || "id";--> statement-breakpoint
INSERT INTO "file_inbox" ("storage_key", "content") SELECT "storage_key", "content" FROM "contract_documents";--> statement-breakpoint
INSERT INTO "company_sync" ("company_id", "version") SELECT DISTINCT "company_id", 1 FROM "contract_documents"
	ON CONFLICT ("company_id") DO UPDATE SET "version" = "company_sync"."version" + 1;--> statement-breakpoint
UPDATE "contract_documents" AS d SET "version" = s."version" FROM "company_sync" AS s WHERE s."company_id" = d."company_id";--> statement-breakpoint
ALTER TABLE "contract_documents" ALTER COLUMN "version" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "contract_documents" ALTER COLUMN "size" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "contract_documents" ALTER COLUMN "sha256" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "contract_documents" ALTER COLUMN "storage_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "contract_documents" ADD CONSTRAINT "contract_documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contract_documents_company_version_idx" ON "contract_documents" USING btree ("company_id","version");--> statement-breakpoint
ALTER TABLE "contract_documents" DROP COLUMN "content";--> statement-breakpoint
ALTER TABLE "contract_documents" ADD CONSTRAINT "contract_documents_storage_key_unique" UNIQUE("storage_key");
