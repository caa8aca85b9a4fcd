// Attention items of the locations and accounts overviews and of a single location (issue 6 §2): missing
// invoices and bill anomalies in the latest 12 months, and contracts about to expire.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { isBillAnomaly } from '../../../src/domain/alerts';
import type { BillVariances } from '../../../src/domain/alerts';
import { daysTillExpire } from '../../../src/domain/contracts';
import { serviceLabel } from '../../../src/domain/serviceTypes';
import { billWindow, companyCheck } from './billSeries';
import type { BillScope } from './billSeries';

/** Kinds of attention item, in the order the overview lists them. */
export type AttentionType = 'missingInvoice' | 'billAnomaly' | 'contractExpiring';

/** One thing that needs a look; fields that do not apply to the kind are null. */
export interface AttentionItem {
  /** Stable key of the item (kind and the id of its bill, alert or contract link). */
  id: string;
  type: AttentionType;
  locationId: string;
  locationName: string;
  accountId: string | null;
  accountNumber: string | null;
  billId: string | null;
  alertId: string | null;
  contractId: string | null;
  billMonth: string | null;
  serviceType: string | null;
  daysTillExpire: number | null;
  text: string;
}

/** Contracts show while they have fewer than this many days left: the '< 30' and '< 90 Days Remaining' statuses. */
export const EXPIRING_WITHIN_DAYS = 90;

/** Alerts still waiting for someone (not closed, not "good"). */
const OPEN_ALERT_STATUSES = ['open', 'pending', 'pending - client input'];

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'Mar 2026' for '2026-03'. */
function monthText(billMonth: string): string {
  return `${MONTH_NAMES[Number(billMonth.slice(5, 7)) - 1] ?? billMonth.slice(5, 7)} ${billMonth.slice(0, 4)}`;
}

/** Why a bill is an anomaly, in the words of the rule (second spec document §4). */
function anomalyReason(v: BillVariances): string {
  if ((v.lateFee ?? 0) > 0) return 'late fee';
  const percentages = [
    v.variancePercentageChargeMoM,
    v.variancePercentageChargeYoY,
    v.variancePercentageUsageMoM,
    v.variancePercentageUsageYoY,
  ];
  return percentages.some((p) => (p ?? 0) > 100) ? 'variance over 100 %' : 'several variances';
}

const none = { accountId: null, accountNumber: null, billId: null, alertId: null, contractId: null };

/**
 * The attention items of a company or of one location. Missing invoices and anomalies cover the scope's latest
 * 12 bill months; anomalies are open alerts whose figures pass `isBillAnomaly`; `contracts` is false for callers
 * who may not see contracts (limited clients), so the list never leaks an area they cannot open.
 */
