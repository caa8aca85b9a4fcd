// Location reads for the Locations area (first spec document §3): the list with its custom attributes, the
// overview figures and one location's page. Plain functions over indexes; feature hooks wrap them in useLiveQuery.
import { countAccountsByService } from '../../domain/accounts';
import type { ServiceCount } from '../../domain/accounts';
import type { AttentionItem, AttentionOptions } from '../../domain/attention';
import type { ServiceMonth } from '../../domain/billFigures';
import { summaryServiceMonths, summaryTotalsRows } from '../../domain/billMonthSummary';
import { compareServiceTypes, splitServices } from '../../domain/serviceTypes';
import { twelveMonthTotals } from '../../domain/totals';
import type { ServiceTotals } from '../../domain/totals';
import type { PageAnswerSource } from '../pageAnswers';
import type { AppDb } from '../schema';
import type { AccountRow, BillRow, CustomAttributeRow, LocationRow, TagRow } from '../rows';
import { attentionOfWindow, companySummaries, companyWindow, windowOfBills } from './attention';
import { billsOfLocation } from './bills';
import { budgetViews } from './budgets';
import type { BudgetView } from './budgets';

/** A row of the locations grid: the site, its services, tags and custom attribute values by attribute id. */
export interface LocationListRow {
  id: string;
  name: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  /** The services of the site's accounts, in the spec's service order. */
  services: string[];
  tagIds: string[];
  attributes: Record<string, string>;
  accountCount: number;
}

/** Everything the locations grid and its filters show. */
export interface LocationList {
  rows: LocationListRow[];
  /** The company's custom attributes, in position order: the grid's extra columns. */
  attributes: CustomAttributeRow[];
  tags: TagRow[];
  /** State keys of the company's locations. */
  states: string[];
  /** Service types of the company's accounts, in service order. */
  services: string[];
  accountsByService: ServiceCount[];
  accountCount: number;
  activeAccountCount: number;
}

/** Custom attributes in grid order: by position, then name. */
function byPosition(a: CustomAttributeRow, b: CustomAttributeRow): number {
  return a.position - b.position || a.attributeName.localeCompare(b.attributeName);
}

/** The list's stored answer (src/db/pageAnswers.ts): every table `locationList` reads. */
export const LOCATION_LIST_SOURCE: PageAnswerSource = {
  name: 'locations.list',
  tables: ['locations', 'accounts', 'customAttributes', 'locationAttributeValues', 'siteTags', 'tags'],
};

/** The company's locations grid, sorted by name: six reads over company indexes, joined here. */
export async function locationList(db: AppDb, companyId: number): Promise<LocationList> {
  const [sites, accounts, attributes, values, siteTags, tags] = await Promise.all([
    db.locations.where('companyId').equals(companyId).toArray(),
    db.accounts.where('companyId').equals(companyId).toArray(),
    db.customAttributes.where('companyId').equals(companyId).toArray(),
    db.locationAttributeValues.where('companyId').equals(companyId).toArray(),
    db.siteTags.where('companyId').equals(companyId).toArray(),
    db.tags.where('companyId').equals(companyId).toArray(),
  ]);
  const servicesAt = new Map<string, Set<string>>();
  const accountsAt = new Map<string, number>();
  const allServices = new Set<string>();
  for (const account of accounts) {
    const set = servicesAt.get(account.locationId) ?? new Set<string>();
    for (const service of splitServices(account.services)) {
      set.add(service);
      allServices.add(service);
    }
    servicesAt.set(account.locationId, set);
    accountsAt.set(account.locationId, (accountsAt.get(account.locationId) ?? 0) + 1);
  }
  const valuesAt = new Map<string, Record<string, string>>();
  for (const value of values) {
    const record = valuesAt.get(value.locationId) ?? {};
    record[value.attributeId] = value.value;
    valuesAt.set(value.locationId, record);
  }
  const tagsAt = new Map<string, string[]>();
  for (const link of siteTags)
    tagsAt.set(link.locationId, [...(tagsAt.get(link.locationId) ?? []), link.tagId]);

  const rows = sites
    .map((site) => ({
      id: site.id,
      name: site.name,
      address: site.address,
      city: site.city,
      state: site.state,
      zip: site.zip,
      services: [...(servicesAt.get(site.id) ?? [])].sort(compareServiceTypes),
      tagIds: tagsAt.get(site.id) ?? [],
      attributes: valuesAt.get(site.id) ?? {},
      accountCount: accountsAt.get(site.id) ?? 0,
    }))
    .sort((a, b) => a.name.localeCompare(b.name) || (a.id < b.id ? -1 : 1));
  return {
    rows,
    attributes: attributes.sort(byPosition),
    tags: tags.sort((a, b) => a.text.localeCompare(b.text)),
    states: [...new Set(sites.map((site) => site.state))],
    services: [...allServices].sort(compareServiceTypes),
    accountsByService: countAccountsByService(accounts),
    accountCount: accounts.length,
    activeAccountCount: accounts.filter((account) => account.isActive).length,
  };
}

/** The overview above the locations grid, all from the latest 12 bill months of the company. */
export interface CompanyOverview {
  /** The 12 months of the window, oldest first ([] without bills). */
  months: string[];
  /** Spend and usage per service (twelveMonthTotals). */
  totals: { charges: number; byService: Record<string, ServiceTotals> };
  /** Per service and month, for the usage chart (usage null where the service has none). */
  serviceMonths: ServiceMonth[];
  attention: AttentionItem[];
}

