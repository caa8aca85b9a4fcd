ALTER TABLE "import_batches" ADD COLUMN "replaced" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "import_batches" ADD COLUMN "created" jsonb DEFAULT '{}'::jsonb NOT NULL;