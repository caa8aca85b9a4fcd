ALTER TABLE "location_attribute_values" DROP CONSTRAINT "location_attribute_values_location_attribute_key";--> statement-breakpoint
ALTER TABLE "site_tags" DROP CONSTRAINT "site_tags_location_tag_key";--> statement-breakpoint
ALTER TABLE "company_documents" DROP CONSTRAINT "company_documents_storage_key_unique";--> statement-breakpoint
ALTER TABLE "contract_documents" DROP CONSTRAINT "contract_documents_storage_key_unique";--> statement-breakpoint
ALTER TABLE "contract_linked_locations" DROP CONSTRAINT "contract_linked_locations_contract_location_key";--> statement-breakpoint
ALTER TABLE "budget_items" DROP CONSTRAINT "budget_items_budget_month_key";--> statement-breakpoint
ALTER TABLE "energy_star_metrics" DROP CONSTRAINT "energy_star_metrics_location_month_key";--> statement-breakpoint
ALTER TABLE "support_tickets" DROP CONSTRAINT "support_tickets_jira_issue_id_unique";--> statement-breakpoint
ALTER TABLE "ticket_attachments" DROP CONSTRAINT "ticket_attachments_storage_key_unique";--> statement-breakpoint
ALTER TABLE "ticket_attachments" DROP CONSTRAINT "ticket_attachments_content_url_unique";--> statement-breakpoint
ALTER TABLE "location_attribute_values" DROP CONSTRAINT "location_attribute_values_location_id_locations_id_fk";
--> statement-breakpoint
ALTER TABLE "location_attribute_values" DROP CONSTRAINT "location_attribute_values_attribute_id_custom_attributes_id_fk";
--> statement-breakpoint
ALTER TABLE "site_tags" DROP CONSTRAINT "site_tags_location_id_locations_id_fk";
--> statement-breakpoint
ALTER TABLE "site_tags" DROP CONSTRAINT "site_tags_tag_id_tags_id_fk";
--> statement-breakpoint
ALTER TABLE "accounts" DROP CONSTRAINT "accounts_location_id_locations_id_fk";
--> statement-breakpoint
ALTER TABLE "meters" DROP CONSTRAINT "meters_account_id_accounts_id_fk";
--> statement-breakpoint
ALTER TABLE "bill_attachments" DROP CONSTRAINT "bill_attachments_bill_id_bills_id_fk";
--> statement-breakpoint
ALTER TABLE "bill_charges" DROP CONSTRAINT "bill_charges_bill_id_bills_id_fk";
--> statement-breakpoint
ALTER TABLE "bill_lines" DROP CONSTRAINT "bill_lines_id_bills_id_fk";
--> statement-breakpoint
ALTER TABLE "bill_usages" DROP CONSTRAINT "bill_usages_bill_id_bills_id_fk";
--> statement-breakpoint
ALTER TABLE "bills" DROP CONSTRAINT "bills_account_id_accounts_id_fk";
--> statement-breakpoint
ALTER TABLE "bills" DROP CONSTRAINT "bills_location_id_locations_id_fk";
--> statement-breakpoint
ALTER TABLE "bills" DROP CONSTRAINT "bills_import_batch_id_import_batches_id_fk";
--> statement-breakpoint
ALTER TABLE "interval_months" DROP CONSTRAINT "interval_months_account_id_accounts_id_fk";
--> statement-breakpoint
ALTER TABLE "interval_months" DROP CONSTRAINT "interval_months_import_batch_id_import_batches_id_fk";
--> statement-breakpoint
ALTER TABLE "contract_documents" DROP CONSTRAINT "contract_documents_contract_id_contracts_id_fk";
--> statement-breakpoint
ALTER TABLE "contract_linked_locations" DROP CONSTRAINT "contract_linked_locations_contract_id_contracts_id_fk";
--> statement-breakpoint
ALTER TABLE "contract_linked_locations" DROP CONSTRAINT "contract_linked_locations_location_id_locations_id_fk";
--> statement-breakpoint
ALTER TABLE "contracts" DROP CONSTRAINT "contracts_associated_contract_id_contracts_id_fk";
--> statement-breakpoint
ALTER TABLE "alert_notes" DROP CONSTRAINT "alert_notes_alert_id_alerts_id_fk";
--> statement-breakpoint
ALTER TABLE "alerts" DROP CONSTRAINT "alerts_account_id_accounts_id_fk";
--> statement-breakpoint
ALTER TABLE "alerts" DROP CONSTRAINT "alerts_location_id_locations_id_fk";
--> statement-breakpoint
ALTER TABLE "alerts" DROP CONSTRAINT "alerts_bill_id_bills_id_fk";
--> statement-breakpoint
ALTER TABLE "budget_items" DROP CONSTRAINT "budget_items_budget_id_budgets_id_fk";
--> statement-breakpoint
ALTER TABLE "budgets" DROP CONSTRAINT "budgets_location_id_locations_id_fk";
--> statement-breakpoint
ALTER TABLE "accruals" DROP CONSTRAINT "accruals_account_id_accounts_id_fk";
--> statement-breakpoint
ALTER TABLE "ap_deliveries" DROP CONSTRAINT "ap_deliveries_location_id_locations_id_fk";
--> statement-breakpoint
ALTER TABLE "bill_pay_bill_notes" DROP CONSTRAINT "bill_pay_bill_notes_bill_id_bills_id_fk";
--> statement-breakpoint
ALTER TABLE "payment_confirmations" DROP CONSTRAINT "payment_confirmations_account_id_accounts_id_fk";
--> statement-breakpoint
ALTER TABLE "payment_confirmations" DROP CONSTRAINT "payment_confirmations_bill_id_bills_id_fk";
--> statement-breakpoint
ALTER TABLE "open_close_events" DROP CONSTRAINT "open_close_events_request_id_open_close_requests_id_fk";
--> statement-breakpoint
ALTER TABLE "open_close_notes" DROP CONSTRAINT "open_close_notes_request_id_open_close_requests_id_fk";
--> statement-breakpoint
ALTER TABLE "open_close_requests" DROP CONSTRAINT "open_close_requests_location_id_locations_id_fk";
--> statement-breakpoint
ALTER TABLE "open_close_requests" DROP CONSTRAINT "open_close_requests_account_id_accounts_id_fk";
--> statement-breakpoint
ALTER TABLE "energy_star_metrics" DROP CONSTRAINT "energy_star_metrics_location_id_locations_id_fk";
--> statement-breakpoint
ALTER TABLE "energy_star_notes" DROP CONSTRAINT "energy_star_notes_location_id_locations_id_fk";
--> statement-breakpoint
ALTER TABLE "energy_star_pushes" DROP CONSTRAINT "energy_star_pushes_location_id_locations_id_fk";
--> statement-breakpoint
ALTER TABLE "ticket_attachments" DROP CONSTRAINT "ticket_attachments_ticket_id_support_tickets_id_fk";
--> statement-breakpoint
ALTER TABLE "ticket_comments" DROP CONSTRAINT "ticket_comments_ticket_id_support_tickets_id_fk";
--> statement-breakpoint
DROP INDEX "alerts_audit_key_idx";--> statement-breakpoint
ALTER TABLE "company_profiles" DROP CONSTRAINT "company_profiles_pkey";--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP CONSTRAINT "idempotency_keys_pkey";--> statement-breakpoint
-- Keys without a company (none are written: every synced write names its company) cannot join the company-wide key.
DELETE FROM "idempotency_keys" WHERE "company_id" IS NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ALTER COLUMN "company_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "tombstones" DROP CONSTRAINT "tombstones_pkey";--> statement-breakpoint
ALTER TABLE "custom_attributes" DROP CONSTRAINT "custom_attributes_pkey";--> statement-breakpoint
ALTER TABLE "grid_settings" DROP CONSTRAINT "grid_settings_pkey";--> statement-breakpoint
ALTER TABLE "location_attribute_values" DROP CONSTRAINT "location_attribute_values_pkey";--> statement-breakpoint
ALTER TABLE "locations" DROP CONSTRAINT "locations_pkey";--> statement-breakpoint
ALTER TABLE "site_tags" DROP CONSTRAINT "site_tags_pkey";--> statement-breakpoint
ALTER TABLE "tags" DROP CONSTRAINT "tags_pkey";--> statement-breakpoint
ALTER TABLE "accounts" DROP CONSTRAINT "accounts_pkey";--> statement-breakpoint
ALTER TABLE "meters" DROP CONSTRAINT "meters_pkey";--> statement-breakpoint
ALTER TABLE "bill_attachments" DROP CONSTRAINT "bill_attachments_pkey";--> statement-breakpoint
ALTER TABLE "bill_charges" DROP CONSTRAINT "bill_charges_pkey";--> statement-breakpoint
ALTER TABLE "bill_lines" DROP CONSTRAINT "bill_lines_pkey";--> statement-breakpoint
ALTER TABLE "bill_usages" DROP CONSTRAINT "bill_usages_pkey";--> statement-breakpoint
ALTER TABLE "bills" DROP CONSTRAINT "bills_pkey";--> statement-breakpoint
ALTER TABLE "import_batches" DROP CONSTRAINT "import_batches_pkey";--> statement-breakpoint
ALTER TABLE "interval_months" DROP CONSTRAINT "interval_months_pkey";--> statement-breakpoint
ALTER TABLE "company_documents" DROP CONSTRAINT "company_documents_pkey";--> statement-breakpoint
ALTER TABLE "contract_documents" DROP CONSTRAINT "contract_documents_pkey";--> statement-breakpoint
ALTER TABLE "contract_linked_locations" DROP CONSTRAINT "contract_linked_locations_pkey";--> statement-breakpoint
ALTER TABLE "contracts" DROP CONSTRAINT "contracts_pkey";--> statement-breakpoint
ALTER TABLE "alert_notes" DROP CONSTRAINT "alert_notes_pkey";--> statement-breakpoint
ALTER TABLE "alerts" DROP CONSTRAINT "alerts_pkey";--> statement-breakpoint
ALTER TABLE "budget_items" DROP CONSTRAINT "budget_items_pkey";--> statement-breakpoint
ALTER TABLE "budgets" DROP CONSTRAINT "budgets_pkey";--> statement-breakpoint
ALTER TABLE "accrual_reports" DROP CONSTRAINT "accrual_reports_pkey";--> statement-breakpoint
ALTER TABLE "accruals" DROP CONSTRAINT "accruals_pkey";--> statement-breakpoint
ALTER TABLE "ap_deliveries" DROP CONSTRAINT "ap_deliveries_pkey";--> statement-breakpoint
ALTER TABLE "bill_pay_bill_notes" DROP CONSTRAINT "bill_pay_bill_notes_pkey";--> statement-breakpoint
ALTER TABLE "client_deposits" DROP CONSTRAINT "client_deposits_pkey";--> statement-breakpoint
ALTER TABLE "control_workbooks" DROP CONSTRAINT "control_workbooks_pkey";--> statement-breakpoint
ALTER TABLE "gl_files" DROP CONSTRAINT "gl_files_pkey";--> statement-breakpoint
ALTER TABLE "payment_confirmations" DROP CONSTRAINT "payment_confirmations_pkey";--> statement-breakpoint
ALTER TABLE "open_close_events" DROP CONSTRAINT "open_close_events_pkey";--> statement-breakpoint
ALTER TABLE "open_close_notes" DROP CONSTRAINT "open_close_notes_pkey";--> statement-breakpoint
ALTER TABLE "open_close_requests" DROP CONSTRAINT "open_close_requests_pkey";--> statement-breakpoint
ALTER TABLE "energy_star_metrics" DROP CONSTRAINT "energy_star_metrics_pkey";--> statement-breakpoint
ALTER TABLE "energy_star_notes" DROP CONSTRAINT "energy_star_notes_pkey";--> statement-breakpoint
ALTER TABLE "energy_star_pushes" DROP CONSTRAINT "energy_star_pushes_pkey";--> statement-breakpoint
ALTER TABLE "support_tickets" DROP CONSTRAINT "support_tickets_pkey";--> statement-breakpoint
ALTER TABLE "ticket_attachments" DROP CONSTRAINT "ticket_attachments_pkey";--> statement-breakpoint
ALTER TABLE "ticket_comments" DROP CONSTRAINT "ticket_comments_pkey";--> statement-breakpoint
ALTER TABLE "archive_records" DROP CONSTRAINT "archive_records_pkey";--> statement-breakpoint
ALTER TABLE "chat_sessions" DROP CONSTRAINT "chat_sessions_pkey";--> statement-breakpoint
ALTER TABLE "report_filters" DROP CONSTRAINT "report_filters_pkey";--> statement-breakpoint
ALTER TABLE "company_profiles" ADD CONSTRAINT "company_profiles_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_key_company_id_pk" PRIMARY KEY("key","company_id");--> statement-breakpoint
ALTER TABLE "tombstones" ADD CONSTRAINT "tombstones_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "custom_attributes" ADD CONSTRAINT "custom_attributes_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "grid_settings" ADD CONSTRAINT "grid_settings_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "location_attribute_values" ADD CONSTRAINT "location_attribute_values_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "site_tags" ADD CONSTRAINT "site_tags_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "meters" ADD CONSTRAINT "meters_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "bill_attachments" ADD CONSTRAINT "bill_attachments_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "bill_charges" ADD CONSTRAINT "bill_charges_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "bill_lines" ADD CONSTRAINT "bill_lines_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "bill_usages" ADD CONSTRAINT "bill_usages_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "import_batches" ADD CONSTRAINT "import_batches_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "interval_months" ADD CONSTRAINT "interval_months_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "company_documents" ADD CONSTRAINT "company_documents_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "contract_documents" ADD CONSTRAINT "contract_documents_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "contract_linked_locations" ADD CONSTRAINT "contract_linked_locations_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "alert_notes" ADD CONSTRAINT "alert_notes_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "budget_items" ADD CONSTRAINT "budget_items_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "accrual_reports" ADD CONSTRAINT "accrual_reports_blob_id_company_id_pk" PRIMARY KEY("blob_id","company_id");--> statement-breakpoint
ALTER TABLE "accruals" ADD CONSTRAINT "accruals_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "ap_deliveries" ADD CONSTRAINT "ap_deliveries_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "bill_pay_bill_notes" ADD CONSTRAINT "bill_pay_bill_notes_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "client_deposits" ADD CONSTRAINT "client_deposits_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "control_workbooks" ADD CONSTRAINT "control_workbooks_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "gl_files" ADD CONSTRAINT "gl_files_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "payment_confirmations" ADD CONSTRAINT "payment_confirmations_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "open_close_events" ADD CONSTRAINT "open_close_events_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "open_close_notes" ADD CONSTRAINT "open_close_notes_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "open_close_requests" ADD CONSTRAINT "open_close_requests_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "energy_star_metrics" ADD CONSTRAINT "energy_star_metrics_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "energy_star_notes" ADD CONSTRAINT "energy_star_notes_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "energy_star_pushes" ADD CONSTRAINT "energy_star_pushes_location_id_company_id_pk" PRIMARY KEY("location_id","company_id");--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "ticket_attachments" ADD CONSTRAINT "ticket_attachments_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "ticket_comments" ADD CONSTRAINT "ticket_comments_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "archive_records" ADD CONSTRAINT "archive_records_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD CONSTRAINT "chat_sessions_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "report_filters" ADD CONSTRAINT "report_filters_id_company_id_pk" PRIMARY KEY("id","company_id");--> statement-breakpoint
ALTER TABLE "location_attribute_values" ADD CONSTRAINT "location_attribute_values_location_id_fk" FOREIGN KEY ("location_id","company_id") REFERENCES "public"."locations"("id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_attribute_values" ADD CONSTRAINT "location_attribute_values_attribute_id_fk" FOREIGN KEY ("attribute_id","company_id") REFERENCES "public"."custom_attributes"("id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_tags" ADD CONSTRAINT "site_tags_location_id_fk" FOREIGN KEY ("location_id","company_id") REFERENCES "public"."locations"("id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_tags" ADD CONSTRAINT "site_tags_tag_id_fk" FOREIGN KEY ("tag_id","company_id") REFERENCES "public"."tags"("id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_location_id_fk" FOREIGN KEY ("location_id","company_id") REFERENCES "public"."locations"("id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meters" ADD CONSTRAINT "meters_account_id_fk" FOREIGN KEY ("account_id","company_id") REFERENCES "public"."accounts"("id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_attachments" ADD CONSTRAINT "bill_attachments_bill_id_fk" FOREIGN KEY ("bill_id","company_id") REFERENCES "public"."bills"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_charges" ADD CONSTRAINT "bill_charges_bill_id_fk" FOREIGN KEY ("bill_id","company_id") REFERENCES "public"."bills"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_lines" ADD CONSTRAINT "bill_lines_id_fk" FOREIGN KEY ("id","company_id") REFERENCES "public"."bills"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_usages" ADD CONSTRAINT "bill_usages_bill_id_fk" FOREIGN KEY ("bill_id","company_id") REFERENCES "public"."bills"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_account_id_fk" FOREIGN KEY ("account_id","company_id") REFERENCES "public"."accounts"("id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_location_id_fk" FOREIGN KEY ("location_id","company_id") REFERENCES "public"."locations"("id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_import_batch_id_fk" FOREIGN KEY ("import_batch_id","company_id") REFERENCES "public"."import_batches"("id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interval_months" ADD CONSTRAINT "interval_months_account_id_fk" FOREIGN KEY ("account_id","company_id") REFERENCES "public"."accounts"("id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interval_months" ADD CONSTRAINT "interval_months_import_batch_id_fk" FOREIGN KEY ("import_batch_id","company_id") REFERENCES "public"."import_batches"("id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_documents" ADD CONSTRAINT "contract_documents_contract_id_fk" FOREIGN KEY ("contract_id","company_id") REFERENCES "public"."contracts"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_linked_locations" ADD CONSTRAINT "contract_linked_locations_contract_id_fk" FOREIGN KEY ("contract_id","company_id") REFERENCES "public"."contracts"("id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_linked_locations" ADD CONSTRAINT "contract_linked_locations_location_id_fk" FOREIGN KEY ("location_id","company_id") REFERENCES "public"."locations"("id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_associated_contract_id_fk" FOREIGN KEY ("associated_contract_id","company_id") REFERENCES "public"."contracts"("id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_notes" ADD CONSTRAINT "alert_notes_alert_id_fk" FOREIGN KEY ("alert_id","company_id") REFERENCES "public"."alerts"("id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_account_id_fk" FOREIGN KEY ("account_id","company_id") REFERENCES "public"."accounts"("id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_location_id_fk" FOREIGN KEY ("location_id","company_id") REFERENCES "public"."locations"("id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_bill_id_fk" FOREIGN KEY ("bill_id","company_id") REFERENCES "public"."bills"("id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_items" ADD CONSTRAINT "budget_items_budget_id_fk" FOREIGN KEY ("budget_id","company_id") REFERENCES "public"."budgets"("id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_location_id_fk" FOREIGN KEY ("location_id","company_id") REFERENCES "public"."locations"("id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accruals" ADD CONSTRAINT "accruals_account_id_fk" FOREIGN KEY ("account_id","company_id") REFERENCES "public"."accounts"("id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ap_deliveries" ADD CONSTRAINT "ap_deliveries_location_id_fk" FOREIGN KEY ("location_id","company_id") REFERENCES "public"."locations"("id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_pay_bill_notes" ADD CONSTRAINT "bill_pay_bill_notes_bill_id_fk" FOREIGN KEY ("bill_id","company_id") REFERENCES "public"."bills"("id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_confirmations" ADD CONSTRAINT "payment_confirmations_account_id_fk" FOREIGN KEY ("account_id","company_id") REFERENCES "public"."accounts"("id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_confirmations" ADD CONSTRAINT "payment_confirmations_bill_id_fk" FOREIGN KEY ("bill_id","company_id") REFERENCES "public"."bills"("id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_close_events" ADD CONSTRAINT "open_close_events_request_id_fk" FOREIGN KEY ("request_id","company_id") REFERENCES "public"."open_close_requests"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_close_notes" ADD CONSTRAINT "open_close_notes_request_id_fk" FOREIGN KEY ("request_id","company_id") REFERENCES "public"."open_close_requests"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_close_requests" ADD CONSTRAINT "open_close_requests_location_id_fk" FOREIGN KEY ("location_id","company_id") REFERENCES "public"."locations"("id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_close_requests" ADD CONSTRAINT "open_close_requests_account_id_fk" FOREIGN KEY ("account_id","company_id") REFERENCES "public"."accounts"("id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "energy_star_metrics" ADD CONSTRAINT "energy_star_metrics_location_id_fk" FOREIGN KEY ("location_id","company_id") REFERENCES "public"."locations"("id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "energy_star_notes" ADD CONSTRAINT "energy_star_notes_location_id_fk" FOREIGN KEY ("location_id","company_id") REFERENCES "public"."locations"("id","company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "energy_star_pushes" ADD CONSTRAINT "energy_star_pushes_location_id_fk" FOREIGN KEY ("location_id","company_id") REFERENCES "public"."locations"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_attachments" ADD CONSTRAINT "ticket_attachments_ticket_id_fk" FOREIGN KEY ("ticket_id","company_id") REFERENCES "public"."support_tickets"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_comments" ADD CONSTRAINT "ticket_comments_ticket_id_fk" FOREIGN KEY ("ticket_id","company_id") REFERENCES "public"."support_tickets"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_audit_key_idx" ON "alerts" USING btree ("company_id","audit_key");--> statement-breakpoint
ALTER TABLE "location_attribute_values" ADD CONSTRAINT "location_attribute_values_location_attribute_key" UNIQUE("company_id","location_id","attribute_id");--> statement-breakpoint
ALTER TABLE "site_tags" ADD CONSTRAINT "site_tags_location_tag_key" UNIQUE("company_id","location_id","tag_id");--> statement-breakpoint
ALTER TABLE "company_documents" ADD CONSTRAINT "company_documents_company_storage_key_key" UNIQUE("company_id","storage_key");--> statement-breakpoint
ALTER TABLE "contract_documents" ADD CONSTRAINT "contract_documents_company_storage_key_key" UNIQUE("company_id","storage_key");--> statement-breakpoint
ALTER TABLE "contract_linked_locations" ADD CONSTRAINT "contract_linked_locations_contract_location_key" UNIQUE("company_id","contract_id","location_id");--> statement-breakpoint
ALTER TABLE "budget_items" ADD CONSTRAINT "budget_items_budget_month_key" UNIQUE("company_id","budget_id","month");--> statement-breakpoint
ALTER TABLE "energy_star_metrics" ADD CONSTRAINT "energy_star_metrics_location_month_key" UNIQUE("company_id","location_id","metric_month");--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_company_jira_issue_id_key" UNIQUE("company_id","jira_issue_id");--> statement-breakpoint
ALTER TABLE "ticket_attachments" ADD CONSTRAINT "ticket_attachments_company_storage_key_key" UNIQUE("company_id","storage_key");--> statement-breakpoint
ALTER TABLE "ticket_attachments" ADD CONSTRAINT "ticket_attachments_company_content_url_key" UNIQUE("company_id","content_url");