/** The account's services by id, for the accounts of missing invoices (a missing invoice has no summary). */
async function accountServicesOf(
  db: AppDb,
  accountIds: Iterable<string>,
): Promise<(accountId: string) => string | undefined> {
  const accounts = await db.accounts.bulkGet([...new Set(accountIds)]);
  const services = new Map(
    accounts.flatMap((account) => (account ? [[account.id, account.services] as const] : [])),
  );
  return (accountId) => services.get(accountId);
}

/** The overview's stored answer: every table `companyOverview` reads. */
export const COMPANY_OVERVIEW_SOURCE: PageAnswerSource = {
  name: 'locations.overview',
  tables: ['billMonthSummaries', 'alerts', 'accounts', 'locations', 'contracts', 'contractLinkedLocations'],
};

/** The company overview: 12-month totals per service, monthly figures and attention items, from 12 summaries. */
export async function companyOverview(
  db: AppDb,
  companyId: number,
  options: AttentionOptions,
): Promise<CompanyOverview> {
  const [window, history] = await Promise.all([
    companyWindow(db, companyId),
    companySummaries(db, companyId),
  ]);
  const servicesOf = await accountServicesOf(
    db,
    window.attention.missing.map((bill) => bill.accountId),
  );
  return {
    months: window.months,
    // Each service over its own latest 12 months, as Home counts them (src/domain/totals.ts).
    totals: twelveMonthTotals(summaryTotalsRows(history)),
    serviceMonths: summaryServiceMonths(window.summaries, servicesOf, window.months),
    attention: await attentionOfWindow(db, { companyId }, window.attention, options),
  };
}

/** What a location's page shows, besides the tables computed from `bills`. */
export interface LocationPageData {
  location: LocationRow;
  accounts: AccountRow[];
  /** Every bill of the site, oldest month first. */
  bills: BillRow[];
  /** The company's custom attributes (position order) and this site's value of each, by attribute id. */
  attributes: CustomAttributeRow[];
  attributeValues: Record<string, string>;
  /** The company's tags, and the ids of those on this site. */
  tags: TagRow[];
  siteTagIds: string[];
}

/** One location with its accounts, bills, attributes and tags; null when it is not on this device. */
export async function locationPage(db: AppDb, locationId: string): Promise<LocationPageData | null> {
  const location = await db.locations.get(locationId);
  if (!location) return null;
  const [accounts, bills, attributes, values, siteTags, tags] = await Promise.all([
    db.accounts.where('locationId').equals(locationId).toArray(),
    billsOfLocation(db, locationId),
    db.customAttributes.where('companyId').equals(location.companyId).toArray(),
    db.locationAttributeValues.where('locationId').equals(locationId).toArray(),
    db.siteTags.where('locationId').equals(locationId).toArray(),
    db.tags.where('companyId').equals(location.companyId).toArray(),
  ]);
  return {
    location,
    accounts: accounts.sort((a, b) => a.accountNumber.localeCompare(b.accountNumber)),
    bills,
    attributes: attributes.sort(byPosition),
    attributeValues: Object.fromEntries(values.map((value) => [value.attributeId, value.value])),
    tags: tags.sort((a, b) => a.text.localeCompare(b.text)),
    siteTagIds: siteTags.map((link) => link.tagId),
  };
}

/** A location's attention items, from its own latest 12 bill months. */
export async function locationAttention(
  db: AppDb,
  location: Pick<LocationRow, 'id' | 'companyId'>,
  bills: readonly BillRow[],
  options: AttentionOptions,
): Promise<AttentionItem[]> {
  return attentionOfWindow(
    db,
    { companyId: location.companyId, locationId: location.id },
    windowOfBills(bills),
    options,
  );
}

/** A contract of a location. */
export interface LocationContract {
  id: string;
  serviceType: string;
  vendorName: string;
  startDate: string;
  endDate: string;
  isExtended: boolean;
}

/** The contracts linked to a location, ending soonest first. */
export async function locationContracts(db: AppDb, locationId: string): Promise<LocationContract[]> {
  const links = await db.contractLinkedLocations.where('locationId').equals(locationId).toArray();
  const contracts = await db.contracts.bulkGet([...new Set(links.map((link) => link.contractId))]);
  return contracts
    .flatMap((contract) => (contract ? [contract] : []))
    .sort((a, b) => (a.endDate < b.endDate ? -1 : a.endDate > b.endDate ? 1 : a.id < b.id ? -1 : 1))
    .map(({ id, serviceType, vendorName, startDate, endDate, isExtended }) => ({
      id,
      serviceType,
      vendorName,
      startDate,
      endDate,
      isExtended,
    }));
}

/** The budgets of a location, newest period first, each against the location's bills (src/db/queries/budgets.ts). */
export async function locationBudgets(db: AppDb, locationId: string): Promise<BudgetView[]> {
  return budgetViews(db, await db.budgets.where('locationId').equals(locationId).toArray());
}

/** How far a company's data is on this device: never pulled, first pull running, or pulled at least once. */
export type CompanySyncProgress = 'none' | 'first-sync' | 'synced';

/** Where the company's first pull stands, so an empty page can say whether data is still coming. */
export async function companySyncProgress(db: AppDb, companyId: number): Promise<CompanySyncProgress> {
  const state = await db.syncState.get(companyId);
  if (!state) return 'none';
  return state.lastSyncAt !== null ? 'synced' : 'first-sync';
}
