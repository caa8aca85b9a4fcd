// Budgets per service and year with monthly items (spec 001 §3 Budget). Both synced.
import { index, integer, pgTable, text, unique, uuid, varchar } from 'drizzle-orm/pg-core';
import { money, syncColumns, syncIndex, timestamptz, usage } from './columns';
import { locations } from './locations';

/** A budget of one service for one year, for a location or (location null) the whole company. */
export const budgets = pgTable(
  'budgets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...syncColumns(),
    locationId: uuid('location_id').references(() => locations.id),
    serviceType: text('service_type').notNull(),
    unit: text('unit').notNull(),
    year: integer('year').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    modifiedAt: timestamptz('modified_at').notNull().defaultNow(),
  },
  (t) => [syncIndex('budgets', t), index('budgets_location_id_idx').on(t.locationId)],
);

/** One month of a budget: planned and actual spend and usage. */
export const budgetItems = pgTable(
  'budget_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...syncColumns(),
    budgetId: uuid('budget_id')
      .notNull()
      .references(() => budgets.id),
    month: varchar('month', { length: 7 }).notNull(),
    unit: text('unit').notNull(),
    budgetSpendAmount: money('budget_spend_amount').notNull().default(0),
    actualSpendAmount: money('actual_spend_amount').notNull().default(0),
    budgetUsageAmount: usage('budget_usage_amount').notNull().default(0),
    actualUsageAmount: usage('actual_usage_amount').notNull().default(0),
  },
  (t) => [syncIndex('budget_items', t), unique('budget_items_budget_month_key').on(t.budgetId, t.month)],
);
