// Attention items of the locations and accounts overviews and of a single location (docs/architecture.md §14). The rule lives in
// src/domain/attention.ts, shared with the offline client; this module only gathers its rows with SQL.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  ATTENTION_ALERT_STATUSES,
  EXPIRING_WITHIN_DAYS,
  attentionItems as attentionRule,
} from '../../../../src/domain/attention';
import type {
  AttentionAlert,
  AttentionBill,
  AttentionContract,
  AttentionItem,
} from '../../../../src/domain/attention';
import { billWindow, companyCheck, windowRange } from '../bills/billSeries';
import type { BillScope } from '../bills/billSeries';

export type { AttentionItem, AttentionType } from '../../../../src/domain/attention';
export { EXPIRING_WITHIN_DAYS };

const numberOrNull = (text: string | null) => (text === null ? null : Number(text));

/**
 * The attention items of a company or of one location. The queries narrow to the window, the open statuses and
 * the next 90 days so little crosses from the database; the shared rule decides. `contracts` is false for callers
 * who may not see contracts (limited clients), so the list never leaks an area they cannot open.
 */
export async function attentionItems(
  db: Db,
  scope: BillScope,
  options: { contracts: boolean; today: string },
): Promise<AttentionItem[]> {
  const months = await billWindow(db, scope);
  const { first, last } = windowRange(months);
  const narrowed = Boolean(scope.locationId);
  const atLocation = scope.locationId ? sql` and l.id = ${scope.locationId}` : sql``;

  const missing = await db.execute<{
    bill_id: string;
    bill_month: string;
    account_id: string;
    account_number: string;
    services: string;
    location_id: string;
    location_name: string;
  }>(sql`
    select b.id as bill_id, b.bill_month, a.id as account_id, a.account_number, a.services,
           l.id as location_id, l.name as location_name
    from bills b join accounts a on a.id = b.account_id join locations l on l.id = b.location_id
    where ${companyCheck('b', scope.companyId, narrowed)} and b.bill_month between ${first} and ${last}
      and b.is_invoice_missing${atLocation}`);

  // Alerts have no location index: (company_id, status) is their selective one even for a single site.
  const alerts = await db.execute<{
    alert_id: string;
    status: string;
    bill_id: string;
    bill_month: string;
    service_type: string;
    account_id: string;
    account_number: string;
    location_id: string;
    location_name: string;
    late_fee: string | null;
    charge_mom: string | null;
    charge_yoy: string | null;
    usage_mom: string | null;
    usage_yoy: string | null;
    pct_charge_mom: number | null;
    pct_charge_yoy: number | null;
    pct_usage_mom: number | null;
    pct_usage_yoy: number | null;
  }>(sql`
    select al.id as alert_id, al.status, b.id as bill_id, b.bill_month, al.service_type, a.id as account_id,
           a.account_number, l.id as location_id, l.name as location_name, al.late_fee::text as late_fee,
           al.charge_variance_mom::text as charge_mom, al.charge_variance_yoy::text as charge_yoy,
           al.usage_variance_mom::text as usage_mom, al.usage_variance_yoy::text as usage_yoy,
           al.variance_percentage_charge_mom as pct_charge_mom, al.variance_percentage_charge_yoy as pct_charge_yoy,
           al.variance_percentage_usage_mom as pct_usage_mom, al.variance_percentage_usage_yoy as pct_usage_yoy
    from alerts al join bills b on b.id = al.bill_id join accounts a on a.id = al.account_id
      join locations l on l.id = al.location_id
    where al.company_id = ${scope.companyId}
      and al.status in (${sql.join(
        ATTENTION_ALERT_STATUSES.map((status) => sql`${status}`),
        sql`, `,
      )})
      and b.bill_month between ${first} and ${last}${atLocation}`);

  const contracts = options.contracts
    ? await db.execute<{
        link_id: string;
        contract_id: string;
        service_type: string;
        vendor_name: string;
        end_date: string;
        is_extended: boolean;
        location_id: string;
        location_name: string;
      }>(sql`
        select cl.id as link_id, c.id as contract_id, c.service_type, c.vendor_name, c.end_date::text as end_date,
               c.is_extended, l.id as location_id, l.name as location_name
        from contracts c join contract_linked_locations cl on cl.contract_id = c.id
          join locations l on l.id = cl.location_id
        where c.company_id = ${scope.companyId} and not c.is_extended
          and c.end_date > ${options.today}::date
          and c.end_date < ${options.today}::date + ${EXPIRING_WITHIN_DAYS}::int${atLocation}`)
    : { rows: [] };

  const bills: AttentionBill[] = missing.rows.map((row) => ({
    billId: row.bill_id,
    billMonth: row.bill_month,
    isInvoiceMissing: true,
    accountId: row.account_id,
    accountNumber: row.account_number,
    accountServices: row.services,
    locationId: row.location_id,
    locationName: row.location_name,
  }));
  const alertRows: AttentionAlert[] = alerts.rows.map((row) => ({
    alertId: row.alert_id,
    status: row.status,
    serviceType: row.service_type,
    billId: row.bill_id,
    billMonth: row.bill_month,
    accountId: row.account_id,
    accountNumber: row.account_number,
    locationId: row.location_id,
    locationName: row.location_name,
    lateFee: numberOrNull(row.late_fee),
    chargeVarianceMoM: numberOrNull(row.charge_mom),
    chargeVarianceYoY: numberOrNull(row.charge_yoy),
    usageVarianceMoM: numberOrNull(row.usage_mom),
    usageVarianceYoY: numberOrNull(row.usage_yoy),
    variancePercentageChargeMoM: row.pct_charge_mom,
    variancePercentageChargeYoY: row.pct_charge_yoy,
    variancePercentageUsageMoM: row.pct_usage_mom,
    variancePercentageUsageYoY: row.pct_usage_yoy,
  }));
  const contractRows: AttentionContract[] = contracts.rows.map((row) => ({
    linkId: row.link_id,
    contractId: row.contract_id,
    serviceType: row.service_type,
    vendorName: row.vendor_name,
    endDate: row.end_date,
    isExtended: row.is_extended,
    locationId: row.location_id,
    locationName: row.location_name,
  }));
  return attentionRule(
    { latestBillMonth: months.at(-1) ?? null, bills, alerts: alertRows, contracts: contractRows },
    options,
  );
}

/** Today's UTC date, `YYYY-MM-DD`: the server's reference day for contract expiry. */
export function utcToday(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}
