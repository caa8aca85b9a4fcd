import { useCallback, useMemo } from 'react';
import { useUserDb } from '../../platform/database';
import { createBudget, deleteBudget, updateBudget } from '../../db/mutations/budgets';
import type { NewBudget } from '../../db/mutations/budgets';
import type { BudgetPlanItem } from '../../domain/budgets';
import { useQueuedWriteToast } from '../../ui/useQueuedWriteToast';

/** The budget writes of the page: each queued through the outbox (offline too), with a toast saying where it stands. */
export interface BudgetWrites {
  /** Answers the new budget's id. */
  create: (companyId: number, budget: NewBudget) => Promise<string>;
  update: (budgetId: string, items: readonly BudgetPlanItem[]) => Promise<void>;
  remove: (budgetId: string) => Promise<void>;
}

/**
 * Budget writes for the page (src/db/mutations/budgets.ts): a refused write throws (BudgetWriteError, with the rule's
 * reasons) for the dialog to show; a queued one toasts "sent" or "kept on this device".
 */
export function useBudgetWrites(): BudgetWrites {
  const db = useUserDb();
  const done = useQueuedWriteToast();
  const withDb = useCallback(() => {
    if (!db) throw new Error('You are signed out.');
    return db;
  }, [db]);
  const create = useCallback(
    async (companyId: number, budget: NewBudget) => {
      const entry = await createBudget(withDb(), companyId, budget);
      done('Budget created');
      // The new budget's id, as the write's row keys name it (`budgets/{id}`), so the page can show it.
      return entry.rowKeys.find((key) => key.startsWith('budgets/'))?.slice('budgets/'.length) ?? '';
    },
    [withDb, done],
  );
  const update = useCallback(
    async (budgetId: string, items: readonly BudgetPlanItem[]) => {
      await updateBudget(withDb(), budgetId, { items });
      done('Budget saved');
    },
    [withDb, done],
  );
  const remove = useCallback(
    async (budgetId: string) => {
      await deleteBudget(withDb(), budgetId);
      done('Budget deleted');
    },
    [withDb, done],
  );
  return useMemo(() => ({ create, update, remove }), [create, update, remove]);
}
