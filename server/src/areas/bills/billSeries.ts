// Monthly figures per service type over a 12-month window, for a company, a location or an account: the data
// behind the spend, consumption and tax charts and the 12-month cards (first spec document §9, second §9).
// Sums run in SQL numeric over the bills' per-service summaries, so money stays exact to the cent.
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { milli, serviceMonthRows } from '../../../../src/domain/billFigures';
import type { ServiceMonth } from '../../../../src/domain/billFigures';
import { toCents } from '../../../../src/domain/money';
import { latestTwelveMonths, monthKey } from '../../../../src/domain/totals';

/** Whose bills a figure covers: a company, optionally narrowed to one location or one account. */
export interface BillScope {
  companyId: number;
  locationId?: string;
  accountId?: string;
}

/**
 * `alias.company_id = id`, or, when a location or account narrows the query, the same check written so that it
 * cannot drive an index: their own indexes are the selective ones, and a planner without statistics (PGlite
 * never analyzes on its own) would otherwise walk the whole company's rows.
 */
export function companyCheck(alias: string, companyId: number, narrowed: boolean): SQL {
  const column = sql.raw(`${alias}.company_id`);
  return narrowed ? sql`${column} + 0 = ${companyId}` : sql`${column} = ${companyId}`;
}

/** The bills of a scope, as a condition on the alias `b` (each narrowing has its own index). */
export function scopeCondition(scope: BillScope): SQL {
  const parts = [companyCheck('b', scope.companyId, Boolean(scope.locationId || scope.accountId))];
  if (scope.locationId) parts.push(sql`b.location_id = ${scope.locationId}`);
  if (scope.accountId) parts.push(sql`b.account_id = ${scope.accountId}`);
  return sql.join(parts, sql` and `);
}

/** The latest bill month of a scope, or null when it has no bills. */
async function latestBillMonth(db: Db, scope: BillScope): Promise<string | null> {
  const result = await db.execute<{ latest: string | null }>(
    sql`select max(b.bill_month) as latest from bills b where ${scopeCondition(scope)}`,
  );
  return result.rows[0]?.latest ?? null;
}

/**
 * The 12 calendar months ending with `endDate`, or with the scope's latest bill month (docs/architecture.md §6), oldest
 * first; [] when the scope has no bills and no end was given.
 */
export async function billWindow(db: Db, scope: BillScope, endDate?: string): Promise<string[]> {
  const end = endDate === undefined ? await latestBillMonth(db, scope) : (monthKey(endDate) ?? null);
  return end === null ? [] : latestTwelveMonths([end]);
}

/** The first and last month of a window for a `between` condition; an empty window gives a range no month is in. */
export function windowRange(months: readonly string[]): { first: string; last: string } {
  return { first: months[0] ?? '9999-12', last: months[months.length - 1] ?? '0000-00' };
}

/**
 * Every service of every month of the window with figures or a missing invoice; `service` narrows to one. SQL sums
 * each month's services and groups its missing invoices by their accounts' services; the shared rule
 * (serviceMonthRows, as on the device) makes the rows.
 */
export async function serviceMonths(
  db: Db,
  scope: BillScope,
  months: readonly string[],
  service?: string,
): Promise<ServiceMonth[]> {
  const first = months[0];
  const last = months[months.length - 1];
  if (first === undefined || last === undefined) return [];
  const where = sql`${scopeCondition(scope)} and b.bill_month between ${first} and ${last}`;
  const onlyService = service ? sql` and s->>'serviceType' = ${service}` : sql``;
  const figures = await db.execute<{
    bill_month: string;
    service_type: string;
    charges: string;
    taxes: string;
    usage: string | null;
    unit: string | null;
  }>(sql`
    select b.bill_month, s->>'serviceType' as service_type,
           coalesce(sum((s->>'charges')::numeric), 0)::text as charges,
           coalesce(sum((s->>'taxesFees')::numeric), 0)::text as taxes,
           sum((s->>'usage')::numeric)::text as usage,
           max(s->>'unit') as unit
    from bills b cross join lateral jsonb_array_elements(b.services) s
    where ${where}${onlyService}
    group by 1, 2`);
  // A missing invoice has no service summary, so its services are the account's.
  const missing = await db.execute<{ bill_month: string; services: string; n: string | number }>(sql`
    select b.bill_month, a.services, count(*) as n
    from bills b join accounts a on a.id = b.account_id
    where ${where} and b.is_invoice_missing
    group by 1, 2`);
  return serviceMonthRows(
    figures.rows.map((row) => ({
      billMonth: row.bill_month,
      serviceType: row.service_type,
      cents: toCents(Number(row.charges)),
      taxCents: toCents(Number(row.taxes)),
      usageMilli: row.usage === null ? null : milli(Number(row.usage)),
      unit: row.unit,
    })),
    missing.rows.map((row) => ({ billMonth: row.bill_month, services: row.services, count: Number(row.n) })),
    service,
  );
}
