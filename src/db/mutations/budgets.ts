// Budget writes through the outbox (spec 001 §7 Budgets): create, edit the months, delete — each one queued write of
// the budget and its items (a budget owns its items: its version is the one If-Match carries), applied locally at once,
// offline too. Checked first with the server's rules (src/domain/budgetPlans.ts).
import { budgetInputErrors, periodsOverlap } from '../../domain/budgetPlans';
import type { BudgetPlanItem } from '../../domain/budgets';
import { randomId } from '../ids';
import { enqueue } from '../outbox';
import type { RowWrite } from '../outbox';
import type { BudgetItemRow, BudgetRow } from '../rows';
import type { AppDb } from '../schema';
import type { OutboxEntry } from '../syncRows';

/** A budget the rules refuse before anything is queued: the reasons by the server's field paths. */
export class BudgetWriteError extends Error {
  constructor(readonly fields: Readonly<Record<string, string>>) {
    super(Object.values(fields)[0] ?? 'The budget is not valid');
  }
}

/** A new budget, as the wizard makes it. */
export interface NewBudget {
  locationId: string;
  serviceType: string;
  unit: string;
  startMonth: string;
  monthCount: number;
  items: readonly BudgetPlanItem[];
}

const ANSWER_ROWS = { budget: 'budgets', budgetItems: 'budgetItems' } as const;

function itemBody(item: BudgetPlanItem & { id: string }) {
  return {
    id: item.id,
    month: item.month,
    budgetSpendAmount: item.budgetSpendAmount,
    budgetUsageAmount: item.budgetUsageAmount,
  };
}

/** Creates a budget with its months (ids made here) and queues `POST /api/companies/{companyId}/budgets`. */
export async function createBudget(db: AppDb, companyId: number, input: NewBudget): Promise<OutboxEntry> {
  const fields = budgetInputErrors(input);
  if (Object.keys(fields).length > 0) throw new BudgetWriteError(fields);
  return db.transaction('rw', [db.outbox, db.meta, db.budgets, db.budgetItems], async () => {
    const others = await db.budgets.where('locationId').equals(input.locationId).toArray();
    if (others.some((other) => other.serviceType === input.serviceType && periodsOverlap(other, input)))
      throw new BudgetWriteError({
        'body.startMonth': 'This site already has a budget of this service for some of these months.',
      });
    const now = new Date().toISOString();
    const base = { companyId, version: 0, updatedAt: now };
    const budget: BudgetRow = {
      ...base,
      id: randomId(),
      locationId: input.locationId,
      serviceType: input.serviceType,
      unit: input.unit,
      startMonth: input.startMonth,
      monthCount: input.monthCount,
      createdAt: now,
      modifiedAt: now,
    };
    const items = input.items.map((item): BudgetItemRow => ({
      ...base,
      ...item,
      id: randomId(),
      budgetId: budget.id,
      unit: input.unit,
    }));
    return enqueue(db, {
      companyId,
      write: 'addBudget',
      params: { companyId },
      body: {
        id: budget.id,
        locationId: input.locationId,
        serviceType: budget.serviceType,
        unit: budget.unit,
        startMonth: budget.startMonth,
        monthCount: budget.monthCount,
        budgetItems: items.map(itemBody),
      },
      effects: [
        { entity: 'budgets', entityId: budget.id, change: { kind: 'put', row: { ...budget } } },
        ...items.map((item): RowWrite => ({
          entity: 'budgetItems',
          entityId: item.id,
          change: { kind: 'put', row: { ...item } },
        })),
      ],
      answerRows: ANSWER_ROWS,
      label: `New budget`,
      ifMatch: false,
    });
  });
}

/** Sets a budget's planned months (and unit) and queues `PUT /api/budgets/{id}` with every month. */
export async function updateBudget(
  db: AppDb,
  budgetId: string,
  change: { unit?: string; items: readonly BudgetPlanItem[] },
): Promise<OutboxEntry> {
  return db.transaction('rw', [db.outbox, db.meta, db.budgets, db.budgetItems], async () => {
    const budget = await db.budgets.get(budgetId);
    if (!budget) throw new Error(`Budget ${budgetId} is not in the local database`);
    const unit = change.unit ?? budget.unit;
    const fields = budgetInputErrors({ ...budget, unit, items: change.items });
    if (Object.keys(fields).length > 0) throw new BudgetWriteError(fields);
    const stored = new Map(
      (await db.budgetItems.where('budgetId').equals(budgetId).toArray()).map((item) => [item.month, item]),
    );
    const now = new Date().toISOString();
    const items = change.items.map((item) => {
      const existing = stored.get(item.month);
      const row: BudgetItemRow = existing
        ? { ...existing, ...item, unit }
        : {
            ...item,
            id: randomId(),
            companyId: budget.companyId,
            version: 0,
            updatedAt: now,
            budgetId,
            unit,
          };
      return row;
    });
    return enqueue(db, {
      companyId: budget.companyId,
      write: 'updateBudget',
      params: { id: budgetId },
      body: { unit, budgetItems: items.map(itemBody) },
      effects: [
        {
          entity: 'budgets',
          entityId: budgetId,
          change: { kind: 'patch', fields: { unit, modifiedAt: now } },
        },
        ...items.map((item): RowWrite => ({
          entity: 'budgetItems',
          entityId: item.id,
          change: { kind: 'put', row: { ...item } },
        })),
      ],
      answerRows: ANSWER_ROWS,
      label: 'Budget months',
      ifMatch: true,
    });
  });
}

/** Deletes a budget and its months and queues `DELETE /api/budgets/{id}`. */
export async function deleteBudget(db: AppDb, budgetId: string): Promise<OutboxEntry> {
  return db.transaction('rw', [db.outbox, db.meta, db.budgets, db.budgetItems], async () => {
    const budget = await db.budgets.get(budgetId);
    if (!budget) throw new Error(`Budget ${budgetId} is not in the local database`);
    const items = await db.budgetItems.where('budgetId').equals(budgetId).toArray();
    return enqueue(db, {
      companyId: budget.companyId,
      write: 'deleteBudget',
      params: { id: budgetId },
      effects: [
        { entity: 'budgets', entityId: budgetId, change: { kind: 'delete' } },
        ...items.map((item): RowWrite => ({
          entity: 'budgetItems',
          entityId: item.id,
          change: { kind: 'delete' },
        })),
      ],
      answerRows: ANSWER_ROWS,
      label: 'Delete budget',
      ifMatch: true,
    });
  });
}
