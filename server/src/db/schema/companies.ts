// Companies (spec 000 §3): the consultancy, its clients and their business units, with area access flags.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AuditThresholdOverrides } from '../../../../src/domain/billAuditThresholds';

/** A company; synced to its own users as "the company record" (its company is itself). */
export const companies = pgTable(
  'companies',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    parentId: integer('parent_id').references((): AnyPgColumn => companies.id),
    // 2 marks an accounts-payable client (spec 000 §6).
    companyTypeId: integer('company_type_id').notNull().default(1),
    parentCompanyTypeId: integer('parent_company_type_id'),
    name: text('name').notNull(),
    sustainabilityAccess: boolean('sustainability_access').notNull().default(false),
    billPayAccess: boolean('bill_pay_access').notNull().default(false),
    apAccess: boolean('ap_access').notNull().default(false),
    budgetsAccess: boolean('budgets_access').notNull().default(false),
    alertsAccess: boolean('alerts_access').notNull().default(false),
    energyStarAccess: boolean('energy_star_access').notNull().default(false),
    openCloseAccess: boolean('open_close_access').notNull().default(false),
    accrualsAccess: boolean('accruals_access').notNull().default(false),
    weatherNormalizationAccess: boolean('weather_normalization_access').notNull().default(false),
    isEsActive: boolean('is_es_active').notNull().default(false),
    susScopeTooltipAccess: boolean('sus_scope_tooltip_access').notNull().default(false),
    companyHasSupportAccess: boolean('company_has_support_access').notNull().default(false),
    // Archives are shown only when this is set (spec 000 §6).
    archiveTableName: text('archive_table_name'),
    // The bill audits' thresholds this company changed (src/domain/billAuditThresholds.ts); null or a missing key
    // is the default.
    auditThresholds: jsonb('audit_thresholds').$type<AuditThresholdOverrides>(),
    version: bigint('version', { mode: 'number' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [index('companies_parent_id_idx').on(t.parentId)],
);

/**
 * Account and client manager contacts of a company (GET /company/{id}/profile). Synced (the Contacts page works
 * offline); its sync columns are written out here because columns.ts imports this module.
 */
export const companyProfiles = pgTable(
  'company_profiles',
  {
    id: uuid('id').notNull().defaultRandom(),
    companyId: integer('company_id')
      .notNull()
      .unique()
      .references(() => companies.id),
    version: bigint('version', { mode: 'number' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    accountManager: text('account_manager'),
    accountManagerPhoneNumber: text('account_manager_phone_number'),
    accountManagerEmail: text('account_manager_email'),
    clientManager: text('client_manager'),
    clientManagerPhoneNumber: text('client_manager_phone_number'),
    clientManagerEmail: text('client_manager_email'),
  },
  (t) => [
    // (id, company_id), as tenantKey in columns.ts makes it (docs/architecture.md §4 Several machines).
    primaryKey({ columns: [t.id, t.companyId] }),
    index('company_profiles_company_version_idx').on(t.companyId, t.version),
  ],
);

/** Free-form per-company UI configuration (GET /company/{id}/customConfiguration). */
export const companyCustomConfiguration = pgTable('company_custom_configuration', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id),
  configuration: jsonb('configuration')
    .$type<Record<string, unknown>>()
    .notNull()
    .default(sql`'{}'::jsonb`),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
});
