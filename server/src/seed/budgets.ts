// Budgets for the as-of year per site and metered service (plus company-wide totals), with monthly items:
// the plan is last year's bills plus 3.5 % spend and minus 2 % usage; actuals come from this year's bills.
import { DEFAULT_UNITS } from '../../../src/domain/serviceTypes';
import type { budgetItems, budgets } from '../db/schema';
import type { SyncedInsert } from './bulkInsert';
import type { AccountBills, CompanyContext } from './context';
import { addDays, monthKey, stamp } from './dates';
import { rngFor } from './random';

/** Budgets of a company and their monthly items. */
export interface BudgetData {
  budgets: SyncedInsert<typeof budgets>[];
  items: SyncedInsert<typeof budgetItems>[];
}

const BUDGETED = ['electric', 'natural_gas', 'water'] as const;

interface Totals {
  cents: number;
  usage: number;
}

function add(map: Map<string, Totals>, key: string, cents: number, usage: number): void {
  const t = map.get(key);
  if (t) {
    t.cents += cents;
    t.usage += usage;
  } else map.set(key, { cents, usage });
}

/** Generates this year's budgets for companies with budgets access. */
export function generateBudgets(ctx: CompanyContext, accountBills: readonly AccountBills[]): BudgetData {
  const data: BudgetData = { budgets: [], items: [] };
  if (ctx.plan.flags.budgetsAccess !== true) return data;
  const rng = rngFor(ctx.seed, ctx.plan.key, 'budgets');
  const year = Number(ctx.asOf.slice(0, 4));
  // Spend and usage per site, service and month: the source of both plans and actuals.
  const byMonth = new Map<string, Totals>();
  const bySite = new Map<string, Totals>();
  const siteServices = new Map<string, Set<string>>();
  for (const { account, bills } of accountBills) {
    const locationId = account.location.row.id;
    for (const bill of bills) {
      for (const service of bill.services) {
        if (!(BUDGETED as readonly string[]).includes(service.serviceType)) continue;
        const cents = Math.round(service.charges * 100);
        add(byMonth, `${locationId}|${service.serviceType}|${bill.billMonth}`, cents, service.usage ?? 0);
        add(bySite, `${locationId}|${service.serviceType}`, cents, service.usage ?? 0);
        let set = siteServices.get(locationId);
        if (!set) siteServices.set(locationId, (set = new Set()));
        set.add(service.serviceType);
      }
    }
  }
  const base = { companyId: ctx.companyId, updatedAt: ctx.stamp };
  const createdAt = stamp(`${year - 1}-12-15`, 15);
  const modifiedAt = stamp(addDays(ctx.asOf, -3), 11);
  const companyPlan = new Map<string, Totals>();
  const companyActual = new Map<string, Totals>();

  const budget = (
    locationId: string | null,
    serviceType: string,
    plan: (m: number) => Totals,
    actual: (m: number) => Totals,
  ) => {
    const unit = DEFAULT_UNITS[serviceType] ?? '';
    const id = rng.uuid();
    data.budgets.push({ ...base, id, locationId, serviceType, unit, year, createdAt, modifiedAt });
    for (let m = 1; m <= 12; m += 1) {
      const p = plan(m);
      const a = actual(m);
      data.items.push({
        ...base,
        id: rng.uuid(),
        budgetId: id,
        month: monthKey(year, m),
        unit,
        budgetSpendAmount: p.cents / 100,
        actualSpendAmount: a.cents / 100,
        budgetUsageAmount: Math.round(p.usage),
        actualUsageAmount: Math.round(a.usage),
      });
    }
  };

  for (const [locationId, services] of siteServices) {
    for (const serviceType of BUDGETED) {
      if (!services.has(serviceType)) continue;
      const key = (y: number, m: number) => `${locationId}|${serviceType}|${monthKey(y, m)}`;
      // Months without last year's bill fall back to the site's average month of that service.
      const sum = bySite.get(`${locationId}|${serviceType}`) ?? { cents: 0, usage: 0 };
      const average: Totals = { cents: sum.cents / ctx.months.length, usage: sum.usage / ctx.months.length };
      const plan = (m: number): Totals => {
        const last = byMonth.get(key(year - 1, m)) ?? average;
        const p = { cents: Math.round(last.cents * 1.035), usage: last.usage * 0.98 };
        add(companyPlan, `${serviceType}|${m}`, p.cents, p.usage);
        return p;
      };
      const actual = (m: number): Totals => {
        const a = byMonth.get(key(year, m)) ?? { cents: 0, usage: 0 };
        add(companyActual, `${serviceType}|${m}`, a.cents, a.usage);
        return a;
      };
      budget(locationId, serviceType, plan, actual);
    }
  }
  for (const serviceType of BUDGETED) {
    if (!companyPlan.has(`${serviceType}|1`)) continue;
    const zero = { cents: 0, usage: 0 };
    budget(
      null,
      serviceType,
      (m) => companyPlan.get(`${serviceType}|${m}`) ?? zero,
      (m) => companyActual.get(`${serviceType}|${m}`) ?? zero,
    );
  }
  return data;
}