export async function attentionItems(
  db: Db,
  scope: BillScope,
  options: { contracts: boolean; today: string },
): Promise<AttentionItem[]> {
  const months = await billWindow(db, scope);
  const first = months[0] ?? '9999-12';
  const last = months[months.length - 1] ?? '0000-00';
  const narrowed = Boolean(scope.locationId);
  const atLocation = scope.locationId ? sql` and l.id = ${scope.locationId}` : sql``;

  const missing = await db.execute<{
    bill_id: string;
    bill_month: string;
    account_id: string;
    account_number: string;
    services: string;
    vendor_name: string;
    location_id: string;
    location_name: string;
  }>(sql`
    select b.id as bill_id, b.bill_month, a.id as account_id, a.account_number, a.services, v.name as vendor_name,
           l.id as location_id, l.name as location_name
    from bills b join accounts a on a.id = b.account_id join vendors v on v.id = a.vendor_id
      join locations l on l.id = b.location_id
    where ${companyCheck('b', scope.companyId, narrowed)} and b.bill_month between ${first} and ${last}
      and b.is_invoice_missing${atLocation}
    order by b.bill_month desc, l.name, a.account_number`);

  // Alerts have no location index: (company_id, status) is their selective one even for a single site.
  const alerts = await db.execute<{
    alert_id: string;
    bill_id: string;
    bill_month: string;
    service_type: string;
    account_id: string;
    account_number: string;
    vendor_name: string;
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
    select al.id as alert_id, b.id as bill_id, b.bill_month, al.service_type, a.id as account_id, a.account_number,
           v.name as vendor_name, l.id as location_id, l.name as location_name, al.late_fee::text as late_fee,
           al.charge_variance_mom::text as charge_mom, al.charge_variance_yoy::text as charge_yoy,
           al.usage_variance_mom::text as usage_mom, al.usage_variance_yoy::text as usage_yoy,
           al.variance_percentage_charge_mom as pct_charge_mom, al.variance_percentage_charge_yoy as pct_charge_yoy,
           al.variance_percentage_usage_mom as pct_usage_mom, al.variance_percentage_usage_yoy as pct_usage_yoy
    from alerts al join bills b on b.id = al.bill_id join accounts a on a.id = al.account_id
      join vendors v on v.id = a.vendor_id join locations l on l.id = al.location_id
    where al.company_id = ${scope.companyId}
      and al.status in (${sql.join(
        OPEN_ALERT_STATUSES.map((status) => sql`${status}`),
        sql`, `,
      )})
      and b.bill_month between ${first} and ${last}${atLocation}
    order by b.bill_month desc, l.name, a.account_number`);

  const items: AttentionItem[] = missing.rows.map((row) => ({
    id: `missingInvoice:${row.bill_id}`,
    type: 'missingInvoice',
    ...none,
    locationId: row.location_id,
    locationName: row.location_name,
    accountId: row.account_id,
    accountNumber: row.account_number,
    billId: row.bill_id,
    billMonth: row.bill_month,
    serviceType: row.services.split(',')[0]?.trim() || null,
    daysTillExpire: null,
    text: `Missing invoice: ${row.vendor_name} account ${row.account_number} at ${row.location_name}, ${monthText(row.bill_month)}`,
  }));

  const number = (text: string | null) => (text === null ? null : Number(text));
  for (const row of alerts.rows) {
    const variances: BillVariances = {
      lateFee: number(row.late_fee),
      chargeVarianceMoM: number(row.charge_mom),
      chargeVarianceYoY: number(row.charge_yoy),
      usageVarianceMoM: number(row.usage_mom),
      usageVarianceYoY: number(row.usage_yoy),
      variancePercentageChargeMoM: row.pct_charge_mom,
      variancePercentageChargeYoY: row.pct_charge_yoy,
      variancePercentageUsageMoM: row.pct_usage_mom,
      variancePercentageUsageYoY: row.pct_usage_yoy,
    };
    if (!isBillAnomaly(variances)) continue;
    items.push({
      id: `billAnomaly:${row.alert_id}`,
      type: 'billAnomaly',
      ...none,
      locationId: row.location_id,
      locationName: row.location_name,
      accountId: row.account_id,
      accountNumber: row.account_number,
      billId: row.bill_id,
      alertId: row.alert_id,
      billMonth: row.bill_month,
      serviceType: row.service_type,
      daysTillExpire: null,
      text: `Bill anomaly (${anomalyReason(variances)}): ${row.vendor_name} account ${row.account_number} at ${row.location_name}, ${monthText(row.bill_month)}`,
    });
  }

  if (options.contracts) items.push(...(await expiringContracts(db, scope, options.today)));
  return items;
}

/** Contracts not yet extended that end within the next EXPIRING_WITHIN_DAYS days, once per linked location. */
async function expiringContracts(db: Db, scope: BillScope, today: string): Promise<AttentionItem[]> {
  const atLocation = scope.locationId ? sql` and l.id = ${scope.locationId}` : sql``;
  const rows = await db.execute<{
    link_id: string;
    contract_id: string;
    service_type: string;
    vendor_name: string;
    end_date: string;
    location_id: string;
    location_name: string;
  }>(sql`
    select cl.id as link_id, c.id as contract_id, c.service_type, c.vendor_name, c.end_date::text as end_date,
           l.id as location_id, l.name as location_name
    from contracts c join contract_linked_locations cl on cl.contract_id = c.id
      join locations l on l.id = cl.location_id
    where c.company_id = ${scope.companyId} and not c.is_extended
      and c.end_date > ${today}::date and c.end_date < ${today}::date + ${EXPIRING_WITHIN_DAYS}::int${atLocation}
    order by c.end_date, l.name`);
  return rows.rows.map((row) => {
    const days = daysTillExpire(row.end_date, today);
    return {
      id: `contractExpiring:${row.link_id}`,
      type: 'contractExpiring',
      ...none,
      locationId: row.location_id,
      locationName: row.location_name,
      contractId: row.contract_id,
      billMonth: null,
      serviceType: row.service_type,
      daysTillExpire: days,
      text: `${serviceLabel(row.service_type)} contract with ${row.vendor_name} at ${row.location_name} expires in ${days} day${days === 1 ? '' : 's'} (${row.end_date})`,
    };
  });
}

/** Today's UTC date, `YYYY-MM-DD`: the server's reference day for contract expiry. */
export function utcToday(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}
