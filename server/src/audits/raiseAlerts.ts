// The server's side of the bill audits (src/domain/billAudits.ts): when bills arrive, their accounts' bills are
// audited and every alert found is inserted unless its audit key exists, so an audit never raises an alert twice
// however often the bills are written again. Bill writes call this inside their synced write (one transaction, one
// version); the seed runs the same domain rules over the bills it generates. The company's thresholds
// (companies.audit_thresholds over the defaults) and what the bills' lines tell (estimated reads, power-factor
// charges) are read here, once per run. For a company with weather normalisation (spec 000
// `weatherNormalizationAccess`) the weather-based outlier runs too, on the temperatures the server holds for each
// site's station (cached NOAA days and the bundled ones; the audits never wait on the network).
import { and, eq, ilike, inArray, or } from 'drizzle-orm';
import { insertRows } from '../db/insertRows';
import type { Tx } from '../db/tx';
import { BILL_FIGURE_COLUMNS } from '../db/billFigures';
import { accounts, alerts, billCharges, billUsages, bills, companies, locations } from '../db/schema';
import { auditAccountBills, billLineFacts } from '../../../src/domain/billAudits';
import type { AuditedBill, BillAudit } from '../../../src/domain/billAudits';
import { resolveAuditThresholds } from '../../../src/domain/billAuditThresholds';
import type { DailyTemperatures } from '../../../src/domain/weather/degreeDays';
import { stationForState } from '../../../src/domain/weather/stations';
import { weatherOutlierAudit } from '../../../src/domain/weather/weatherOutlier';
import { heldTemperatures } from '../weather/temperatures';

/** The temperatures of each site's station (by location id), for the sites a station serves. */
async function siteTemperatures(
  tx: Tx,
  companyId: number,
  locationIds: readonly string[],
): Promise<Map<string, DailyTemperatures>> {
  const sites = await tx
    .select({ id: locations.id, state: locations.state })
    .from(locations)
    .where(and(eq(locations.companyId, companyId), inArray(locations.id, [...new Set(locationIds)])));
  const byStation = new Map<string, DailyTemperatures>();
  const result = new Map<string, DailyTemperatures>();
  for (const site of sites) {
    const stationId = stationForState(site.state)?.station.ghcnId;
    if (stationId === undefined) continue;
    let temperatures = byStation.get(stationId);
    if (temperatures === undefined) {
      temperatures = await heldTemperatures(tx, stationId);
      byStation.set(stationId, temperatures);
    }
    result.set(site.id, temperatures);
  }
  return result;
}

/** What one audit run wrote. */
export interface AuditRun {
  /** Ids of the alerts it inserted (alerts already raised for the same bill and rule are left as they are). */
  raised: string[];
}

/**
 * Audits the bills of `accountIds` as of `today` (`YYYY-MM-DD`) with the company's thresholds and inserts the new
 * alerts with `version`: open, not public. `onlyBillIds` limits the bills audited to the ones just written (the
 * others still serve as history); the accounts' missing-bill checks always run. `extraAudits` adds audits of an
 * account's bills beyond the domain's (the weather-based outlier, from the account's weather model).
 */
export async function raiseBillAlerts(
  tx: Tx,
  args: {
    companyId: number;
    version: number;
    accountIds: readonly string[];
    today: string;
    onlyBillIds?: ReadonlySet<string>;
    extraAudits?: (accountId: string) => readonly BillAudit[];
  },
): Promise<AuditRun> {
  const { companyId, version, today, onlyBillIds } = args;
  const ids = [...new Set(args.accountIds)];
  if (ids.length === 0) return { raised: [] };
  const [company] = await tx
    .select({
      auditThresholds: companies.auditThresholds,
      weatherNormalizationAccess: companies.weatherNormalizationAccess,
    })
    .from(companies)
    .where(eq(companies.id, companyId));
  const thresholds = resolveAuditThresholds(company?.auditThresholds ?? null);
  const accountRows = await tx
    .select({
      id: accounts.id,
      locationId: accounts.locationId,
      services: accounts.services,
      nextExpectedDeliveryDate: accounts.nextExpectedDeliveryDate,
    })
    .from(accounts)
    .where(and(eq(accounts.companyId, companyId), inArray(accounts.id, ids)));
  const billRows = await tx
    .select({
      id: bills.id,
      accountId: bills.accountId,
      ...BILL_FIGURE_COLUMNS,
      dueDate: bills.dueDate,
    })
    .from(bills)
    .where(and(eq(bills.companyId, companyId), inArray(bills.accountId, ids)));
  const ofAccounts = and(eq(bills.companyId, companyId), inArray(bills.accountId, ids));
  // Only the lines an audit reads: estimated reads, and charges whose words may be power factor (the domain's
  // isPowerFactorCharge has the last word).
  const estimatedReads = await tx
    .select({ billId: billUsages.billId, measurementType: billUsages.measurementType })
    .from(billUsages)
    .innerJoin(bills, eq(bills.id, billUsages.billId))
    .where(and(ofAccounts, ilike(billUsages.measurementType, 'est%')));
  const maybePowerFactor = ['%power%factor%', '%reactive%', '%kvar%'].flatMap((pattern) => [
    ilike(billCharges.chargeClassification, pattern),
    ilike(billCharges.description, pattern),
  ]);
  const powerFactorLines = await tx
    .select({
      billId: billCharges.billId,
      chargeClassification: billCharges.chargeClassification,
      description: billCharges.description,
      amount: billCharges.amount,
    })
    .from(billCharges)
    .innerJoin(bills, eq(bills.id, billCharges.billId))
    .where(and(ofAccounts, or(...maybePowerFactor)));
  const facts = billLineFacts(estimatedReads, powerFactorLines);
  const byAccount = new Map<string, AuditedBill[]>();
  for (const row of billRows) {
    const bill = { ...row, ...facts.get(row.id) };
    const list = byAccount.get(bill.accountId) ?? [];
    list.push(bill);
    byAccount.set(bill.accountId, list);
  }
  const temperaturesOf = company?.weatherNormalizationAccess
    ? await siteTemperatures(
        tx,
        companyId,
        accountRows.map((account) => account.locationId),
      )
    : null;
  const audits = (accountId: string, locationId: string): BillAudit[] => {
    const temperatures = temperaturesOf?.get(locationId);
    const weather =
      temperatures === undefined
        ? []
        : [
            weatherOutlierAudit(
              byAccount.get(accountId) ?? [],
              temperatures,
              thresholds.weatherOutlierConfidencePct,
            ),
          ];
    return [...weather, ...(args.extraAudits?.(accountId) ?? [])];
  };
  const values = accountRows.flatMap((account) =>
    auditAccountBills(
      {
        id: account.id,
        services: account.services ?? '',
        nextExpectedDeliveryDate: account.nextExpectedDeliveryDate,
      },
      byAccount.get(account.id) ?? [],
      today,
      onlyBillIds,
      { thresholds, extraAudits: audits(account.id, account.locationId) },
    ).map((raised) => ({
      ...raised,
      companyId,
      version,
      locationId: account.locationId,
      status: 'open',
      closedAt: null,
      isPublic: false,
    })),
  );
  const raised = await insertRows(tx, alerts, values, {
    onConflictDoNothing: [alerts.companyId, alerts.auditKey],
    returningIds: true,
  });
  return { raised };
}
