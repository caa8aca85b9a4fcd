CREATE TABLE "energy_star_pushes" (
	"location_id" uuid PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"pushed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"pushed_by" integer,
	"meters" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "energy_star_pushes" ADD CONSTRAINT "energy_star_pushes_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "energy_star_pushes" ADD CONSTRAINT "energy_star_pushes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "energy_star_pushes" ADD CONSTRAINT "energy_star_pushes_pushed_by_users_id_fk" FOREIGN KEY ("pushed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;