// The contract expiry report: supply contracts that run within the filter's months, with their days left and the
// expiry status of spec 000 §4 / 001 §4 (src/domain/contracts.ts), soonest end first.
import { contractStatus, daysTillExpire } from '../contracts';
import { serviceLabel } from '../serviceTypes';
import type { ReportContext, ReportData } from './data';
import type { ReportFilter } from './filter';
import { compareText, keptLocations } from './select';
import { SERVICE_COLUMN } from './types';
import type { ReportColumn, ReportRow } from './types';

/** Columns of the contract expiry report. */
export const CONTRACT_EXPIRY_COLUMNS: readonly ReportColumn[] = [
  { key: 'vendor', title: 'Vendor', type: 'text' },
  SERVICE_COLUMN,
  { key: 'start_date', title: 'Start Date', type: 'date' },
  { key: 'end_date', title: 'End Date', type: 'date' },
  { key: 'term_months', title: 'Term (Months)', type: 'number' },
  { key: 'days_till_expire', title: 'Days Till Expire', type: 'number' },
  { key: 'status', title: 'Status', type: 'text' },
  { key: 'contract_rate', title: 'Contract Rate', type: 'number' },
  { key: 'annual_usage', title: 'Contract Annual Usage', type: 'number' },
  { key: 'sites', title: 'Sites', type: 'number' },
  { key: 'site_names', title: 'Site Names', type: 'text' },
  { key: 'consultant', title: 'Consultant', type: 'text' },
];

/** Whether any location filter is set: then only contracts covering a kept site are kept. */
function filtersSites(filter: ReportFilter): boolean {
  return Boolean(filter.states ?? filter.locationIds ?? filter.locationTypes ?? filter.attributes);
}

/** Contracts running within the months (started by its end, ending after its start), soonest end first. */
export function contractExpiry(data: ReportData, filter: ReportFilter, context: ReportContext): ReportRow[] {
  const kept = keptLocations(data, filter);
  const names = new Map(data.locations.map((location) => [location.id, location.name]));
  const sitesOf = new Map<string, string[]>();
  for (const link of data.contractLinks) {
    if (!kept.has(link.locationId)) continue;
    const list = sitesOf.get(link.contractId);
    if (list) list.push(link.locationId);
    else sitesOf.set(link.contractId, [link.locationId]);
  }
  const companies = filter.companyIds ? new Set(filter.companyIds) : null;
  const services = filter.serviceTypes ? new Set(filter.serviceTypes) : null;
  const vendors = filter.vendorIds ? new Set(filter.vendorIds) : null;
  const rows: { key: string; row: ReportRow }[] = [];
  for (const contract of data.contracts) {
    if (companies && !companies.has(contract.companyId)) continue;
    if (services && !services.has(contract.serviceType)) continue;
    if (vendors && !vendors.has(contract.vendorId ?? '')) continue;
    if (contract.startDate.slice(0, 7) > filter.toMonth || contract.endDate.slice(0, 7) < filter.fromMonth)
      continue;
    const sites = sitesOf.get(contract.id) ?? [];
    if (filtersSites(filter) && sites.length === 0) continue;
    const days = daysTillExpire(contract.endDate, context.today);
    const siteNames = sites.map((id) => names.get(id) ?? id).sort(compareText);
    rows.push({
      key: `${contract.endDate}|${contract.vendorName}|${contract.id}`,
      row: {
        vendor: contract.vendorName,
        service: serviceLabel(contract.serviceType),
        start_date: contract.startDate,
        end_date: contract.endDate,
        term_months: contract.termMonth,
        days_till_expire: days,
        status: contractStatus(days, contract.isExtended).text,
        contract_rate: contract.contractRate,
        annual_usage: contract.contractAnnualUsage,
        sites: sites.length,
        site_names: siteNames.join(', '),
        consultant: contract.consultantName,
      },
    });
  }
  return rows.sort((a, b) => compareText(a.key, b.key)).map((entry) => entry.row);
}
