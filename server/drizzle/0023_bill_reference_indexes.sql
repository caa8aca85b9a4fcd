DROP INDEX "bill_attachments_bill_id_idx";--> statement-breakpoint
DROP INDEX "bill_charges_bill_id_idx";--> statement-breakpoint
DROP INDEX "bill_usages_bill_id_idx";--> statement-breakpoint
DROP INDEX "alerts_bill_id_idx";--> statement-breakpoint
DROP INDEX "bill_pay_bill_notes_bill_id_idx";--> statement-breakpoint
DROP INDEX "payment_confirmations_bill_id_idx";--> statement-breakpoint
CREATE INDEX "bill_attachments_bill_id_idx" ON "bill_attachments" USING btree ("bill_id","company_id");--> statement-breakpoint
CREATE INDEX "bill_charges_bill_id_idx" ON "bill_charges" USING btree ("bill_id","company_id");--> statement-breakpoint
CREATE INDEX "bill_usages_bill_id_idx" ON "bill_usages" USING btree ("bill_id","company_id");--> statement-breakpoint
CREATE INDEX "alerts_bill_id_idx" ON "alerts" USING btree ("bill_id","company_id");--> statement-breakpoint
CREATE INDEX "bill_pay_bill_notes_bill_id_idx" ON "bill_pay_bill_notes" USING btree ("bill_id","company_id");--> statement-breakpoint
CREATE INDEX "payment_confirmations_bill_id_idx" ON "payment_confirmations" USING btree ("bill_id","company_id");