CREATE INDEX "location_attribute_values_location_id_idx" ON "location_attribute_values" USING btree ("location_id","company_id");--> statement-breakpoint
CREATE INDEX "site_tags_location_id_idx" ON "site_tags" USING btree ("location_id","company_id");--> statement-breakpoint
CREATE INDEX "contract_linked_locations_contract_id_idx" ON "contract_linked_locations" USING btree ("contract_id","company_id");--> statement-breakpoint
CREATE INDEX "alerts_account_id_idx" ON "alerts" USING btree ("account_id","company_id");--> statement-breakpoint
CREATE INDEX "alerts_location_id_idx" ON "alerts" USING btree ("location_id","company_id");--> statement-breakpoint
CREATE INDEX "budget_items_budget_id_idx" ON "budget_items" USING btree ("budget_id","company_id");--> statement-breakpoint
CREATE INDEX "accruals_account_id_idx" ON "accruals" USING btree ("account_id","company_id");--> statement-breakpoint
CREATE INDEX "ap_deliveries_location_id_idx" ON "ap_deliveries" USING btree ("location_id","company_id");--> statement-breakpoint
CREATE INDEX "payment_confirmations_account_id_idx" ON "payment_confirmations" USING btree ("account_id","company_id");--> statement-breakpoint
CREATE INDEX "open_close_requests_location_id_idx" ON "open_close_requests" USING btree ("location_id","company_id");--> statement-breakpoint
CREATE INDEX "open_close_requests_account_id_idx" ON "open_close_requests" USING btree ("account_id","company_id");--> statement-breakpoint
CREATE INDEX "energy_star_metrics_location_id_idx" ON "energy_star_metrics" USING btree ("location_id","company_id");