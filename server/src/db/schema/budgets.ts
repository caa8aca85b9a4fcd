// Budgets of one service at one location, month by month (spec 001 §3 Budget). Both synced. Actuals are not stored:
// they come from the bills (src/domain/budgets.ts budgetActuals), so they follow every bill that arrives.
import { index, integer, pgTable, text, unique, uuid, varchar } from 'drizzle-orm/pg-core';
import { money, requiredRef, syncColumns, syncIndex, timestamptz, usage } from './columns';
import { locations } from './locations';

/** A budget of one service over `monthCount` months from `startMonth`, at a location (null: the whole company). */
export const budgets = pgTable(
  'budgets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...syncColumns(),
    locationId: uuid('location_id').references(() => locations.id),
    serviceType: text('service_type').notNull(),
    unit: text('unit').notNull(),
    startMonth: varchar('start_month', { length: 7 }).notNull(),
    monthCount: integer('month_count').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    modifiedAt: timestamptz('modified_at').notNull().defaultNow(),
  },
  (t) => [syncIndex('budgets', t), index('budgets_location_id_idx').on(t.locationId)],
);

/** One month of a budget: its planned spend and usage. */
export const budgetItems = pgTable(
  'budget_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...syncColumns(),
    budgetId: requiredRef('budget_id', () => budgets.id),
    month: varchar('month', { length: 7 }).notNull(),
    unit: text('unit').notNull(),
    budgetSpendAmount: money('budget_spend_amount').notNull().default(0),
    budgetUsageAmount: usage('budget_usage_amount').notNull().default(0),
  },
  (t) => [syncIndex('budget_items', t), unique('budget_items_budget_month_key').on(t.budgetId, t.month)],
);
