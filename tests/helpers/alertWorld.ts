// Bills, alerts, notes and budgets of a world company (tests/helpers/companyWorld.ts) written the way the server
// writes synced rows: one company version per call, so the change feed and If-Match see them as real writes.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../server/src/db/client';
import { accounts, alertNotes, alerts, bills, budgetItems, budgets } from '../../server/src/db/schema';
import { bumpCompanyVersion } from '../../server/src/sync/versioning';
import { addMonths } from '../../src/domain/totals';
import type { WorldCompany } from './companyWorld';

/** One electric bill of the world account. */
export interface BillSpec {
  id?: string;
  month: string;
  charges: number;
  usage?: number;
  lateFee?: number;
  demandKw?: number | null;
  readDateFrom?: string | null;
  readDateTo?: string | null;
  invoiceDate?: string | null;
  isInvoiceMissing?: boolean;
}

/** Inserts electric bills of the company's account (charges include the late fee); answers their ids. */
export async function insertBills(
  db: Db,
  company: WorldCompany,
  specs: readonly BillSpec[],
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const version = await bumpCompanyVersion(tx, company.id);
    const [account] = await tx.select().from(accounts).where(eq(accounts.id, company.accountId));
    if (!account) throw new Error('world account missing');
    const rows = specs.map((spec) => ({
      id: spec.id ?? randomUUID(),
      companyId: company.id,
      version,
      accountId: account.id,
      locationId: company.locationId,
      vendorId: account.vendorId,
      vendorName: account.vendorName,
      billMonth: spec.month,
      invoiceDate: spec.isInvoiceMissing ? null : (spec.invoiceDate ?? `${spec.month}-05`),
      readDateFrom: spec.readDateFrom ?? null,
      readDateTo: spec.readDateTo ?? null,
      totalNewCharges: spec.isInvoiceMissing ? 0 : spec.charges,
      lateFee: spec.lateFee ?? 0,
      isInvoiceMissing: spec.isInvoiceMissing ?? false,
      services: spec.isInvoiceMissing
        ? []
        : [
            {
              serviceType: 'electric',
              charges: spec.charges,
              usage: spec.usage ?? spec.charges * 10,
              unit: 'kWh',
              demandKw: spec.demandKw ?? null,
              kvaMax: null,
              kvarSum: null,
              taxesFees: 0,
            },
          ],
    }));
    await tx.insert(bills).values(rows);
    return rows.map((row) => row.id);
  });
}

/** Inserts an open alert of the company's account (any field given overrides); answers the stored row. */
export async function insertAlert(
  db: Db,
  company: WorldCompany,
  values: Partial<typeof alerts.$inferInsert> = {},
): Promise<typeof alerts.$inferSelect> {
  return db.transaction(async (tx) => {
    const version = await bumpCompanyVersion(tx, company.id);
    const id = values.id ?? randomUUID();
    const [row] = await tx
      .insert(alerts)
      .values({
        id,
        companyId: company.id,
        version,
        accountId: company.accountId,
        locationId: company.locationId,
        status: 'open',
        importDate: '2026-02-01',
        serviceType: 'electric',
        usageUoM: 'kWh',
        auditKey: `test:${id}`,
        ...values,
      })
      .returning();
    if (!row) throw new Error('alert insert returned nothing');
    return row;
  });
}

/** Inserts a note on an alert; answers the stored row. */
export async function insertNote(
  db: Db,
  company: WorldCompany,
  alertId: string,
  values: Partial<typeof alertNotes.$inferInsert> = {},
): Promise<typeof alertNotes.$inferSelect> {
  return db.transaction(async (tx) => {
    const version = await bumpCompanyVersion(tx, company.id);
    const [row] = await tx
      .insert(alertNotes)
      .values({ companyId: company.id, version, alertId, note: 'Checked.', closed: false, ...values })
      .returning();
    if (!row) throw new Error('note insert returned nothing');
    return row;
  });
}

/** Inserts a budget of the company's site with one item per month; answers its id and the items' ids. */
export async function insertBudget(
  db: Db,
  company: WorldCompany,
  spec: { serviceType?: string; unit?: string; startMonth: string; amounts: readonly [number, number][] },
): Promise<{ id: string; itemIds: string[] }> {
  return db.transaction(async (tx) => {
    const version = await bumpCompanyVersion(tx, company.id);
    const id = randomUUID();
    const unit = spec.unit ?? 'kWh';
    await tx.insert(budgets).values({
      id,
      companyId: company.id,
      version,
      locationId: company.locationId,
      serviceType: spec.serviceType ?? 'electric',
      unit,
      startMonth: spec.startMonth,
      monthCount: spec.amounts.length,
    });
    const items = spec.amounts.map(([spend, usage], i) => ({
      id: randomUUID(),
      companyId: company.id,
      version,
      budgetId: id,
      month: addMonths(spec.startMonth, i),
      unit,
      budgetSpendAmount: spend,
      budgetUsageAmount: usage,
    }));
    await tx.insert(budgetItems).values(items);
    return { id, itemIds: items.map((item) => item.id) };
  });
}
