// Budgets of one service at one location, month by month (spec 001 §3 Budget). Both synced. Actuals are not stored:
// they come from the bills (src/domain/budgets.ts budgetActuals), so they follow every bill that arrives.
import { index, integer, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core';
import {
  money,
  syncColumns,
  syncIndex,
  tenantId,
  tenantKey,
  tenantRef,
  tenantUnique,
  timestamptz,
  usage,
} from './columns';
import { locations } from './locations';

/** A budget of one service over `monthCount` months from `startMonth`, at a location (null: the whole company). */
export const budgets = pgTable(
  'budgets',
  {
    id: tenantId(),
    ...syncColumns(),
    locationId: uuid('location_id'),
    serviceType: text('service_type').notNull(),
    unit: text('unit').notNull(),
    startMonth: varchar('start_month', { length: 7 }).notNull(),
    monthCount: integer('month_count').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    modifiedAt: timestamptz('modified_at').notNull().defaultNow(),
  },
  (t) => [
    tenantKey(t),
    tenantRef('budgets_location_id_fk', { column: t.locationId, companyId: t.companyId }, locations),
    syncIndex('budgets', t),
    index('budgets_location_id_idx').on(t.locationId),
  ],
);

/** One month of a budget: its planned spend and usage. */
export const budgetItems = pgTable(
  'budget_items',
  {
    id: tenantId(),
    ...syncColumns(),
    budgetId: uuid('budget_id').notNull(),
    month: varchar('month', { length: 7 }).notNull(),
    unit: text('unit').notNull(),
    budgetSpendAmount: money('budget_spend_amount').notNull().default(0),
    budgetUsageAmount: usage('budget_usage_amount').notNull().default(0),
  },
  (t) => [
    index('budget_items_budget_id_idx').on(t.budgetId, t.companyId),
    tenantKey(t),
    tenantRef('budget_items_budget_id_fk', { column: t.budgetId, companyId: t.companyId }, budgets),
    syncIndex('budget_items', t),
    tenantUnique('budget_items_budget_month_key', t.companyId, t.budgetId, t.month),
  ],
);
