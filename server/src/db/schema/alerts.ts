// Bill-anomaly alerts and their notes (spec 001 §3 Alert, §4 Alert status). Both synced.
import { getTableColumns } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { bills } from './bills';
import { money, syncColumns, syncIndex, tenantId, tenantKey, tenantRef, timestamptz, usage } from './columns';
import { locations } from './locations';
import { users } from './users';

/**
 * An alert raised on a bill by one of the bill audits (src/domain/billAudits.ts). `status` holds the spec's values:
 * 'open', 'good', 'closed', 'closed with savings', 'pending', 'pending - client input', 'closed - public'.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: tenantId(),
    ...syncColumns(),
    accountId: uuid('account_id').notNull(),
    locationId: uuid('location_id').notNull(),
    billId: uuid('bill_id'),
    // The bill's month, kept with the alert so a device places it in a window of months without reading the bill.
    billMonth: varchar('bill_month', { length: 7 }),
    status: text('status').notNull().default('open'),
    importDate: date('import_date', { mode: 'string' }).notNull(),
    closedAt: timestamptz('closed_at'),
    serviceType: text('service_type').notNull(),
    usageUoM: text('usage_uom'),
    chargeVarianceMoM: money('charge_variance_mom'),
    chargeVarianceYoY: money('charge_variance_yoy'),
    usageVarianceMoM: usage('usage_variance_mom'),
    usageVarianceYoY: usage('usage_variance_yoy'),
    lateFee: money('late_fee'),
    // Percentages (100 = 100 %); unbounded, since a variance from a tiny base can be thousands of percent.
    variancePercentageChargeMoM: doublePrecision('variance_percentage_charge_mom'),
    variancePercentageChargeYoY: doublePrecision('variance_percentage_charge_yoy'),
    variancePercentageUsageMoM: doublePrecision('variance_percentage_usage_mom'),
    variancePercentageUsageYoY: doublePrecision('variance_percentage_usage_yoy'),
    // Shown to clients on the read-only page when only public alerts are asked for (showPublicOnly).
    isPublic: boolean('is_public').notNull().default(false),
    // The audit that raised it (AUDIT_RULES) and what it found, for the alert's words (src/domain/alertMessage.ts).
    rule: text('rule').notNull().default('anomaly'),
    measured: doublePrecision('measured'),
    reference: doublePrecision('reference'),
    // Bill and rule (account and expected date for a missing bill): unique, so an audit never raises an alert twice.
    auditKey: text('audit_key').notNull(),
  },
  (t) => [
    index('alerts_account_id_idx').on(t.accountId, t.companyId),
    index('alerts_location_id_idx').on(t.locationId, t.companyId),
    tenantKey(t),
    tenantRef('alerts_account_id_fk', { column: t.accountId, companyId: t.companyId }, accounts),
    tenantRef('alerts_location_id_fk', { column: t.locationId, companyId: t.companyId }, locations),
    tenantRef('alerts_bill_id_fk', { column: t.billId, companyId: t.companyId }, bills),
    syncIndex('alerts', t),
    uniqueIndex('alerts_audit_key_idx').on(t.companyId, t.auditKey),
    index('alerts_company_status_idx').on(t.companyId, t.status),
    index('alerts_company_import_date_idx').on(t.companyId, t.importDate),
    index('alerts_bill_id_idx').on(t.billId, t.companyId),
  ],
);

/**
 * An alert as the device holds it and write answers carry it: every column but the key an audit raises an alert once
 * by (its bill and rule, docs/decisions/alerts-budgets.md), which never leaves the server — the device reads the bill
 * and rule themselves, and the key was a sixth of scale L's alert bytes in the change feed.
 */
export const SYNCED_ALERT_COLUMNS = (() => {
  const { auditKey: _key, ...columns } = getTableColumns(alerts);
  return columns;
})();

/** A note on an alert; an alert can be finalized only when all its notes are closed. */
export const alertNotes = pgTable(
  'alert_notes',
  {
    id: tenantId(),
    ...syncColumns(),
    alertId: uuid('alert_id').notNull(),
    note: text('note').notNull(),
    closed: boolean('closed').notNull().default(false),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createDate: timestamptz('create_date').notNull().defaultNow(),
    modifiedAt: timestamptz('modified_at'),
  },
  (t) => [
    tenantKey(t),
    tenantRef('alert_notes_alert_id_fk', { column: t.alertId, companyId: t.companyId }, alerts),
    syncIndex('alert_notes', t),
    index('alert_notes_alert_id_idx').on(t.alertId),
  ],
);
