// Budget writes of the second spec document §7, each also under /api/companies/:companyId: create a budget with its
// months (`POST /budgets`), edit its months (`PUT /budgets/{id}`), delete it (`DELETE /budgets/{id}`). A budget and its
// items are one aggregate: every change bumps the budget's version and If-Match is checked against it, so an offline
// edit of a budget someone changed meanwhile answers 409 with the budget and its items. Checked by the rule the page
// checks before queueing (src/domain/budgetPlans.ts budgetInputErrors), plus one budget per site, service and month.
import { randomUUID } from 'node:crypto';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { App, AppDeps } from '../../http/types';
import type { Tx } from '../../db/tx';
import { assertNewIds } from '../../http/newIds';
import { budgetItems, budgets, locations } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';
import { applyWrite, syncedWriteRoute } from '../../sync/writeRoute';
import type { WriteAccess } from '../../sync/writeRoute';
import { writeTombstone } from '../../sync/versioning';
import { budgetInputErrors, periodsOverlap } from '../../../../src/domain/budgetPlans';
import { CompanyScopeParams, EntityScopeParams } from '../../http/twinRoutes';

type BudgetRow = typeof budgets.$inferSelect;

async function itemsOf(tx: Tx, budgetId: string) {
  return tx
    .select()
    .from(budgetItems)
    .where(eq(budgetItems.budgetId, budgetId))
    .orderBy(asc(budgetItems.month));
}

/** A budget of the company under the company lock, its If-Match checked (409 with the budget and its items). */
async function budgetForWrite(tx: Tx, companyId: number, id: string, expected: number | undefined) {
  const [row] = await tx
    .select()
    .from(budgets)
    .where(and(eq(budgets.id, id.toLowerCase()), eq(budgets.companyId, companyId)));
  if (!row) throw notFound('No such budget');
  if (expected !== undefined && row.version !== expected)
    throw conflict({ budget: row, budgetItems: await itemsOf(tx, row.id) });
  return row;
}

/** 400 when another budget of the site and service covers one of the months. */
async function assertNoOverlap(
  tx: Tx,
  budget: Pick<BudgetRow, 'id' | 'companyId' | 'locationId' | 'serviceType' | 'startMonth' | 'monthCount'>,
) {
  if (budget.locationId === null) return;
  const others = await tx
    .select()
    .from(budgets)
    .where(
      and(
        eq(budgets.companyId, budget.companyId),
        eq(budgets.locationId, budget.locationId),
        eq(budgets.serviceType, budget.serviceType),
        ne(budgets.id, budget.id),
      ),
    );
  if (others.some((other) => periodsOverlap(other, budget)))
    throw badRequest('This site already has a budget of this service for some of these months', {
      'body.startMonth': 'overlaps another budget of this site and service',
    });
}

/** The ids a request gives its budget items, each named by its field. */
function itemIds(items: readonly { id?: string }[]) {
  return items.map((item, index) => ({ field: `body.budgetItems.${index}.id`, value: item.id }));
}

/** A budget write on the budget its `:id` names, with its consultant twin; full access to the area. */
const ON_BUDGET: WriteAccess = {
  company: { from: 'entity', entity: 'budgets', param: 'id' },
  twin: true,
  area: 'budgets',
  write: true,
};

/** Registers the budget writes with their consultant twins. */
export function budgetWriteRoutes(app: App, { db }: AppDeps): Promise<void> {
  syncedWriteRoute(
    app,
    'addBudget',
    { clientForm: { from: 'caller' }, area: 'budgets', write: true },
    { params: CompanyScopeParams },
    async (request, reply) => {
      const body = request.body;
      const fields = budgetInputErrors({ ...body, items: body.budgetItems });
      if (Object.keys(fields).length > 0) throw badRequest('The budget is not valid', fields);
      const id = body.id?.toLowerCase() ?? randomUUID();
      const locationId = body.locationId.toLowerCase();
      return applyWrite(db, request, reply, async ({ tx, version, companyId }) => {
        const [site] = await tx
          .select({ id: locations.id })
          .from(locations)
          .where(and(eq(locations.id, locationId), eq(locations.companyId, companyId)));
        if (!site) throw badRequest('No such site', { 'body.locationId': 'is not a site of this company' });
        await assertNewIds(tx, budgets, [{ field: 'body.id', value: body.id }]);
        await assertNewIds(tx, budgetItems, itemIds(body.budgetItems));
        const values = {
          id,
          companyId,
          version,
          locationId,
          serviceType: body.serviceType,
          unit: body.unit,
        };
        const period = { startMonth: body.startMonth, monthCount: body.monthCount };
        await assertNoOverlap(tx, { ...values, ...period });
        const [budget] = await tx
          .insert(budgets)
          .values({ ...values, ...period })
          .returning();
        const items = await tx
          .insert(budgetItems)
          .values(
            body.budgetItems.map((item) => ({
              ...(item.id ? { id: item.id.toLowerCase() } : {}),
              companyId,
              version,
              budgetId: id,
              month: item.month,
              unit: body.unit,
              budgetSpendAmount: item.budgetSpendAmount,
              budgetUsageAmount: item.budgetUsageAmount,
            })),
          )
          .returning();
        return { statusCode: 201, body: { budget, budgetItems: items } };
      });
    },
  );

  syncedWriteRoute(app, 'updateBudget', ON_BUDGET, { params: EntityScopeParams }, async (request, reply) =>
    applyWrite(db, request, reply, async ({ tx, version, expected, companyId }) => {
      const current = await budgetForWrite(tx, companyId, request.params.id, expected);
      const unit = request.body.unit ?? current.unit;
      const fields = budgetInputErrors({ ...current, unit, items: request.body.budgetItems });
      if (Object.keys(fields).length > 0) throw badRequest('The budget is not valid', fields);
      const existing = new Map((await itemsOf(tx, current.id)).map((item) => [item.month, item]));
      // Only the months the budget lacks become rows with the ids the request gives them.
      await assertNewIds(
        tx,
        budgetItems,
        itemIds(request.body.budgetItems).filter((_, index) => {
          const item = request.body.budgetItems[index];
          return item !== undefined && !existing.has(item.month);
        }),
      );
      for (const item of request.body.budgetItems) {
        const stored = existing.get(item.month);
        const amounts = {
          unit,
          budgetSpendAmount: item.budgetSpendAmount,
          budgetUsageAmount: item.budgetUsageAmount,
          version,
          updatedAt: sql`now()`,
        };
        if (stored) await tx.update(budgetItems).set(amounts).where(eq(budgetItems.id, stored.id));
        else
          await tx.insert(budgetItems).values({
            ...(item.id ? { id: item.id.toLowerCase() } : {}),
            ...amounts,
            companyId,
            budgetId: current.id,
            month: item.month,
          });
      }
      const [budget] = await tx
        .update(budgets)
        .set({ unit, version, modifiedAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(budgets.id, current.id))
        .returning();
      return { statusCode: 200, body: { budget, budgetItems: await itemsOf(tx, current.id) } };
    }),
  );

  syncedWriteRoute(app, 'deleteBudget', ON_BUDGET, { params: EntityScopeParams }, async (request, reply) =>
    applyWrite(db, request, reply, async ({ tx, version, expected, companyId }) => {
      const current = await budgetForWrite(tx, companyId, request.params.id, expected);
      const items = await tx.delete(budgetItems).where(eq(budgetItems.budgetId, current.id)).returning();
      for (const item of items) await writeTombstone(tx, companyId, 'budgetItems', item.id, version);
      await tx.delete(budgets).where(eq(budgets.id, current.id));
      await writeTombstone(tx, companyId, 'budgets', current.id, version);
      return { statusCode: 200, body: { id: current.id, deleted: true } };
    }),
  );
  // Registration is synchronous; the Promise matches the route-module signature of areas/index.ts.
  return Promise.resolve();
}
